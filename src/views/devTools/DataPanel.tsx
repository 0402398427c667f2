import { Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { devToolsSelectors as select } from '../../../machines/devTools/devTools.machine';
import { CommandStatus, ConfirmCommandDialog, type DevToolsActor } from './CommandStatus';
import { DevSection } from './DevSection';

// The Data section (spec 001 §2 "Developer tools"): a fresh report from the credit data provider sandbox
// (repopulateReport, confirmed first), the readiness score recalculated, the v2 disputes toggled, and the disputes
// clock (the existing bureau-response panel, passed in). toggleV2 flips users/{uid}.customer.v2Disputes, which nothing
// reads (this app has only the v2 dispute flow: src/domain/flags.ts disputeV2); its help text says so.

export function DataPanel({ commands, disputesPanel }: { commands: DevToolsActor; disputesPanel: ReactNode }) {
  const { t } = useTranslation('devTools');
  const busy = useSelector(commands, select.busy);
  const run = (command: 'repopulateReport' | 'recalculateScore' | 'toggleV2') => commands.send({ type: 'command.run', command: { command } });
  return (
    <Stack gap="lg">
      <CommandStatus commands={commands} />
      <ConfirmCommandDialog commands={commands} />
      <DevSection id="dev-data-report" title={t('data.reportTitle')}>
        <Group gap="sm">
          <Button variant="default" disabled={busy} onClick={() => run('repopulateReport')}>
            {t('commands.repopulateReport')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => run('recalculateScore')}>
            {t('commands.recalculateScore')}
          </Button>
        </Group>
      </DevSection>
      <DevSection id="dev-data-disputes" title={t('data.disputesTitle')}>
        <Group gap="sm">
          <Button variant="default" disabled={busy} onClick={() => run('toggleV2')} aria-describedby="dev-data-toggle-v2-help">
            {t('commands.toggleV2')}
          </Button>
        </Group>
        <Text size="sm" id="dev-data-toggle-v2-help">
          {t('data.toggleV2Help')}
        </Text>
        {disputesPanel}
      </DevSection>
    </Stack>
  );
}
