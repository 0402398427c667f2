import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { contractMachine, contractSelectors } from '../../../machines/onboarding/contract.machine';
import type { OnboardingPrices, SigningUrlReadEvent } from '../../../machines/onboarding/ports';
import { machineEntry } from '../../../machines/index';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('contract');
if (!entry) throw new Error('contract is not registered');
runModelPaths(entry, {
  variants: [{ name: 'a coach who may not sign', input: { permitted: false }, events: (registered) => registered }],
});

const URL = 'https://esign.example/sign?agreement=1';

/** A contract machine whose signing-address read is driven by the test (`read`), counting the reads started. */
function contract(permitted: boolean, loadPrices: () => Promise<OnboardingPrices> = () => new Promise(() => undefined)) {
  let sendRead: ((event: SigningUrlReadEvent) => void) | null = null;
  let reads = 0;
  const machine = contractMachine.provide({
    actors: {
      loadPrices: fromPromise(loadPrices),
      watchSigningUrl: fromCallback(({ sendBack }) => {
        reads += 1;
        sendRead = sendBack;
        return () => {
          sendRead = null;
        };
      }),
    },
  });
  const running = run(machine, { permitted });
  running.actor.send({ type: 'route.changed', path: '/sign-up/contract', search: '?from=email' });
  return {
    ...running,
    reads: () => reads,
    read: (data: { url: string } | null, failed = false) => sendRead?.({ type: 'signingUrl.read', read: { data, failed } }),
    status: () => contractSelectors.status(running.actor.getSnapshot()),
    prices: () => contractSelectors.prices(running.actor.getSnapshot()),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('contract (spec 000 §2.3 gate 3, spec 002 §6)', () => {
  it('keeps the sign button loading until the signing address is read, then opens it and goes to contract-complete', () => {
    const { actor, emitted, read, status } = contract(true);
    expect(status()).toBe('loading');
    actor.send({ type: 'contract.sign' });
    expect(emitted).toEqual([]);
    read({ url: URL });
    expect(status()).toBe('ready');
    actor.send({ type: 'contract.sign' });
    expect(emitted).toEqual([
      { type: 'signingPage.open', url: URL },
      { type: 'navigate', to: '/sign-up/contract-complete?from=email' },
    ]);
  });

  it('shows the failed read, reads again on Try again and shows the address it then gets', () => {
    const { actor, read, reads, status } = contract(true);
    read(null, true);
    expect(status()).toBe('error');
    actor.send({ type: 'signingUrl.retry' });
    expect(reads()).toBe(2);
    read(null, true);
    expect(status()).toBe('error');
    read({ url: URL });
    expect(status()).toBe('ready');
  });

  it('shows a failed refresh of an address read before as an error', () => {
    const { read, status } = contract(true);
    read({ url: URL });
    read({ url: URL }, true);
    expect(status()).toBe('error');
  });

  it('reads the prices the page shows beside the placeholder note (spec 000 §1, spec 002 §9)', async () => {
    const loaded = contract(true, async () => ({ firstWorkFee: 19_900, monthlyFee: 9_900 }));
    expect(loaded.prices()).toBeNull();
    await settle();
    expect(loaded.prices()).toEqual({ firstWorkFee: 19_900, monthlyFee: 9_900 });
  });

  it('leaves the prices out when they cannot be read, and signing goes on', async () => {
    const failing = contract(true, async () => {
      throw { code: 'unavailable' };
    });
    await settle();
    expect(failing.prices()).toBeNull();
    failing.read({ url: URL });
    failing.actor.send({ type: 'contract.sign' });
    expect(failing.emitted).toEqual([
      { type: 'signingPage.open', url: URL },
      { type: 'navigate', to: '/sign-up/contract-complete?from=email' },
    ]);
  });

  it('warns a coach who may not sign, without reading the address', () => {
    const { actor, emitted, reads, status } = contract(false);
    expect(status()).toBe('ready');
    actor.send({ type: 'contract.sign' });
    expect(emitted).toEqual([{ type: 'notify', level: 'warning', key: 'coach.toast.not-permitted' }]);
    expect(reads()).toBe(0);
  });

  it('goes to contract-complete on "I have signed" whatever the address read did', () => {
    for (const answer of [null, { url: URL }, 'failed'] as const) {
      const { actor, emitted, read } = contract(true);
      if (answer === 'failed') read(null, true);
      else read(answer);
      actor.send({ type: 'contract.signed' });
      expect(emitted).toEqual([{ type: 'navigate', to: '/sign-up/contract-complete?from=email' }]);
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('lets a coach go on to contract-complete too', () => {
    const { actor, emitted } = contract(false);
    actor.send({ type: 'contract.signed' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/sign-up/contract-complete?from=email' }]);
  });
});
