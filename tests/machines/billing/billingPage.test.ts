import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { billingPageMachine, billingPageSelectors as select } from '../../../machines/billing/billingPage.machine';
import { SAMPLE_ACTIVE_PAYMENT_DATA, SAMPLE_BILLING_COACH, SAMPLE_BILLING_PAGE_INPUT, SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';
import type { PaymentData } from '../../../machines/billing/ports';
import type { SecurePageRequest } from '../../../src/domain/payments';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('billingPage');
if (!entry) throw new Error('billingPage is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach session', input: { ...SAMPLE_BILLING_PAGE_INPUT, actor: SAMPLE_BILLING_COACH } }] });

interface Script {
  loads?: Array<PaymentData | Error>;
  secureUrl?: () => Promise<{ url: string }>;
  contract?: () => Promise<'opened' | 'not-found'>;
}

function page(script: Script = {}, input = SAMPLE_BILLING_PAGE_INPUT) {
  const log: string[] = [];
  const loads = [...(script.loads ?? [SAMPLE_ACTIVE_PAYMENT_DATA])];
  const machine = billingPageMachine.provide({
    actors: {
      loadPaymentData: fromPromise(async () => {
        log.push('getContactPaymentData');
        const next = loads.length > 1 ? loads.shift() : loads[0];
        if (next instanceof Error || next === undefined) throw { code: 'unavailable' };
        return next;
      }),
      getSecureUrl: fromPromise<{ url: string }, { request: SecurePageRequest; returnPath: string }>(async ({ input: request }) => {
        log.push(`getSecureSFURL:${request.request}:${request.returnPath}`);
        return (script.secureUrl ?? (() => Promise.resolve({ url: 'https://secure.example/pay?token=t1' })))();
      }),
      goToSecurePage: fromPromise<void, { url: string }>(async ({ input: request }) => {
        log.push(`assign:${request.url}`);
      }),
      openContract: fromPromise(async () => {
        log.push('openContract');
        return (script.contract ?? (() => Promise.resolve('opened' as const)))();
      }),
    },
  });
  const running = run(machine, input);
  return {
    ...running,
    log,
    s: () => running.actor.getSnapshot(),
    async send(event: Parameters<typeof running.actor.send>[0]) {
      running.actor.send(event);
      await settle();
    },
    notices: () => running.emitted.map((e) => (e.type === 'notify' ? `${String(e.level)}:${String(e.key)}` : `navigate:${String(e.to)}:${String(e.replace)}`)),
  };
}

describe('the billing page (spec 001 §2 Billing)', () => {
  it('loads the payment data, and loads it again when the window regains focus', async () => {
    const p = page({ loads: [SAMPLE_ACTIVE_PAYMENT_DATA, SAMPLE_PAYMENT_DATA] });
    expect(select.loading(p.s())).toBe(true);
    await settle();
    expect([select.loading(p.s()), select.data(p.s())?.subscriptionStatus]).toEqual([false, 'Active']);
    await p.send({ type: 'window.focused' });
    expect([p.log, select.data(p.s())?.subscriptionStatus]).toEqual([['getContactPaymentData', 'getContactPaymentData'], 'Suspended']);
  });

  it('keeps what it showed when a reload fails, and a failed first load is retried', async () => {
    const p = page({ loads: [SAMPLE_ACTIVE_PAYMENT_DATA, new Error('offline'), SAMPLE_ACTIVE_PAYMENT_DATA] });
    await settle();
    await p.send({ type: 'data.reload' });
    expect([select.loadFailed(p.s()), select.data(p.s())?.subscriptionStatus]).toEqual([false, 'Active']);

    const q = page({ loads: [new Error('offline'), SAMPLE_ACTIVE_PAYMENT_DATA] });
    await settle();
    expect(select.loadFailed(q.s())).toBe(true);
    await q.send({ type: 'load.retry' });
    expect([select.loadFailed(q.s()), select.data(q.s())?.subscriptionStatus]).toEqual([false, 'Active']);
  });

  it('opens a secure page: asks for its URL with the page to return to, then the browser goes there', async () => {
    const p = page();
    await settle();
    p.actor.send({ type: 'secure.open', request: 'getSecureProcessPaymentURL' });
    expect(select.openingSecurePage(p.s())).toBe('getSecureProcessPaymentURL');
    await settle();
    expect(p.log.slice(1)).toEqual(['getSecureSFURL:getSecureProcessPaymentURL:/settings/billing', 'assign:https://secure.example/pay?token=t1']);
    expect(select.openingSecurePage(p.s())).toBe('getSecureProcessPaymentURL');
    // Back from the secure page through Back (the page kept in memory): the buttons work again.
    await p.send({ type: 'window.focused' });
    expect(select.openingSecurePage(p.s())).toBeNull();
  });

  it('says so when the secure page cannot be opened', async () => {
    const p = page({ secureUrl: () => Promise.reject({ code: 'unavailable' }) });
    await settle();
    await p.send({ type: 'secure.open', request: 'getSecureBillingInformationURL' });
    expect([select.secureFailed(p.s()), select.openingSecurePage(p.s()), p.log.some((line) => line.startsWith('assign:'))]).toEqual([true, null, false]);
  });

  it('says the secure page’s answer once and takes it off the address', async () => {
    const p = page();
    await settle();
    await p.send({ type: 'route.changed', path: '/settings/billing', search: '?secure=updated' });
    await p.send({ type: 'route.changed', path: '/settings/billing', search: '?secure=paid' });
    await p.send({ type: 'route.changed', path: '/settings/billing', search: '?secure=cancelled' });
    await p.send({ type: 'route.changed', path: '/settings/billing', search: '' });
    expect(p.notices()).toEqual([
      'success:page.toast.card-updated',
      'navigate:/settings/billing:true',
      'success:page.toast.paid',
      'navigate:/settings/billing:true',
      'navigate:/settings/billing:true',
    ]);
  });

  it('opens the contract in a new window; a missing contract opens the contract-not-found dialog until closed', async () => {
    const p = page({ contract: () => Promise.resolve('not-found') });
    await settle();
    p.actor.send({ type: 'contract.open' });
    expect(select.contractOpening(p.s())).toBe(true);
    await settle();
    expect([select.contractOpening(p.s()), select.contractMissing(p.s())]).toEqual([false, true]);
    await p.send({ type: 'contract.dialogClose' });
    expect(select.contractMissing(p.s())).toBe(false);

    const q = page();
    await settle();
    await q.send({ type: 'contract.open' });
    expect([q.log.includes('openContract'), select.contractMissing(q.s()), q.notices()]).toEqual([true, false, []]);
  });

  it('a contract that fails to open says general-error', async () => {
    const p = page({ contract: () => Promise.reject({ code: 'unavailable' }) });
    await settle();
    await p.send({ type: 'contract.open' });
    expect([select.contractMissing(p.s()), p.notices()]).toEqual([false, ['error:errors.general-error']]);
  });

  it('refuses a coach session before any call', async () => {
    const p = page({}, { ...SAMPLE_BILLING_PAGE_INPUT, actor: SAMPLE_BILLING_COACH });
    await settle();
    await p.send({ type: 'secure.open', request: 'getSecureBillingInformationURL' });
    await p.send({ type: 'contract.open' });
    expect([p.log, p.notices()]).toEqual([['getContactPaymentData'], ['warning:coach.toast.not-permitted', 'warning:coach.toast.not-permitted']]);
  });
});
