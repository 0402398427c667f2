import { Stack, Text } from '@mantine/core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group as SvgGroup } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { savingsForecast, type SavingsPoint } from '../../domain/money';
import { formatUsd } from './moneyFormat';
import { ChartDataTable } from '../components/ChartDataTable';
import { useSettledWidth } from '../components/motion';

// The savings forecast (spec 002 §7 getSavingsInfoHistory, §9: linear regression, 90 days ahead): the history as a
// solid line, the regression line from the last day to 90 days on as a dashed one. The chart is an image named for
// what it shows; a sentence sums it up and a visually hidden table gives every day's savings and the forecast for
// screen readers (WCAG 1.1.1), as the hub's score history does. Loaded with the money overview only.

const HEIGHT_PX = 240;
const FALLBACK_WIDTH_PX = 560;
const MARGIN = { top: 12, right: 20, bottom: 32, left: 64 } as const;
const HISTORY_COLOR = '#0b7285';
const FORECAST_COLOR = '#5f3dc4';
const AXIS_COLOR = '#495057';

export interface SavingsForecastChartProps {
  /** One point a day, oldest first (yyyy-MM-dd). */
  points: readonly { day: string; savings: number }[];
}

const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export default function SavingsForecastChart({ points }: SavingsForecastChartProps) {
  const { t, i18n } = useTranslation('money');
  const { ref, width: measured } = useSettledWidth<HTMLDivElement>();
  const width = measured > 0 ? measured : FALLBACK_WIDTH_PX;
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }), [i18n.language]);
  const tickFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }), [i18n.language]);
  const compact = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }), [i18n.language]);
  const history: SavingsPoint[] = useMemo(() => points.map((point) => ({ time: timeOf(point.day), savings: point.savings })), [points]);
  const forecast = useMemo(() => savingsForecast(history), [history]);

  if (history.length === 0) {
    return (
      <Text role="status" c="gray.7">
        {t('forecast.empty')}
      </Text>
    );
  }
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT_PX - MARGIN.top - MARGIN.bottom;
  const endTime = forecast ? forecast.end.time : last.time;
  const highest = Math.max(...history.map((point) => point.savings), forecast ? forecast.end.savings : 0, 1);
  const x = scaleTime<number>({ domain: [new Date(first.time), new Date(endTime)], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, highest * 1.1], range: [innerHeight, 0], nice: true });
  const summary = forecast
    ? t('forecast.summary', {
        from: dayFormat.format(new Date(first.time)),
        start: usd(first.savings),
        now: usd(last.savings),
        date: dayFormat.format(new Date(forecast.end.time)),
        projected: usd(forecast.end.savings),
      })
    : t('forecast.tooFew', { amount: usd(last.savings), date: dayFormat.format(new Date(last.time)) });

  return (
    <Stack gap="xs">
      <Text data-testid="forecast-summary">{summary}</Text>
      <div ref={ref}>
        <svg width={width} height={HEIGHT_PX} role="img" aria-label={t('forecast.chartLabel')}>
          <SvgGroup left={MARGIN.left} top={MARGIN.top}>
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(value) => compact.format(Number(value))}
              stroke={AXIS_COLOR}
              tickStroke={AXIS_COLOR}
              tickLabelProps={{ fill: '#343a40', fontSize: 11, textAnchor: 'end' }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              numTicks={Math.max(2, Math.floor(innerWidth / 90))}
              tickFormat={(value) => tickFormat.format(value as Date)}
              stroke={AXIS_COLOR}
              tickStroke={AXIS_COLOR}
              tickLabelProps={{ fill: '#343a40', fontSize: 11, textAnchor: 'middle' }}
            />
            <LinePath data={history} x={(point) => x(new Date(point.time))} y={(point) => y(point.savings)} stroke={HISTORY_COLOR} strokeWidth={3} />
            {forecast ? (
              <LinePath
                data={[forecast.start, forecast.end]}
                x={(point) => x(new Date(point.time))}
                y={(point) => y(point.savings)}
                stroke={FORECAST_COLOR}
                strokeWidth={3}
                strokeDasharray="8 6"
              />
            ) : null}
          </SvgGroup>
        </svg>
      </div>
      <Text size="sm" c="gray.7">
        {t('forecast.legend')}
      </Text>
      <ChartDataTable
        caption={t('forecast.tableCaption')}
        columns={[t('forecast.date'), t('forecast.savings')]}
        rows={[
          ...history.map((point) => ({ key: point.time, cells: [dayFormat.format(new Date(point.time)), usd(point.savings)] })),
          ...(forecast ? [{ key: 'projected', cells: [t('forecast.projectedRow', { date: dayFormat.format(new Date(forecast.end.time)) }), usd(forecast.end.savings)] }] : []),
        ]}
      />
    </Stack>
  );
}
