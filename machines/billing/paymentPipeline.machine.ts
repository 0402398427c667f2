import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { DUPLICATE_LOCKOUT_MS } from '../../src/domain/constants';
import { ERROR_KEYS } from '../../src/domain/errors';
import {
  attemptFingerprint,
  cardErrorPlacement,
  cardFieldErrors,
  isBlockedRetry,
  lockoutCountdown,
  lockoutRemaining,
  type CardFormErrorField,
} from '../../src/domain/paymentAttempt';
import { isPaymentSiteId, PAYMENT_PIPELINE_STATUSES, type PaymentPipelineStatus } from '../../src/domain/payments';
import { eitherWay, provided } from '../actors';
import { portErrorCode, type NotifyEmitted } from '../ports';
import {
  BILLING_ERROR_CODES,
  type CardFormData,
  type ChargeResult,
  type FailedPaymentAttempt,
  type OpaqueValue,
  type PaymentContact,
  type PaymentData,
  type PaymentFlags,
  type PaymentPipelineActorSignatures,
  type ProfileCardData,
} from './ports';
import { machineSpec, spec } from '../spec';

// The payment pipeline (spec 001 §4 "Payment flow", §5, §8, §9; spec 000 §5, §9): the card form
// of /update-payment. Its top-level states are the spec's statuses, in the order a successful run passes them:
//
//   init                          the site id must be a payment site (else error); the provider's script loads
//   acceptJsLoadComplete          the payment data loads (what is due, for which item)
//   paymentDataComplete           existing payment data check: nothing due → complete, saying so; else the form
//   idle                          the card form: client rules first (the provider's own, so errors show on their
//                                 fields before anything is sent), the remembered failed attempt (an identical
//                                 retry inside the lockout is blocked), then the browser encrypts the card
//   cardDataEncryptComplete       the opaque value in hand: updateCustomerPaymentProfile saves the card on file
//                                 (flag paymentProfileUpdate; email, contact id and opaque value required)
//   paymentProfileUpdateComplete  an idempotency key is made ONCE for the attempt, then chargePayment charges the
//                                 amount due (skipped, and said so, when the charging flag is off)
//   paymentTransactionComplete    selfOnboardCard creates the payment task (same key)
//   duplicateTransaction          a charge answered reason 2 or 11 or the duplicate text: the attempt's fingerprint
//                                 is remembered, a 120 000 ms lockout counts down each second, an identical retry is
//                                 blocked; afterwards the remembered attempt is cleared
//   paymentTaskComplete           the remembered failed attempt is cleared
//   complete                      paid, card saved (charging off) or nothing due
//   error                         what cannot go on (unsupported site, script or data load failed, no contact data)
//
// A double submit while a step runs is ignored (no state in flight accepts card.submit). A charge that fails on the
// network is retried with the SAME idempotency key (the server answers the first result); a decline ends the attempt,
// and the next submit is a new attempt with a new key.

type Sig = PaymentPipelineActorSignatures;

/** The i18n keys the pipeline shows or emits: the billing namespace (pay-frontend's texts). */
export const PAYMENT_PIPELINE_KEYS = {
  unsupportedSite: 'payment.errors.unsupported-site',
  formDisabled: 'payment.errors.form-disabled',
  scriptLoad: 'payment.errors.script-load',
  load: 'payment.errors.load',
  encryptNoData: 'payment.errors.encrypt-no-data',
  encryptCaught: 'payment.errors.encrypt-caught',
  scriptNotLoaded: 'payment.errors.script-not-loaded',
  profileData: 'payment.errors.profile-data-invalid',
  charge: 'payment.errors.charge',
  chargeBeingChecked: 'payment.errors.charge-being-checked',
  paid: 'payment.toast.paid',
  saved: 'payment.toast.saved',
} as const;

export type PaymentFailureKey =
  | (typeof PAYMENT_PIPELINE_KEYS)[Exclude<keyof typeof PAYMENT_PIPELINE_KEYS, 'paid' | 'saved'>]
  | typeof ERROR_KEYS.paymentProfileUpdateError
  | typeof ERROR_KEYS.paymentContactNotFound
  | typeof ERROR_KEYS.paymentTaskError;

/** A step that failed: its key, and the server's details message that replaces the key's text when there is one. */
export interface PaymentFailure {
  key: PaymentFailureKey;
  message: string | null;
}

/** A field's error: the provider's (or the same rule's) code and the provider's text when it gave one. */
export interface CardFieldError {
  code: string;
  text: string | null;
}
export type CardFieldErrors = Partial<Record<CardFormErrorField, CardFieldError>>;

export type PaymentChargeSkipped = 'charging-off' | 'nothing-due';
export type PaymentOutcome = 'paid' | 'saved' | 'nothing-due';

export interface PaymentPipelineInput {
  siteId: string | null;
  flags: PaymentFlags;
  contact: PaymentContact;
}

export interface PaymentPipelineContext extends PaymentPipelineInput {
  paymentData: PaymentData | null;
  /** The card as typed: in memory only (never stored, never sent to our functions). */
  card: CardFormData;
  fieldErrors: CardFieldErrors;
  /** A form-level decline (the provider's text). */
  decline: { code: string; text: string } | null;
  failure: PaymentFailure | null;
  /** The running attempt's fingerprint (src/domain/paymentAttempt.ts). */
  fingerprint: string | null;
  /** The remembered failed attempt, as last read or written. */
  failedAttempt: FailedPaymentAttempt | null;
  lockoutRemainingMs: number;
  opaqueValue: OpaqueValue | null;
  /** Made once per attempt before the first charge call; kept for a retry after a network failure. */
  idempotencyKey: string | null;
  transactionId: string | null;
  profileCardData: ProfileCardData | null;
  chargeSkipped: PaymentChargeSkipped | null;
  taskId: string | null;
  outcome: PaymentOutcome | null;
}

export type PaymentPipelineEvent =
  | { type: 'card.change'; values: Partial<CardFormData> }
  | { type: 'card.submit' }
  | { type: 'payment.retry' };

export type PaymentPipelineEmitted = NotifyEmitted<
  typeof PAYMENT_PIPELINE_KEYS.paid | typeof PAYMENT_PIPELINE_KEYS.saved | typeof ERROR_KEYS.paymentDuplicateLockout
>;
export type PaymentPipelineTag = 'busy' | 'form' | 'retry';

export const EMPTY_CARD: CardFormData = { cardNumber: '', month: '', year: '', cardCode: '', fullName: '', zip: '' };

/** chargePayment's refusals (their spec codes, PortError.code) that mean the amount due is not what the page read. */
export const STALE_AMOUNT_REFUSALS = ['nothing-due', 'amount-mismatch'] as const;

/**
 * chargePayment's refusals (spec codes) while an earlier attempt's result is not known yet
 * ('charge-result-being-checked': the gateway's answer was lost and is being reconciled; 'charge-in-progress':
 * another attempt holds the charge lock).
 * Retrying with the same key is safe; the customer is told to wait rather than that the payment failed.
 */
export const CHARGE_BEING_CHECKED_REFUSALS = ['charge-result-being-checked', 'charge-in-progress'] as const;

function isChargeBeingChecked(error: unknown): boolean {
  const code = portErrorCode(error);
  return CHARGE_BEING_CHECKED_REFUSALS.some((refusal) => refusal === code);
}

/** The countdown's tick (the lockout message shows whole seconds). */
export const COUNTDOWN_TICK_MS = 1_000;

// --------------------------------------------------------------------------------------------------- helpers

/** The server's details message, for the customer: a sentence, not a refusal's code ('opaque-value-invalid'). */
function detailsMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('detailsMessage' in error)) return null;
  const message = error.detailsMessage;
  if (typeof message !== 'string' || message.trim() === '' || /^[\w-]+$/.test(message.trim())) return null;
  return message.trim();
}

function reasonCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('reasonCode' in error)) return null;
  return typeof error.reasonCode === 'string' ? error.reasonCode : null;
}

function errorKeyOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('key' in error)) return null;
  return typeof error.key === 'string' ? error.key : null;
}

/** The field a provider refusal of the profile update points at (its reason code), null when none. */
function profileRefusalField(error: unknown): CardFormErrorField | null {
  const reasonCode = reasonCodeOf(error);
  if (reasonCode === null) return null;
  const placement = cardErrorPlacement({ code: '', reasonCode, text: detailsMessage(error) ?? '' });
  return placement === 'form' || placement === 'duplicateTransaction' ? null : placement;
}

/** The encryption failure's key: no data, script not loaded, or caught (anything else the script threw). */
function encryptFailureKey(error: unknown): PaymentFailureKey {
  const code = portErrorCode(error);
  if (code === BILLING_ERROR_CODES.scriptNotLoaded) return PAYMENT_PIPELINE_KEYS.scriptNotLoaded;
  if (code === BILLING_ERROR_CODES.encryptNoData) return PAYMENT_PIPELINE_KEYS.encryptNoData;
  return PAYMENT_PIPELINE_KEYS.encryptCaught;
}

function isContactNotFound(error: unknown): boolean {
  return portErrorCode(error) === BILLING_ERROR_CODES.notFound || errorKeyOf(error) === ERROR_KEYS.paymentContactNotFound;
}

function isValidProfileResult(output: unknown): output is { ok: true; profileCardData: ProfileCardData } {
  if (typeof output !== 'object' || output === null) return false;
  const { ok, profileCardData } = output as { ok?: unknown; profileCardData?: unknown };
  if (ok !== true || typeof profileCardData !== 'object' || profileCardData === null) return false;
  const card = profileCardData as { cardType?: unknown; cardNumber?: unknown };
  return typeof card.cardType === 'string' && typeof card.cardNumber === 'string' && /^X{4}\d{4}$/.test(card.cardNumber);
}

/** The answer's field errors (script errors or a charge's field), for the fields they name. */
function fieldErrorsOf(answers: readonly { code: string; reasonCode?: string | null; text: string }[]): {
  fieldErrors: CardFieldErrors;
  decline: { code: string; text: string } | null;
} {
  const fieldErrors: CardFieldErrors = {};
  let decline: { code: string; text: string } | null = null;
  for (const answer of answers) {
    const placement = cardErrorPlacement(answer);
    const code = answer.code.startsWith('E_WC_') ? answer.code : (answer.reasonCode ?? answer.code);
    if (placement === 'form' || placement === 'duplicateTransaction') decline ??= { code, text: answer.text };
    else fieldErrors[placement] ??= { code, text: answer.text };
  }
  return { fieldErrors, decline };
}

function fingerprintOf(context: PaymentPipelineContext): string | null {
  const data = context.paymentData;
  if (!data || data.amountDueItem === null) return null;
  return attemptFingerprint({
    cardNumber: context.card.cardNumber,
    fullName: context.card.fullName,
    amount: data.amountDue,
    itemId: data.amountDueItem,
  });
}

// --------------------------------------------------------------------------------------------------- machine

export const paymentPipelineMachine = setup({
  types: {
    context: {} as PaymentPipelineContext,
    events: {} as PaymentPipelineEvent,
    input: {} as PaymentPipelineInput,
    emitted: {} as PaymentPipelineEmitted,
    tags: {} as PaymentPipelineTag,
  },
  actors: {
    loadScript: provided<Sig['loadScript']>('loadScript'),
    loadPaymentData: provided<Sig['loadPaymentData']>('loadPaymentData'),
    readFailedAttempt: provided<Sig['readFailedAttempt']>('readFailedAttempt'),
    rememberFailedAttempt: provided<Sig['rememberFailedAttempt']>('rememberFailedAttempt'),
    forgetFailedAttempt: provided<Sig['forgetFailedAttempt']>('forgetFailedAttempt'),
    encryptCardData: provided<Sig['encryptCardData']>('encryptCardData'),
    updatePaymentProfile: provided<Sig['updatePaymentProfile']>('updatePaymentProfile'),
    createIdempotencyKey: provided<Sig['createIdempotencyKey']>('createIdempotencyKey'),
    chargePayment: provided<Sig['chargePayment']>('chargePayment'),
    createPaymentTask: provided<Sig['createPaymentTask']>('createPaymentTask'),
  },
  delays: {
    /** What is left of the 120 000 ms lockout (the whole of it after a fresh failure). */
    duplicateLockout: ({ context }) => context.lockoutRemainingMs,
    countdownTick: COUNTDOWN_TICK_MS,
  },
  guards: {
    isUnsupportedSite: ({ context }) => !isPaymentSiteId(context.siteId),
    isPaymentFormOff: ({ context }) => !context.flags.paymentForm,
    isNothingDueChecked: ({ context }) =>
      context.flags.existingPaymentDataCheck && (context.paymentData === null || context.paymentData.amountDue <= 0 || context.paymentData.amountDueItem === null),
    hasCardFieldErrors: ({ context }, params: { nowMs: number }) => Object.keys(cardFieldErrors(context.card, params.nowMs)).length > 0,
    isBlockedRetry: ({ context }, params: { record: FailedPaymentAttempt | null; nowMs: number }) =>
      context.fingerprint !== null && isBlockedRetry(params.record, context.fingerprint, params.nowMs),
    /** A remembered failed attempt whose lockout is over: it is cleared (spec 001 §8: after 120 000 ms). */
    hasLapsedAttempt: (_, params: { record: FailedPaymentAttempt | null; nowMs: number }) =>
      params.record !== null && lockoutRemaining(params.record, params.nowMs) === 0,
    /** During the lockout: the card typed is the failed (or blocked) attempt's again. */
    isIdenticalToLocked: ({ context }) => {
      const fingerprint = fingerprintOf(context);
      return fingerprint !== null && fingerprint === context.fingerprint;
    },
    hasOpaqueValue: (_, params: { result: Sig['encryptCardData']['output'] }) => 'opaqueValue' in params.result,
    isProfileUpdateOff: ({ context }) => !context.flags.paymentProfileUpdate,
    lacksProfileData: ({ context }) => !context.contact.email || !context.contact.contactId || context.opaqueValue === null,
    isValidProfileResult: (_, params: { output: unknown }) => isValidProfileResult(params.output),
    isCardRefusal: (_, params: { error: unknown }) => profileRefusalField(params.error) !== null,
    isContactNotFound: (_, params: { error: unknown }) => isContactNotFound(params.error),
    isChargingOff: ({ context }) => !context.flags.charging,
    isNothingToCharge: ({ context }) =>
      context.paymentData === null || context.paymentData.amountDue <= 0 || context.paymentData.amountDueItem === null,
    isStaleAmount: (_, params: { error: unknown }) => {
      const code = portErrorCode(params.error);
      return STALE_AMOUNT_REFUSALS.some((refusal) => refusal === code);
    },
    isApproved: (_, params: { result: ChargeResult }) => params.result.status === 'approved',
    isDuplicateAnswer: (_, params: { result: ChargeResult }) => cardErrorPlacement(params.result.message) === 'duplicateTransaction',
    hasIdempotencyKey: ({ context }) => context.idempotencyKey !== null,
    wasChargeSkipped: ({ context }) => context.chargeSkipped !== null,
  },
  actions: {
    assignUnsupportedSite: assign({ failure: { key: PAYMENT_PIPELINE_KEYS.unsupportedSite, message: null } }),
    assignFormDisabled: assign({ failure: { key: PAYMENT_PIPELINE_KEYS.formDisabled, message: null } }),
    assignScriptLoadFailure: assign({ failure: { key: PAYMENT_PIPELINE_KEYS.scriptLoad, message: null } }),
    assignLoadFailure: assign({ failure: { key: PAYMENT_PIPELINE_KEYS.load, message: null } }),
    clearFailure: assign({ failure: null }),
    assignPaymentData: assign((_, params: { paymentData: PaymentData }) => ({ paymentData: params.paymentData })),
    assignNothingDue: assign({ outcome: 'nothing-due' as const }),
    assignCard: assign(({ context }, params: { values: Partial<CardFormData> }) => {
      const fieldErrors = { ...context.fieldErrors };
      for (const field of Object.keys(params.values) as (keyof CardFormData)[]) {
        delete fieldErrors[field];
        // A changed month or year may fix the expiry.
        if (field === 'month' || field === 'year') delete fieldErrors.expirationDate;
      }
      return { card: { ...context.card, ...params.values }, fieldErrors };
    }),
    /** A new attempt: its fingerprint; the last attempt's answers, opaque value and key are gone. */
    startAttempt: assign(({ context }) => ({
      fingerprint: fingerprintOf(context),
      fieldErrors: {},
      decline: null,
      failure: null,
      opaqueValue: null,
      idempotencyKey: null,
      transactionId: null,
      chargeSkipped: null,
    })),
    assignClientFieldErrors: assign(({ context }, params: { nowMs: number }) => {
      const codes = cardFieldErrors(context.card, params.nowMs);
      const fieldErrors: CardFieldErrors = {};
      for (const [field, code] of Object.entries(codes) as [CardFormErrorField, string][]) fieldErrors[field] = { code, text: null };
      return { fieldErrors };
    }),
    assignLockoutFromRecord: assign((_, params: { record: FailedPaymentAttempt | null; nowMs: number }) => ({
      failedAttempt: params.record,
      lockoutRemainingMs: lockoutRemaining(params.record, params.nowMs),
    })),
    assignRememberedAttempt: assign((_, params: { record: FailedPaymentAttempt | null }) => ({ failedAttempt: params.record })),
    assignFreshLockout: assign({ lockoutRemainingMs: DUPLICATE_LOCKOUT_MS }),
    tickCountdown: assign(({ context }) => ({ lockoutRemainingMs: Math.max(0, context.lockoutRemainingMs - COUNTDOWN_TICK_MS) })),
    endLockout: assign({ failedAttempt: null, lockoutRemainingMs: 0, decline: null }),
    assignOpaqueValue: assign((_, params: { result: Sig['encryptCardData']['output'] }) => ({
      opaqueValue: 'opaqueValue' in params.result ? params.result.opaqueValue : null,
    })),
    assignScriptErrors: assign((_, params: { result: Sig['encryptCardData']['output'] }) =>
      fieldErrorsOf('errors' in params.result ? params.result.errors : []),
    ),
    assignEncryptFailure: assign((_, params: { error: unknown }) => ({ failure: { key: encryptFailureKey(params.error), message: null } })),
    assignProfileDataFailure: assign({ failure: { key: PAYMENT_PIPELINE_KEYS.profileData, message: null }, opaqueValue: null }),
    assignProfile: assign((_, params: { output: unknown }) => ({
      profileCardData: isValidProfileResult(params.output) ? params.output.profileCardData : null,
      // The opaque value is single use: the provider has it now.
      opaqueValue: null,
    })),
    assignProfileRefusal: assign((_, params: { error: unknown }) => {
      const field = profileRefusalField(params.error);
      return {
        opaqueValue: null,
        fieldErrors: field ? { [field]: { code: reasonCodeOf(params.error) ?? '', text: detailsMessage(params.error) } } : {},
      };
    }),
    assignContactNotFound: assign(() => ({
      opaqueValue: null,
      // The key's own text (translated): the server's message for it is the same English words.
      failure: { key: ERROR_KEYS.paymentContactNotFound, message: null },
    })),
    assignProfileUpdateFailure: assign((_, params: { error: unknown }) => ({
      opaqueValue: null,
      failure: { key: ERROR_KEYS.paymentProfileUpdateError, message: detailsMessage(params.error) },
    })),
    assignIdempotencyKey: assign((_, params: { key: string }) => ({ idempotencyKey: params.key })),
    assignChargeSkippedOff: assign({ chargeSkipped: 'charging-off' as const }),
    assignChargeSkippedNothingDue: assign({ chargeSkipped: 'nothing-due' as const }),
    assignApproved: assign((_, params: { result: ChargeResult }) => ({ transactionId: params.result.transactionId, failure: null })),
    assignDeclineAnswer: assign((_, params: { result: ChargeResult }) => fieldErrorsOf([params.result.message])),
    assignDuplicateAnswer: assign((_, params: { result: ChargeResult }) => ({ decline: { code: params.result.message.reasonCode ?? params.result.message.code, text: params.result.message.text } })),
    // A refused or failed charge and task say their own keys (the server's codes, 'amount-mismatch' …, are not for
    // customers); only the profile update shows the server's details message (spec 001 §8).
    assignChargeFailure: assign((_, params: { error: unknown }) => ({
      failure: { key: isChargeBeingChecked(params.error) ? PAYMENT_PIPELINE_KEYS.chargeBeingChecked : PAYMENT_PIPELINE_KEYS.charge, message: null },
    })),
    assignTaskFailure: assign({ failure: { key: ERROR_KEYS.paymentTaskError, message: null } }),
    assignTask: assign((_, params: { taskId: string }) => ({ taskId: params.taskId, failure: null })),
    assignPaid: assign({ outcome: 'paid' as const, failedAttempt: null }),
    assignSaved: assign({ outcome: 'saved' as const, failedAttempt: null }),
    forgetCard: assign({ card: EMPTY_CARD, fingerprint: null }),
    notifyRetryBlocked: emit(({ context }) => ({
      type: 'notify' as const,
      level: 'warning' as const,
      key: ERROR_KEYS.paymentDuplicateLockout,
      values: lockoutCountdown(context.lockoutRemainingMs),
    })),
    notifyPaid: emit({ type: 'notify', level: 'success', key: PAYMENT_PIPELINE_KEYS.paid } as const),
    notifySaved: emit({ type: 'notify', level: 'success', key: PAYMENT_PIPELINE_KEYS.saved } as const),
  },
}).createMachine({
  id: 'paymentPipeline',
  meta: machineSpec(['001 §4', '001 §8', '000 §5'], ['init.checkingSite', 'paymentDataComplete', 'cardDataEncryptComplete.checkingProfileData', 'paymentTaskComplete.announcing']),
  context: ({ input }) => ({
    ...input,
    paymentData: null,
    card: EMPTY_CARD,
    fieldErrors: {},
    decline: null,
    failure: null,
    fingerprint: null,
    failedAttempt: null,
    lockoutRemainingMs: 0,
    opaqueValue: null,
    idempotencyKey: null,
    transactionId: null,
    profileCardData: null,
    chargeSkipped: null,
    taskId: null,
    outcome: null,
  }),
  initial: 'init',
  states: {
    init: {
      meta: spec('001 §4'),
      tags: ['busy'],
      initial: 'checkingSite',
      states: {
        checkingSite: {
          always: [
            { guard: 'isUnsupportedSite', target: '#paymentPipeline.error', actions: 'assignUnsupportedSite' },
            { guard: 'isPaymentFormOff', target: '#paymentPipeline.error', actions: 'assignFormDisabled' },
            { target: 'loadingScript' },
          ],
        },
        loadingScript: {
          meta: spec('001 §4'),
          invoke: {
            id: 'loadScript',
            src: 'loadScript',
            onDone: { target: '#paymentPipeline.acceptJsLoadComplete', actions: 'clearFailure' },
            onError: { target: '#paymentPipeline.error', actions: 'assignScriptLoadFailure' },
          },
        },
      },
    },
    acceptJsLoadComplete: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: {
        id: 'loadPaymentData',
        src: 'loadPaymentData',
        onDone: { target: 'paymentDataComplete', actions: { type: 'assignPaymentData', params: ({ event }) => ({ paymentData: event.output }) } },
        onError: { target: 'error', actions: 'assignLoadFailure' },
      },
    },
    paymentDataComplete: {
      always: [{ guard: 'isNothingDueChecked', target: 'complete', actions: 'assignNothingDue' }, { target: 'idle' }],
    },
    idle: {
      meta: spec('001 §4'),
      tags: ['form'],
      initial: 'editing',
      states: {
        editing: {
          meta: spec('001 §4'),
          on: {
            'card.change': { actions: { type: 'assignCard', params: ({ event }) => ({ values: event.values }) } },
            'card.submit': { target: 'checkingAttempt', actions: 'startAttempt' },
          },
        },
        checkingAttempt: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'readFailedAttempt',
            src: 'readFailedAttempt',
            onDone: [
              {
                guard: { type: 'hasCardFieldErrors', params: ({ event }) => ({ nowMs: event.output.nowMs }) },
                target: 'editing',
                actions: { type: 'assignClientFieldErrors', params: ({ event }) => ({ nowMs: event.output.nowMs }) },
              },
              {
                guard: { type: 'isBlockedRetry', params: ({ event }) => event.output },
                target: '#paymentPipeline.duplicateTransaction',
                actions: { type: 'assignLockoutFromRecord', params: ({ event }) => event.output },
              },
              { guard: { type: 'hasLapsedAttempt', params: ({ event }) => event.output }, target: 'forgettingAttempt' },
              // Another card during a lockout goes on; the remembered attempt stays until its lockout is over.
              { target: 'encrypting' },
            ],
            // The store could not be read: nothing is remembered (the provider's own duplicate window still holds).
            onError: { target: 'encrypting' },
          },
        },
        forgettingAttempt: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'forgetStaleAttempt',
            src: 'forgetFailedAttempt',
            onDone: { target: 'encrypting', actions: { type: 'assignRememberedAttempt', params: { record: null } } },
            onError: { target: 'encrypting' },
          },
        },
        clearingLockout: {
          meta: spec('001 §4'),
          tags: ['busy'],
          entry: 'endLockout',
          invoke: {
            id: 'forgetLockedAttempt',
            src: 'forgetFailedAttempt',
            ...eitherWay({ target: 'editing' }),
          },
        },
        encrypting: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'encryptCardData',
            src: 'encryptCardData',
            input: ({ context }) => ({ cardData: context.card }),
            onDone: [
              {
                guard: { type: 'hasOpaqueValue', params: ({ event }) => ({ result: event.output }) },
                target: '#paymentPipeline.cardDataEncryptComplete',
                actions: { type: 'assignOpaqueValue', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'editing', actions: { type: 'assignScriptErrors', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: 'editing', actions: { type: 'assignEncryptFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    cardDataEncryptComplete: {
      meta: spec('001 §4'),
      tags: ['form', 'busy'],
      initial: 'checkingProfileData',
      states: {
        checkingProfileData: {
          always: [
            { guard: 'isProfileUpdateOff', target: '#paymentPipeline.paymentProfileUpdateComplete' },
            { guard: 'lacksProfileData', target: '#paymentPipeline.error', actions: 'assignProfileDataFailure' },
            { target: 'updatingProfile' },
          ],
        },
        updatingProfile: {
          meta: spec('001 §4'),
          invoke: {
            id: 'updatePaymentProfile',
            src: 'updatePaymentProfile',
            input: ({ context }) => ({
              siteId: context.siteId ?? '',
              email: context.contact.email ?? '',
              opaqueValue: context.opaqueValue ?? { dataDescriptor: '', dataValue: '' },
              sfContactId: context.contact.contactId ?? '',
              firstName: context.contact.firstName ?? '',
              lastName: context.contact.lastName ?? '',
              address: context.contact.address ?? '',
              zip: context.card.zip.trim() || (context.contact.zip ?? ''),
              country: context.contact.country ?? 'US',
            }),
            onDone: [
              {
                guard: { type: 'isValidProfileResult', params: ({ event }) => ({ output: event.output }) },
                target: '#paymentPipeline.paymentProfileUpdateComplete',
                actions: { type: 'assignProfile', params: ({ event }) => ({ output: event.output }) },
              },
              { target: '#paymentPipeline.idle.editing', actions: 'assignProfileDataFailure' },
            ],
            onError: [
              {
                guard: { type: 'isCardRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#paymentPipeline.idle.editing',
                actions: { type: 'assignProfileRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'isContactNotFound', params: ({ event }) => ({ error: event.error }) },
                target: '#paymentPipeline.idle.editing',
                actions: 'assignContactNotFound',
              },
              { target: '#paymentPipeline.idle.editing', actions: { type: 'assignProfileUpdateFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    paymentProfileUpdateComplete: {
      meta: spec('001 §4'),
      tags: ['form'],
      initial: 'makingKey',
      states: {
        makingKey: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'createIdempotencyKey',
            src: 'createIdempotencyKey',
            onDone: { target: 'deciding', actions: { type: 'assignIdempotencyKey', params: ({ event }) => ({ key: event.output }) } },
            onError: { target: 'chargeFailed', actions: { type: 'assignChargeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deciding: {
          meta: spec('001 §4'),
          tags: ['busy'],
          always: [
            { guard: 'isChargingOff', target: '#paymentPipeline.paymentTransactionComplete', actions: 'assignChargeSkippedOff' },
            { guard: 'isNothingToCharge', target: '#paymentPipeline.paymentTransactionComplete', actions: 'assignChargeSkippedNothingDue' },
            { target: 'charging' },
          ],
        },
        charging: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'chargePayment',
            src: 'chargePayment',
            input: ({ context }) => ({
              siteId: context.siteId ?? '',
              idempotencyKey: context.idempotencyKey ?? '',
              itemId: context.paymentData?.amountDueItem ?? 'INITIAL_CONSULTATION',
              amount: context.paymentData?.amountDue ?? 0,
            }),
            onDone: [
              {
                guard: { type: 'isApproved', params: ({ event }) => ({ result: event.output }) },
                target: '#paymentPipeline.paymentTransactionComplete',
                actions: { type: 'assignApproved', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'isDuplicateAnswer', params: ({ event }) => ({ result: event.output }) },
                target: 'rememberingAttempt',
                actions: { type: 'assignDuplicateAnswer', params: ({ event }) => ({ result: event.output }) },
              },
              { target: '#paymentPipeline.idle.editing', actions: { type: 'assignDeclineAnswer', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: [
              // What is due changed meanwhile (paid in another tab, a new fee): the data is read again and the
              // customer sees the new amount (or that nothing is due) before anything is charged.
              { guard: { type: 'isStaleAmount', params: ({ event }) => ({ error: event.error }) }, target: '#paymentPipeline.acceptJsLoadComplete' },
              { target: 'chargeFailed', actions: { type: 'assignChargeFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        chargeFailed: {
          meta: spec('001 §4'),
          tags: ['retry'],
          on: {
            // The same key: if the first call reached the server, it answers that call's result and charges nothing.
            'payment.retry': [
              { guard: 'hasIdempotencyKey', target: 'charging', actions: 'clearFailure' },
              { target: 'makingKey', actions: 'clearFailure' },
            ],
          },
        },
        rememberingAttempt: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'rememberFailedAttempt',
            src: 'rememberFailedAttempt',
            input: ({ context }) => ({ fingerprint: context.fingerprint ?? '' }),
            onDone: {
              target: '#paymentPipeline.duplicateTransaction',
              actions: [{ type: 'assignRememberedAttempt', params: ({ event }) => ({ record: event.output }) }, 'assignFreshLockout'],
            },
            // Session storage refused: the lockout still holds for this page.
            onError: { target: '#paymentPipeline.duplicateTransaction', actions: 'assignFreshLockout' },
          },
        },
      },
    },
    duplicateTransaction: {
      meta: spec('001 §4', '001 §8'),
      tags: ['form'],
      // Scheduled once, from what is left of the lockout when it is entered; afterwards the attempt is forgotten.
      // The lockout lasts 120 000 ms, then the cached card data is cleared (spec 001 §8, §9).
      after: { duplicateLockout: { target: '#paymentPipeline.idle.clearingLockout', meta: spec('001 §8', '001 §9') } },
      initial: 'counting',
      states: {
        counting: {
          meta: spec('001 §4'),
          after: { countdownTick: { target: 'counting', reenter: true, actions: 'tickCountdown' } },
          on: {
            'card.change': { actions: { type: 'assignCard', params: ({ event }) => ({ values: event.values }) } },
            'card.submit': [
              // The identical retry is blocked: the wait message stays, and a toast says it again.
              { guard: 'isIdenticalToLocked', actions: 'notifyRetryBlocked', meta: spec('001 §8') },
              { target: '#paymentPipeline.idle.checkingAttempt', actions: 'startAttempt' },
            ],
          },
        },
      },
    },
    paymentTransactionComplete: {
      meta: spec('001 §4'),
      tags: ['form'],
      initial: 'creatingTask',
      states: {
        creatingTask: {
          meta: spec('001 §4'),
          tags: ['busy'],
          invoke: {
            id: 'createPaymentTask',
            src: 'createPaymentTask',
            input: ({ context }) => ({
              siteId: context.siteId ?? '',
              idempotencyKey: context.idempotencyKey ?? '',
              transactionId: context.transactionId,
            }),
            onDone: { target: '#paymentPipeline.paymentTaskComplete', actions: { type: 'assignTask', params: ({ event }) => ({ taskId: event.output.taskId }) } },
            onError: { target: 'taskFailed', actions: 'assignTaskFailure' },
          },
        },
        taskFailed: {
          meta: spec('001 §4'),
          tags: ['retry'],
          // selfOnboardCard is idempotent per key: a retry creates one task.
          on: { 'payment.retry': { target: 'creatingTask', actions: 'clearFailure' } },
        },
      },
    },
    paymentTaskComplete: {
      meta: spec('001 §4'),
      tags: ['form', 'busy'],
      initial: 'forgetting',
      states: {
        forgetting: {
          meta: spec('001 §4'),
          invoke: {
            id: 'forgetPaidAttempt',
            src: 'forgetFailedAttempt',
            ...eitherWay({ target: 'announcing' }),
          },
        },
        announcing: {
          always: [
            { guard: 'wasChargeSkipped', target: '#paymentPipeline.complete', actions: ['assignSaved', 'forgetCard', 'notifySaved'] },
            { target: '#paymentPipeline.complete', actions: ['assignPaid', 'forgetCard', 'notifyPaid'] },
          ],
        },
      },
    },
    complete: { meta: spec('001 §4'), type: 'final' },
    error: {
      meta: spec('001 §4'),
      tags: ['retry'],
      on: { 'payment.retry': { target: 'init', actions: 'clearFailure' } },
    },
  },
});

export type PaymentPipelineSnapshot = SnapshotFrom<typeof paymentPipelineMachine>;

/** What the payment form reads (src/app/billing/PaymentFormHost.tsx). */
export const paymentPipelineSelectors = {
  /** The spec's status: the top-level state. */
  status: (s: PaymentPipelineSnapshot): PaymentPipelineStatus => {
    const value = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
    return PAYMENT_PIPELINE_STATUSES.find((status) => status === value) ?? 'init';
  },
  formVisible: (s: PaymentPipelineSnapshot): boolean => s.hasTag('form'),
  busy: (s: PaymentPipelineSnapshot): boolean => s.hasTag('busy'),
  canRetry: (s: PaymentPipelineSnapshot): boolean => s.hasTag('retry'),
  card: (s: PaymentPipelineSnapshot): CardFormData => s.context.card,
  fieldErrors: (s: PaymentPipelineSnapshot): CardFieldErrors => s.context.fieldErrors,
  decline: (s: PaymentPipelineSnapshot): { code: string; text: string } | null => s.context.decline,
  failure: (s: PaymentPipelineSnapshot): PaymentFailure | null => s.context.failure,
  /** The lockout's countdown while an identical retry is blocked (null otherwise). */
  lockout: (s: PaymentPipelineSnapshot): { minutes: number; seconds: number } | null =>
    s.matches('duplicateTransaction') ? lockoutCountdown(s.context.lockoutRemainingMs) : null,
  chargeSkipped: (s: PaymentPipelineSnapshot): PaymentChargeSkipped | null => s.context.chargeSkipped,
  outcome: (s: PaymentPipelineSnapshot): PaymentOutcome | null => s.context.outcome,
  paymentData: (s: PaymentPipelineSnapshot): PaymentData | null => s.context.paymentData,
  amountDue: (s: PaymentPipelineSnapshot): number | null => s.context.paymentData?.amountDue ?? null,
  profileCardData: (s: PaymentPipelineSnapshot): ProfileCardData | null => s.context.profileCardData,
};
