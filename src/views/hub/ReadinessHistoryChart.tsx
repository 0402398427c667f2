import { Stack, Text } from '@mantine/core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group as SvgGroup } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { READINESS_SCORE_MAX, READINESS_SCORE_MIN } from '../../domain/readinessScore';
import { ChartDataTable } from '../components/ChartDataTable';
import { useSettledWidth } from '../components/motion';

// The readiness score history (spec 002 §1, §7 getReadinessScoreHistory) as a line over time, 0-100. The chart is an
// image named for what it shows; a sentence sums it up, and a visually hidden table gives every score with its date
// for screen readers (WCAG 1.1.1). Loaded with the score details dialog, so the hub itself does not download visx.

const HEIGHT_PX = 220;
const FALLBACK_WIDTH_PX = 520;
const MARGIN = { top: 12, right: 16, bottom: 32, left: 36 } as const;
const TICK_SPACING_PX = 80;
const LINE_COLOR = '#5f3dc4';

export interface ReadinessHistoryPoint {
  displayScore: number;
  /** ISO date-time. */
  createdAt: string;
}

export interface ReadinessHistoryChartProps {
  /** Oldest first. */
  history: readonly ReadinessHistoryPoint[];
}

export default function ReadinessHistoryChart({ history }: ReadinessHistoryChartProps) {
  const { t, i18n } = useTranslation('hub');
  const { ref, width: measured } = useSettledWidth<HTMLDivElement>();
  const width = measured > 0 ? measured : FALLBACK_WIDTH_PX;
  const day = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' }), [i18n.language]);
  const month = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit' }), [i18n.language]);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT_PX - MARGIN.top - MARGIN.bottom;
  const keys = history.map((point) => point.createdAt);
  const x = useMemo(() => scalePoint<string>({ domain: keys, range: [0, innerWidth], padding: 0.5 }), [keys.join(), innerWidth]); // eslint-disable-line react-hooks/exhaustive-deps
  const y = useMemo(() => scaleLinear<number>({ domain: [READINESS_SCORE_MIN, READINESS_SCORE_MAX], range: [innerHeight, 0] }), [innerHeight]);

  if (history.length === 0) {
    return (
      <Text role="status" c="gray.7">
        {t('details.history.empty')}
      </Text>
    );
  }
  const first = history[0] as ReadinessHistoryPoint;
  const last = history[history.length - 1] as ReadinessHistoryPoint;
  const summary =
    history.length === 1
      ? t('details.history.summaryOne', { score: first.displayScore, date: day.format(new Date(first.createdAt)) })
      : t('details.history.summary', {
          first: first.displayScore,
          from: day.format(new Date(first.createdAt)),
          last: last.displayScore,
          to: day.format(new Date(last.createdAt)),
        });
  const everyNth = Math.max(1, Math.ceil(history.length / Math.max(1, Math.floor(innerWidth / TICK_SPACING_PX))));
  return (
    <Stack gap="xs">
      <Text>{summary}</Text>
      <div ref={ref}>
        <svg width={width} height={HEIGHT_PX} role="img" aria-label={t('details.history.chartLabel')}>
          <SvgGroup left={MARGIN.left} top={MARGIN.top}>
            <AxisLeft scale={y} tickValues={[0, 25, 50, 75, 100]} stroke="#495057" tickStroke="#495057" tickLabelProps={{ fill: '#343a40', fontSize: 11 }} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={keys.filter((_, index) => index % everyNth === 0)}
              tickFormat={(value) => month.format(new Date(value))}
              stroke="#495057"
              tickStroke="#495057"
              tickLabelProps={{ fill: '#343a40', fontSize: 11, textAnchor: 'middle' }}
            />
            <LinePath data={[...history]} x={(point) => x(point.createdAt) ?? 0} y={(point) => y(point.displayScore)} stroke={LINE_COLOR} strokeWidth={3} />
            {history.map((point) => (
              <circle key={point.createdAt} cx={x(point.createdAt) ?? 0} cy={y(point.displayScore)} r={4} fill="#ffffff" stroke={LINE_COLOR} strokeWidth={2} />
            ))}
          </SvgGroup>
        </svg>
      </div>
      <ChartDataTable
        caption={t('details.history.tableCaption')}
        columns={[t('details.history.date'), t('details.history.score')]}
        rows={history.map((point) => ({ key: point.createdAt, cells: [day.format(new Date(point.createdAt)), point.displayScore] }))}
      />
    </Stack>
  );
}
