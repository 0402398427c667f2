import type { EventObject } from 'xstate';
import { attemptFingerprint } from '../../src/domain/paymentAttempt';
import { actorSamples, after, defineMachineEntry, sampleEvents } from '../registry';
import { paymentPipelineMachine, type PaymentPipelineInput } from './paymentPipeline.machine';
import type { CardFormData, ChargeResult, FailedPaymentAttempt, PaymentData, PaymentPipelineActorSignatures } from './ports';

// The billing machines' registry entries (issue 15), listed in machines/index.ts. Sample events carry real payloads
// (the card provider sandbox's test cards and answers, the payment data of the suspended demo customer);
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result and
// `xstate.after.<delay>.<state id>` for a delay running out.

/** A sample event whose payload the typed helpers cannot say (an answer without its fields, an error with details). */
const rawEvent = (event: EventObject & Record<string, unknown>): EventObject => event;

// ------------------------------------------------------------------------------------------------ data

/** The customer's now in the samples: 26 November 2026, 13:30 UTC. */
export const SAMPLE_BILLING_NOW_MS = Date.UTC(2026, 10, 26, 13, 30);

/** The suspended demo customer: the initial fee paid, one monthly fee ($99.00) past due, an expired card on file. */
export const SAMPLE_PAYMENT_DATA: PaymentData = {
  subscriptionStatus: 'Suspended',
  recurringFee: { recurringAmount: 9_900, nextPaymentDate: '2026-12-01' },
  profileCardData: { cardType: 'Visa', cardNumber: 'XXXX0027' },
  catalogue: {
    INITIAL_CONSULTATION: {
      itemId: 'INITIAL_CONSULTATION',
      name: 'Initial consultation',
      description: 'Credit review and plan with a coach',
      unitPrice: 19_900,
      discounts: { WELCOME50: 5_000 },
    },
    RECURRING_FEE: { itemId: 'RECURRING_FEE', name: 'Monthly fee', description: 'Premium membership', unitPrice: 9_900, discounts: {} },
  },
  initialFeePaid: true,
  amountDue: 9_900,
  amountDueItem: 'RECURRING_FEE',
  cancellation: 'none',
  charges: [],
  chargingEnabled: true,
};

/** The same customer with nothing due (the existing payment data check completes at once). */
export const SAMPLE_PAID_UP_DATA: PaymentData = { ...SAMPLE_PAYMENT_DATA, subscriptionStatus: 'Current', amountDue: 0, amountDueItem: null };

/** The sandbox's approved Visa, typed as a customer would. */
export const SAMPLE_CARD: CardFormData = {
  cardNumber: '4111 1111 1111 1111',
  month: '12',
  year: '2028',
  cardCode: '123',
  fullName: 'Dana Whitfield',
  zip: '83702',
};
/** Another approved card (Mastercard): not the remembered failed attempt. */
export const SAMPLE_OTHER_CARD: CardFormData = { ...SAMPLE_CARD, cardNumber: '5424 0000 0000 0015' };
/** A mistyped number (fails Luhn): E_WC_05 before anything is sent. */
export const SAMPLE_MISTYPED_CARD: CardFormData = { ...SAMPLE_CARD, cardNumber: '4111 1111 1111 1112' };

/** The fingerprint of SAMPLE_CARD paying the amount due. */
export const SAMPLE_CARD_FINGERPRINT = attemptFingerprint({
  cardNumber: SAMPLE_CARD.cardNumber,
  fullName: SAMPLE_CARD.fullName,
  amount: SAMPLE_PAYMENT_DATA.amountDue,
  itemId: 'RECURRING_FEE',
});

/** SAMPLE_CARD declined 30 s ago: an identical retry is blocked for 90 s more. */
export const SAMPLE_RECENT_FAILURE: FailedPaymentAttempt = { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS - 30_000 };
/** SAMPLE_CARD declined 5 minutes ago: the lockout is over. */
export const SAMPLE_OLD_FAILURE: FailedPaymentAttempt = { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS - 300_000 };

export const SAMPLE_IDEMPOTENCY_KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';

export const SAMPLE_PIPELINE_INPUT: PaymentPipelineInput = {
  siteId: 'APP',
  flags: { paymentForm: true, existingPaymentDataCheck: true, paymentProfileUpdate: true, charging: true },
  contact: {
    email: 'payment.suspended@demo.test',
    contactId: '003DEMO0000PAYSUS',
    firstName: 'Dana',
    lastName: 'Whitfield',
    address: '410 W Main St',
    zip: '83702',
    country: 'US',
  },
};

const approved: ChargeResult = {
  status: 'approved',
  transactionId: '60123456789',
  message: { code: '1', reasonCode: '1', text: 'This transaction has been approved.' },
  replayed: false,
};
const declined = (reasonCode: string, text: string, code = '2'): ChargeResult => ({
  status: code === '2' ? 'declined' : 'error',
  transactionId: null,
  message: { code, reasonCode, text },
  replayed: false,
});

// ------------------------------------------------------------------------------------------------ payment pipeline

const pipelineEvent = sampleEvents<typeof paymentPipelineMachine>();
const pipelineActors = actorSamples<PaymentPipelineActorSignatures>();

export const paymentPipelineEntry = defineMachineEntry({
  id: 'paymentPipeline',
  title: 'Pay with a card (payment pipeline)',
  purpose:
    "The update-payment form: the provider's script, the payment data, the card encrypted in the browser, the card saved on file, the amount due charged once per idempotency key, the payment task; a decline or duplicate starts the 120 s lockout that blocks an identical retry.",
  machine: paymentPipelineMachine,
  testModel: {
    input: SAMPLE_PIPELINE_INPUT,
    events: {
      'card.change': [
        pipelineEvent({ type: 'card.change', values: SAMPLE_CARD }),
        pipelineEvent({ type: 'card.change', values: SAMPLE_MISTYPED_CARD }),
        pipelineEvent({ type: 'card.change', values: SAMPLE_OTHER_CARD }),
      ],
      'card.submit': [pipelineEvent({ type: 'card.submit' })],
      'payment.retry': [pipelineEvent({ type: 'payment.retry' })],
      'xstate.done.actor.loadScript': [pipelineActors.done('loadScript')],
      'xstate.error.actor.loadScript': [pipelineActors.fail('loadScript', 'script-load-error')],
      'xstate.done.actor.loadPaymentData': [
        pipelineActors.done('loadPaymentData', SAMPLE_PAYMENT_DATA),
        pipelineActors.done('loadPaymentData', SAMPLE_PAID_UP_DATA),
      ],
      'xstate.error.actor.loadPaymentData': [pipelineActors.fail('loadPaymentData', 'unavailable')],
      'xstate.done.actor.readFailedAttempt': [
        pipelineActors.done('readFailedAttempt', { record: null, nowMs: SAMPLE_BILLING_NOW_MS }),
        pipelineActors.done('readFailedAttempt', { record: SAMPLE_RECENT_FAILURE, nowMs: SAMPLE_BILLING_NOW_MS }),
        pipelineActors.done('readFailedAttempt', { record: SAMPLE_OLD_FAILURE, nowMs: SAMPLE_BILLING_NOW_MS }),
      ],
      'xstate.error.actor.readFailedAttempt': [pipelineActors.fail('readFailedAttempt', 'storage-unavailable')],
      'xstate.done.actor.forgetStaleAttempt': [pipelineActors.doneAs('forgetStaleAttempt', 'forgetFailedAttempt')],
      'xstate.error.actor.forgetStaleAttempt': [pipelineActors.failAs('forgetStaleAttempt', 'forgetFailedAttempt', 'storage-unavailable')],
      'xstate.done.actor.encryptCardData': [
        pipelineActors.done('encryptCardData', {
          opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNkI4' },
        }),
        pipelineActors.done('encryptCardData', { errors: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] }),
        pipelineActors.done('encryptCardData', {
          errors: [{ code: 'E_WC_21', text: 'User authentication failed due to invalid authentication values.' }],
        }),
      ],
      'xstate.error.actor.encryptCardData': [
        pipelineActors.fail('encryptCardData', 'script-not-loaded'),
        pipelineActors.fail('encryptCardData', 'encrypt-no-data'),
        pipelineActors.fail('encryptCardData', 'encrypt-caught'),
      ],
      'xstate.done.actor.updatePaymentProfile': [
        pipelineActors.done('updatePaymentProfile', { ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } }),
        // The server answered without the card (profile data undefined or invalid).
        rawEvent({ type: 'xstate.done.actor.updatePaymentProfile', output: { ok: true } }),
      ],
      'xstate.error.actor.updatePaymentProfile': [
        rawEvent({ type: 'xstate.error.actor.updatePaymentProfile', error: { code: 'failed-precondition', reasonCode: '17', detailsMessage: 'The merchant does not accept this type of credit card.' } }),
        pipelineActors.fail('updatePaymentProfile', 'not-found', 'errors.payment.contact-not-found'),
        rawEvent({ type: 'xstate.error.actor.updatePaymentProfile', error: { code: 'internal', detailsMessage: 'The payment profile could not be saved. Please try again.' } }),
      ],
      'xstate.done.actor.createIdempotencyKey': [pipelineActors.done('createIdempotencyKey', SAMPLE_IDEMPOTENCY_KEY)],
      'xstate.error.actor.createIdempotencyKey': [pipelineActors.fail('createIdempotencyKey', 'unknown')],
      'xstate.done.actor.chargePayment': [
        pipelineActors.done('chargePayment', approved),
        pipelineActors.done('chargePayment', declined('2', 'This transaction has been declined.')),
        pipelineActors.done('chargePayment', declined('65', 'The transaction has been declined because of a card code mismatch.')),
        pipelineActors.done('chargePayment', declined('27', 'The transaction has been declined because of an AVS mismatch.')),
      ],
      'xstate.error.actor.chargePayment': [pipelineActors.fail('chargePayment', 'unavailable')],
      'xstate.done.actor.rememberFailedAttempt': [
        pipelineActors.done('rememberFailedAttempt', { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS }),
      ],
      'xstate.error.actor.rememberFailedAttempt': [pipelineActors.fail('rememberFailedAttempt', 'storage-unavailable')],
      'xstate.after.countdownTick.paymentPipeline.duplicateTransaction.counting': [
        after('countdownTick', 'paymentPipeline.duplicateTransaction.counting'),
      ],
      'xstate.after.duplicateLockout.paymentPipeline.duplicateTransaction': [after('duplicateLockout', 'paymentPipeline.duplicateTransaction')],
      'xstate.done.actor.forgetLockedAttempt': [pipelineActors.doneAs('forgetLockedAttempt', 'forgetFailedAttempt')],
      'xstate.error.actor.forgetLockedAttempt': [pipelineActors.failAs('forgetLockedAttempt', 'forgetFailedAttempt', 'storage-unavailable')],
      'xstate.done.actor.createPaymentTask': [pipelineActors.done('createPaymentTask', { taskId: '00TDEMO0000TASK01' })],
      'xstate.error.actor.createPaymentTask': [
        rawEvent({ type: 'xstate.error.actor.createPaymentTask', error: { code: 'internal', detailsMessage: 'The CRM is not answering.' } }),
      ],
      'xstate.done.actor.forgetPaidAttempt': [pipelineActors.doneAs('forgetPaidAttempt', 'forgetFailedAttempt')],
      'xstate.error.actor.forgetPaidAttempt': [pipelineActors.failAs('forgetPaidAttempt', 'forgetFailedAttempt', 'storage-unavailable')],
    },
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        card: snapshot.context.card.cardNumber,
        due: snapshot.context.paymentData?.amountDue ?? null,
        attempt: snapshot.context.fingerprint?.slice(0, 8) ?? null,
        opaque: snapshot.context.opaqueValue !== null,
        key: snapshot.context.idempotencyKey !== null,
        skipped: snapshot.context.chargeSkipped,
      }),
  },
});
