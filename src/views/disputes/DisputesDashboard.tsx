import { Accordion, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvestigationDetails, InvestigationItem } from '../../contract/disputes';
import { BREAKPOINTS_PX } from '../../domain/constants';
import {
  badgeLabel,
  BUREAU_OUTCOMES,
  DISPUTE_STAGES,
  groupByCategory,
  isReviewable,
  itemsInStage,
  needsDecision,
  type BureauOutcome,
  type DisputeCategory,
  type DisputeStage,
} from '../../domain/disputes';
import { LoadFailedNotice, LoadingNotice } from '../components/LoadStates';
import { PageTab } from '../components/PageTab';
import { TitledSection } from '../components/TitledSection';
import type { Loadable } from '../credit/report/CreditReportPage';
import { CaliforniaInfo } from './CaliforniaInfo';
import { DisputeLetters, type DisputeLettersProps } from './DisputeLetters';
import { DisputeRow } from './DisputeRow';
import { DisputesDevTools, type DisputesDevToolsProps } from './DisputesDevTools';
import { PauseBanner, type PauseBannerProps } from './PauseBanner';

// spec 001 §2 "Disputes dashboard" (/credit/disputes/{stage}/{type}/*): the header banner (review, get started,
// what a dispute is; the California info with its flag), the pause banner with its flag, the stages as tabs (a select
// under 600 px) with the needs-decision badge on not-challenged, the stage's items grouped by category in accordions
// (the open one follows the {type} sub-path), the results grouped by the bureaus' answers, the letters and, outside
// production, the bureau sandbox's panel. Data and actions come from the route; this view keeps no state of its own.

/** `Item`: the route's item type (the machines' data has the same shape, with narrower secondary reasons). */
export interface DisputesDashboardProps<Item extends InvestigationItem = InvestigationItem> {
  stage: DisputeStage;
  /** The results stage has a tab (its flag). */
  showResults: boolean;
  investigations: Loadable<{ asOf: InvestigationDetails['asOf']; items: readonly Item[] }>;
  /** The address of a stage's tab. */
  stagePath: (stage: DisputeStage) => string;
  /** The select (under 600 px) moves to another stage. */
  onStageChange: (stage: DisputeStage) => void;
  /** The accordion open from the {type} sub-path, or null. */
  openCategory: DisputeCategory | null;
  onCategoryChange: (category: DisputeCategory | null) => void;
  /** A row's View details: the route opens account-details-{name}. */
  onOpenItem: (item: Item) => void;
  /** Opens the dispute wizard. */
  onReview: () => void;
  onGetStarted: () => void;
  /** The pause / resume banner, with its flag; null without it. */
  pause: PauseBannerProps | null;
  letters: DisputeLettersProps;
  devTools: DisputesDevToolsProps;
  /** The California dispute flag: the California residents button and its dialog. */
  california: boolean;
}

/** Below this width the stages are a select (spec 001 §2, spec 000 §9 breakpoint 600 px). */
const STAGE_SELECT_QUERY = `(max-width: ${BREAKPOINTS_PX.xs - 0.02}px)`;

function HeaderBanner({ items, onReview, onGetStarted, california }: { items: readonly InvestigationItem[] | null } & Pick<DisputesDashboardProps, 'onReview' | 'onGetStarted' | 'california'>) {
  const { t } = useTranslation('disputes');
  const decisions = items?.filter(needsDecision).length ?? 0;
  const reviewable = items?.some(isReviewable) ?? false;
  return (
    <Paper component="section" withBorder p="md" radius="md" bg="purple.0" aria-labelledby="disputes-header-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="disputes-header-title">
          {t('header.title')}
        </Title>
        <Text>{t('header.body')}</Text>
        {items !== null ? <Text fw={600}>{decisions > 0 ? t('header.needsDecision', { count: decisions }) : t('header.nothingToReview')}</Text> : null}
        <Group gap="sm">
          <Button onClick={onReview} disabled={!reviewable} aria-haspopup="dialog">
            {t('header.review')}
          </Button>
          <Button variant="default" onClick={onGetStarted}>
            {t('header.getStarted')}
          </Button>
          {california ? <CaliforniaInfo /> : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function StageNav({ stage, stages, counts, decisionBadge, stagePath, onStageChange }: {
  stage: DisputeStage;
  stages: readonly DisputeStage[];
  counts: Record<DisputeStage, number> | null;
  decisionBadge: string | null;
} & Pick<DisputesDashboardProps, 'stagePath' | 'onStageChange'>) {
  const { t } = useTranslation('disputes');
  const narrow = useMediaQuery(STAGE_SELECT_QUERY) ?? false;
  if (narrow) {
    return (
      <NativeSelect
        label={t('stages.select')}
        value={stage}
        onChange={(event) => onStageChange(event.currentTarget.value as DisputeStage)}
        data={stages.map((entry) => ({
          value: entry,
          label: counts === null ? t(`stages.${entry}`) : t('stages.option', { stage: t(`stages.${entry}`), count: counts[entry] }),
        }))}
        description={decisionBadge !== null ? t('stages.needDecision', { badge: decisionBadge }) : undefined}
      />
    );
  }
  return (
    <Group component="nav" aria-label={t('stages.label')} gap={4} wrap="wrap">
      {stages.map((entry) => (
        <PageTab
          key={entry}
          to={stagePath(entry)}
          current={entry === stage}
          look="filled"
          rightSection={
            counts === null && !(entry === 'not-challenged' && decisionBadge !== null) ? undefined : (
              <Group gap={4} wrap="nowrap">
                {counts !== null ? (
                  <Badge variant={entry === stage ? 'white' : 'light'} size="sm" aria-hidden>
                    {counts[entry]}
                  </Badge>
                ) : null}
                {entry === 'not-challenged' && decisionBadge !== null ? (
                  <Badge color="red.9" variant="filled" size="sm" aria-hidden data-testid="needs-decision-badge">
                    {decisionBadge}
                  </Badge>
                ) : null}
              </Group>
            )
          }
        >
          {t(`stages.${entry}`)}
          {counts !== null ? <VisuallyHidden>, {t('stages.itemCount', { count: counts[entry] })}</VisuallyHidden> : null}
          {entry === 'not-challenged' && decisionBadge !== null ? <VisuallyHidden>, {t('stages.needDecision', { badge: decisionBadge })}</VisuallyHidden> : null}
        </PageTab>
      ))}
    </Group>
  );
}

function CategoryAccordions<Item extends InvestigationItem>({ items, asOf, openCategory, onCategoryChange, onOpenItem }: { items: readonly Item[]; asOf: string } & Pick<DisputesDashboardProps<Item>, 'openCategory' | 'onCategoryChange' | 'onOpenItem'>) {
  const { t } = useTranslation('disputes');
  const groups = useMemo(() => groupByCategory(items), [items]);
  return (
    <Accordion
      value={openCategory}
      onChange={(value) => onCategoryChange((value as DisputeCategory | null) ?? null)}
      variant="separated"
      chevronPosition="left"
    >
      {groups.map((group) => (
        <Accordion.Item key={group.category} value={group.category}>
          <Accordion.Control>
            <Text fw={600}>{t('categories.count', { category: t(`categories.${group.category}`), count: group.items.length })}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            {openCategory === group.category ? (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {group.items.map((item) => (
                  <DisputeRow key={item.id} item={item} asOf={asOf} onOpen={onOpenItem} />
                ))}
              </Stack>
            ) : null}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The results: each answered item under each answer a bureau gave it (removed, modified, verified). */
function ResultsByOutcome<Item extends InvestigationItem>({ items, asOf, onOpenItem }: { items: readonly Item[]; asOf: string; onOpenItem: (item: Item) => void }) {
  const { t } = useTranslation('disputes');
  const groups = useMemo(
    () =>
      BUREAU_OUTCOMES.map((outcome: BureauOutcome) => ({
        outcome,
        items: items.filter((item) => item.statuses.some((status) => status.status === 'CORRECTED' && status.outcome === outcome)),
      })).filter((group) => group.items.length > 0),
    [items],
  );
  return (
    <Stack gap="lg" aria-label={t('results.label')} role="group">
      <Text size="sm">{t('results.intro')}</Text>
      {groups.map((group) => (
        <Box component="section" key={group.outcome} aria-labelledby={`results-${group.outcome}`} data-outcome={group.outcome}>
          <Title order={3} size="h4" id={`results-${group.outcome}`} mb="xs">
            {t('results.group', { outcome: t(`outcomes.${group.outcome}`), count: group.items.length })}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.items.map((item) => (
              <DisputeRow key={item.id} item={item} asOf={asOf} onOpen={onOpenItem} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function StageItems<Item extends InvestigationItem>({ stage, data, openCategory, onCategoryChange, onOpenItem }: { stage: DisputeStage; data: { asOf: string; items: readonly Item[] } } & Pick<DisputesDashboardProps<Item>, 'openCategory' | 'onCategoryChange' | 'onOpenItem'>) {
  const { t } = useTranslation('disputes');
  const items = useMemo(() => itemsInStage(data.items, stage), [data.items, stage]);
  if (items.length === 0) return <Text data-testid="stage-empty">{t(`empty.${stage}`)}</Text>;
  if (stage === 'results') return <ResultsByOutcome items={items} asOf={data.asOf} onOpenItem={onOpenItem} />;
  return <CategoryAccordions items={items} asOf={data.asOf} openCategory={openCategory} onCategoryChange={onCategoryChange} onOpenItem={onOpenItem} />;
}

export function DisputesDashboard<Item extends InvestigationItem>(props: DisputesDashboardProps<Item>) {
  const { stage, showResults, investigations, stagePath, onStageChange, pause, letters, devTools } = props;
  const { t } = useTranslation(['disputes', 'common']);
  const stages = useMemo(() => DISPUTE_STAGES.filter((entry) => entry !== 'results' || showResults), [showResults]);
  const data = investigations.status === 'shown' ? investigations.data : null;
  const counts = useMemo(
    () => (data === null ? null : (Object.fromEntries(DISPUTE_STAGES.map((entry) => [entry, itemsInStage(data.items, entry).length])) as Record<DisputeStage, number>)),
    [data],
  );
  const decisionBadge = data === null ? null : badgeLabel(data.items.filter(needsDecision).length);
  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('title')}</Title>
      <HeaderBanner items={data?.items ?? null} onReview={props.onReview} onGetStarted={props.onGetStarted} california={props.california} />
      {pause !== null ? <PauseBanner {...pause} /> : null}
      <StageNav stage={stage} stages={stages} counts={counts} decisionBadge={decisionBadge} stagePath={stagePath} onStageChange={onStageChange} />
      <TitledSection id="dispute-stage-title" title={t(`stages.${stage}`)} titleGap="sm">
        {investigations.status === 'loading' ? (
          <LoadingNotice label={t('common:loadView.loading')} gap="sm" />
        ) : investigations.status === 'failed' ? (
          <LoadFailedNotice message={t('loadError')} onRetry={investigations.onRetry} gap="xs" />
        ) : (
          <StageItems stage={stage} data={investigations.data} openCategory={props.openCategory} onCategoryChange={props.onCategoryChange} onOpenItem={props.onOpenItem} />
        )}
      </TitledSection>
      <DisputeLetters {...letters} />
      <DisputesDevTools {...devTools} />
    </Stack>
  );
}
