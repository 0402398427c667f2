import { Badge, Button, Card, Collapse, Group, List, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HubActionData, HubActionListData } from '../../../machines/hub/actionCompletion.machine';
import { isDocumentFileType } from '../../domain/documents';
import { actionDestination } from '../../domain/hub';
import { LoadFailedNotice, LoadingNotice } from '../components/LoadStates';
import type { HubLoadable } from './hubTypes';
import classes from './hub.module.css';

// The hub's actions (spec 002 §2 Home hub, §4 "Actions and hub"): up to 3 active actions, each leading somewhere real
// by its type, with "Mark as done"; those completed today; the earlier completions behind a toggle; the empty state
// with the progress metrics when everything is done, or, before the first action exists (a customer who has just
// finished onboarding, while the credit pull and the action rules run), that the first ones are on their way: "all
// caught up" is said only to someone who has done something. A completion shows at once, and the list follows the
// server's changes (the actionCompletion machine).

export interface ActionLinks {
  /** The upload flow with the action's documents chosen (spec 002 §4 "Document upload from the hub"). */
  upload: (action: HubActionData) => string;
  /** The disputes wizard's start. */
  disputes: string;
  /** The documents checklist. */
  checklist: string;
  /** The support phone, as dialled (tel:) and as shown. */
  phone: { href: string; label: string };
}

export interface ActionsSectionProps {
  list: HubLoadable<HubActionListData>;
  /** An action's completion is being sent. */
  completing: boolean;
  links: ActionLinks;
  onComplete: (action: HubActionData) => void;
  onOpenSavings: (action: HubActionData) => void;
  onOpenContent: (action: HubActionData) => void;
  /** Opens the your-loan-team dialog (spec 000 §2.4): the call actions lead there besides the phone. */
  onOpenLoanTeam?: () => void;
  /** The checklist action opens the checklist over the hub (a modal state, spec 002 §2) rather than the locker. */
  onOpenChecklist?: () => void;
}

function useDates() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (iso: string | null) => (iso === null ? '' : format.format(new Date(iso)));
}

function DocumentsNeeded({ action }: { action: HubActionData }) {
  const { t } = useTranslation(['hub', 'documents']);
  const documents = (action.properties.documents ?? []).map((type) => (isDocumentFileType(type) ? t(`documents:fileTypes.${type}`) : type));
  const count = action.properties.documentCountRequired;
  if (documents.length === 0 && count === undefined) return null;
  return (
    <Text size="sm">
      {documents.length > 0 ? t('actions.documents', { list: documents.join(', ') }) : null}
      {documents.length > 0 && count !== undefined ? ' · ' : null}
      {count !== undefined ? t('actions.documentCount', { count }) : null}
    </Text>
  );
}

/** The analytics click of an action's button (spec 002 §7): which kind of action was opened, not its text. */
function openTracking(action: HubActionData) {
  return { 'data-track': 'hub.action-open', 'data-track-action-type': action.type };
}

function Destination({
  action,
  links,
  onOpenSavings,
  onOpenContent,
  onOpenLoanTeam,
  onOpenChecklist,
}: { action: HubActionData } & Pick<ActionsSectionProps, 'links' | 'onOpenSavings' | 'onOpenContent' | 'onOpenLoanTeam' | 'onOpenChecklist'>) {
  const { t } = useTranslation('hub');
  switch (actionDestination(action.type)) {
    case 'upload':
      return (
        <Button component={Link} to={links.upload(action)} variant="light" {...openTracking(action)}>
          {t('actions.cta.upload')}
        </Button>
      );
    case 'disputes':
      return (
        <Button component={Link} to={links.disputes} variant="light" {...openTracking(action)}>
          {t('actions.cta.disputes')}
        </Button>
      );
    case 'checklist':
      return onOpenChecklist ? (
        <Button variant="light" {...openTracking(action)} onClick={onOpenChecklist} aria-haspopup="dialog">
          {t('actions.cta.checklist')}
        </Button>
      ) : (
        <Button component={Link} to={links.checklist} variant="light" {...openTracking(action)}>
          {t('actions.cta.checklist')}
        </Button>
      );
    case 'call':
      return (
        <>
          <Button component="a" href={links.phone.href} variant="light" {...openTracking(action)}>
            {t('actions.cta.call')}
          </Button>
          {onOpenLoanTeam ? (
            <Button variant="light" {...openTracking(action)} onClick={onOpenLoanTeam}>
              {t('loanTeam.open')}
            </Button>
          ) : null}
        </>
      );
    case 'savings':
      return (
        <Button variant="light" {...openTracking(action)} onClick={() => onOpenSavings(action)}>
          {t('actions.cta.savings')}
        </Button>
      );
    case 'content':
      return (
        <Button variant="light" {...openTracking(action)} onClick={() => onOpenContent(action)}>
          {t('actions.cta.content')}
        </Button>
      );
  }
}

function ActiveAction({ action, completing, ...props }: { action: HubActionData } & Omit<ActionsSectionProps, 'list'>) {
  const { t } = useTranslation('hub');
  return (
    <Card withBorder padding="md" component="li" className={classes.action}>
      <Stack gap="xs" h="100%">
        <Text fw={700}>{action.name}</Text>
        <Text size="sm">{t(`actions.types.${action.type}`)}</Text>
        {action.type === 'document_upload' ? <DocumentsNeeded action={action} /> : null}
        {actionDestination(action.type) === 'call' ? <Text size="sm">{t('actions.callHint', { phone: props.links.phone.label })}</Text> : null}
        <Group gap="xs" mt="auto" wrap="wrap">
          <Destination
            action={action}
            links={props.links}
            onOpenSavings={props.onOpenSavings}
            onOpenContent={props.onOpenContent}
            onOpenLoanTeam={props.onOpenLoanTeam}
            onOpenChecklist={props.onOpenChecklist}
          />
          <Button
            variant="default"
            disabled={completing}
            aria-label={t('actions.completeLabel', { name: action.name })}
            data-track="hub.action-complete"
            data-track-action-type={action.type}
            onClick={() => props.onComplete(action)}
          >
            {t('actions.complete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CompletedList({ actions, label }: { actions: readonly HubActionData[]; label: string }) {
  const { t } = useTranslation('hub');
  const date = useDates();
  return (
    <List spacing="xs" aria-label={label} listStyleType="none" ps={0}>
      {actions.map((action) => (
        <List.Item key={action.id}>
          <Group gap="xs" wrap="wrap">
            <Text span fw={600}>
              {action.name}
            </Text>
            <Text span size="sm" c="gray.7">
              {t('actions.completedOn', { date: date(action.completedAt) })}{' '}
              {action.status === 'completed_by_user' || action.status === 'completed_by_agent' || action.status === 'completed_by_system'
                ? t(`actions.by.${action.status}`)
                : null}
            </Text>
            {action.updating ? (
              <Badge variant="light" color="gray" leftSection={<Loader size={10} aria-hidden />}>
                {t('actions.saving')}
              </Badge>
            ) : null}
          </Group>
          {action.properties.nextDueAt ? (
            <Text size="sm">{t('actions.nextDue', { date: date(action.properties.nextDueAt) })}</Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

function EmptyState({ metrics }: { metrics: HubActionListData['metrics'] }) {
  const { t } = useTranslation('hub');
  const date = useDates();
  const metric = (value: number, label: string) => (
    <Card withBorder padding="sm" component="li">
      <Text fz={28} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Card>
  );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('actions.empty.title')}
      </Title>
      <Text>{t('actions.empty.body')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} component="ul" aria-label={t('actions.empty.metricsLabel')} className={classes.plainList}>
        {metric(metrics.totalComplete, t('actions.empty.total'))}
        {metric(metrics.completedLast30Days, t('actions.empty.last30'))}
        {metric(metrics.completedByYou, t('actions.empty.byYou'))}
      </SimpleGrid>
      {metrics.lastCompletedAt ? <Text size="sm">{t('actions.empty.last', { date: date(metrics.lastCompletedAt) })}</Text> : null}
    </Stack>
  );
}

/** No action yet, done or to do: the first ones are still being set (spec 001 §7 calculateActions). */
function FirstActionsPending() {
  const { t } = useTranslation('hub');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('actions.firstActions.title')}
      </Title>
      <Text>{t('actions.firstActions.body')}</Text>
    </Stack>
  );
}

/** Whether the customer has ever had an action done (theirs, their coach's or the system's). */
function hasCompletedAny(list: HubActionListData): boolean {
  return list.metrics.totalComplete > 0 || list.completedActions.length > 0 || list.history.length > 0;
}

function History({ history }: { history: readonly HubActionData[] }) {
  const { t } = useTranslation('hub');
  const [open, setOpen] = useState(false);
  if (history.length === 0) return null;
  return (
    <Stack gap="xs">
      <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls="hub-action-history" className={classes.toggle}>
        {open ? t('actions.historyHide') : t('actions.historyToggle', { count: history.length })}
      </UnstyledButton>
      <Collapse expanded={open} id="hub-action-history">
        <Title order={3} size="h5" mb="xs">
          {t('actions.history')}
        </Title>
        <CompletedList actions={history} label={t('actions.history')} />
      </Collapse>
    </Stack>
  );
}

export function ActionsSection({ list, ...props }: ActionsSectionProps) {
  const { t } = useTranslation(['hub', 'common']);
  let content: ReactNode;
  if (list.status === 'loading') {
    content = (
      <LoadingNotice label={t('actions.loading')} gap="xs" />
    );
  } else if (list.status === 'failed') {
    content = (
      <LoadFailedNotice message={t('actions.error')} onRetry={list.onRetry} gap="xs" />
    );
  } else {
    const { activeActions, completedActions, history, totalActive, metrics } = list.data;
    const more = totalActive - activeActions.length;
    content = (
      <Stack gap="md">
        {activeActions.length > 0 ? (
          <>
            <Text>{t('actions.intro')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} component="ul" className={classes.plainList} aria-label={t('actions.title')}>
              {activeActions.map((action) => (
                <ActiveAction key={action.id} action={action} {...props} />
              ))}
            </SimpleGrid>
            {more > 0 ? <Text size="sm">{t('actions.more', { count: more })}</Text> : null}
          </>
        ) : hasCompletedAny(list.data) ? (
          <EmptyState metrics={metrics} />
        ) : (
          <FirstActionsPending />
        )}
        {completedActions.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('actions.completedToday')}
            </Title>
            <CompletedList actions={completedActions} label={t('actions.completedToday')} />
          </Stack>
        ) : null}
        <History history={history} />
      </Stack>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" id="actionsSection" aria-labelledby="hub-actions-title">
      <Title order={2} size="h4" mb="sm" id="hub-actions-title">
        {t('actions.title')}
      </Title>
      {content}
    </Card>
  );
}
