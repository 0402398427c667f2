import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CatalogueItemId } from '../../domain/payments';
import { SupportPhone } from '../support/SupportDialog';
import { billingLanguage, formatChargeDate, formatUsd, lastDigits } from './format';
import { SecurePageError } from './SecurePageError';

// /update-payment while a payment is being processed (spec 001 §9: charging off in production). The
// customer saved their card and the payment task asks our team to charge it: the page says what was received (when,
// the card, the amount and what it pays) and that access comes back as soon as it is processed, instead of asking
// for the same amount again. The customer may change the card (the secure page) or call us. When the subscription
// becomes Current the guard chain lets them in.

export interface PaymentPendingPageProps {
  /** When the card was saved and the task created (ISO); null when not known. */
  savedAt: string | null;
  /** Cents our team will charge. */
  amount: number;
  itemId: CatalogueItemId | null;
  card: { cardType: string; cardNumber: string } | null;
  openingSecurePage: boolean;
  secureFailed: boolean;
  onUpdateCard: () => void;
  onSignOut: () => void;
}

export function PaymentPendingPage(props: PaymentPendingPageProps) {
  const { t, i18n } = useTranslation('billing');
  const language = billingLanguage(i18n.resolvedLanguage);
  const rows: [string, string][] = [
    ...(props.savedAt ? [[t('pending.savedOn'), formatChargeDate(props.savedAt, language)] as [string, string]] : []),
    [
      t('pending.card'),
      props.card ? t('page.cardValue', { cardType: props.card.cardType, last4: lastDigits(props.card.cardNumber) }) : t('pending.noCard'),
    ],
    [t('pending.amount'), formatUsd(props.amount, language)],
    ...(props.itemId ? [[t('pending.item'), t(`charges.items.${props.itemId}`)] as [string, string]] : []),
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pending.title')}</Title>
      <Alert color="blue" variant="light" role="status">
        {t('pending.body')}
      </Alert>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-pending-details">
        <Stack gap="sm">
          <Title order={2} size="h3" id="payment-pending-details">
            {t('pending.detailsTitle')}
          </Title>
          <Table variant="vertical" withTableBorder={false} data-testid="payment-pending-details">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={200}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      <Stack gap="xs" align="flex-start">
        <Button variant="light" loading={props.openingSecurePage} onClick={props.onUpdateCard}>
          {t('pending.updateCard')}
        </Button>
        <Text size="sm" c="gray.7">
          {t('pending.updateNote')}
        </Text>
        <SecurePageError shown={props.secureFailed} />
      </Stack>
      <Stack gap="xs">
        <Text>{t('pending.questions')}</Text>
        <SupportPhone />
      </Stack>
      <Group>
        <Button variant="subtle" onClick={props.onSignOut}>
          {t('failed.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}
