import { describe, expect, it } from 'vitest';
import { addBusinessDays, badgeLabel, categoryFromSlug, categorySlug, checkReason, defaultDisputeStage, defaultReasonFor, disputeStageFromParam, groupByCategory, isReviewable, itemsInStage, needsDecision, needsSecondaryReasons, needsWaiver, offersSecondRound, responseDueDate, responseWindow, shownWithExtra, stageOfItem, type BureauStatusFacts, type DisputeCategory, type InvestigationStatus } from '../../src/domain/disputes';

// The disputes rules (spec 001 §2, §3, §4, §5, §9; spec 002 §9; FCRA §611 windows).

const item = (statuses: InvestigationStatus[], facts: { reason?: 'not_mine' | 'do_not_challenge' | null; selected?: boolean } = {}) => ({
  challengeReason: facts.reason ?? null,
  challengeReasonSelected: facts.selected ?? false,
  statuses: statuses.map((status) => ({ status })),
});

const bureau = (facts: Partial<BureauStatusFacts>): BureauStatusFacts => ({
  bureau: 'EQUIFAX',
  status: 'UNDER_REVIEW_ACTIVE',
  outcome: null,
  receivedAt: '2026-11-02',
  dueAt: '2026-12-02',
  reinsertedAt: null,
  ...facts,
});

describe('the bureau response window (FCRA §611)', () => {
  it('is 30 days from receipt', () => {
    expect(responseDueDate('2026-11-02')).toBe('2026-12-02');
    expect(responseDueDate('2026-01-31')).toBe('2026-03-02');
  });

  it('is 45 days when the consumer adds information on day 30, and stays 30 from day 31', () => {
    expect(responseDueDate('2026-11-02', '2026-12-02')).toBe('2026-12-17');
    expect(responseDueDate('2026-11-02', '2026-12-03')).toBe('2026-12-02');
    expect(responseDueDate('2026-11-02', '2026-11-02')).toBe('2026-12-17');
  });

  it('does not count information sent before the bureau received the dispute', () => {
    expect(responseDueDate('2026-11-02', '2026-11-01')).toBe('2026-12-02');
  });

  it('says how many days are left, overdue past the due date, and nothing before receipt or after the answer', () => {
    expect(responseWindow(bureau({}), '2026-11-22')).toEqual({ kind: 'open', daysLeft: 10, dueAt: '2026-12-02' });
    expect(responseWindow(bureau({}), '2026-12-02')).toEqual({ kind: 'open', daysLeft: 0, dueAt: '2026-12-02' });
    expect(responseWindow(bureau({}), '2026-12-05')).toEqual({ kind: 'overdue', daysOverdue: 3, dueAt: '2026-12-02' });
    expect(responseWindow(bureau({ status: 'UNDER_REVIEW_PENDING', receivedAt: null, dueAt: null }), '2026-11-22')).toEqual({ kind: 'notReceived' });
    expect(responseWindow(bureau({ status: 'CORRECTED' }), '2026-12-05')).toEqual({ kind: 'answered' });
  });

  it('offers a second round after a verified answer, a reinsertion or an overdue answer, not after a removal', () => {
    expect(offersSecondRound(bureau({ status: 'CORRECTED', outcome: 'VERIFIED' }), '2026-11-22')).toBe(true);
    expect(offersSecondRound(bureau({ status: 'CORRECTED', outcome: 'REMOVED', reinsertedAt: '2026-11-20' }), '2026-11-22')).toBe(true);
    expect(offersSecondRound(bureau({}), '2026-12-03')).toBe(true);
    expect(offersSecondRound(bureau({ status: 'CORRECTED', outcome: 'REMOVED' }), '2026-11-22')).toBe(false);
    expect(offersSecondRound(bureau({}), '2026-12-02')).toBe(false);
  });
});

describe('business days (results notice, reinsertion notice)', () => {
  it('skip weekends', () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-27', 5)).toBe('2026-12-04');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-29', 5)).toBe('2026-12-04');
    expect(addBusinessDays('2026-11-23', 4)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-23', 0)).toBe('2026-11-23');
  });
});

describe('stages (spec 001 §2, §4)', () => {
  it('lists an item under review while any bureau investigates, corrected once answered, else not challenged', () => {
    expect(stageOfItem(item(['UNDER_REVIEW_PENDING', 'CORRECTED', 'NOT_CHALLENGED']))).toBe('under-review');
    expect(stageOfItem(item(['CORRECTED', 'NOT_CHALLENGED']))).toBe('corrected');
    expect(stageOfItem(item(['PENDING_USER_DECISION', 'NOT_CHALLENGED']))).toBe('not-challenged');
  });

  it('opens on not challenged if any, else corrected if any, else under review', () => {
    const pending = item(['PENDING_USER_DECISION']);
    const review = item(['UNDER_REVIEW_ACTIVE']);
    const corrected = item(['CORRECTED']);
    expect(defaultDisputeStage([review, corrected, pending])).toBe('not-challenged');
    expect(defaultDisputeStage([review, corrected])).toBe('corrected');
    expect(defaultDisputeStage([review])).toBe('under-review');
    expect(defaultDisputeStage([])).toBe('under-review');
  });

  it('lists the answered items under results, and results only with its flag', () => {
    const corrected = item(['CORRECTED']);
    expect(itemsInStage([item(['UNDER_REVIEW_ACTIVE']), corrected], 'results')).toEqual([corrected]);
    expect(disputeStageFromParam('results', true)).toBe('results');
    expect(disputeStageFromParam('results', false)).toBeNull();
    expect(disputeStageFromParam('elsewhere', true)).toBeNull();
    expect(disputeStageFromParam('under-review', false)).toBe('under-review');
  });

  it('names each category in kebab case in the address, both ways', () => {
    expect(categorySlug('COLLECTIONS_TRADELINE')).toBe('collections-tradeline');
    expect(categoryFromSlug('recent-inquiry')).toBe('RECENT_INQUIRY');
    expect(categoryFromSlug('RECENT_INQUIRY')).toBeNull();
    expect(categoryFromSlug(undefined)).toBeNull();
  });

  it('groups items by category in the wizard order, leaving empty ones out', () => {
    const of = (type: DisputeCategory, id: string) => ({ type, id });
    const groups = groupByCategory([of('RECENT_INQUIRY', 'a'), of('COLLECTIONS_TRADELINE', 'b'), of('RECENT_INQUIRY', 'c')]);
    expect(groups.map((group) => [group.category, group.items.map((entry) => entry.id)])).toEqual([
      ['COLLECTIONS_TRADELINE', ['b']],
      ['RECENT_INQUIRY', ['a', 'c']],
    ]);
  });
});

describe('what needs a decision (spec 001 §4 badge)', () => {
  it('counts an item until a reason is chosen and given, or a bureau answered', () => {
    expect(needsDecision(item(['PENDING_USER_DECISION']))).toBe(true);
    expect(needsDecision(item(['PENDING_USER_DECISION'], { reason: 'not_mine', selected: false }))).toBe(true);
    expect(needsDecision(item(['PENDING_USER_DECISION'], { reason: null, selected: true }))).toBe(true);
    expect(needsDecision(item(['NOT_CHALLENGED'], { reason: 'do_not_challenge', selected: true }))).toBe(false);
    expect(needsDecision(item(['CORRECTED', 'PENDING_USER_DECISION']))).toBe(false);
  });

  it('reviews in the wizard only the not-challenged items that need a decision', () => {
    expect(isReviewable(item(['PENDING_USER_DECISION']))).toBe(true);
    expect(isReviewable(item(['NOT_CHALLENGED'], { reason: 'do_not_challenge', selected: true }))).toBe(false);
    expect(isReviewable(item(['UNDER_REVIEW_PENDING']))).toBe(false);
  });

  it('shows the badge as 9 up to nine and 9+ above, nothing at zero', () => {
    expect([badgeLabel(0), badgeLabel(1), badgeLabel(9), badgeLabel(10), badgeLabel(42)]).toEqual([null, '1', '9', '9+', '9+']);
  });

  it('shows five investigations and counts the rest (spec 002 §9)', () => {
    expect(shownWithExtra([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 2 });
    expect(shownWithExtra([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 0 });
    expect(shownWithExtra([])).toEqual({ shown: [], extra: 0 });
  });
});

describe('reasons (spec 001 §3, §5)', () => {
  it('accepts an offered reason, with secondary reasons exactly when it has them', () => {
    expect(checkReason('COLLECTIONS_TRADELINE', 'not_mine', [])).toEqual({ ok: true });
    expect(checkReason('COLLECTIONS_TRADELINE', 'incorrect_information', ['wrong_balance', 'wrong_dates'])).toEqual({ ok: true });
    expect(checkReason('RECENT_INQUIRY', 'identity_theft', ['police_report_filed'])).toEqual({ ok: true });
  });

  it('names the problem of a refused reason', () => {
    expect(checkReason('RECENT_INQUIRY', 'never_late', [])).toEqual({ ok: false, problem: 'reason-not-offered' });
    expect(checkReason('COLLECTIONS_TRADELINE', 'incorrect_information', [])).toEqual({ ok: false, problem: 'secondary-required' });
    expect(checkReason('COLLECTIONS_TRADELINE', 'not_mine', ['wrong_balance'])).toEqual({ ok: false, problem: 'secondary-not-offered' });
    expect(checkReason('COLLECTIONS_TRADELINE', 'identity_theft', ['wrong_balance'])).toEqual({ ok: false, problem: 'secondary-not-offered' });
  });

  it('asks secondary reasons only for the reasons that have them', () => {
    expect([needsSecondaryReasons('incorrect_information'), needsSecondaryReasons('identity_theft')]).toEqual([true, true]);
    expect([needsSecondaryReasons('not_mine'), needsSecondaryReasons(null)]).toEqual([false, false]);
  });

  it('starts special accounts at "do not challenge" and keeps a saved reason', () => {
    expect(defaultReasonFor({ isSpecialAccount: true, challengeReason: null })).toBe('do_not_challenge');
    expect(defaultReasonFor({ isSpecialAccount: false, challengeReason: null })).toBeNull();
    expect(defaultReasonFor({ isSpecialAccount: true, challengeReason: 'not_mine' })).toBe('not_mine');
  });

  it('needs the waiver for a special account given any reason but "do not challenge"', () => {
    expect(needsWaiver({ isSpecialAccount: true }, 'paid_in_full')).toBe(true);
    expect(needsWaiver({ isSpecialAccount: true }, 'do_not_challenge')).toBe(false);
    expect(needsWaiver({ isSpecialAccount: true }, null)).toBe(false);
    expect(needsWaiver({ isSpecialAccount: false }, 'paid_in_full')).toBe(false);
  });
});
