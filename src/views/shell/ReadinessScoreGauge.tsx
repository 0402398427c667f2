import { RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { READINESS_SCORE_MAX, READINESS_SCORE_MIN } from '../../domain/readinessScore';
import { useCountUp } from '../components/motion';

// The home hub's score gauge (spec 002 §2): the loan readiness score, 0-100 (spec 002 §9). The number counts up to
// the score (spec 001 §9: counter animation 333 ms) while the ring fills (the theme's 0.5 s); the gauge's name
// always says the score itself.

function colorFor(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'yellow';
  return 'red';
}

export function ReadinessScoreGauge({ score }: { score: number }) {
  const { t } = useTranslation('shell');
  const value = Math.min(READINESS_SCORE_MAX, Math.max(READINESS_SCORE_MIN, score));
  const percent = ((value - READINESS_SCORE_MIN) / (READINESS_SCORE_MAX - READINESS_SCORE_MIN)) * 100;
  const counted = useCountUp(value);
  return (
    <RingProgress
      size={140}
      thickness={12}
      roundCaps
      role="img"
      aria-label={t('home.score.gauge', { score: value, max: READINESS_SCORE_MAX })}
      sections={[{ value: percent, color: colorFor(value) }]}
      label={
        <Stack gap={0} align="center" aria-hidden>
          <Text fw={700} fz={32} lh={1} data-testid="readiness-score-count">
            {counted}
          </Text>
          <Text size="xs" c="dimmed">
            {t('home.score.outOf', { max: READINESS_SCORE_MAX })}
          </Text>
        </Stack>
      }
    />
  );
}
