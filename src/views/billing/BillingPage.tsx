import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentData } from '../../contract/billing';
import { planKey, type SecurePageRequest } from '../../domain/payments';
import { ColumnHeaders } from '../components/ColumnHeaders';
import { Fact as SharedFact } from '../components/Fact';
import { billingLanguage, formatChargeDate, formatLongDate, formatUsd, lastDigits } from './format';
import { SecurePageError } from './SecurePageError';
import { SubscriptionStatusText } from './SubscriptionStatusText';

// /settings/billing (spec 001 §2 Billing) inside the settings layout, whose heading names the page: the plan by
// product line, the subscription status, the monthly amount, the next billing date in long format, the card on file
// (type and last digits); the buttons to the secure pages (update the card, pay what is due); the contract download;
// the cancellation request for customers whose mailing state is CA (spec 001 §9), replaced by the processed message
// once sent; the latest charges. Driven by props: src/app/billing/BillingRoute.tsx binds the billing machines.

export type BillingLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: PaymentData };

export type CancellationView = 'hidden' | 'available' | 'requesting' | 'processed';

export interface BillingPageProps {
  load: BillingLoad;
  productLine: string | null;
  /** The secure page being opened (its button shows the wait), null otherwise. */
  openingSecurePage: SecurePageRequest | null;
  secureFailed: boolean;
  contractOpening: boolean;
  cancellation: CancellationView;
  onRetry: () => void;
  onOpenSecurePage: (request: SecurePageRequest) => void;
  onOpenContract: () => void;
  onRequestCancellation: () => void;
}

export function BillingPage(props: BillingPageProps) {
  const { t } = useTranslation('billing');
  const { load } = props;
  if (load.status === 'loading') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('page.loading')}</Text>
      </Group>
    );
  }
  if (load.status === 'error') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert" variant="light">
          {t('page.loadError')}
        </Alert>
        <Button variant="light" onClick={props.onRetry}>
          {t('page.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <PlanSummary data={load.data} productLine={props.productLine} />
      <PaymentActions {...props} data={load.data} />
      <ContractSection {...props} />
      {props.cancellation === 'hidden' ? null : <CancellationSection {...props} />}
      <ChargesHistory charges={load.data.charges} />
    </Stack>
  );
}

/** A titled section of the page, named by its heading. */
function Section({ id, title, align, children }: { id: string; title: string; align?: 'flex-start'; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id} align={align}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SharedFact label={label} labelProps={{ c: 'gray.7' }} valueProps={{ size: 'lg' }}>
      {children}
    </SharedFact>
  );
}

function PlanSummary({ data, productLine }: { data: PaymentData; productLine: string | null }) {
  const { t, i18n } = useTranslation('billing');
  const language = billingLanguage(i18n.resolvedLanguage);
  const card = data.profileCardData;
  const fee = data.recurringFee;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-summary-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="billing-summary-title">
          {t('page.summaryTitle')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
          <Fact label={t('page.plan')}>{t(`plans.${planKey(productLine)}` as 'plans.premium')}</Fact>
          <Fact label={t('page.status')}>
            <SubscriptionStatusText status={data.subscriptionStatus} />
          </Fact>
          <Fact label={t('page.amount')}>
            {fee ? t('page.amountValue', { amount: formatUsd(fee.recurringAmount, language) }) : t('page.notSet')}
          </Fact>
          <Fact label={t('page.nextBilling')}>{fee?.nextPaymentDate ? formatLongDate(fee.nextPaymentDate, language) : t('page.notSet')}</Fact>
          <Fact label={t('page.card')}>
            {card ? t('page.cardValue', { cardType: card.cardType, last4: lastDigits(card.cardNumber) }) : t('page.noCard')}
          </Fact>
          {data.amountDue > 0 ? <Fact label={t('page.amountDue')}>{formatUsd(data.amountDue, language)}</Fact> : null}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function PaymentActions(props: BillingPageProps & { data: PaymentData }) {
  const { t, i18n } = useTranslation('billing');
  const language = billingLanguage(i18n.resolvedLanguage);
  const { data, openingSecurePage } = props;
  const busy = openingSecurePage !== null;
  return (
    <Section id="billing-payment-title" title={t('actions.title')}>
      {data.amountDue > 0 ? (
        <Alert color="yellow" variant="light" role="note">
          {t('page.amountDueNotice', { amount: formatUsd(data.amountDue, language) })}
        </Alert>
      ) : null}
      <Text>{t('actions.secureNote')}</Text>
      <Group gap="sm">
        <Button
          variant={data.amountDue > 0 ? 'light' : 'filled'}
          loading={openingSecurePage === 'getSecureBillingInformationURL'}
          disabled={busy && openingSecurePage !== 'getSecureBillingInformationURL'}
          onClick={() => props.onOpenSecurePage('getSecureBillingInformationURL')}
        >
          {t('actions.updateCard')}
        </Button>
        {data.amountDue > 0 ? (
          <Button
            loading={openingSecurePage === 'getSecureProcessPaymentURL'}
            disabled={busy && openingSecurePage !== 'getSecureProcessPaymentURL'}
            onClick={() => props.onOpenSecurePage('getSecureProcessPaymentURL')}
          >
            {t('actions.pay', { amount: formatUsd(data.amountDue, language) })}
          </Button>
        ) : null}
      </Group>
      {busy ? (
        <Text role="status" size="sm">
          {t('actions.opening')}
        </Text>
      ) : null}
      <SecurePageError shown={props.secureFailed} />
      {!data.chargingEnabled && data.amountDue > 0 ? <Text size="sm">{t('page.chargingOff')}</Text> : null}
    </Section>
  );
}

function ContractSection(props: BillingPageProps) {
  const { t } = useTranslation('billing');
  return (
    <Section id="billing-contract-title" title={t('actions.contractTitle')} align="flex-start">
      <Text>{t('actions.contractBody')}</Text>
      <Button variant="light" loading={props.contractOpening} onClick={props.onOpenContract}>
        {t('actions.contract')} <VisuallyHidden> {t('actions.newWindow')}</VisuallyHidden>
      </Button>
      {props.contractOpening ? (
        <Text role="status" size="sm">
          {t('actions.contractOpening')}
        </Text>
      ) : null}
    </Section>
  );
}

function CancellationSection(props: BillingPageProps) {
  const { t } = useTranslation('billing');
  return (
    <Section id="billing-cancellation-title" title={t('cancellation.title')} align="flex-start">
      {props.cancellation === 'processed' ? (
        <Alert color="green" variant="light" role="status">
          {t('cancellation.processed')}
        </Alert>
      ) : (
        <>
          <Text>{t('cancellation.body')}</Text>
          <Button color="red.9" variant="outline" loading={props.cancellation === 'requesting'} onClick={props.onRequestCancellation}>
            {t('cancellation.request')}
          </Button>
          {props.cancellation === 'requesting' ? (
            <Text role="status" size="sm">
              {t('cancellation.requesting')}
            </Text>
          ) : null}
        </>
      )}
    </Section>
  );
}

type ChargeRecord = PaymentData['charges'][number];

function ChargesHistory({ charges }: { charges: ChargeRecord[] }) {
  const { t, i18n } = useTranslation('billing');
  const language = billingLanguage(i18n.resolvedLanguage);
  return (
    <Section id="billing-charges-title" title={t('charges.title')}>
      {charges.length === 0 ? (
        <Text>{t('charges.empty')}</Text>
      ) : (
        // A narrow screen scrolls the table sideways: the scrolling region takes the focus, so a keyboard can scroll it.
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t('charges.scrollRegion')}>
          <Table striped aria-labelledby="billing-charges-title">
            <ColumnHeaders labels={[t('charges.date'), t('charges.item'), t('charges.amount'), t('charges.status'), t('charges.card')]} />
            <Table.Tbody>
              {charges.map((charge) => (
                <Table.Tr key={charge.id}>
                  <Table.Td>{formatChargeDate(charge.createdAt, language)}</Table.Td>
                  <Table.Td>{t(`charges.items.${charge.itemId}`)}</Table.Td>
                  <Table.Td>{formatUsd(charge.amount, language)}</Table.Td>
                  <Table.Td>{t(`charges.statuses.${charge.status}`)}</Table.Td>
                  <Table.Td>{charge.cardType && charge.last4 ? t('charges.cardValue', { cardType: charge.cardType, last4: charge.last4 }) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
