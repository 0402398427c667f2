import { Badge, Stack, Text } from '@mantine/core';
import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { MORTGAGE_DTI_GOAL_PERCENT, SIMULATOR_GAUGE_MAX_DEGREES, SIMULATOR_GAUGE_MAX_DTI_PERCENT, type SimulatorGauge as Gauge } from '../../domain/mortgageSimulator';

// The payment simulator's gauge (spec 001 §9 "Gauge range 0 to 207 degrees"): the debt-to-income ratio with the
// simulated payment, on an arc that sweeps 207° (symmetric about the top), the needle turned from the arc's start by
// the gauge's angle and a tick at the DTI goal. Assistive technology reads it as a meter with its value in words;
// the drawing itself is hidden from it.

const SIZE = 220;
const CENTER = SIZE / 2;
const OUTER_RADIUS = 92;
const THICKNESS = 18;
const NEEDLE_LENGTH = OUTER_RADIUS - THICKNESS / 2;
/** The arc's start, degrees clockwise from 12 o'clock (the sweep is centred on the top). */
const START_DEGREES = -SIMULATOR_GAUGE_MAX_DEGREES / 2;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
/** How far below the centre the arc reaches, so the drawing is no taller than it needs. */
const HEIGHT = Math.ceil(CENTER + OUTER_RADIUS * Math.max(0, -Math.cos(radians(START_DEGREES)))) + 4;

/** A point at `radius` from the centre, `degrees` clockwise from 12 o'clock. */
function polar(radius: number, degrees: number): { x: number; y: number } {
  return { x: radius * Math.sin(radians(degrees)), y: -radius * Math.cos(radians(degrees)) };
}

export function SimulatorGauge({ gauge }: { gauge: Gauge }) {
  const { t } = useTranslation('money');
  const needleStart = polar(NEEDLE_LENGTH, START_DEGREES);
  const goalInner = polar(OUTER_RADIUS - THICKNESS - 4, START_DEGREES + gauge.goalAngleDegrees);
  const goalOuter = polar(OUTER_RADIUS + 4, START_DEGREES + gauge.goalAngleDegrees);
  return (
    <Stack gap={4} align="center">
      <div
        role="meter"
        aria-label={t('simulator.gauge.label')}
        aria-valuemin={0}
        aria-valuemax={SIMULATOR_GAUGE_MAX_DTI_PERCENT}
        aria-valuenow={Math.min(gauge.dtiPercent, SIMULATOR_GAUGE_MAX_DTI_PERCENT)}
        aria-valuetext={t('simulator.gauge.valueText', { dti: gauge.dtiPercent, goal: MORTGAGE_DTI_GOAL_PERCENT })}
        data-testid="simulator-gauge"
      >
        <svg width={SIZE} height={HEIGHT} viewBox={`0 0 ${SIZE} ${HEIGHT}`} aria-hidden="true" focusable="false">
          <Group top={CENTER} left={CENTER}>
            <Arc
              data-testid="gauge-track"
              startAngle={radians(START_DEGREES)}
              endAngle={radians(START_DEGREES + SIMULATOR_GAUGE_MAX_DEGREES)}
              outerRadius={OUTER_RADIUS}
              innerRadius={OUTER_RADIUS - THICKNESS}
              fill="var(--mantine-color-gray-2)"
            />
            <Arc
              data-testid="gauge-fill"
              startAngle={radians(START_DEGREES)}
              endAngle={radians(START_DEGREES + gauge.angleDegrees)}
              outerRadius={OUTER_RADIUS}
              innerRadius={OUTER_RADIUS - THICKNESS}
              fill={gauge.withinGoal ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-8)'}
            />
            <line
              data-testid="gauge-goal"
              x1={goalInner.x}
              y1={goalInner.y}
              x2={goalOuter.x}
              y2={goalOuter.y}
              stroke="var(--mantine-color-dark-6)"
              strokeWidth={3}
            />
            <line
              data-testid="gauge-needle"
              x1={0}
              y1={0}
              x2={needleStart.x}
              y2={needleStart.y}
              transform={`rotate(${gauge.angleDegrees})`}
              stroke="var(--mantine-color-dark-7)"
              strokeWidth={4}
              strokeLinecap="round"
            />
            <circle r={7} fill="var(--mantine-color-dark-7)" />
          </Group>
        </svg>
      </div>
      <Text fw={700} fz="xl">
        {t('simulator.gauge.value', { dti: gauge.dtiPercent })}
      </Text>
      <Text size="sm">{t('simulator.gauge.label')}</Text>
      <Badge color={gauge.withinGoal ? 'teal.9' : 'red.9'} variant="light">
        {gauge.withinGoal ? t('simulator.gauge.within') : t('simulator.gauge.over')} · {t('simulator.gauge.goal', { goal: MORTGAGE_DTI_GOAL_PERCENT })}
      </Badge>
    </Stack>
  );
}
