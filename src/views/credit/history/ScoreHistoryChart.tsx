import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { localPoint } from '@visx/event';
import { Group as SvgGroup } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { Tooltip, useTooltip } from '@visx/tooltip';
import { useId, useMemo, useState, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreHistoryItem } from '../../../contract/credit';
import type { Bureau } from '../../../domain/creditReportRecords';
import { SCORE_BANDS, SCORE_MAX, SCORE_MIN, scoreBand, type ScoreBandId } from '../../../domain/creditReport';
import { useCreditFormat } from '../report/format';
import { BUREAU_ORDER } from '../report/bureaus';
import classes from './ScoreHistoryChart.module.css';

// spec 001 §2, §9: the score history graph. The axis runs 300-850 over the five bands; one line per bureau, told
// apart by colour, dash pattern and marker shape (never colour alone). Pointer hover and keyboard focus show the
// same tooltip: focus the chart, the arrow keys move between months (left/right) and bureaus (up/down), and the
// tooltip's text is announced. A visually hidden table holds every score for screen readers.

const HEIGHT_PX = 320;
const FALLBACK_WIDTH_PX = 640;
const MARGIN = { top: 12, right: 92, bottom: 36, left: 44 } as const;
/** Roughly how much room one month label needs on the axis. */
const TICK_SPACING_PX = 84;

/** Colour, dash pattern and marker per bureau: each line stays distinct in grey scale and for colour-blind readers. */
const BUREAU_STYLE: Record<Bureau, { color: string; dash: string | undefined; marker: 'circle' | 'square' | 'triangle' }> = {
  TRANSUNION: { color: '#1864ab', dash: undefined, marker: 'circle' },
  EQUIFAX: { color: '#a61e4d', dash: '8 4', marker: 'square' },
  EXPERIAN: { color: '#2b8a3e', dash: '2 3', marker: 'triangle' },
};

const BAND_FILL: Record<ScoreBandId, string> = {
  poor: '#fff5f5',
  fair: '#fff4e6',
  good: '#fff9db',
  veryGood: '#f4fce3',
  excellent: '#ebfbee',
};

interface Point {
  bureau: Bureau;
  date: string;
  score: number;
}

export interface ScoreHistoryChartProps {
  /** Oldest first (spec 001 §3 "Score history item"). */
  history: readonly ScoreHistoryItem[];
}

function Marker({ shape, x, y, color, active }: { shape: 'circle' | 'square' | 'triangle'; x: number; y: number; color: string; active: boolean }) {
  const size = active ? 6 : 4;
  const common = { fill: active ? color : '#ffffff', stroke: color, strokeWidth: 2 };
  if (shape === 'circle') return <circle cx={x} cy={y} r={size} {...common} />;
  if (shape === 'square') return <rect x={x - size} y={y - size} width={size * 2} height={size * 2} {...common} />;
  return <polygon points={`${x},${y - size - 1} ${x + size + 1},${y + size} ${x - size - 1},${y + size}`} {...common} />;
}

export function ScoreHistoryChart({ history }: ScoreHistoryChartProps) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = measured > 0 ? measured : FALLBACK_WIDTH_PX;
  const instructionsId = useId();
  const { tooltipOpen, tooltipLeft, tooltipTop, tooltipData, showTooltip, hideTooltip } = useTooltip<Point>();
  const [active, setActive] = useState<{ dateIndex: number; bureau: Bureau } | null>(null);

  const { dates, lines, bureaus } = useMemo(() => {
    const byBureau = new Map<Bureau, Map<string, number>>();
    for (const item of history) {
      const scores = byBureau.get(item.bureau) ?? new Map<string, number>();
      scores.set(item.reportdate, item.creditscore);
      byBureau.set(item.bureau, scores);
    }
    const shown = BUREAU_ORDER.filter((bureau) => byBureau.has(bureau));
    return {
      dates: [...new Set(history.map((item) => item.reportdate))].sort(),
      lines: shown.map((bureau) => ({
        bureau,
        points: [...(byBureau.get(bureau) ?? new Map<string, number>())]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, score]): Point => ({ bureau, date, score })),
      })),
      bureaus: shown,
    };
  }, [history]);

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT_PX - MARGIN.top - MARGIN.bottom;
  const x = useMemo(() => scalePoint<string>({ domain: dates, range: [0, innerWidth], padding: 0.5 }), [dates, innerWidth]);
  const y = useMemo(() => scaleLinear<number>({ domain: [SCORE_MIN, SCORE_MAX], range: [innerHeight, 0] }), [innerHeight]);

  if (history.length === 0) {
    return (
      <Text role="status" c="dimmed">
        {t('history.empty')}
      </Text>
    );
  }

  const bureauName = (bureau: Bureau) => t(`bureaus.${bureau}`);
  const describe = (point: Point) =>
    t('history.point', {
      bureau: bureauName(point.bureau),
      date: format.day(point.date),
      score: point.score,
      band: t(`bands.${scoreBand(point.score).id}`),
    });
  const pointAt = (dateIndex: number, bureau: Bureau) =>
    lines.find((line) => line.bureau === bureau)?.points.find((point) => point.date === dates[dateIndex]) ?? null;
  const show = (point: Point) => {
    setActive({ dateIndex: dates.indexOf(point.date), bureau: point.bureau });
    showTooltip({ tooltipData: point, tooltipLeft: MARGIN.left + (x(point.date) ?? 0), tooltipTop: MARGIN.top + y(point.score) });
  };
  const hide = () => {
    setActive(null);
    hideTooltip();
  };

  /** The bureau's point on that date, or the first bureau that has one (a bureau may have skipped a month). */
  const pointNear = (dateIndex: number, preferred: Bureau): Point | null =>
    pointAt(dateIndex, preferred) ?? bureaus.map((bureau) => pointAt(dateIndex, bureau)).find((point) => point !== null) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? { dateIndex: dates.length - 1, bureau: bureaus[0] as Bureau };
    let next: Point | null;
    switch (event.key) {
      case 'ArrowRight':
        next = pointNear(Math.min(dates.length - 1, active ? current.dateIndex + 1 : current.dateIndex), current.bureau);
        break;
      case 'ArrowLeft':
        next = pointNear(Math.max(0, active ? current.dateIndex - 1 : current.dateIndex), current.bureau);
        break;
      case 'Home':
        next = pointNear(0, current.bureau);
        break;
      case 'End':
        next = pointNear(dates.length - 1, current.bureau);
        break;
      case 'ArrowUp':
      case 'ArrowDown': {
        const withData = bureaus.filter((bureau) => pointAt(current.dateIndex, bureau) !== null);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const index = withData.indexOf(current.bureau);
        const bureau = withData[(index + step + withData.length) % withData.length];
        next = bureau === undefined ? null : pointAt(current.dateIndex, bureau);
        break;
      }
      case 'Escape':
        hide();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next) show(next);
  };

  const onPointerMove = (event: MouseEvent<SVGRectElement> | TouchEvent<SVGRectElement>) => {
    const at = localPoint(event);
    if (!at || dates.length === 0) return;
    const step = x.step();
    const dateIndex = Math.max(0, Math.min(dates.length - 1, Math.round((at.x - MARGIN.left - (x(dates[0] as string) ?? 0)) / (step || 1))));
    const candidates = bureaus.map((bureau) => pointAt(dateIndex, bureau)).filter((point): point is Point => point !== null);
    const nearest = candidates.sort((a, b) => Math.abs(y(a.score) + MARGIN.top - at.y) - Math.abs(y(b.score) + MARGIN.top - at.y))[0];
    if (nearest) show(nearest);
  };

  const tickEvery = Math.max(1, Math.ceil(dates.length / Math.max(1, Math.floor(innerWidth / TICK_SPACING_PX))));
  const tickValues = dates.filter((_, index) => (dates.length - 1 - index) % tickEvery === 0);
  const announcement = tooltipOpen && tooltipData ? describe(tooltipData) : '';

  return (
    <Stack gap="sm">
      <Group gap="lg" aria-hidden className={classes.legend}>
        {bureaus.map((bureau) => {
          const style = BUREAU_STYLE[bureau];
          return (
            <Group key={bureau} gap={6} wrap="nowrap">
              <svg width={36} height={14}>
                <line x1={2} x2={34} y1={7} y2={7} stroke={style.color} strokeWidth={2} strokeDasharray={style.dash} />
                <Marker shape={style.marker} x={18} y={7} color={style.color} active={false} />
              </svg>
              <Text size="sm">{bureauName(bureau)}</Text>
            </Group>
          );
        })}
      </Group>
      <div ref={ref} className={classes.frame}>
        <div
          className={classes.chart}
          role="application"
          tabIndex={0}
          aria-label={t('history.chartLabel')}
          aria-describedby={instructionsId}
          onKeyDown={onKeyDown}
          onBlur={hide}
          data-testid="score-history-chart"
        >
          <svg width={width} height={HEIGHT_PX} viewBox={`0 0 ${width} ${HEIGHT_PX}`} className={classes.svg} aria-hidden focusable="false">
            <SvgGroup left={MARGIN.left} top={MARGIN.top}>
              {SCORE_BANDS.map((band) => (
                <g key={band.id}>
                  <rect x={0} width={innerWidth} y={y(band.max)} height={y(band.min) - y(band.max)} fill={BAND_FILL[band.id]} />
                  <text x={innerWidth + 8} y={(y(band.min) + y(band.max)) / 2} dy="0.35em" fontSize={12} fill="#343a40">
                    {t(`bands.${band.id}`)}
                  </text>
                </g>
              ))}
              <AxisLeft scale={y} tickValues={[SCORE_MIN, ...SCORE_BANDS.map((band) => band.max)]} stroke="#495057" tickStroke="#495057" tickLabelProps={{ fill: '#343a40', fontSize: 11 }} />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={tickValues}
                tickFormat={(date) => format.month(date)}
                stroke="#495057"
                tickStroke="#495057"
                tickLabelProps={{ fill: '#343a40', fontSize: 11 }}
              />
              {lines.map(({ bureau, points }) => {
                const style = BUREAU_STYLE[bureau];
                return (
                  <g key={bureau}>
                    <LinePath<Point>
                      data={points}
                      x={(point) => x(point.date) ?? 0}
                      y={(point) => y(point.score)}
                      stroke={style.color}
                      strokeWidth={2}
                      strokeDasharray={style.dash}
                    />
                    {points.map((point) => (
                      <Marker
                        key={point.date}
                        shape={style.marker}
                        x={x(point.date) ?? 0}
                        y={y(point.score)}
                        color={style.color}
                        active={active !== null && active.bureau === bureau && dates[active.dateIndex] === point.date}
                      />
                    ))}
                  </g>
                );
              })}
            </SvgGroup>
            <rect
              x={MARGIN.left}
              y={MARGIN.top}
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onMouseMove={onPointerMove}
              onMouseLeave={hide}
              onTouchStart={onPointerMove}
              onTouchMove={onPointerMove}
            />
          </svg>
          {tooltipOpen && tooltipData ? (
            <Tooltip top={tooltipTop} left={tooltipLeft} className={classes.tooltip} unstyled applyPositionStyle>
              {describe(tooltipData)}
            </Tooltip>
          ) : null}
        </div>
        <VisuallyHidden id={instructionsId}>{t('history.instructions')}</VisuallyHidden>
        <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="score-history-announcement">
          {announcement}
        </VisuallyHidden>
      </div>
      <VisuallyHidden>
        <table>
          <caption>{t('history.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.reportDate')}</th>
              {bureaus.map((bureau) => (
                <th key={bureau} scope="col">
                  {bureauName(bureau)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, dateIndex) => (
              <tr key={date}>
                <th scope="row">{format.day(date)}</th>
                {bureaus.map((bureau) => {
                  const point = pointAt(dateIndex, bureau);
                  return <td key={bureau}>{point ? t('history.cell', { score: point.score, band: t(`bands.${scoreBand(point.score).id}`) }) : t('history.noScore')}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}

