import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditAccount } from '../../../contract/credit';
import {
  PAYMENT_STATUS_CODE_ORDER,
  PAYMENT_STATUS_CODES,
  paymentStatusCode,
  type PaymentSeverity,
} from '../../../domain/creditReport';
import { useCreditFormat } from './format';
import classes from './report.module.css';

// spec 001 §4 payment status codes: an account's last 24 months, oldest first, each month's code as its text (C,
// 1-6, 7, 8, 9, U, X) with its meaning for screen readers and on hover; the colour only repeats the code. The legend
// lists every code once per accounts section.

const PAYMENT_HISTORY_MONTHS = 24;

const SEVERITY_CLASS: Record<PaymentSeverity, string> = {
  current: classes.severityCurrent,
  late: classes.severityLate,
  derogatory: classes.severityDerogatory,
  unknown: classes.severityUnknown,
};

export function PaymentHistoryGrid({ history, title }: { history: CreditAccount['monthlyPaymentHistory']['Monthly']; title?: string }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const months = [...history].sort((a, b) => a.date.localeCompare(b.date)).slice(-PAYMENT_HISTORY_MONTHS);
  if (months.length === 0) return <Text size="sm">{t('paymentHistory.none')}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title ?? t('paymentHistory.title')}
      </Text>
      <ol className={classes.paymentGrid} aria-label={t('paymentHistory.gridLabel')}>
        {months.map((month) => {
          const code = paymentStatusCode(month.status) ?? 'U';
          const meaning = t(`paymentStatus.${PAYMENT_STATUS_CODES[code].meaning}`);
          return (
            <li key={month.date} className={`${classes.paymentCell} ${SEVERITY_CLASS[PAYMENT_STATUS_CODES[code].severity]}`} title={meaning}>
              <span className={classes.paymentMonth}>{format.month(month.date)}</span>
              <span className={classes.paymentCode}>{code}</span>
              <VisuallyHidden>{meaning}</VisuallyHidden>
            </li>
          );
        })}
      </ol>
    </Stack>
  );
}

export function PaymentStatusLegend() {
  const { t } = useTranslation('credit');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('paymentHistory.legendTitle')}
      </Text>
      <ul className={classes.legend} aria-label={t('paymentHistory.legendTitle')}>
        {PAYMENT_STATUS_CODE_ORDER.map((code) => (
          <li key={code} className={classes.legendItem}>
            <span className={`${classes.legendCode} ${SEVERITY_CLASS[PAYMENT_STATUS_CODES[code].severity]}`}>{code}</span>
            <span>{t(`paymentStatus.${PAYMENT_STATUS_CODES[code].meaning}`)}</span>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
