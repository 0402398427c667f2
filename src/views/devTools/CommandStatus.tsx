import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { devToolsSelectors as select, type devToolsMachine } from '../../../machines/devTools/devTools.machine';
import { AppModal } from '../components/AppModal';
import { useServerError } from './serverError';

// What the last developer-tools command did (running, its answer, or its failure), and the confirmation a
// destructive command asks for first. Shared by the Actions and Data sections (one devTools actor).

export type DevToolsActor = ActorRefFrom<typeof devToolsMachine>;

/** Running / result / error of the last command, announced politely. */
export function CommandStatus({ commands }: { commands: DevToolsActor }) {
  const { t } = useTranslation('devTools');
  const busy = useSelector(commands, select.busy);
  const pending = useSelector(commands, select.pending);
  const result = useSelector(commands, select.result);
  const errorCode = useSelector(commands, select.errorCode);
  const errorKey = useSelector(commands, select.errorKey);
  const serverError = useServerError();
  const failed = useSelector(commands, select.failedCommand);
  let content = null;
  if (busy && pending) {
    content = <Text>{t('running', { command: t(`commands.${pending.command}`) })}</Text>;
  } else if (result) {
    const lines: string[] = [];
    if (result.actions !== undefined) lines.push(t('result.actions', { count: result.actions.length }));
    if (result.deleted !== undefined) {
      const entries = Object.entries(result.deleted);
      lines.push(
        entries.length === 0
          ? t('result.deletedNothing')
          : t('result.deleted', {
              list: entries.map(([category, count]) => t('result.deletedEntry', { category: t(`categories.${category as 'actions'}`), count })).join(', '),
            }),
      );
    }
    if (result.score !== undefined) lines.push(result.score === null ? t('result.noScore') : t('result.score', { score: result.score }));
    if (result.v2Disputes !== undefined) lines.push(result.v2Disputes ? t('result.v2On') : t('result.v2Off'));
    content = (
      <Alert color="green" variant="light" title={t('result.title', { command: t(`commands.${result.command}`) })}>
        {lines.length > 0 ? (
          <List size="sm">
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : null}
      </Alert>
    );
  } else if (errorCode !== null && failed !== null) {
    content = (
      <Alert color="red" variant="light" title={t('error.title', { command: t(`commands.${failed}`) })}>
        <Text size="sm">{serverError(errorCode, errorKey)}</Text>
      </Alert>
    );
  }
  return (
    <div role="status" aria-live="polite" aria-busy={busy}>
      {content}
    </div>
  );
}

/** The confirmation of delete, setActions and repopulateReport; focus starts on Cancel. */
export function ConfirmCommandDialog({ commands }: { commands: DevToolsActor }) {
  const { t } = useTranslation('devTools');
  const opened = useSelector(commands, select.confirming);
  const pending = useSelector(commands, select.pending);
  const cancel = () => commands.send({ type: 'command.cancel' });
  let body = '';
  if (pending?.command === 'delete') {
    body = t('confirm.delete', { list: pending.categories.map((category) => t(`categories.${category}`)).join(', ') });
  } else if (pending?.command === 'setActions') {
    body = pending.actions.length === 0 ? t('confirm.setActionsNone') : t('confirm.setActions', { count: pending.actions.length });
  } else if (pending?.command === 'repopulateReport') {
    body = t('confirm.repopulateReport');
  }
  return (
    <AppModal opened={opened} onClose={cancel} title={t('confirm.title')}>
      <Stack gap="md">
        <Text>{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} data-autofocus>
            {t('confirm.cancel')}
          </Button>
          <Button color="red.9" onClick={() => commands.send({ type: 'command.confirm' })}>
            {t('confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
