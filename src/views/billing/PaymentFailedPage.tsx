import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';
import { SupportPhone } from '../support/SupportDialog';
import { ContractNotFoundDialog } from './BillingDialogs';
import { billingLanguage, formatUsd } from './format';
import { SecurePageError } from './SecurePageError';
import { useSubscriptionStatusText } from './SubscriptionStatusText';

// /update-payment (spec 000 §2.3: where the guard chain sends a customer whose subscription status is outside the
// acceptable set) is the payment-failed page of spec 002 §2: its four buttons — process payment, update payment
// method, download contract, download reports — with the payment form one click away: "Pay now" opens the form on
// this page (the payment pipeline: the card saved as the card on file, the amount due charged once, the payment
// task created), so the customer pays and is let back in without leaving the app. "Update payment method" is the
// secure page (getSecureBillingInformationURL) for a customer who only wants to change the card. "Download reports"
// saves the credit report as a PDF and says so (failed.reportsDone); one that fails shows
// errors.update-payment.credit-report-download-error in a dialog (spec 002 §8).

export type PaymentOutcome = 'paid' | 'saved' | 'nothing-due';

export interface PaymentFailedPageProps {
  subscriptionStatus: string | null;
  /** Cents due now; null while loading. */
  amountDue: number | null;
  formOpen: boolean;
  onOpenForm: () => void;
  onCloseForm: () => void;
  /** The payment form, bound to its machine by the route. */
  form: ReactNode;
  outcome: PaymentOutcome | null;
  onContinue: () => void;
  openingSecurePage: boolean;
  secureFailed: boolean;
  onUpdateMethod: () => void;
  contractOpening: boolean;
  /** No contract: the errors.settings.contract-not-found dialog. */
  contractMissing: boolean;
  onDownloadContract: () => void;
  onCloseContractMissing: () => void;
  reportsDownloading: boolean;
  reportsFailed: boolean;
  /** The report PDF was saved: failed.reportsDone until the next click. */
  reportsDone?: boolean;
  onDownloadReports: () => void;
  onCloseReportsError: () => void;
  onSignOut: () => void;
}

export function PaymentFailedPage(props: PaymentFailedPageProps) {
  const { t, i18n } = useTranslation(['billing', 'errors', 'common']);
  const language = billingLanguage(i18n.resolvedLanguage);
  const statusText = useSubscriptionStatusText();
  const formRegion = useRef<HTMLDivElement>(null);

  // The form opened by "Pay now" takes the focus at its first field.
  useEffect(() => {
    if (props.formOpen) formRegion.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [props.formOpen]);

  if (props.outcome !== null) return <PaymentComplete outcome={props.outcome} onContinue={props.onContinue} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('failed.title')}</Title>
      <Text>{props.subscriptionStatus ? t('failed.body', { status: statusText(props.subscriptionStatus) }) : t('failed.bodyNoStatus')}</Text>
      {props.amountDue !== null && props.amountDue > 0 ? (
        <Text fw={700} size="lg">
          {t('failed.amountDue', { amount: formatUsd(props.amountDue, language) })}
        </Text>
      ) : null}
      {props.formOpen ? (
        <Card withBorder radius="md" padding="lg" ref={formRegion}>
          <Stack gap="sm">
            {props.form}
            <Group>
              <Button variant="subtle" onClick={props.onCloseForm}>
                {t('failed.back')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Group>
          <Button size="md" onClick={props.onOpenForm}>
            {t('failed.processPayment')}
          </Button>
        </Group>
      )}
      <Stack gap="sm" component="section" aria-labelledby="payment-failed-options">
        <Title order={2} size="h3" id="payment-failed-options">
          {t('failed.optionsTitle')}
        </Title>
        <Group gap="sm">
          <Button variant="light" loading={props.openingSecurePage} onClick={props.onUpdateMethod}>
            {t('failed.updateMethod')}
          </Button>
          <Button variant="light" loading={props.contractOpening} onClick={props.onDownloadContract}>
            {t('failed.downloadContract')}
          </Button>
          <Button variant="light" loading={props.reportsDownloading} onClick={props.onDownloadReports}>
            {t('failed.downloadReports')}
          </Button>
        </Group>
        {props.reportsDownloading ? (
          <Text role="status" size="sm">
            {t('failed.downloadingReports')}
          </Text>
        ) : null}
        {props.reportsDone === true && !props.reportsDownloading ? (
          <Alert color="green" variant="light" role="status">
            {t('failed.reportsDone')}
          </Alert>
        ) : null}
        <SecurePageError shown={props.secureFailed} />
      </Stack>
      <SupportPhone />
      <Group>
        <Button variant="subtle" onClick={props.onSignOut}>
          {t('failed.signOut')}
        </Button>
      </Group>
      <ContractNotFoundDialog opened={props.contractMissing} onClose={props.onCloseContractMissing} />
      <AppModal opened={props.reportsFailed} onClose={props.onCloseReportsError} title={t('failed.downloadReports')}>
        <Stack gap="md">
          <Text>{t('errors:errors.update-payment.credit-report-download-error')}</Text>
          <Group justify="flex-end">
            <Button onClick={props.onCloseReportsError}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

function PaymentComplete({ outcome, onContinue }: { outcome: PaymentOutcome; onContinue: () => void }) {
  const { t } = useTranslation('billing');
  const [title, body] =
    outcome === 'paid'
      ? [t('payment.complete.paidTitle'), t('payment.complete.paid')]
      : outcome === 'saved'
        ? [t('payment.complete.savedTitle'), t('payment.complete.saved')]
        : [t('payment.complete.nothingDueTitle'), t('payment.complete.nothingDue')];
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{title}</Title>
      <Alert color="green" variant="light" role="status">
        {body}
      </Alert>
      <Button onClick={onContinue}>{t('payment.continue')}</Button>
    </Stack>
  );
}
