import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { readinessScoreSelectors, type readinessScoreMachine } from '../../../machines/onboarding/readinessScore.machine';
import { Link } from 'react-router-dom';
import { FEATURE_FLAG_DEFAULTS } from '../../domain/flags';
import type { Area } from '../../domain/permissions';
import { Greeting } from '../components/Greeting';
import { HelpTooltip } from '../components/HelpTooltip';
import { LoadingMessages } from '../hub/LoadingMessages';
import { GoalTypeName } from '../onboarding/GoalTypeName';
import { AREA_PATHS, HEADER_AREAS, type HeaderArea } from './areas';
import { ReadinessScoreGauge } from './ReadinessScoreGauge';

// spec 000 §2.4 default page (home hub, at /): greets the customer by name with the hour greeting, shows the goal
// and the loan readiness score once it has been generated (spec 002 §2 score gauge, with the change from the
// previous score and the details button), the hub's actions (spec 002 §2), and leads to the permitted areas. Ids
// scoreComponent, scoreDetailsButton and actionsSection are the guided tour's targets (spec 002 §4 Tour).

export type ReadinessScoreActor = ActorRefFrom<typeof readinessScoreMachine>;

export interface HomePageProps {
  firstName: string | null;
  areas: readonly Area[];
  /** The goal's type; null (the default) when there is none or it is not known yet. */
  goalType?: string | null;
  /** The readiness score card's machine; null (the default) shows it loading. */
  score?: ReadinessScoreActor | null;
  hour?: number;
  /**
   * Remote config's welcome message (spec 000 §6, the welcomeMessage flag): its default 'Welcome' is shown in the
   * page's language, any other text as the operator wrote it.
   */
  welcomeMessage?: string;
  /** The readiness score card, behind the score flag (spec 000 §6); shown by default. */
  showScore?: boolean;
  /** The latest score when it is newer than the card's (a savings update recomputed it); null: the card's own. */
  latestScore?: number | null;
  /** The score before the current one (spec 002 §1: the gauge shows the change); null for a first score. */
  previousScore?: number | null;
  /** Opens the score details dialog (spec 002 §2 scoreDetails); without it there is no details button. */
  onOpenScoreDetails?: () => void;
  /** The hub's actions (spec 002 §2): the actions section, shown below the goal and the score. */
  actions?: ReactNode;
  /** The hub header's buttons (the guided tour, the loan team), next to the greeting. */
  headerActions?: ReactNode;
}

function ScoreChange({ score, previous }: { score: number; previous: number | null }) {
  const { t } = useTranslation('hub');
  if (previous === null) return <Text size="sm">{t('score.first')}</Text>;
  const points = score - previous;
  const text = points > 0 ? t('score.change_up', { points }) : points < 0 ? t('score.change_down', { points: -points }) : t('score.change_same');
  return (
    <Text size="sm" fw={600} c={points > 0 ? 'green.9' : points < 0 ? 'red.9' : 'gray.8'}>
      {points !== 0 ? <span aria-hidden>{points > 0 ? '▲ ' : '▼ '}</span> : null}
      {text}
    </Text>
  );
}

interface ScoreCardProps {
  actor: ReadinessScoreActor | null;
  latest: number | null;
  previous: number | null | undefined;
  onOpenDetails?: () => void;
}

function ScoreCard({ actor, latest, previous, onOpenDetails }: ScoreCardProps) {
  const { t } = useTranslation(['shell', 'common', 'hub']);
  // Without the card's machine (not started yet) the score shows loading.
  const status = useSelector(actor ?? undefined, (s) => (s === undefined ? 'loading' : readinessScoreSelectors.status(s)));
  const generated = useSelector(actor ?? undefined, (s) => (s === undefined ? null : readinessScoreSelectors.displayScore(s)));
  const score = latest ?? generated;
  const failed = status === 'failed';
  let content: ReactNode;
  if (status === 'shown' && score !== null) {
    content = (
      <Group gap="lg">
        <ReadinessScoreGauge score={score} />
        <Stack gap="xs" maw={320}>
          {previous !== undefined ? <ScoreChange score={score} previous={previous} /> : null}
          <Text c="gray.7">{t('home.score.body')}</Text>
          {onOpenDetails ? (
            <Button variant="light" id="scoreDetailsButton" data-track="hub.score-details" onClick={onOpenDetails} style={{ alignSelf: 'flex-start' }}>
              {t('hub:score.details')}
            </Button>
          ) : null}
        </Stack>
      </Group>
    );
  } else if (status === 'notReady' || failed) {
    content = (
      <Stack gap="sm" align="flex-start" role={failed ? 'alert' : 'status'}>
        <Text c="dimmed">{failed ? t('home.score.error') : t('home.score.notReady')}</Text>
        {failed ? (
          <Button variant="light" onClick={() => actor?.send({ type: 'load.retry' })}>
            {t('common:actions.tryAgain')}
          </Button>
        ) : (
          <Button onClick={() => actor?.send({ type: 'score.calculate' })}>{t('home.score.calculate')}</Button>
        )}
      </Stack>
    );
  } else {
    content = (
      <Stack gap={4}>
        <Group role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text c="gray.7">{status === 'generating' ? t('home.score.generating') : t('common:loadView.loading')}</Text>
        </Group>
        {status === 'generating' ? <LoadingMessages /> : null}
      </Stack>
    );
  }
  return (
    <Card withBorder padding="lg" id="scoreComponent">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {t('home.score.title')}
        </Title>
        <HelpTooltip label={t('home.score.helpLabel')} text={t('home.score.help')} />
      </Group>
      {content}
    </Card>
  );
}

export function HomePage({
  firstName,
  areas,
  goalType = null,
  score = null,
  hour,
  welcomeMessage = FEATURE_FLAG_DEFAULTS.welcomeMessage,
  showScore = true,
  latestScore = null,
  previousScore,
  onOpenScoreDetails,
  actions,
  headerActions,
}: HomePageProps) {
  const { t } = useTranslation('shell');
  const destinations = HEADER_AREAS.filter((area): area is Exclude<HeaderArea, 'dashboard'> => area !== 'dashboard' && areas.includes(area));
  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Text fw={600} c="purple.8">
            {welcomeMessage === FEATURE_FLAG_DEFAULTS.welcomeMessage ? t('home.welcome') : welcomeMessage}
          </Text>
          <Greeting hour={hour} name={firstName} />
          <Text c="dimmed">{t('home.subtitle')}</Text>
        </div>
        {headerActions ? <Group gap="xs">{headerActions}</Group> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('home.goal.title')}
          </Title>
          <Text fw={600} fz="lg">
            {goalType === null ? t('home.goal.none') : <GoalTypeName type={goalType} />}
          </Text>
        </Card>
        {showScore ? <ScoreCard actor={score} latest={latestScore} previous={previousScore} onOpenDetails={onOpenScoreDetails} /> : null}
      </SimpleGrid>
      {actions}
      <Title order={2} size="h4">
        {t('home.explore')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
        {destinations.map((area) => (
          <Card key={area} component={Link} to={AREA_PATHS[area]} withBorder padding="lg">
            <Text fw={600}>{t(`areas.${area}`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`home.areaDescriptions.${area}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
