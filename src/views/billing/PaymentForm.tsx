import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFields, CardFormErrorField } from '../../domain/paymentAttempt';
import { billingLanguage, formatUsd } from './format';

// The payment form (spec 001 §4 "Payment flow", §5 card error mapping, §8 duplicate-transaction lockout): the card
// fields with the browser's cc-* autofill names, each error on its own field, a decline as a form-level message,
// the lockout's message with its live countdown, and Pay disabled while a payment is in flight. The card fields go
// to the card provider's script only (src/adapters/firebase/billing.ts); this form never sends them anywhere.
// Driven by props: src/app/billing/PaymentFormHost.tsx binds the paymentPipeline machine.

export type CardFormField = keyof CardFields;

export type CardFieldErrors = Partial<Record<CardFormErrorField, { code: string; text: string | null }>>;

export interface PaymentFormProps {
  values: CardFields;
  fieldErrors: CardFieldErrors;
  /** A form-level decline (the provider's answer that points at no field). */
  decline: { code: string; text: string } | null;
  /** A step's failure: a billing ('payment.errors.*') or errors-catalogue key, or the server's own message. */
  failure: { key: string; message: string | null } | null;
  /** The duplicate-transaction lockout's time left. */
  lockout: { minutes: number; seconds: number } | null;
  /** The form is not taking a card (the provider's script or the payment data loading, or a step failed). */
  preparing: boolean;
  busy: boolean;
  canRetry: boolean;
  /** Cents due now; null until known. */
  amountDue: number | null;
  chargingEnabled: boolean;
  onChange: (field: CardFormField, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

const FIELD_IDS: Record<CardFormField, string> = {
  fullName: 'payment-full-name',
  cardNumber: 'payment-card-number',
  month: 'payment-month',
  year: 'payment-year',
  cardCode: 'payment-card-code',
  zip: 'payment-zip',
};

export function PaymentForm(props: PaymentFormProps) {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const language = billingLanguage(i18n.resolvedLanguage);
  const { values, fieldErrors, busy } = props;

  const cardErrorText = (error: { code: string; text: string | null } | undefined): string | undefined => {
    if (!error) return undefined;
    const key = `payment.card-errors.${error.code}`;
    if (i18n.exists(key, { ns: 'billing' })) return t(key as 'payment.card-errors.E_WC_05');
    return error.text ?? t('payment.card-errors.E_WC_05');
  };
  const errorFor = (field: CardFormField) => cardErrorText(fieldErrors[field]);
  // An expiry in the past (E_WC_08, 'card has expired') is the month and year together: shown under the year.
  const expiryError = cardErrorText(fieldErrors.expirationDate);

  const declineText = () => {
    if (!props.decline) return null;
    const key = `payment.card-errors.${props.decline.code}`;
    return i18n.exists(key, { ns: 'billing' }) ? t(key as 'payment.card-errors.8') : t('payment.decline', { text: props.decline.text });
  };
  const failureText = () => {
    if (!props.failure) return null;
    if (props.failure.message) return props.failure.message;
    const { key } = props.failure;
    return i18n.exists(key, { ns: ['billing', 'errors'] }) ? t(key as 'payment.errors.charge', { ns: ['billing', 'errors'] }) : t('payment.errors.charge');
  };

  const input = (field: CardFormField, extra: Partial<ComponentProps<typeof TextInput>>) => (
    <TextInput
      id={FIELD_IDS[field]}
      name={field}
      label={t(`payment.fields.${field}`)}
      value={values[field]}
      onChange={(event) => props.onChange(field, event.currentTarget.value)}
      error={extra.error ?? errorFor(field)}
      required
      disabled={props.preparing}
      {...extra}
    />
  );

  const amount = props.amountDue === null ? null : formatUsd(props.amountDue, language);
  const decline = declineText();
  const failure = failureText();

  // A new attempt clears these messages: they sit under Pay so that clearing them never moves the button (the
  // second click of a double click lands on Pay again, not on whatever moved under the pointer). Before the form is
  // usable (a script or data failure) they show above it.
  const messages = (
    <>
      {props.lockout ? (
        <Alert color="red" variant="light" title={t('payment.lockoutTitle')}>
          <Text role="timer" aria-live="off" data-testid="payment-lockout">
            {t('errors:errors.payment.duplicate-lockout', props.lockout)}
          </Text>
        </Alert>
      ) : null}
      {decline ? (
        <Alert color="red" variant="light" role="alert">
          {decline}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{failure}</Text>
            {props.canRetry ? (
              <Button size="xs" variant="light" onClick={props.onRetry}>
                {t('payment.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="payment-form-title">
      <Title order={2} size="h3" id="payment-form-title">
        {t('payment.title')}
      </Title>
      {/* Charging off (production, spec 001 §9): nothing is charged now; the card is saved and staff charge it. */}
      <Text>{props.chargingEnabled ? t('payment.intro') : t('payment.saveIntro')}</Text>
      {amount !== null && props.amountDue !== null && props.amountDue > 0 ? (
        <Text fw={600}>{props.chargingEnabled ? t('payment.amountDue', { amount }) : t('payment.amountToCharge', { amount })}</Text>
      ) : null}
      {props.preparing && !props.failure ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('payment.loading')}</Text>
        </Group>
      ) : null}
      {props.preparing ? messages : null}
      <form
        noValidate
        aria-labelledby="payment-form-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) props.onSubmit();
        }}
      >
        <Stack gap="sm">
          {input('fullName', { autoComplete: 'cc-name' })}
          {input('cardNumber', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 })}
          <Group grow align="flex-start" gap="sm">
            {input('month', {
              autoComplete: 'cc-exp-month',
              inputMode: 'numeric',
              maxLength: 2,
              placeholder: t('payment.monthPlaceholder'),
              // The expiry as a whole is wrong: the month is marked too, the message shows under the year.
              error: errorFor('month') ?? (expiryError ? true : undefined),
            })}
            {input('year', {
              autoComplete: 'cc-exp-year',
              inputMode: 'numeric',
              maxLength: 4,
              placeholder: t('payment.yearPlaceholder'),
              error: errorFor('year') ?? expiryError,
            })}
          </Group>
          <Group grow align="flex-start" gap="sm">
            {input('cardCode', {
              autoComplete: 'cc-csc',
              inputMode: 'numeric',
              maxLength: 4,
              description: t('payment.fields.cardCodeHint'),
            })}
            {input('zip', { autoComplete: 'billing postal-code', inputMode: 'numeric', maxLength: 10 })}
          </Group>
          <Text size="sm" c="gray.7">
            {t('payment.secureNote')}
          </Text>
          <Group>
            <Button type="submit" size="md" loading={busy} disabled={props.preparing || busy}>
              {props.chargingEnabled && amount !== null && props.amountDue !== null && props.amountDue > 0
                ? t('payment.pay', { amount })
                : t('payment.saveCard')}
            </Button>
          </Group>
          {props.preparing ? null : messages}
          {busy ? (
            <Text role="status" size="sm">
              {t('payment.paying')}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
