import { Anchor, Badge, Button, Card, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreditFactorId, CreditFactors, FactorEffect, FactorTone } from '../../../domain/creditFactors';
import {
  LEGACY_REPORT_BUREAU_PARAM,
  SCORE_BANDS,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_SLIDER_MARKS,
  scoreBand,
  type ScoreBandId,
} from '../../../domain/creditReport';
import { AREA_PATHS } from '../../../domain/routes';
import { LoadFailedNotice, LoadingNotice } from '../../components/LoadStates';
import classes from './overview.module.css';

// spec 002 §2 "Credit overview" (/credit): the score on a 300-850 scale (marks 300, 480, 660, 850), five cards
// (utilisation, payment history, credit age, new credit, credit mix) and the factors helping and hurting the
// score, all decided in src/domain/creditFactors.ts; links to the report, corrected disputes, the learning center,
// identity and documents.

/** Where the overview leads (spec 002 §2); the report link is the legacy value, which the report route redirects. */
export const OVERVIEW_LINKS = {
  report: `${AREA_PATHS.credit}/report/${LEGACY_REPORT_BUREAU_PARAM}`,
  correctedDisputes: `${AREA_PATHS.credit}/disputes/corrected`,
  learningCenter: AREA_PATHS['learning-center'],
  identity: AREA_PATHS.identity,
  documents: AREA_PATHS.documents,
} as const;

/** The "more" card's links, in their order. */
const MORE_LINKS = ['correctedDisputes', 'learningCenter', 'identity', 'documents'] as const;

const TONE_COLOR: Record<FactorTone, string> = { error: 'red', warning: 'orange', success: 'green', neutral: 'gray' };

const BAND_COLOR: Record<ScoreBandId, string> = {
  poor: 'var(--mantine-color-red-6)',
  fair: 'var(--mantine-color-orange-5)',
  good: 'var(--mantine-color-yellow-5)',
  veryGood: 'var(--mantine-color-lime-6)',
  excellent: 'var(--mantine-color-green-7)',
};

export type CreditOverviewState =
  | { status: 'loading' }
  | { status: 'failed'; onRetry: () => void }
  | { status: 'shown'; factors: CreditFactors };

const percentOf = (value: number) => ((value - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)) * 100;

function ScoreScale({ score }: { score: number | null }) {
  const { t } = useTranslation('credit');
  if (score === null) return <Text fw={600}>{t('summary.noScore')}</Text>;
  const clamped = Math.min(SCORE_MAX, Math.max(SCORE_MIN, score));
  const band = t(`bands.${scoreBand(score).id}`);
  return (
    <div
      className={classes.scale}
      role="meter"
      aria-valuemin={SCORE_MIN}
      aria-valuemax={SCORE_MAX}
      aria-valuenow={clamped}
      aria-valuetext={t('overview.scoreValue', { score, band })}
      aria-label={t('overview.scoreLabel')}
    >
      <div className={classes.marker} style={{ left: `${percentOf(clamped)}%` }} aria-hidden>
        <span className={classes.markerValue}>{score}</span>
        <span className={classes.markerPin} />
      </div>
      <div className={classes.track} aria-hidden>
        {SCORE_BANDS.map((scoreBandRange) => (
          <div
            key={scoreBandRange.id}
            className={classes.band}
            style={{ width: `${percentOf(scoreBandRange.max) - percentOf(scoreBandRange.min)}%`, background: BAND_COLOR[scoreBandRange.id] }}
          />
        ))}
      </div>
      {SCORE_SLIDER_MARKS.map((mark) => (
        <span key={mark} className={classes.mark} style={{ left: `${percentOf(mark)}%` }} aria-hidden>
          {mark}
        </span>
      ))}
    </div>
  );
}

function EffectBadge({ effect }: { effect: FactorEffect }) {
  const { t } = useTranslation('credit');
  if (effect === null) return null;
  return (
    <Badge color={effect === 'helping' ? 'green' : 'red'} variant="light" component="span">
      {t(`overview.effect.${effect}`)}
    </Badge>
  );
}

function FactorCard({ title, tone, effect, value, children }: { title: string; tone: FactorTone; effect: FactorEffect; value: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="lg" style={{ borderTop: `4px solid var(--mantine-color-${TONE_COLOR[tone]}-7)` }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <EffectBadge effect={effect} />
        </Group>
        <Text fz="xl" fw={700} c={tone === 'neutral' ? undefined : `${TONE_COLOR[tone]}.8`}>
          {value}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function FactorCards({ factors }: { factors: CreditFactors }) {
  const { t, i18n } = useTranslation('credit');
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const { utilization, paymentHistory, creditAge, newCredit, creditMix } = factors;
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <FactorCard
        title={t('overview.cards.utilization.title')}
        tone={utilization.tone}
        effect={utilization.effect}
        value={utilization.percent === null ? t('overview.cards.utilization.none') : t('overview.percent', { value: round(utilization.percent) })}
      >
        {utilization.barPercent === null ? null : (
          <Progress value={utilization.barPercent} color={TONE_COLOR[utilization.tone]} aria-label={t('overview.cards.utilization.title')} />
        )}
        <Text size="sm">{t('overview.cards.utilization.body', { balance: money.format(utilization.balance), limit: money.format(utilization.limit) })}</Text>
      </FactorCard>
      <FactorCard
        title={t('overview.cards.paymentHistory.title')}
        tone={paymentHistory.tone}
        effect={paymentHistory.effect}
        value={paymentHistory.onTimePercent === null ? t('overview.cards.paymentHistory.none') : t('overview.cards.paymentHistory.onTime', { value: round(paymentHistory.onTimePercent) })}
      >
        <Text size="sm">{t('overview.cards.paymentHistory.body', { late: paymentHistory.lateMonths, months: paymentHistory.months })}</Text>
        {paymentHistory.badAccounts > 0 ? <Text size="sm">{t('overview.cards.paymentHistory.badAccounts', { count: paymentHistory.badAccounts })}</Text> : null}
      </FactorCard>
      <FactorCard
        title={t('overview.cards.creditAge.title')}
        tone={creditAge.tone}
        effect={creditAge.effect}
        value={creditAge.years === null ? t('overview.cards.creditAge.none') : t('overview.cards.creditAge.age', { years: creditAge.years, months: creditAge.remainderMonths ?? 0 })}
      >
        {creditAge.stage ? <Text size="sm" fw={600}>{t(`overview.cards.creditAge.${creditAge.stage}`)}</Text> : null}
      </FactorCard>
      <FactorCard
        title={t('overview.cards.newCredit.title')}
        tone={newCredit.newAccountsTone === 'error' ? 'error' : newCredit.inquiriesTone}
        effect={newCredit.newAccountsEffect ?? newCredit.inquiriesEffect}
        value={t('overview.cards.newCredit.newAccounts', { count: newCredit.newAccounts })}
      >
        <Text size="sm">{t('overview.cards.newCredit.inquiries', { count: newCredit.inquiries })}</Text>
      </FactorCard>
      <FactorCard
        title={t('overview.cards.creditMix.title')}
        tone={creditMix.tone}
        effect={creditMix.effect}
        value={creditMix.below.length === 0 ? t('overview.cards.creditMix.balanced') : t('overview.cards.creditMix.thin')}
      >
        <List size="sm" spacing={2}>
          {(['cards', 'mortgage', 'auto', 'other'] as const).map((kind) => (
            <List.Item key={kind} fw={creditMix.below.includes(kind) ? 700 : undefined} c={creditMix.below.includes(kind) ? 'red.8' : undefined}>
              {t(`overview.cards.creditMix.${kind}`, { count: creditMix.counts[kind] })}
              {creditMix.below.includes(kind) ? ` — ${t('overview.cards.creditMix.below')}` : ''}
            </List.Item>
          ))}
        </List>
      </FactorCard>
    </SimpleGrid>
  );
}

function FactorList({ kind, ids }: { kind: 'helping' | 'hurting'; ids: readonly CreditFactorId[] }) {
  const { t } = useTranslation('credit');
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t(`overview.${kind}.title`)}
      </Title>
      {ids.length === 0 ? (
        <Text>{t(`overview.${kind}.none`)}</Text>
      ) : (
        <List spacing="xs">
          {ids.map((id) => (
            <List.Item key={id}>
              <Text fw={600} span>
                {t(`overview.factor.${id}.name`)}
              </Text>
              {': '}
              {t(`overview.factor.${id}.${kind}`)}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

export function CreditOverviewPage({ state }: { state: CreditOverviewState }) {
  const { t } = useTranslation(['credit', 'common']);
  let content: ReactNode;
  if (state.status === 'loading') {
    content = (
      <LoadingNotice label={t('common:loadView.loading')} />
    );
  } else if (state.status === 'failed') {
    content = (
      <LoadFailedNotice message={t('credit:overview.error')} onRetry={state.onRetry} />
    );
  } else {
    const { factors } = state;
    content = (
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Title order={2} size="h4">
            {t('credit:overview.scoreTitle')}
          </Title>
          <ScoreScale score={factors.score} />
          <Text size="sm" c="dimmed">
            {t('credit:overview.scoreNote')}
          </Text>
        </Card>
        <FactorCards factors={factors} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FactorList kind="helping" ids={factors.helpingFactors} />
          <FactorList kind="hurting" ids={factors.hurtingFactors} />
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('credit:overview.title')}</Title>
          <Text c="dimmed">{t('credit:overview.subtitle')}</Text>
        </div>
        <Button component={Link} to={OVERVIEW_LINKS.report}>
          {t('credit:overview.links.report')}
        </Button>
      </Group>
      {content}
      <Card withBorder padding="lg" component="nav" aria-label={t('credit:overview.links.title')}>
        <Title order={2} size="h4" mb="sm">
          {t('credit:overview.links.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {MORE_LINKS.map((link) => (
            <Anchor key={link} component={Link} to={OVERVIEW_LINKS[link]}>
              {t(`credit:overview.links.${link}`)}
            </Anchor>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
