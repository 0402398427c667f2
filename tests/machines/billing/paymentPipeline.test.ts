import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_BILLING_NOW_MS, SAMPLE_CARD, SAMPLE_CARD_FINGERPRINT, SAMPLE_MISTYPED_CARD, SAMPLE_OTHER_CARD, SAMPLE_PAID_UP_DATA, SAMPLE_PAYMENT_DATA, SAMPLE_PIPELINE_INPUT } from '../../../machines/billing/entries';
import { paymentPipelineMachine, paymentPipelineSelectors as select, type PaymentPipelineInput } from '../../../machines/billing/paymentPipeline.machine';
import type { CardFormData, ChargePaymentRequest, ChargeResult, EncryptResult, FailedPaymentAttempt, PaymentData, SelfOnboardCardRequest, UpdatePaymentProfileRequest } from '../../../machines/billing/ports';
import { billingRefusal, callableRefusal } from '../../support/callableFailures';
import { run, settle } from '../../support/machineTestKit';
import { pickEvents, runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('paymentPipeline');
if (!entry) throw new Error('paymentPipeline is not registered');

const flags = SAMPLE_PIPELINE_INPUT.flags;

describe('paymentPipeline model', () => {
  runModelPaths(entry, {
    variants: [
      { name: 'an unsupported site', input: { ...SAMPLE_PIPELINE_INPUT, siteId: 'ADMIN' }, events: (e) => pickEvents(e, ['payment.retry']) },
      {
        name: 'the payment form flag off',
        input: { ...SAMPLE_PIPELINE_INPUT, flags: { ...flags, paymentForm: false } },
        events: (e) => pickEvents(e, ['payment.retry']),
      },
      { name: 'production: profile update on, charging off', input: { ...SAMPLE_PIPELINE_INPUT, flags: { ...flags, charging: false } } },
      { name: 'the profile update flag off', input: { ...SAMPLE_PIPELINE_INPUT, flags: { ...flags, paymentProfileUpdate: false } } },
      { name: 'no existing payment data check', input: { ...SAMPLE_PIPELINE_INPUT, flags: { ...flags, existingPaymentDataCheck: false } } },
      {
        name: 'a contact without an email',
        input: { ...SAMPLE_PIPELINE_INPUT, contact: { ...SAMPLE_PIPELINE_INPUT.contact, email: null } },
      },
    ],
  });
});

// ------------------------------------------------------------------------------------------------ behaviour

const APPROVED: ChargeResult = {
  status: 'approved',
  transactionId: '60000000001',
  message: { code: '1', reasonCode: '1', text: 'This transaction has been approved.' },
  replayed: false,
};
const decline = (reasonCode: string, text: string, code = '2'): ChargeResult => ({
  status: code === '2' ? 'declined' : 'error',
  transactionId: null,
  message: { code, reasonCode, text },
  replayed: false,
});
const OPAQUE = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque-1' };

interface Script {
  loadScript?: () => Promise<void>;
  /** What each read of the payment data answers in turn (the last one again after that). */
  paymentData?: PaymentData | PaymentData[];
  encrypt?: (card: unknown) => Promise<EncryptResult>;
  profile?: (request: UpdatePaymentProfileRequest) => Promise<unknown>;
  charge?: (request: ChargePaymentRequest, call: number) => Promise<ChargeResult>;
  task?: (request: SelfOnboardCardRequest, call: number) => Promise<{ taskId: string }>;
  stored?: FailedPaymentAttempt | null;
}

/** The pipeline with a fake provider, fake callables and a fake session store; the clock starts at the samples' now. */
function pipeline(script: Script = {}, input: PaymentPipelineInput = SAMPLE_PIPELINE_INPUT) {
  const calls: string[] = [];
  const requests = { encrypt: [] as unknown[], profile: [] as UpdatePaymentProfileRequest[], charge: [] as ChargePaymentRequest[], task: [] as SelfOnboardCardRequest[] };
  const store = { record: script.stored ?? null };
  let keys = 0;
  let clockMs = SAMPLE_BILLING_NOW_MS;
  const machine = paymentPipelineMachine.provide({
    actors: {
      loadScript: fromPromise(async () => {
        calls.push('loadScript');
        await (script.loadScript ?? (() => Promise.resolve()))();
      }),
      loadPaymentData: fromPromise(async () => {
        calls.push('loadPaymentData');
        const answers = Array.isArray(script.paymentData) ? script.paymentData : [script.paymentData ?? SAMPLE_PAYMENT_DATA];
        return answers[Math.min(calls.filter((call) => call === 'loadPaymentData').length, answers.length) - 1] ?? SAMPLE_PAYMENT_DATA;
      }),
      readFailedAttempt: fromPromise(async () => ({ record: store.record, nowMs: clockMs })),
      rememberFailedAttempt: fromPromise<FailedPaymentAttempt, { fingerprint: string }>(async ({ input: request }) => {
        store.record = { fingerprint: request.fingerprint, failedAtMs: clockMs };
        return store.record;
      }),
      forgetFailedAttempt: fromPromise(async () => {
        store.record = null;
      }),
      encryptCardData: fromPromise<EncryptResult, { cardData: CardFormData }>(async ({ input: request }) => {
        calls.push('encrypt');
        requests.encrypt.push(request.cardData);
        return (script.encrypt ?? (() => Promise.resolve({ opaqueValue: OPAQUE })))(request.cardData);
      }),
      updatePaymentProfile: fromPromise<{ ok: true; profileCardData: { cardType: string; cardNumber: string } }, UpdatePaymentProfileRequest>(
        async ({ input: request }) => {
          calls.push('updatePaymentProfile');
          requests.profile.push(request);
          const answer = await (script.profile ?? (() => Promise.resolve({ ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } })))(request);
          return answer as { ok: true; profileCardData: { cardType: string; cardNumber: string } };
        },
      ),
      createIdempotencyKey: fromPromise(async () => {
        keys += 1;
        return `00000000-0000-4000-8000-00000000000${keys}`;
      }),
      chargePayment: fromPromise<ChargeResult, ChargePaymentRequest>(async ({ input: request }) => {
        calls.push('chargePayment');
        requests.charge.push(request);
        return (script.charge ?? (() => Promise.resolve(APPROVED)))(request, requests.charge.length);
      }),
      createPaymentTask: fromPromise<{ taskId: string }, SelfOnboardCardRequest>(async ({ input: request }) => {
        calls.push('createPaymentTask');
        requests.task.push(request);
        return (script.task ?? (() => Promise.resolve({ taskId: '00T000000000001' })))(request, requests.task.length);
      }),
    },
  });
  const running = run(machine, input);
  return {
    ...running,
    calls,
    requests,
    store,
    s: () => running.actor.getSnapshot(),
    async send(event: Parameters<typeof running.actor.send>[0]) {
      running.actor.send(event);
      await settle();
    },
    async pay(card = SAMPLE_CARD) {
      running.actor.send({ type: 'card.change', values: card });
      running.actor.send({ type: 'card.submit' });
      await settle();
    },
    /** Time passing as it does in the browser: a second at a time (each countdown tick fires). */
    async wait(ms: number) {
      for (let passed = 0; passed < ms; passed += 1_000) {
        const step = Math.min(1_000, ms - passed);
        clockMs += step;
        await running.advance(step);
      }
    },
    notices: () => running.emitted.filter((e) => e.type === 'notify').map(({ level, key, values }) => ({ level, key, values })),
  };
}

describe('paying what is due (spec 001 §4 Payment flow)', () => {
  it('loads the script and the payment data, then waits for the card in idle', async () => {
    const p = pipeline();
    await settle();
    expect([select.status(p.s()), select.formVisible(p.s()), select.amountDue(p.s()), p.calls]).toEqual(['idle', true, 9_900, ['loadScript', 'loadPaymentData']]);
  });

  it('saves the card from the opaque value, charges the amount due once with a key, creates the task with that key, and completes', async () => {
    const p = pipeline();
    await settle();
    await p.pay();
    expect(p.calls).toEqual(['loadScript', 'loadPaymentData', 'encrypt', 'updatePaymentProfile', 'chargePayment', 'createPaymentTask']);
    expect(p.requests.encrypt).toEqual([SAMPLE_CARD]);
    expect(p.requests.profile).toEqual([
      {
        siteId: 'APP',
        email: 'payment.suspended@demo.test',
        opaqueValue: OPAQUE,
        sfContactId: '003DEMO0000PAYSUS',
        firstName: 'Dana',
        lastName: 'Whitfield',
        address: '410 W Main St',
        zip: '83702',
        country: 'US',
      },
    ]);
    const key = '00000000-0000-4000-8000-000000000001';
    expect(p.requests.charge).toEqual([{ siteId: 'APP', idempotencyKey: key, itemId: 'RECURRING_FEE', amount: 9_900 }]);
    expect(p.requests.task).toEqual([{ siteId: 'APP', idempotencyKey: key, transactionId: '60000000001' }]);
    expect([select.status(p.s()), select.outcome(p.s()), select.card(p.s()).cardNumber, p.notices()]).toEqual([
      'complete',
      'paid',
      '',
      [{ level: 'success', key: 'payment.toast.paid', values: undefined }],
    ]);
  });

  it('sends no card number, security code or expiry to any callable', async () => {
    const p = pipeline();
    await settle();
    await p.pay();
    const sent = JSON.stringify([p.requests.profile, p.requests.charge, p.requests.task]);
    expect([sent.includes('4111'), sent.includes('"123"'), sent.includes('2028'), /cardNumber|cardCode|month|year/.test(sent)]).toEqual([false, false, false, false]);
  });

  it('ignores a second Pay while the first is running: one encryption, one charge', async () => {
    let release: (answer: ChargeResult) => void = () => undefined;
    const p = pipeline({ charge: () => new Promise((resolve) => (release = resolve)) });
    await settle();
    await p.pay();
    expect([select.busy(p.s()), p.s().can({ type: 'card.submit' })]).toEqual([true, false]);
    await p.send({ type: 'card.submit' });
    await p.send({ type: 'card.submit' });
    release(APPROVED);
    await settle();
    expect([p.requests.encrypt.length, p.requests.charge.length, p.requests.task.length, select.status(p.s())]).toEqual([1, 1, 1, 'complete']);
  });

  it('retries a charge that failed on the network with the same idempotency key', async () => {
    const p = pipeline({ charge: (_, call) => (call === 1 ? Promise.reject({ code: 'unavailable' }) : Promise.resolve({ ...APPROVED, replayed: true })) });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s()), select.canRetry(p.s())]).toEqual([
      'paymentProfileUpdateComplete',
      { key: 'payment.errors.charge', message: null },
      true,
    ]);
    await p.send({ type: 'payment.retry' });
    const keys = p.requests.charge.map((request) => request.idempotencyKey);
    expect([keys.length, new Set(keys).size, p.requests.encrypt.length, p.requests.profile.length, select.status(p.s())]).toEqual([2, 1, 1, 1, 'complete']);
  });

  it('says the last attempt is still being confirmed when the server is reconciling a lost answer, and the retry keeps the key', async () => {
    const p = pipeline({
      charge: (_, call) =>
        call === 1 ? Promise.reject(billingRefusal('chargeResultBeingChecked')) : Promise.resolve({ ...APPROVED, replayed: true }),
    });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s()), select.canRetry(p.s())]).toEqual([
      'paymentProfileUpdateComplete',
      { key: 'payment.errors.charge-being-checked', message: null },
      true,
    ]);
    await p.send({ type: 'payment.retry' });
    const keys = p.requests.charge.map((request) => request.idempotencyKey);
    expect([keys.length, new Set(keys).size, select.status(p.s())]).toEqual([2, 1, 'complete']);
  });

  it('says the same while another attempt holds the charge lock', async () => {
    const p = pipeline({ charge: () => Promise.reject(billingRefusal('chargeInProgress')) });
    await settle();
    await p.pay();
    expect(select.failure(p.s())).toEqual({ key: 'payment.errors.charge-being-checked', message: null });
  });

  it.each(['nothingDue', 'amountMismatch'] as const)('reads the payment data again when the server says the amount due changed (%s), and charges nothing more', async (refusal) => {
    // Paid meanwhile in another tab: the second read finds nothing due.
    const p = pipeline({
      paymentData: [SAMPLE_PAYMENT_DATA, SAMPLE_PAID_UP_DATA],
      charge: () => Promise.reject(billingRefusal(refusal)),
    });
    await settle();
    await p.pay();
    expect([p.calls.filter((call) => call === 'loadPaymentData').length, p.requests.charge.length, select.status(p.s()), select.outcome(p.s())]).toEqual([
      2,
      1,
      'complete',
      'nothing-due',
    ]);
  });

  it('with charging off (production) saves the card and creates the task for staff, saying the charge was skipped', async () => {
    const p = pipeline({}, { ...SAMPLE_PIPELINE_INPUT, flags: { ...SAMPLE_PIPELINE_INPUT.flags, charging: false } });
    await settle();
    await p.pay();
    expect([p.calls.includes('chargePayment'), p.requests.task[0]?.transactionId, select.chargeSkipped(p.s()), select.outcome(p.s()), p.notices()]).toEqual([
      false,
      null,
      'charging-off',
      'saved',
      [{ level: 'success', key: 'payment.toast.saved', values: undefined }],
    ]);
  });

  it('with the profile update flag off goes straight to the charge', async () => {
    const p = pipeline({}, { ...SAMPLE_PIPELINE_INPUT, flags: { ...SAMPLE_PIPELINE_INPUT.flags, paymentProfileUpdate: false } });
    await settle();
    await p.pay();
    expect([p.calls.includes('updatePaymentProfile'), p.requests.charge.length, select.status(p.s())]).toEqual([false, 1, 'complete']);
  });

  it('completes at once when nothing is due (existing payment data check), showing no form', async () => {
    const p = pipeline({ paymentData: SAMPLE_PAID_UP_DATA });
    await settle();
    expect([select.status(p.s()), select.outcome(p.s()), select.formVisible(p.s())]).toEqual(['complete', 'nothing-due', false]);
  });
});

describe('what stops the pipeline (spec 001 §5, §8)', () => {
  it('refuses an unsupported site id before loading anything', async () => {
    const p = pipeline({}, { ...SAMPLE_PIPELINE_INPUT, siteId: 'ADMIN' });
    await settle();
    expect([select.status(p.s()), select.failure(p.s()), p.calls]).toEqual(['error', { key: 'payment.errors.unsupported-site', message: null }, []]);
  });

  it('says the script did not load, and Retry loads it again', async () => {
    let attempts = 0;
    const p = pipeline({ loadScript: () => (++attempts === 1 ? Promise.reject({ code: 'script-load-error' }) : Promise.resolve()) });
    await settle();
    expect([select.status(p.s()), select.failure(p.s())?.key]).toEqual(['error', 'payment.errors.script-load']);
    await p.send({ type: 'payment.retry' });
    expect([select.status(p.s()), select.failure(p.s()), attempts]).toEqual(['idle', null, 2]);
  });

  it('refuses a contact without an email or contact id (profile data invalid), charging nothing', async () => {
    const p = pipeline({}, { ...SAMPLE_PIPELINE_INPUT, contact: { ...SAMPLE_PIPELINE_INPUT.contact, contactId: null } });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s())?.key, p.calls.includes('updatePaymentProfile'), p.calls.includes('chargePayment')]).toEqual([
      'error',
      'payment.errors.profile-data-invalid',
      false,
      false,
    ]);
  });
});

describe('card errors land on their fields (spec 001 §5, spec 000 §5)', () => {
  it('shows a mistyped number on the card number field before anything is sent', async () => {
    const p = pipeline();
    await settle();
    await p.pay(SAMPLE_MISTYPED_CARD);
    expect([select.status(p.s()), select.fieldErrors(p.s()), p.calls.includes('encrypt')]).toEqual(['idle', { cardNumber: { code: 'E_WC_05', text: null } }, false]);
  });

  it('clears a field’s error when the field changes', async () => {
    const p = pipeline();
    await settle();
    await p.pay({ ...SAMPLE_CARD, month: '13' });
    expect(select.fieldErrors(p.s())).toEqual({ month: { code: 'E_WC_06', text: null } });
    await p.send({ type: 'card.change', values: { month: '12' } });
    expect(select.fieldErrors(p.s())).toEqual({});
  });

  it('puts the script’s E_WC errors on their fields', async () => {
    const p = pipeline({
      encrypt: () =>
        Promise.resolve({ errors: [{ code: 'E_WC_15', text: 'Please provide valid CVV.' }, { code: 'E_WC_17', text: 'Please provide valid card holder name.' }] }),
    });
    await settle();
    await p.pay();
    expect(select.fieldErrors(p.s())).toEqual({
      cardCode: { code: 'E_WC_15', text: 'Please provide valid CVV.' },
      fullName: { code: 'E_WC_17', text: 'Please provide valid card holder name.' },
    });
  });

  it('names each encryption failure: script not loaded, no data, caught', async () => {
    for (const [code, key] of [
      ['script-not-loaded', 'payment.errors.script-not-loaded'],
      ['encrypt-no-data', 'payment.errors.encrypt-no-data'],
      ['TypeError', 'payment.errors.encrypt-caught'],
    ] as const) {
      const p = pipeline({ encrypt: () => Promise.reject({ code }) });
      await settle();
      await p.pay();
      expect([select.status(p.s()), select.failure(p.s())], code).toEqual(['idle', { key, message: null }]);
    }
  });

  it('maps charge declines: 65 to the security code, 17 to the card number, 27 as the provider’s decline text', async () => {
    const answers = [
      [decline('65', 'The transaction has been declined because of a card code mismatch.'), { cardCode: { code: '65', text: 'The transaction has been declined because of a card code mismatch.' } }, null],
      [decline('17', 'The merchant does not accept this type of credit card.', '3'), { cardNumber: { code: '17', text: 'The merchant does not accept this type of credit card.' } }, null],
      [decline('8', 'The credit card has expired.', '3'), { expirationDate: { code: '8', text: 'The credit card has expired.' } }, null],
      [decline('27', 'The transaction has been declined because of an AVS mismatch.'), {}, { code: '27', text: 'The transaction has been declined because of an AVS mismatch.' }],
    ] as const;
    for (const [answer, fieldErrors, formDecline] of answers) {
      const p = pipeline({ charge: () => Promise.resolve(answer) });
      await settle();
      await p.pay();
      expect([select.status(p.s()), select.fieldErrors(p.s()), select.decline(p.s()), p.calls.includes('createPaymentTask')]).toEqual([
        'idle',
        fieldErrors,
        formDecline,
        false,
      ]);
    }
  });

  it('makes a new idempotency key for the attempt after a decline', async () => {
    const p = pipeline({ charge: (_, call) => Promise.resolve(call === 1 ? decline('27', 'AVS mismatch') : APPROVED) });
    await settle();
    await p.pay();
    await p.pay({ ...SAMPLE_CARD, zip: '83703' });
    const [first, second] = p.requests.charge.map((request) => request.idempotencyKey);
    expect([first === second, select.status(p.s())]).toEqual([false, 'complete']);
  });

  it('profile update: a server details message replaces the text (a code does not); Contact not found; reason 17 on the card number', async () => {
    const cases = [
      [callableRefusal('internal', 'internal', { reference: 'ab12cd34' }), { key: 'errors.payment.profile-update-error', message: null }, {}],
      [billingRefusal('opaqueValueInvalid'), { key: 'errors.payment.profile-update-error', message: null }, {}],
      [callableRefusal('failed-precondition', 'Billing address rejected.'), { key: 'errors.payment.profile-update-error', message: 'Billing address rejected.' }, {}],
      [billingRefusal('contactNotFound'), { key: 'errors.payment.contact-not-found', message: null }, {}],
      [
        callableRefusal('failed-precondition', 'card-refused', { message: 'The merchant does not accept this type of credit card.', reasonCode: 17 }),
        null,
        { cardNumber: { code: '17', text: 'The merchant does not accept this type of credit card.' } },
      ],
    ] as const;
    for (const [error, failure, fieldErrors] of cases) {
      const p = pipeline({ profile: () => Promise.reject(error) });
      await settle();
      await p.pay();
      expect([select.status(p.s()), select.failure(p.s()), select.fieldErrors(p.s()), p.calls.includes('chargePayment')]).toEqual(['idle', failure, fieldErrors, false]);
    }
  });

  it('a card gateway that fails or times out on the profile update says error updating payment profile, charges nothing, and Pay saves the card on the next try', async () => {
    // functions/src/billing/profile.ts: E00001 or a timeout of the gateway is 'unavailable' with the profile key.
    const unavailable = callableRefusal('unavailable', 'card-gateway-unavailable', { key: 'errors.payment.profile-update-error' });
    let attempts = 0;
    const p = pipeline({
      profile: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(unavailable) : Promise.resolve({ ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } });
      },
    });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s()), p.calls.includes('chargePayment')]).toEqual([
      'idle',
      { key: 'errors.payment.profile-update-error', message: null },
      false,
    ]);
    await p.pay();
    expect([select.status(p.s()), p.requests.profile.length, p.calls.filter((call) => call === 'chargePayment').length]).toEqual(['complete', 2, 1]);
  });

  it('profile update answering without the saved card says profile data invalid and charges nothing', async () => {
    const p = pipeline({ profile: () => Promise.resolve(undefined) });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s())?.key, p.calls.includes('chargePayment')]).toEqual(['idle', 'payment.errors.profile-data-invalid', false]);
  });

  it('a failed task creation says error creating payment task (a refusal’s reason such as unknown-transaction is not shown) and Retry creates it with the same key', async () => {
    const p = pipeline({ task: (_, call) => (call === 1 ? Promise.reject(callableRefusal('failed-precondition', 'unknown-transaction')) : Promise.resolve({ taskId: '00T2' })) });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.failure(p.s())]).toEqual(['paymentTransactionComplete', { key: 'errors.payment.task-error', message: null }]);
    await p.send({ type: 'payment.retry' });
    expect([p.requests.task.map((t) => t.idempotencyKey), p.requests.charge.length, select.status(p.s())]).toEqual([
      ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'],
      1,
      'complete',
    ]);
  });
});

describe('the duplicate-transaction lockout (spec 001 §4, §8, §9)', () => {
  const declined = decline('2', 'This transaction has been declined.');

  it('a decline (reason 2) remembers only the fingerprint and starts a 2-minute countdown that ticks each second', async () => {
    const p = pipeline({ charge: () => Promise.resolve(declined) });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.lockout(p.s()), p.store.record]).toEqual([
      'duplicateTransaction',
      { minutes: 2, seconds: 0 },
      { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS },
    ]);
    await p.wait(1_000);
    expect(select.lockout(p.s())).toEqual({ minutes: 1, seconds: 59 });
    await p.wait(60_000);
    expect(select.lockout(p.s())).toEqual({ minutes: 0, seconds: 59 });
  });

  it('reason 11 and the duplicate text start it too', async () => {
    for (const answer of [decline('11', 'A duplicate transaction has been submitted.', '3'), decline('', 'A duplicate transaction has been submitted.', '3')]) {
      const p = pipeline({ charge: () => Promise.resolve(answer) });
      await settle();
      await p.pay();
      expect(select.status(p.s())).toBe('duplicateTransaction');
    }
  });

  it('blocks the identical retry with the wait message, sending nothing', async () => {
    const p = pipeline({ charge: () => Promise.resolve(declined) });
    await settle();
    await p.pay();
    await p.wait(30_000);
    await p.pay();
    expect([select.status(p.s()), p.requests.encrypt.length, p.requests.charge.length, p.notices()]).toEqual([
      'duplicateTransaction',
      1,
      1,
      [{ level: 'warning', key: 'errors.payment.duplicate-lockout', values: { minutes: 1, seconds: 30 } }],
    ]);
  });

  it('lets another card through during the lockout', async () => {
    const p = pipeline({ charge: (_, call) => Promise.resolve(call === 1 ? declined : APPROVED) });
    await settle();
    await p.pay();
    await p.pay(SAMPLE_OTHER_CARD);
    expect([p.requests.charge.length, select.status(p.s()), p.store.record]).toEqual([2, 'complete', null]);
  });

  it('keeps the remembered attempt while another card is tried during the lockout: the first card stays blocked', async () => {
    const p = pipeline({ charge: (_, call) => Promise.resolve(call === 1 ? declined : decline('27', 'The transaction has been declined because of an AVS mismatch.')) });
    await settle();
    await p.pay();
    await p.pay(SAMPLE_OTHER_CARD);
    expect([select.status(p.s()), p.store.record?.fingerprint, p.requests.charge.length]).toEqual(['idle', SAMPLE_CARD_FINGERPRINT, 2]);
    await p.pay();
    expect([select.status(p.s()), p.requests.encrypt.length, p.requests.charge.length]).toEqual(['duplicateTransaction', 2, 2]);
  });

  it('clears the remembered attempt after 120 000 ms, and the same card may be tried again', async () => {
    const p = pipeline({ charge: (_, call) => Promise.resolve(call === 1 ? declined : APPROVED) });
    await settle();
    await p.pay();
    await p.wait(119_000);
    expect([select.status(p.s()), p.store.record === null]).toEqual(['duplicateTransaction', false]);
    await p.wait(1_000);
    expect([select.status(p.s()), select.lockout(p.s()), p.store.record]).toEqual(['idle', null, null]);
    await p.pay();
    expect([p.requests.charge.length, select.status(p.s())]).toEqual([2, 'complete']);
  });

  it('after a reload, blocks the identical retry for what is left of the lockout', async () => {
    const p = pipeline({ stored: { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS - 30_000 } });
    await settle();
    await p.pay();
    expect([select.status(p.s()), select.lockout(p.s()), p.calls.includes('encrypt')]).toEqual(['duplicateTransaction', { minutes: 1, seconds: 30 }, false]);
    await p.wait(90_000);
    expect([select.status(p.s()), p.store.record]).toEqual(['idle', null]);
  });

  it('clears a remembered attempt whose lockout is over, and pays', async () => {
    const p = pipeline({ stored: { fingerprint: SAMPLE_CARD_FINGERPRINT, failedAtMs: SAMPLE_BILLING_NOW_MS - 300_000 } });
    await settle();
    await p.pay();
    expect([select.status(p.s()), p.store.record, p.requests.charge.length]).toEqual(['complete', null, 1]);
  });
});
