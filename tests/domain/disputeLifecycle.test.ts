// The customer's side of the dispute lifecycle (functions/src/disputes/disputeLifecycle.ts, spec 001 §4) as
// pure functions over stored items: saving reasons, submitting, starting and cancelling a challenge, views, and the
// dashboard's order. Each refusal names its key and leaves the input untouched; the emulated suite
// (tests/functions/disputes.test.ts) shows the same through the callables with nothing written.
import { describe, expect, it } from 'vitest';
import type { InvestigationReason } from '../../src/contract/disputes';
import type { Bureau } from '../../src/domain/creditReportRecords';
import { bureauStatusRecord, type DisputeCategory, type InvestigationStatus } from '../../src/domain/disputes';
import { applyChallenged, applyReasons, canStartChallenge, itemsToMarkViewed, planSubmit, sortedForDetails, type ItemEntry } from '../../functions/src/disputes/disputeLifecycle';
import type { StoredInvestigationItem } from '../../functions/src/disputes/disputeStore';
import { pendingCollectionItem } from '../support/investigationItems';

const TODAY = '2026-11-26';
const NOW = new Date(`${TODAY}T15:00:00.000Z`);
const RUNNING = { isPaused: false, clockOffsetDays: 0 };
const PAUSED = { isPaused: true, clockOffsetDays: 0 };

function bureauStatus(bureau: Bureau, status: InvestigationStatus, extra: Partial<StoredInvestigationItem['statuses'][number]> = {}) {
  return bureauStatusRecord(bureau, { status, ...extra });
}

function entry(
  id: string,
  options: {
    type?: DisputeCategory;
    bureaus?: Bureau[];
    status?: InvestigationStatus;
    item?: Partial<StoredInvestigationItem>;
  } = {},
): ItemEntry {
  const bureaus = options.bureaus ?? ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'];
  return {
    id,
    item: {
      ...pendingCollectionItem(id),
      name: id.toUpperCase(),
      type: options.type ?? 'COLLECTIONS_TRADELINE',
      accountBalance: { amount: 1_200 },
      itemIds: bureaus.map((bureau) => `${bureau}-${id}`),
      statuses: bureaus.map((bureau) => bureauStatus(bureau, options.status ?? 'PENDING_USER_DECISION')),
      reportDate: '2026-10-17',
      ...options.item,
    },
  };
}

function reasonFor(target: ItemEntry, reason: InvestigationReason['reason'], extra: Partial<InvestigationReason> = {}): InvestigationReason {
  return { id: target.id, itemIds: [...target.item.itemIds], disputeIds: [], type: target.item.type, reason, reasonOptions: [], ...extra };
}

function refusalOf(run: () => unknown): { code: string; key: string | undefined } {
  try {
    run();
  } catch (error) {
    const failure = error as { code: string; details?: { key?: string } };
    return { code: failure.code, key: failure.details?.key };
  }
  throw new Error('expected a refusal');
}

const decided = (target: ItemEntry, reason: InvestigationReason['reason'], extra: Partial<InvestigationReason> = {}) =>
  applyReasons([target], [reasonFor(target, reason, extra)], NOW)[0]!;

describe('saving reasons', () => {
  it('saves the reason and marks it given; the bureaus still wait for the submit', () => {
    const midland = entry('midland');
    const [saved] = applyReasons([midland], [reasonFor(midland, 'paid_in_full')], NOW);
    expect(saved?.item).toMatchObject({ challengeReason: 'paid_in_full', challengeReasonOptions: [], challengeReasonSelected: true });
    expect(saved?.item.statuses.map((status) => status.status)).toEqual(['PENDING_USER_DECISION', 'PENDING_USER_DECISION', 'PENDING_USER_DECISION']);
  });

  it("closes a 'do not challenge' item as not challenged at every bureau", () => {
    const saved = decided(entry('midland'), 'do_not_challenge');
    expect(saved.item.statuses.every((status) => status.status === 'NOT_CHALLENGED')).toBe(true);
    expect(saved.item.challengeReasonSelected).toBe(true);
  });

  it('keeps the secondary reasons, and refuses a reason that needs them without any', () => {
    const midland = entry('midland');
    const saved = decided(midland, 'incorrect_information', { reasonOptions: ['wrong_balance', 'wrong_dates'] });
    expect(saved.item.challengeReasonOptions).toEqual(['wrong_balance', 'wrong_dates']);
    expect(refusalOf(() => applyReasons([midland], [reasonFor(midland, 'incorrect_information')], NOW))).toEqual({
      code: 'invalid-argument',
      key: 'secondary-required',
    });
  });

  it("refuses a reason the item's category does not offer, and secondary reasons of another reason", () => {
    const inquiry = entry('inquiry', { type: 'RECENT_INQUIRY' });
    expect(refusalOf(() => applyReasons([inquiry], [reasonFor(inquiry, 'paid_in_full')], NOW)).key).toBe('reason-not-offered');
    const midland = entry('midland');
    expect(
      refusalOf(() => applyReasons([midland], [reasonFor(midland, 'identity_theft', { reasonOptions: ['wrong_balance'] })], NOW)).key,
    ).toBe('secondary-not-offered');
    expect(refusalOf(() => applyReasons([midland], [reasonFor(midland, 'not_mine', { reasonOptions: ['wrong_balance'] })], NOW)).key).toBe(
      'secondary-not-offered',
    );
  });

  it('needs the waiver for a special account given a reason other than do not challenge, and stores when', () => {
    const special = entry('mortgage', { item: { isSpecialAccount: true } });
    expect(refusalOf(() => applyReasons([special], [reasonFor(special, 'not_mine')], NOW))).toEqual({
      code: 'failed-precondition',
      key: 'waiver-required',
    });
    expect(decided(special, 'not_mine', { waiverAccepted: true }).item.waiverAcceptedAt).toEqual(NOW);
    expect(decided(special, 'do_not_challenge').item.waiverAcceptedAt).toBeNull();
  });

  it("refuses ids that are not this customer's items, itemIds or a type that are not the item's, and one id twice", () => {
    const midland = entry('midland');
    const other = entry('someone-elses');
    expect(refusalOf(() => applyReasons([midland], [reasonFor(other, 'not_mine')], NOW))).toEqual({ code: 'not-found', key: 'investigation-not-found' });
    expect(refusalOf(() => applyReasons([midland], [reasonFor(midland, 'not_mine', { itemIds: ['EQUIFAX-midland'] })], NOW)).key).toBe(
      'investigation-mismatch',
    );
    expect(refusalOf(() => applyReasons([midland], [reasonFor(midland, 'not_mine', { type: 'LATE_PAYMENTS' })], NOW)).key).toBe(
      'investigation-mismatch',
    );
    expect(refusalOf(() => applyReasons([midland], [reasonFor(midland, 'not_mine'), reasonFor(midland, 'settled')], NOW)).key).toBe(
      'investigation-duplicate',
    );
  });

  it('answers itemIds in any order as the same item', () => {
    const midland = entry('midland');
    const saved = applyReasons([midland], [reasonFor(midland, 'settled', { itemIds: [...midland.item.itemIds].reverse() })], NOW);
    expect(saved[0]?.item.challengeReason).toBe('settled');
  });

  it('refuses to re-decide an item a bureau received or answered; one in the mail takes only do not challenge', () => {
    const received = entry('received', { status: 'UNDER_REVIEW_ACTIVE', item: { challengeReason: 'not_mine', challengeReasonSelected: true } });
    const answered = entry('answered', { status: 'CORRECTED' });
    const mailed = entry('mailed', { status: 'UNDER_REVIEW_PENDING', item: { challengeReason: 'not_mine', challengeReasonSelected: true } });
    for (const target of [received, answered, mailed]) {
      expect(refusalOf(() => applyReasons([target], [reasonFor(target, 'settled')], NOW)), target.id).toEqual({
        code: 'failed-precondition',
        key: 'investigation-already-challenged',
      });
    }
    const declined = decided(mailed, 'do_not_challenge');
    expect(declined.item.challengeReason).toBe('do_not_challenge');
    expect(declined.item.statuses.every((status) => status.status === 'UNDER_REVIEW_PENDING')).toBe(true);
  });

  it('refuses the whole batch when one entry is wrong', () => {
    const midland = entry('midland');
    const inquiry = entry('inquiry', { type: 'RECENT_INQUIRY' });
    expect(refusalOf(() => applyReasons([midland, inquiry], [reasonFor(midland, 'settled'), reasonFor(inquiry, 'settled')], NOW)).key).toBe(
      'reason-not-offered',
    );
  });
});

describe('submitting', () => {
  it('sends each decided item to every bureau: under review pending, next round, a dispute id per bureau, one letter per bureau', () => {
    const midland = decided(entry('midland'), 'paid_in_full');
    const portfolio = decided(entry('portfolio', { type: 'COLLECTIONS_OTHER', bureaus: ['EQUIFAX', 'EXPERIAN'] }), 'identity_theft', {
      reasonOptions: ['police_report_filed'],
    });
    const declined = decided(entry('declined'), 'do_not_challenge');
    const plan = planSubmit([midland, portfolio, declined], RUNNING, TODAY, []);
    expect(plan.submitted).toBe(2);
    const sentMidland = plan.items.find((item) => item.id === 'midland')!;
    expect(sentMidland.item.statuses).toEqual(
      ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'].map((bureau) =>
        expect.objectContaining({ bureau, status: 'UNDER_REVIEW_PENDING', round: 1, sentAt: TODAY, lastActivity: TODAY, receivedAt: null, dueAt: null }),
      ),
    );
    expect(sentMidland.item.disputeIds).toEqual(['DSP-EQ-20261126-01', 'DSP-EX-20261126-01', 'DSP-TU-20261126-01']);
    expect(plan.items.find((item) => item.id === 'portfolio')?.item.disputeIds).toEqual(['DSP-EQ-20261126-02', 'DSP-EX-20261126-02']);
    expect(plan.letters.map((letter) => [letter.bureau, letter.documentId, letter.lines.map((line) => line.itemId)])).toEqual([
      ['EQUIFAX', 'LTR-EQ-20261126-01', ['midland', 'portfolio']],
      ['EXPERIAN', 'LTR-EX-20261126-01', ['midland', 'portfolio']],
      ['TRANSUNION', 'LTR-TU-20261126-01', ['midland']],
    ]);
    expect(plan.letters[0]?.lines[1]).toMatchObject({ reason: 'identity_theft', secondary: ['police_report_filed'], recordIds: ['EQUIFAX-portfolio'] });
  });

  it('numbers dispute ids and letters after the ones already made that day, and counts the round on', () => {
    const again = decided(
      entry('again', {
        item: { disputeIds: ['DSP-EQ-20261126-03'], statuses: [bureauStatus('EQUIFAX', 'PENDING_USER_DECISION', { round: 1, outcome: 'VERIFIED' })], itemIds: ['EQUIFAX-again'] },
      }),
      'not_mine',
    );
    const plan = planSubmit([again], RUNNING, TODAY, ['LTR-EQ-20261126-01']);
    expect(plan.items[0]?.item.disputeIds).toEqual(['DSP-EQ-20261126-03', 'DSP-EQ-20261126-04']);
    expect(plan.items[0]?.item.statuses[0]).toMatchObject({ round: 2, outcome: null });
    expect(plan.letters).toEqual([expect.objectContaining({ documentId: 'LTR-EQ-20261126-02', round: 2 })]);
  });

  it('refuses while paused, while a reviewable item lacks a reason, and with nothing to decide', () => {
    const midland = decided(entry('midland'), 'paid_in_full');
    expect(refusalOf(() => planSubmit([midland], PAUSED, TODAY, []))).toEqual({ code: 'failed-precondition', key: 'disputes-paused' });
    expect(refusalOf(() => planSubmit([midland, entry('undecided')], RUNNING, TODAY, [])).key).toBe('disputes-missing-reasons');
    const underReview = entry('under-review', { status: 'UNDER_REVIEW_ACTIVE', item: { challengeReason: 'not_mine', challengeReasonSelected: true } });
    expect(refusalOf(() => planSubmit([underReview], RUNNING, TODAY, [])).key).toBe('nothing-to-submit');
    expect(refusalOf(() => planSubmit([], RUNNING, TODAY, [])).key).toBe('nothing-to-submit');
  });

  it('closes the review without letters when the customer decided to challenge nothing', () => {
    const plan = planSubmit([decided(entry('declined'), 'do_not_challenge')], RUNNING, TODAY, []);
    expect(plan).toMatchObject({ submitted: 0, letters: [] });
  });
});

describe('starting and cancelling a challenge', () => {
  const start = (target: ItemEntry) => ({ id: target.id, itemIds: target.item.itemIds, challengeReasonSelected: false });
  const cancel = (target: ItemEntry) => ({ id: target.id, itemIds: target.item.itemIds, challengeReasonSelected: true });

  it('starts a not-challenged item: back to a decision, reason cleared', () => {
    const declined = decided(entry('declined'), 'do_not_challenge');
    const [started] = applyChallenged([declined], [start(declined)], RUNNING, TODAY);
    expect(started?.item).toMatchObject({ challengeReason: null, challengeReasonOptions: [], challengeReasonSelected: false });
    expect(started?.item.statuses.every((status) => status.status === 'PENDING_USER_DECISION')).toBe(true);
  });

  it('starts a second round after a verified, reinserted or overdue answer, leaving bureaus still investigating alone', () => {
    const mixed = entry('mixed', {
      item: {
        challengeReason: 'not_mine',
        challengeReasonSelected: true,
        statuses: [
          bureauStatus('EQUIFAX', 'CORRECTED', { outcome: 'VERIFIED', round: 1 }),
          bureauStatus('EXPERIAN', 'UNDER_REVIEW_ACTIVE', { receivedAt: '2026-11-20', dueAt: '2026-12-20', round: 1 }),
          bureauStatus('TRANSUNION', 'UNDER_REVIEW_ACTIVE', { receivedAt: '2026-10-01', dueAt: '2026-10-31', round: 1 }),
        ],
      },
    });
    expect(canStartChallenge(mixed.item, TODAY)).toBe(true);
    const [started] = applyChallenged([mixed], [start(mixed)], RUNNING, TODAY);
    expect(started?.item.statuses.map((status) => status.status)).toEqual(['PENDING_USER_DECISION', 'UNDER_REVIEW_ACTIVE', 'PENDING_USER_DECISION']);
    const removed = entry('removed', { status: 'CORRECTED', item: { statuses: [bureauStatus('EQUIFAX', 'CORRECTED', { outcome: 'REMOVED' })] } });
    expect(refusalOf(() => applyChallenged([removed], [start(removed)], RUNNING, TODAY)).key).toBe('challenge-not-startable');
  });

  it('refuses to start while paused', () => {
    const declined = decided(entry('declined'), 'do_not_challenge');
    expect(refusalOf(() => applyChallenged([declined], [start(declined)], PAUSED, TODAY))).toEqual({ code: 'failed-precondition', key: 'disputes-paused' });
  });

  it('cancels an item in the mail after do not challenge: not challenged, that round taken back', () => {
    const mailed = entry('mailed', {
      item: {
        challengeReason: 'do_not_challenge',
        challengeReasonSelected: true,
        statuses: [bureauStatus('EQUIFAX', 'UNDER_REVIEW_PENDING', { round: 1, sentAt: TODAY }), bureauStatus('EXPERIAN', 'CORRECTED', { outcome: 'REMOVED', round: 1 })],
      },
    });
    const [cancelled] = applyChallenged([mailed], [cancel(mailed)], RUNNING, TODAY);
    expect(cancelled?.item.statuses).toEqual([
      expect.objectContaining({ status: 'NOT_CHALLENGED', round: 0, sentAt: null }),
      expect.objectContaining({ status: 'CORRECTED', outcome: 'REMOVED' }),
    ]);
    expect(cancelled?.item.challengeReasonSelected).toBe(true);
  });

  it('refuses to cancel before do not challenge was saved, and once a bureau received the dispute', () => {
    const mailed = entry('mailed', { status: 'UNDER_REVIEW_PENDING', item: { challengeReason: 'not_mine', challengeReasonSelected: true } });
    expect(refusalOf(() => applyChallenged([mailed], [cancel(mailed)], RUNNING, TODAY)).key).toBe('cancel-needs-do-not-challenge');
    const received = entry('received', { status: 'UNDER_REVIEW_ACTIVE', item: { challengeReason: 'do_not_challenge', challengeReasonSelected: true } });
    expect(refusalOf(() => applyChallenged([received], [cancel(received)], RUNNING, TODAY))).toEqual({
      code: 'failed-precondition',
      key: 'challenge-already-received',
    });
  });
});

describe('views and order', () => {
  it("marks only this customer's items; an unknown id refuses the call", () => {
    const items = [entry('a'), entry('b')];
    expect(itemsToMarkViewed(items, ['a', 'a', 'b'])).toEqual(['a', 'b']);
    expect(refusalOf(() => itemsToMarkViewed(items, ['a', 'elsewhere']))).toEqual({ code: 'invalid-argument', key: 'investigation-not-found' });
  });

  it('orders items by category, then name', () => {
    const items = [
      { id: '1', type: 'RECENT_INQUIRY' as const, name: 'A' },
      { id: '2', type: 'COLLECTIONS_OTHER' as const, name: 'B' },
      { id: '3', type: 'COLLECTIONS_TRADELINE' as const, name: 'Z' },
      { id: '4', type: 'COLLECTIONS_OTHER' as const, name: 'A' },
    ];
    expect(sortedForDetails(items).map((item) => item.id)).toEqual(['3', '4', '2', '1']);
  });
});
