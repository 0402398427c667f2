import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { cancellationRequestMachine, cancellationRequestSelectors as select, type CancellationRequestInput } from '../../../machines/billing/cancellationRequest.machine';
import { SAMPLE_BILLING_COACH, SAMPLE_CANCELLATION_INPUT } from '../../../machines/billing/entries';
import { callableRefusal } from '../../support/callableFailures';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('cancellationRequest');
if (!entry) throw new Error('cancellationRequest is not registered');

runModelPaths(entry, {
  variants: [
    { name: 'a customer outside California', input: { ...SAMPLE_CANCELLATION_INPUT, mailingStateCode: 'ID' } },
    { name: 'a request made before', input: { ...SAMPLE_CANCELLATION_INPUT, status: 'in-progress' } },
    { name: 'a coach session', input: { ...SAMPLE_CANCELLATION_INPUT, actor: SAMPLE_BILLING_COACH } },
  ],
});

function cancellation(answer: () => Promise<{ result: 'success' }>, input: CancellationRequestInput = SAMPLE_CANCELLATION_INPUT) {
  const log: string[] = [];
  const machine = cancellationRequestMachine.provide({
    actors: {
      requestCancellation: fromPromise(async () => {
        log.push('requestCancellation');
        return answer();
      }),
      refreshPaymentData: fromPromise(async () => {
        log.push('refreshPaymentData');
      }),
    },
  });
  const running = run(machine, input);
  return {
    log,
    view: () => select.view(running.actor.getSnapshot()),
    async request() {
      running.actor.send({ type: 'cancellation.request' });
      await settle();
    },
    notices: () => running.emitted.filter((e) => e.type === 'notify').map((e) => `${String(e.level)}:${String(e.key)}`),
    reports: () => running.emitted.filter((e) => e.type === 'report').map((e) => e.report),
  };
}

const success = () => Promise.resolve({ result: 'success' as const });
// requestCancellation's refusals as the server throws them (failed-precondition, named by the message) and `call` maps them.
const refusal = (message: string) => () => Promise.reject(callableRefusal('failed-precondition', message));

describe('the cancellation request (spec 001 §4 Cancellation request results, §8, §9)', () => {
  it('is offered in California only', () => {
    expect([
      cancellation(success).view(),
      cancellation(success, { ...SAMPLE_CANCELLATION_INPUT, mailingStateCode: ' ca ' }).view(),
      cancellation(success, { ...SAMPLE_CANCELLATION_INPUT, mailingStateCode: 'ID' }).view(),
      cancellation(success, { ...SAMPLE_CANCELLATION_INPUT, mailingStateCode: null }).view(),
    ]).toEqual(['available', 'available', 'hidden', 'hidden']);
  });

  it('a request that succeeds says so and shows the processed message in place of the button', async () => {
    const c = cancellation(success);
    await c.request();
    expect([c.view(), c.notices(), c.log]).toEqual(['processed', ['success:cancellation.toast.requested'], ['requestCancellation']]);
  });

  it('in progress is a success toast, not an error', async () => {
    const c = cancellation(refusal('in-progress'));
    await c.request();
    expect([c.view(), c.notices(), c.log]).toEqual(['processed', ['success:cancellation.toast.in-progress'], ['requestCancellation']]);
  });

  it('already complete is a success toast, then the payment data refreshes', async () => {
    const c = cancellation(refusal('already-complete'));
    await c.request();
    expect([c.view(), c.notices(), c.log]).toEqual(['processed', ['success:cancellation.toast.already-complete'], ['requestCancellation', 'refreshPaymentData']]);
  });

  it('anything else says request-cancellation-error and the button stays', async () => {
    for (const answer of [refusal('not-eligible'), () => Promise.reject({ code: 'unavailable' })]) {
      const c = cancellation(answer);
      await c.request();
      expect([c.view(), c.notices()]).toEqual(['available', ['error:errors.request-cancellation-error']]);
    }
  });

  it('reports anything else to the app’s error reporting, never in-progress or already-complete', async () => {
    const reported = async (answer: () => Promise<{ result: 'success' }>) => {
      const c = cancellation(answer);
      await c.request();
      return c.reports();
    };
    expect([
      await reported(refusal('not-eligible')),
      await reported(() => Promise.reject({ code: 'unavailable' })),
      await reported(refusal('in-progress')),
      await reported(refusal('already-complete')),
      await reported(success),
    ]).toEqual([
      [{ message: 'request-cancellation-error', extra: { code: 'not-eligible' } }],
      [{ message: 'request-cancellation-error', extra: { code: 'unavailable' } }],
      [],
      [],
      [],
    ]);
  });

  it('shows the processed message at once when a request was made before', () => {
    expect(cancellation(success, { ...SAMPLE_CANCELLATION_INPUT, status: 'complete' }).view()).toBe('processed');
  });

  it('refuses a coach session before any call', async () => {
    const c = cancellation(success, { ...SAMPLE_CANCELLATION_INPUT, actor: SAMPLE_BILLING_COACH });
    await c.request();
    expect([c.view(), c.log, c.notices()]).toEqual(['available', [], ['warning:coach.toast.not-permitted']]);
  });
});
