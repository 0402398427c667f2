import type { EventObject } from 'xstate';
import { attemptFingerprint } from '../../src/domain/paymentAttempt';
import { actorSamples, after, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { actorFromClaims, type Actor } from '../../src/domain/permissions';
import { billingPageMachine, type BillingPageInput } from './billingPage.machine';
import { cancellationRequestMachine, type CancellationRequestInput } from './cancellationRequest.machine';
import { paymentPipelineMachine, type PaymentPipelineInput } from './paymentPipeline.machine';
import type {
  BillingPageActorSignatures,
  CancellationRequestActorSignatures,
  CardFormData,
  ChargeResult,
  FailedPaymentAttempt,
  PaymentData,
  PaymentPipelineActorSignatures,
  ReportDownloadActorSignatures,
} from './ports';
import { reportDownloadMachine } from './reportDownload.machine';

// The billing machines' registry entries, listed in machines/index.ts. Sample events carry real payloads
// (the card provider sandbox's test cards and answers, the payment data of the suspended demo customer);
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result and
// `xstate.after.<delay>.<state id>` for a delay running out.

/** A sample event whose payload the typed helpers cannot say (an answer without its fields, an error with details). */
const rawEvent = (event: EventObject & Record<string, unknown>): EventObject => event;

// ------------------------------------------------------------------------------------------------ data

/** The customer in person: pays, opens the secure pages, downloads the contract, requests cancellation. */
export const SAMPLE_BILLING_CUSTOMER: Actor = actorFromClaims({});
/** A coach session: refused before any call (the billing callables are customerOnly). */
export const SAMPLE_BILLING_COACH: Actor = actorFromClaims({ isAgent: true, allowClientActions: true });

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
  pendingPaymentTask: null,
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
    events: eventsByType(
      pipelineEvent({ type: 'card.change', values: SAMPLE_CARD }),
      pipelineEvent({ type: 'card.change', values: SAMPLE_MISTYPED_CARD }),
      pipelineEvent({ type: 'card.change', values: SAMPLE_OTHER_CARD }),
      pipelineEvent({ type: 'card.submit' }),
      pipelineEvent({ type: 'payment.retry' }),
      pipelineActors.done('loadScript'),
      pipelineActors.fail('loadScript', 'script-load-error'),
      pipelineActors.done('loadPaymentData', SAMPLE_PAYMENT_DATA),
      pipelineActors.done('loadPaymentData', SAMPLE_PAID_UP_DATA),
      pipelineActors.fail('loadPaymentData', 'unavailable'),
      pipelineActors.done('readFailedAttempt', { record: null, nowMs: SAMPLE_BILLING_NOW_MS }),
      pipelineActors.done('readFailedAttempt', { record: SAMPLE_RECENT_FAILURE, nowMs: SAMPLE_BILLING_NOW_MS }),
      pipelineActors.done('readFailedAttempt', { record: SAMPLE_OLD_FAILURE, nowMs: SAMPLE_BILLING_NOW_MS }),
      pipelineActors.fail('readFailedAttempt', 'storage-unavailable'),
      pipelineActors.doneAs('forgetStaleAttempt', 'forgetFailedAttempt'),
      pipelineActors.failAs('forgetStaleAttempt', 'forgetFailedAttempt', 'storage-unavailable'),
      pipelineActors.done('encryptCardData', {
        opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNkI4' },
      }),
      pipelineActors.done('encryptCardData', { errors: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] }),
      pipelineActors.done('encryptCardData', {
        errors: [{ code: 'E_WC_21', text: 'User authentication failed due to invalid authentication values.' }],
      }),
      pipelineActors.fail('encryptCardData', 'script-not-loaded'),
      pipelineActors.fail('encryptCardData', 'encrypt-no-data'),
      pipelineActors.fail('encryptCardData', 'encrypt-caught'),
      pipelineActors.done('updatePaymentProfile', { ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } }),
      // The server answered without the card (profile data undefined or invalid).
      rawEvent({ type: 'xstate.done.actor.updatePaymentProfile', output: { ok: true } }),
      rawEvent({ type: 'xstate.error.actor.updatePaymentProfile', error: { code: 'card-refused', callableCode: 'failed-precondition', reasonCode: '17', detailsMessage: 'The merchant does not accept this type of credit card.' } }),
      pipelineActors.fail('updatePaymentProfile', 'not-found', 'errors.payment.contact-not-found'),
      rawEvent({ type: 'xstate.error.actor.updatePaymentProfile', error: { code: 'internal', callableCode: 'internal', detailsMessage: 'The payment profile could not be saved. Please try again.' } }),
      pipelineActors.done('createIdempotencyKey', SAMPLE_IDEMPOTENCY_KEY),
      pipelineActors.fail('createIdempotencyKey', 'unknown'),
      pipelineActors.done('chargePayment', approved),
      pipelineActors.done('chargePayment', declined('2', 'This transaction has been declined.')),
      pipelineActors.done('chargePayment', declined('65', 'The transaction has been declined because of a card code mismatch.')),
      pipelineActors.done('chargePayment', declined('27', 'The transaction has been declined because of an AVS mismatch.')),
      pipelineActors.fail('chargePayment', 'unavailable'),
      // Paid meanwhile in another tab: the data is read again.
      rawEvent({ type: 'xstate.error.actor.chargePayment', error: { code: 'nothing-due', callableCode: 'failed-precondition' } }),
      pipelineActors.done('rememberFailedAttempt', { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS }),
      pipelineActors.fail('rememberFailedAttempt', 'storage-unavailable'),
      after('countdownTick', 'paymentPipeline.duplicateTransaction.counting'),
      after('duplicateLockout', 'paymentPipeline.duplicateTransaction'),
      pipelineActors.doneAs('forgetLockedAttempt', 'forgetFailedAttempt'),
      pipelineActors.failAs('forgetLockedAttempt', 'forgetFailedAttempt', 'storage-unavailable'),
      pipelineActors.done('createPaymentTask', { taskId: '00TDEMO0000TASK01' }),
      rawEvent({ type: 'xstate.error.actor.createPaymentTask', error: { code: 'internal', callableCode: 'internal', detailsMessage: 'The CRM is not answering.' } }),
      pipelineActors.doneAs('forgetPaidAttempt', 'forgetFailedAttempt'),
      pipelineActors.failAs('forgetPaidAttempt', 'forgetFailedAttempt', 'storage-unavailable'),
    ),
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

// ------------------------------------------------------------------------------------------------ billing page

const pageEvent = sampleEvents<typeof billingPageMachine>();
const pageActors = actorSamples<BillingPageActorSignatures>();

export const SAMPLE_BILLING_PAGE_INPUT: BillingPageInput = { actor: SAMPLE_BILLING_CUSTOMER, returnPath: '/settings/billing' };

/** The saved-card demo customer: Active, Mastercard XXXX0015 on file, nothing due. */
export const SAMPLE_ACTIVE_PAYMENT_DATA: PaymentData = {
  ...SAMPLE_PAYMENT_DATA,
  subscriptionStatus: 'Active',
  profileCardData: { cardType: 'Mastercard', cardNumber: 'XXXX0015' },
  amountDue: 0,
  amountDueItem: null,
};

export const billingPageEntry = defineMachineEntry({
  id: 'billingPage',
  title: 'Billing page',
  purpose:
    'The billing settings page: payment data (reloaded when the window regains focus), the secure pages to update the card or pay, the contract in a new window (missing: contract-not-found dialog).',
  machine: billingPageMachine,
  testModel: {
    input: SAMPLE_BILLING_PAGE_INPUT,
    events: eventsByType(
      pageEvent({ type: 'window.focused' }),
      pageEvent({ type: 'data.reload' }),
      pageEvent({ type: 'load.retry' }),
      pageEvent({ type: 'secure.open', request: 'getSecureBillingInformationURL' }),
      pageEvent({ type: 'secure.open', request: 'getSecureProcessPaymentURL' }),
      pageEvent({ type: 'contract.open' }),
      pageEvent({ type: 'contract.dialogClose' }),
      pageEvent({ type: 'route.changed', path: '/settings/billing', search: '?secure=updated' }),
      pageEvent({ type: 'route.changed', path: '/settings/billing', search: '?secure=paid' }),
      pageEvent({ type: 'route.changed', path: '/settings/billing', search: '?secure=cancelled' }),
      pageEvent({ type: 'route.changed', path: '/settings/billing', search: '' }),
      pageActors.done('loadPaymentData', SAMPLE_ACTIVE_PAYMENT_DATA),
      pageActors.fail('loadPaymentData', 'unavailable'),
      pageActors.doneAs('reloadPaymentData', 'loadPaymentData', SAMPLE_ACTIVE_PAYMENT_DATA),
      pageActors.failAs('reloadPaymentData', 'loadPaymentData', 'unavailable'),
      pageActors.done('getSecureUrl', { url: 'http://127.0.0.1:5001/demo-credit-readiness/us-west4/secureBillingSandbox/billing?token=t1' }),
      pageActors.fail('getSecureUrl', 'unavailable'),
      pageActors.done('goToSecurePage'),
      pageActors.fail('goToSecurePage', 'unknown'),
      pageActors.done('openContract', 'opened'),
      pageActors.done('openContract', 'not-found'),
      pageActors.fail('openContract', 'unavailable'),
    ),
    stateKey: (snapshot) =>
      JSON.stringify({ value: snapshot.value, opening: snapshot.context.openingSecurePage, failed: snapshot.context.secureFailed }),
  },
});

// ------------------------------------------------------------------------------------------------ cancellation

const cancellationEvent = sampleEvents<typeof cancellationRequestMachine>();
const cancellationActors = actorSamples<CancellationRequestActorSignatures>();

/** The California demo customer, who has not asked yet. */
export const SAMPLE_CANCELLATION_INPUT: CancellationRequestInput = { actor: SAMPLE_BILLING_CUSTOMER, mailingStateCode: 'CA', status: 'none' };

export const cancellationRequestEntry = defineMachineEntry({
  id: 'cancellationRequest',
  title: 'Request cancellation',
  purpose:
    "The billing page's cancellation request (mailing state CA only): success; in progress or already complete are success toasts (the latter refreshes the data); anything else says request-cancellation-error; afterwards the processed message.",
  machine: cancellationRequestMachine,
  testModel: {
    input: SAMPLE_CANCELLATION_INPUT,
    events: eventsByType(
      cancellationEvent({ type: 'cancellation.request' }),
      cancellationActors.done('requestCancellation', { result: 'success' }),
      rawEvent({ type: 'xstate.error.actor.requestCancellation', error: { code: 'in-progress', callableCode: 'failed-precondition' } }),
      rawEvent({ type: 'xstate.error.actor.requestCancellation', error: { code: 'already-complete', callableCode: 'failed-precondition' } }),
      cancellationActors.fail('requestCancellation', 'unavailable'),
      cancellationActors.done('refreshPaymentData'),
      cancellationActors.fail('refreshPaymentData', 'unavailable'),
    ),
  },
});

// ------------------------------------------------------------------------------------------------ report download

const reportEvent = sampleEvents<typeof reportDownloadMachine>();
const reportActors = actorSamples<ReportDownloadActorSignatures>();

export const reportDownloadEntry = defineMachineEntry({
  id: 'reportDownload',
  title: 'Download credit reports (payment failed)',
  purpose:
    "The payment-failed page's report download (a PDF): one at a time; a finished one says so; a failure opens the credit-report-download-error dialog.",
  machine: reportDownloadMachine,
  testModel: {
    events: eventsByType(
      reportEvent({ type: 'reports.download' }),
      reportEvent({ type: 'reports.dialogClose' }),
      reportActors.done('downloadReports'),
      reportActors.fail('downloadReports', 'unavailable'),
    ),
  },
});
