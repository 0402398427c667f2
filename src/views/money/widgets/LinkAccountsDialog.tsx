import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bankWidgetSelectors as select } from '../../../../machines/money/bankWidget.machine';
import { BankWidgetPanel, type BankWidgetActor } from './BankWidgetPanel';

// /money/modal/link-accounts (spec 002 §1 "Link-accounts connects bank accounts through embedded widgets shown in a
// sandboxed frame"; §2 modal routes): the connect widget in a dialog over the money overview.

export interface LinkAccountsDialogProps {
  actor: BankWidgetActor;
  onClose: () => void;
}

export function LinkAccountsDialog({ actor, onClose }: LinkAccountsDialogProps) {
  const { t } = useTranslation('money');
  const linkedCount = useSelector(actor, select.linkedCount);
  return (
    <Modal opened onClose={onClose} title={t('linkAccounts.title')} size="xl" centered closeButtonProps={{ 'aria-label': t('linkAccounts.close') }}>
      <Stack gap="md">
        <Text>{t('linkAccounts.intro')}</Text>
        <BankWidgetPanel actor={actor} title={t('linkAccounts.frameTitle')} />
        <Group justify="space-between">
          <Text role="status" fw={600}>
            {linkedCount > 0 ? t('linkAccounts.linkedCount', { count: linkedCount }) : ''}
          </Text>
          <Button onClick={onClose}>{t('linkAccounts.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
