import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvestigationItem } from '../../contract/disputes';
import { ACCOUNT_TONE_TEXT } from '../credit/report/tones';
import { BureauStatusChip } from './BureauStatusChip';
import { useBureauStatusText, useCreditFormat } from './disputeText';

// spec 001 §2: one disputed item in its category's list: its name, balance and reason, and a chip per bureau with the
// status and the days left (or overdue) in words. A reinserted item says which bureau put it back and by when the
// bureau owes the notice (FCRA §611(a)(5)(B)(ii): 5 business days). View details opens account-details-{name}.

export interface DisputeRowProps<Item extends InvestigationItem> {
  item: Item;
  /** The customer's dispute clock (yyyy-MM-dd). */
  asOf: string;
  onOpen: (item: Item) => void;
}

export function DisputeRow<Item extends InvestigationItem>({ item, asOf, onOpen }: DisputeRowProps<Item>) {
  const { t } = useTranslation('disputes');
  const format = useCreditFormat();
  const statusText = useBureauStatusText(asOf);
  const texts = item.statuses.map(statusText);
  const reinserted = texts.flatMap((text) => (text.reinserted === null ? [] : [{ bureau: text.bureau, ...text.reinserted }]));
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-item-id={item.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Text fw={600}>{item.name}</Text>
            <Text size="sm">
              {t('row.balance', { amount: format.money(item.accountBalance.amount) })}
              {' · '}
              {item.challengeReason === null ? t('row.noReason') : t('row.reason', { reason: t(`reasons.${item.challengeReason}`) })}
            </Text>
          </Stack>
          <Button variant="light" size="xs" onClick={() => onOpen(item)} aria-label={t('row.detailsFor', { name: item.name })}>
            {t('row.details')}
          </Button>
        </Group>
        <Group gap={6} wrap="wrap" role="list" aria-label={t('row.bureauStatuses')}>
          {texts.map((text) => (
            <span role="listitem" key={text.bureau}>
              <BureauStatusChip text={text} />
            </span>
          ))}
        </Group>
        {reinserted.map((entry) => (
          <Text key={entry.bureau} size="sm" fw={600} style={{ color: ACCOUNT_TONE_TEXT.warning }} data-reinserted>
            {t('row.reinserted')}: {t('row.reinsertedNotice', { bureau: entry.bureau, date: format.day(entry.at), due: format.day(entry.noticeDue) })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
