import { RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { READINESS_SCORE_MAX, READINESS_SCORE_MIN } from '../../domain/readinessScore';

// The home hub's score gauge (spec 002 §2): the loan readiness score, 0-100 (spec 002 §9).

function colorFor(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'yellow';
  return 'red';
}

export function ReadinessScoreGauge({ score }: { score: number }) {
  const { t } = useTranslation('shell');
  const value = Math.min(READINESS_SCORE_MAX, Math.max(READINESS_SCORE_MIN, score));
  const percent = ((value - READINESS_SCORE_MIN) / (READINESS_SCORE_MAX - READINESS_SCORE_MIN)) * 100;
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
          <Text fw={700} fz={32} lh={1}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {t('home.score.outOf', { max: READINESS_SCORE_MAX })}
          </Text>
        </Stack>
      }
    />
  );
}
