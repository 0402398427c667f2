import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { disputeChallengeMachine, disputeChallengeSelectors, type DisputeChallengeInput } from '../../../machines/disputes/disputeChallenge.machine';
import { SAMPLE_COACH_ACTOR, SAMPLE_CUSTOMER_ACTOR, SAMPLE_DISPUTE_ITEMS } from '../../../machines/disputes/entries';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { stageOfItem } from '../../../src/domain/disputes';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('disputeChallenge');
if (!entry) throw new Error('disputeChallenge is not registered');
const REGISTERED = entry.testModel.input as DisputeChallengeInput;

const { notChallenged, mailed, underReview, verified } = SAMPLE_DISPUTE_ITEMS;

runModelPaths(entry, {
  variants: [
    { name: 'not paused', input: { ...REGISTERED, isPaused: false } },
    { name: 'letters in the mail (cancel)', input: { ...REGISTERED, item: mailed, isPaused: false } },
    // Resuming clears the pause; the item under review has nothing to start.
    { name: 'paused, an item under review', input: { ...REGISTERED, item: underReview } },
    { name: 'a coach without client actions', input: { ...REGISTERED, actor: SAMPLE_COACH_ACTOR } },
    { name: 'a subscription outside the acceptable set', input: { ...REGISTERED, subscriptionOk: false } },
  ],
});

const pendingDecision: InvestigationItemData = {
  ...notChallenged,
  challengeReason: null,
  challengeReasonSelected: false,
  statuses: notChallenged.statuses.map((status) => ({ ...status, status: 'PENDING_USER_DECISION' })),
};

/** A challenge whose calls are recorded in order; `fail` names the calls that reject. */
function challenge(input: Partial<DisputeChallengeInput> = {}, fail: readonly string[] = []) {
  const log: string[] = [];
  const machine = disputeChallengeMachine.provide({
    actors: {
      resumeInvestigations: fromPromise<boolean, void>(async () => {
        log.push('resumeInvestigations');
        if (fail.includes('resumeInvestigations')) throw { code: 'unavailable' };
        return false;
      }),
      startChallenge: fromPromise<InvestigationItemData[], { item: Pick<InvestigationItemData, 'id' | 'itemIds'> }>(async ({ input: request }) => {
        log.push(`startChallenge:${request.item.id}`);
        if (fail.includes('startChallenge')) throw { code: 'failed-precondition', key: 'disputes-paused' };
        return [pendingDecision];
      }),
      cancelChallenge: fromPromise<InvestigationItemData[], { item: Pick<InvestigationItemData, 'id' | 'itemIds' | 'disputeIds' | 'type'> }>(
        async ({ input: request }) => {
          log.push(`cancelChallenge:${request.item.id}`);
          if (fail.includes('cancelChallenge')) throw { code: 'unavailable' };
          return [{ ...mailed, challengeReason: 'do_not_challenge', statuses: mailed.statuses.map((status) => ({ ...status, status: 'NOT_CHALLENGED' })) }];
        },
      ),
    },
  });
  const running = run(machine, { item: notChallenged, isPaused: false, actor: SAMPLE_CUSTOMER_ACTOR, subscriptionOk: true, ...input });
  return {
    ...running,
    log,
    snapshot: () => running.actor.getSnapshot(),
    send: async (event: Parameters<typeof running.actor.send>[0]) => {
      running.actor.send(event);
      await settle();
    },
    notifications: () => running.emitted.map((event) => event.key),
  };
}

describe('an item challenge (spec 001 §4 Dispute item flow, §8)', () => {
  it('starting sends the item back to a decision and says so', async () => {
    const c = challenge();
    expect(disputeChallengeSelectors.canStart(c.snapshot())).toBe(true);
    await c.send({ type: 'challenge.start' });
    expect(c.log).toEqual(['startChallenge:collection-dnc']);
    expect(disputeChallengeSelectors.item(c.snapshot()).challengeReasonSelected).toBe(false);
    expect(c.notifications()).toEqual(['toast.challenge-started']);
    expect(disputeChallengeSelectors.canStart(c.snapshot())).toBe(false);
  });

  it('resuming while paused clears the pause first, then starts', async () => {
    const c = challenge({ isPaused: true });
    await c.send({ type: 'challenge.resume' });
    expect(c.log).toEqual(['resumeInvestigations', 'startChallenge:collection-dnc']);
    expect(disputeChallengeSelectors.isPaused(c.snapshot())).toBe(false);
    expect(c.notifications()).toEqual(['toast.challenge-started']);
  });

  it('starting while paused resumes first as well', async () => {
    const c = challenge({ isPaused: true });
    await c.send({ type: 'challenge.start' });
    expect(c.log).toEqual(['resumeInvestigations', 'startChallenge:collection-dnc']);
  });

  it('resuming an item that is already under review only clears the pause', async () => {
    const c = challenge({ isPaused: true, item: underReview });
    await c.send({ type: 'challenge.resume' });
    expect([c.log, disputeChallengeSelectors.isPaused(c.snapshot()), c.emitted]).toEqual([['resumeInvestigations'], false, []]);
  });

  it('starts nothing when the pause cannot be cleared, with start-disputes-challenge-error', async () => {
    const c = challenge({ isPaused: true }, ['resumeInvestigations']);
    await c.send({ type: 'challenge.resume' });
    expect(c.log).toEqual(['resumeInvestigations']);
    expect(c.notifications()).toEqual(['errors.start-disputes-challenge-error']);
  });

  it('shows start-disputes-challenge-error when the start fails and keeps the item as it was', async () => {
    const c = challenge({}, ['startChallenge']);
    await c.send({ type: 'challenge.start' });
    expect(c.notifications()).toEqual(['errors.start-disputes-challenge-error']);
    expect(disputeChallengeSelectors.item(c.snapshot())).toEqual(notChallenged);
  });

  it('cancelling asks first; confirmed, the item returns to not challenged', async () => {
    const c = challenge({ item: mailed });
    await c.send({ type: 'challenge.cancel' });
    expect(disputeChallengeSelectors.confirmingCancel(c.snapshot())).toBe(true);
    expect(c.log).toEqual([]);
    await c.send({ type: 'cancel.confirm' });
    expect(c.log).toEqual(['cancelChallenge:collection-mailed']);
    expect(stageOfItem(disputeChallengeSelectors.item(c.snapshot()))).toBe('not-challenged');
    expect(c.notifications()).toEqual(['toast.challenge-cancelled']);
  });

  it('dismissing the confirmation cancels nothing', async () => {
    const c = challenge({ item: mailed });
    await c.send({ type: 'challenge.cancel' });
    await c.send({ type: 'cancel.dismiss' });
    expect([c.log, disputeChallengeSelectors.confirmingCancel(c.snapshot())]).toEqual([[], false]);
  });

  it('shows set-dni-error when the cancel fails', async () => {
    const c = challenge({ item: mailed }, ['cancelChallenge']);
    await c.send({ type: 'challenge.cancel' });
    await c.send({ type: 'cancel.confirm' });
    expect(c.notifications()).toEqual(['errors.set-dni-error']);
    expect(disputeChallengeSelectors.item(c.snapshot())).toEqual(mailed);
  });

  it('cancels nothing a bureau has received already', async () => {
    const c = challenge({ item: underReview });
    expect(disputeChallengeSelectors.canCancel(c.snapshot())).toBe(false);
    await c.send({ type: 'challenge.cancel' });
    expect([c.log, disputeChallengeSelectors.confirmingCancel(c.snapshot())]).toEqual([[], false]);
  });

  it('offers a second round after a verified answer', async () => {
    const c = challenge({ item: verified });
    expect([disputeChallengeSelectors.canStart(c.snapshot()), disputeChallengeSelectors.canStartSecondRound(c.snapshot())]).toEqual([false, true]);
    await c.send({ type: 'challenge.start' });
    expect(c.log).toEqual(['startChallenge:late-verified']);
  });

  it('offers a second round when a bureau let its window pass, counted on the dispute day', async () => {
    // Due 2026-12-05.
    const early = challenge({ item: underReview, today: '2026-12-05' });
    const late = challenge({ item: underReview, today: '2026-12-06' });
    expect(disputeChallengeSelectors.canStartSecondRound(early.snapshot())).toBe(false);
    expect(disputeChallengeSelectors.canStartSecondRound(late.snapshot())).toBe(true);
    await late.send({ type: 'challenge.start' });
    expect(late.log).toEqual(['startChallenge:late-1']);
  });

  it('refuses a coach without client actions: not submitted for a start, not permitted for a cancel', async () => {
    const start = challenge({ actor: SAMPLE_COACH_ACTOR, isPaused: true });
    await start.send({ type: 'challenge.start' });
    await start.send({ type: 'challenge.resume' });
    const cancel = challenge({ actor: SAMPLE_COACH_ACTOR, item: mailed });
    await cancel.send({ type: 'challenge.cancel' });
    expect([start.log, cancel.log]).toEqual([[], []]);
    expect(start.notifications()).toEqual(['coach.toast.disputes-not-submitted', 'coach.toast.disputes-not-submitted']);
    expect(cancel.notifications()).toEqual(['coach.toast.not-permitted']);
    expect(disputeChallengeSelectors.confirmingCancel(cancel.snapshot())).toBe(false);
  });

  it('lets a coach with client actions start', async () => {
    const c = challenge({ actor: { isAgent: true, allowClientActions: true } });
    await c.send({ type: 'challenge.start' });
    expect(c.log).toEqual(['startChallenge:collection-dnc']);
  });

  it('shows "premium only" to a subscription outside the acceptable set', async () => {
    const c = challenge({ subscriptionOk: false, item: mailed });
    await c.send({ type: 'challenge.cancel' });
    await c.send({ type: 'challenge.start' });
    expect(c.log).toEqual([]);
    expect(c.notifications()).toEqual(['degraded-access.disputes.premium-only', 'degraded-access.disputes.premium-only']);
  });

  it('neither starts an item waiting for a decision nor cancels one nobody challenged', async () => {
    const c = challenge({ item: pendingDecision });
    await c.send({ type: 'challenge.start' });
    await c.send({ type: 'challenge.cancel' });
    const dnc = challenge();
    await dnc.send({ type: 'challenge.cancel' });
    expect([c.log, dnc.log, c.emitted, dnc.emitted]).toEqual([[], [], [], []]);
  });
});
