import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditAccount } from '../../../contract/credit';
import { accountDisplayStatus, portfolioTypeName } from '../../../domain/creditReport';
import { NOT_REPORTED, useCreditFormat } from './format';
import { PaymentHistoryGrid } from './PaymentHistory';
import { ACCOUNT_TONE_COLOR, ACCOUNT_TONE_TEXT, DISPLAY_STATUS_TONE } from './tones';

// One account as a bureau reports it: balances, limit, payment, dates, portfolio type (spec 001 §4 names) and the
// payment history grid.

export function DisplayStatusBadge({ account }: { account: CreditAccount }) {
  const { t } = useTranslation('credit');
  const status = accountDisplayStatus(account);
  return (
    <Badge color={ACCOUNT_TONE_COLOR[DISPLAY_STATUS_TONE[status]]} c={ACCOUNT_TONE_TEXT[DISPLAY_STATUS_TONE[status]]} variant="light" component="span">
      {t(`displayStatus.${status}`)}
    </Badge>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function AccountDetails({ account }: { account: CreditAccount }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const name = portfolioTypeName(account.portfolioType);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label={t('account.balance')} value={format.money(account.currentBalance)} />
        <Field label={t('account.creditLimit')} value={format.money(account.creditLimit)} />
        <Field label={t('account.highBalance')} value={format.money(account.highBalance ?? account.highCredit)} />
        <Field label={t('account.monthlyPayment')} value={format.money(account.monthlyPayment)} />
        <Field label={t('account.pastDue')} value={format.money(account.pastDueAmount)} />
        <Field label={t('account.opened')} value={format.day(account.opened)} />
        <Field label={t('account.reported')} value={format.day(account.reported)} />
        <Field label={t('account.closed')} value={format.day(account.closed)} />
        <Field label={t('account.accountType')} value={account.accountType ?? NOT_REPORTED} />
        <Field label={t('account.portfolioType')} value={name ? t(`portfolioType.${name}`) : (account.portfolioType ?? NOT_REPORTED)} />
        <Field label={t('account.accountNumber')} value={account.accountNumber ?? NOT_REPORTED} />
        <Field label={t('account.responsibility')} value={account.responsibility ?? NOT_REPORTED} />
        <Field label={t('account.paymentStatus')} value={account.paymentStatus ?? NOT_REPORTED} />
        <Field label={t('account.status')} value={account.status ?? NOT_REPORTED} />
        {account.originalCreditor ? <Field label={t('account.originalCreditor')} value={account.originalCreditor} /> : null}
        {account.remarks ? <Field label={t('account.remarks')} value={account.remarks} /> : null}
      </SimpleGrid>
      <PaymentHistoryGrid history={account.monthlyPaymentHistory.Monthly} />
    </Stack>
  );
}
