import { fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { onboardingFactsMachine, onboardingFactsSelectors } from '../../../machines/onboarding/onboardingFacts.machine';
import { SAMPLE_USER_INFO_AT_BANK_STEP } from '../../../machines/onboarding/entries';
import type { OnboardingReadEvent } from '../../../machines/onboarding/ports';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('onboardingFacts');
if (!entry) throw new Error('onboardingFacts is not registered');
runModelPaths(entry);

const WATCHERS = {
  watchContractLink: 'read.contractLink',
  watchAuthorizations: 'read.authorizations',
  watchUserInfo: 'read.userInfo',
  watchCustomerContact: 'read.customerContact',
  watchConnectedInstitutions: 'read.connectedInstitutions',
} as const;
type Watcher = keyof typeof WATCHERS;

/** The onboarding facts with watchers the test answers for (`answer`), recording which run and how often. */
function onboardingFacts() {
  const running = new Map<Watcher, (event: OnboardingReadEvent) => void>();
  const started: Watcher[] = [];
  let refetches = 0;
  const actors: Record<string, AnyActorLogic> = {
    refetchFailedReads: fromPromise(async () => {
      refetches += 1;
    }),
  };
  for (const name of Object.keys(WATCHERS) as Watcher[]) {
    actors[name] = fromCallback(({ sendBack }) => {
      started.push(name);
      running.set(name, sendBack);
      return () => running.delete(name);
    });
  }
  const facts = run(onboardingFactsMachine.provide({ actors }));
  const answer = <W extends Watcher>(watcher: W, read: Extract<OnboardingReadEvent, { type: (typeof WATCHERS)[W] }>['read']) => {
    const sendBack = running.get(watcher);
    if (!sendBack) throw new Error(`${watcher} is not running`);
    sendBack({ type: WATCHERS[watcher], read } as OnboardingReadEvent);
  };
  const report = () => onboardingFactsSelectors.report(facts.actor.getSnapshot());
  const customer = (uid: string | null, needed = true, authorizationsAccepted = false) =>
    facts.actor.send({ type: 'customer.changed', uid, needed, authorizationsAccepted });
  return { ...facts, answer, report, customer, started, running: () => [...running.keys()].sort(), refetches: () => refetches };
}

const LINK = { link: 'https://esign.example/agreements/1' };
describe('onboarding facts (spec 000 §2.3 gates 3-6)', () => {
  it('reads nothing until the facts are needed, then reports nothing until the contract read is known', () => {
    const { customer, report, running, answer } = onboardingFacts();
    expect(running()).toEqual([]);
    customer('u1');
    expect(running()).toEqual(['watchAuthorizations', 'watchContractLink']);
    expect(report()).toEqual({ facts: null, failed: false });
    answer('watchContractLink', { data: { link: null }, failed: false });
    expect(report()).toEqual({
      facts: { contractSigned: false, authorizationsAccepted: false, hasGoal: false, firstIncompleteIntakeStep: '1' },
      failed: false,
    });
  });

  it('asks for the goal once the contract is signed and the authorizations accepted, and the bank facts only for the bank step', () => {
    const { customer, report, running, answer } = onboardingFacts();
    customer('u1');
    answer('watchContractLink', { data: LINK, failed: false });
    expect(running()).not.toContain('watchUserInfo');
    answer('watchAuthorizations', { data: { agreedToPII: true }, failed: false });
    expect(running()).toContain('watchUserInfo');
    expect(report().facts).toBeNull();
    answer('watchUserInfo', { data: SAMPLE_USER_INFO_AT_BANK_STEP, failed: false });
    expect(running()).toEqual(['watchAuthorizations', 'watchConnectedInstitutions', 'watchContractLink', 'watchCustomerContact', 'watchUserInfo']);
    expect(report().facts).toBeNull();
    answer('watchCustomerContact', { data: { bankOptOut: false }, failed: false });
    expect(report().facts).toBeNull();
    // Unknown linked accounts leave the bank step to do.
    answer('watchConnectedInstitutions', { data: null, failed: true });
    expect(report().facts).toEqual({ contractSigned: true, authorizationsAccepted: true, hasGoal: true, firstIncompleteIntakeStep: '3' });
  });

  it('reports a failed contract or goal read as failed, and counts a Try again once the failed reads were asked again', async () => {
    const { actor, customer, report, answer, refetches } = onboardingFacts();
    customer('u1', true, true);
    answer('watchContractLink', { data: null, failed: true });
    expect(report()).toEqual({ facts: null, failed: true });
    actor.send({ type: 'facts.refetch' });
    await settle();
    expect(refetches()).toBe(1);
    expect(onboardingFactsSelectors.refetches(actor.getSnapshot())).toBe(1);
    answer('watchContractLink', { data: LINK, failed: false });
    answer('watchUserInfo', { data: null, failed: true });
    expect(report()).toEqual({ facts: null, failed: true });
  });

  it('keeps a waived contract gate for that customer for the visit, not for another (spec 001 §4)', () => {
    const { actor, customer, report, running, answer } = onboardingFacts();
    customer('u1');
    answer('watchContractLink', { data: { link: null }, failed: false });
    actor.send({ type: 'contract.waived' });
    expect(running()).toEqual(['watchAuthorizations']);
    expect(report().facts?.contractSigned).toBe(true);
    customer(null, false);
    expect(running()).toEqual([]);
    customer('u1');
    expect(running()).toEqual(['watchAuthorizations']);
    customer('u2');
    expect(running()).toEqual(['watchAuthorizations', 'watchContractLink']);
  });

  it('keeps the same report while the facts stay the same', () => {
    const { customer, report, answer } = onboardingFacts();
    customer('u1');
    answer('watchContractLink', { data: { link: null }, failed: false });
    const first = report();
    answer('watchContractLink', { data: { link: null }, failed: false });
    expect(report()).toBe(first);
  });
});
