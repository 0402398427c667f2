// The bureau-response sandbox and what a bureau's answer does to the stored report (item 9):
// receipt and FCRA §611 windows, answers 10-30 days after receipt, the ~1 in 6 that let the window pass, outcomes by
// category, reinsertions; removal, modification and reinsertion of the report's records with the bureau's score.
import { describe, expect, it } from 'vitest';
import { accountRecords, BUREAUS, bureauSummary, inquiryRecords, publicRecordRecords, type Bureau, type TradelineFacts } from '../../src/domain/creditReportRecords';
import { addDays, daysBetween, DISPUTE_CATEGORIES, LETTER_MAIL_DAYS, offersSecondRound, responseWindow, type BureauOutcome, type DisputeCategory, type DisputeEntityType } from '../../src/domain/disputes';
import { storedInvestigationItemSchema, type StoredInvestigationItem } from '../../functions/src/disputes/disputeStore';
import { correctReport, type RawReport } from '../../functions/src/disputes/disputeCorrections';
import type { BureauEvent, BureauResponseItem } from '../../functions/src/disputes/bureauResponse';
import { advanceBureaus, BureauResponseSandbox } from '../../functions/src/disputes/bureauResponseSandbox';

const SENT = '2026-09-01';
const ENTITY: Record<DisputeCategory, DisputeEntityType> = {
  COLLECTIONS_TRADELINE: 'account',
  COLLECTIONS_OTHER: 'account',
  PUBLIC_RECORDS: 'publicRecord',
  LATE_PAYMENTS: 'account',
  RECENT_INQUIRY: 'inquiry',
};

function sentItem(
  id: string,
  type: DisputeCategory,
  options: { bureaus?: readonly Bureau[]; sentAt?: string; round?: number; addedInfoAt?: string | null; key?: string } = {},
): BureauResponseItem {
  const { bureaus = BUREAUS, sentAt = SENT, round = 1, addedInfoAt = null, key = id } = options;
  const prefix = type === 'RECENT_INQUIRY' ? 'inq-' : type === 'PUBLIC_RECORDS' ? 'pr-' : '';
  const item: StoredInvestigationItem = storedInvestigationItemSchema.parse({
    name: id.toUpperCase(),
    type,
    entityType: ENTITY[type],
    accountBalance: { amount: null },
    accountStatus: null,
    challengeReason: 'not_mine',
    challengeReasonOptions: [],
    challengeReasonSelected: true,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: bureaus.map((bureau) => `${bureau}-${prefix}${key}`),
    disputeIds: [],
    statuses: bureaus.map((bureau) => ({
      bureau,
      status: 'UNDER_REVIEW_PENDING',
      lastActivity: sentAt,
      nextActivity: addDays(sentAt, LETTER_MAIL_DAYS),
      sentAt,
      receivedAt: null,
      dueAt: null,
      addedInfoAt,
      answeredAt: null,
      outcome: null,
      reinsertedAt: null,
      round,
    })),
    inquiryDate: null,
    reportDate: '2026-08-20',
    subtype: null,
    viewed: true,
  });
  return { id, item };
}

/** Many items of every category, each at the three bureaus: 3 × 400 × 5 bureau/item pairs. */
const MANY = DISPUTE_CATEGORIES.flatMap((type) => Array.from({ length: 400 }, (_, index) => sentItem(`inv-${type}-${index}`, type)));
const statusesOf = (items: readonly BureauResponseItem[]) => items.flatMap(({ item }) => item.statuses);
const share = (part: number, whole: number) => part / whole;

describe('bureau-response sandbox: receipt', () => {
  it(`leaves a letter pending until ${LETTER_MAIL_DAYS} days after it was sent, then starts the 30-day window`, () => {
    const item = sentItem('inv-midland', 'COLLECTIONS_TRADELINE');
    const early = advanceBureaus([item], SENT, addDays(SENT, LETTER_MAIL_DAYS - 1), 'uid-1');
    expect(early).toEqual({ items: [], events: [] });

    const received = addDays(SENT, LETTER_MAIL_DAYS);
    const { items, events } = advanceBureaus([item], SENT, received, 'uid-1');
    for (const status of items[0]!.item.statuses) {
      expect(status).toMatchObject({
        status: 'UNDER_REVIEW_ACTIVE',
        receivedAt: received,
        dueAt: addDays(received, 30),
        lastActivity: received,
        nextActivity: addDays(received, 30),
      });
    }
    expect(events).toEqual(BUREAUS.map((bureau) => ({ itemId: 'inv-midland', bureau, event: 'received', on: received })));
    // A receipt is not a result: the item stays as viewed as it was.
    expect(items[0]!.item.viewed).toBe(true);
  });

  it('gives 45 days when the customer added information inside the window', () => {
    const received = addDays(SENT, LETTER_MAIL_DAYS);
    const item = sentItem('inv-info', 'COLLECTIONS_OTHER', { addedInfoAt: addDays(received, 5) });
    const { items } = advanceBureaus([item], SENT, received, 'uid-1');
    expect(items[0]!.item.statuses.map((status) => status.dueAt)).toEqual(BUREAUS.map(() => addDays(received, 45)));
  });

  it('leaves items that are not under review or already answered untouched', () => {
    const pending = sentItem('inv-undecided', 'LATE_PAYMENTS');
    const undecided = {
      ...pending,
      item: { ...pending.item, statuses: pending.item.statuses.map((status) => ({ ...status, status: 'PENDING_USER_DECISION' as const, sentAt: null })) },
    };
    const notChallenged = { ...pending, id: 'inv-dnc', item: { ...undecided.item, statuses: undecided.item.statuses.map((status) => ({ ...status, status: 'NOT_CHALLENGED' as const })) } };
    const verified = {
      ...pending,
      id: 'inv-verified',
      item: {
        ...pending.item,
        statuses: pending.item.statuses.map((status) => ({ ...status, status: 'CORRECTED' as const, receivedAt: '2026-09-04', answeredAt: '2026-09-20', outcome: 'VERIFIED' as const })),
      },
    };
    expect(advanceBureaus([undecided, notChallenged, verified], SENT, addDays(SENT, 90), 'uid-1')).toEqual({ items: [], events: [] });
  });

  it('refuses to move the clock back', () => {
    expect(() => advanceBureaus([], '2026-10-02', '2026-10-01', 'uid-1')).toThrow(/cannot go back/);
  });
});

describe('bureau-response sandbox: answers', () => {
  const received = addDays(SENT, LETTER_MAIL_DAYS);
  const settled = advanceBureaus(MANY, SENT, addDays(SENT, 60), 'uid-many');
  const byId = new Map(settled.items.map((entry) => [entry.id, entry.item]));
  const answered = statusesOf(settled.items).filter((status) => status.status === 'CORRECTED');

  it('answers 10 to 30 days after receipt, never after the due day, with the answer (or a reinsertion) as the last activity', () => {
    expect(answered.length).toBeGreaterThan(0);
    for (const status of answered) {
      const days = daysBetween(status.receivedAt!, status.answeredAt!);
      expect(days).toBeGreaterThanOrEqual(10);
      expect(days).toBeLessThanOrEqual(30);
      expect(status.answeredAt! <= status.dueAt!).toBe(true);
      expect(status.lastActivity).toBe(status.reinsertedAt ?? status.answeredAt);
      expect(status.nextActivity).toBeNull();
      expect(status.outcome).not.toBeNull();
    }
  });

  it('makes an answered item unviewed again, for the resolved-disputes modal', () => {
    const answeredItem = settled.items.find(({ item }) => item.statuses.some((status) => status.status === 'CORRECTED'));
    expect(answeredItem?.item.viewed).toBe(false);
  });

  it('lets about 1 in 6 first-round windows pass: overdue, offering a second round', () => {
    const silent = statusesOf(settled.items).filter((status) => status.status === 'UNDER_REVIEW_ACTIVE');
    const pairs = statusesOf(MANY).length;
    expect(share(silent.length, pairs)).toBeGreaterThan(0.12);
    expect(share(silent.length, pairs)).toBeLessThan(0.22);
    const today = addDays(SENT, 60);
    for (const status of silent) {
      expect(status.receivedAt).toBe(received);
      expect(responseWindow(status, today)).toEqual({ kind: 'overdue', daysOverdue: daysBetween(status.dueAt!, today), dueAt: addDays(received, 30) });
      expect(offersSecondRound(status, today)).toBe(true);
    }
  });

  it('always answers a second round', () => {
    const secondRound = MANY.map(({ id, item }) => sentItem(id, item.type, { round: 2 }));
    const result = advanceBureaus(secondRound, SENT, addDays(SENT, LETTER_MAIL_DAYS + 30), 'uid-many');
    expect(statusesOf(result.items).every((status) => status.status === 'CORRECTED')).toBe(true);
  });

  it('answers in realistic shares by category', () => {
    const outcomes = (type: DisputeCategory) => {
      const counts: Record<BureauOutcome, number> = { REMOVED: 0, MODIFIED: 0, VERIFIED: 0 };
      for (const [id, item] of byId) {
        if (!id.startsWith(`inv-${type}-`)) continue;
        for (const status of item.statuses) if (status.outcome && status.status === 'CORRECTED') counts[status.outcome] += 1;
      }
      const total = counts.REMOVED + counts.MODIFIED + counts.VERIFIED;
      return { removed: share(counts.REMOVED, total), modified: share(counts.MODIFIED, total), verified: share(counts.VERIFIED, total) };
    };
    const inquiries = outcomes('RECENT_INQUIRY');
    expect(inquiries.removed).toBeGreaterThan(0.65);
    expect(inquiries.modified).toBe(0);
    for (const type of ['COLLECTIONS_TRADELINE', 'COLLECTIONS_OTHER'] as const) {
      const collections = outcomes(type);
      expect(collections.removed).toBeGreaterThan(0.35);
      expect(collections.modified).toBeGreaterThan(0.12);
      expect(collections.verified).toBeGreaterThan(0.2);
    }
    const late = outcomes('LATE_PAYMENTS');
    expect(late.removed).toBe(0);
    expect(late.modified).toBeGreaterThan(0.4);
    expect(late.verified).toBeGreaterThan(0.3);
    const records = outcomes('PUBLIC_RECORDS');
    expect(records.verified).toBeGreaterThan(0.5);
    expect(records.verified).toBeGreaterThan(records.removed + records.modified);
  });

  it('is deterministic per customer, and the same whether advanced in one go or day by day', () => {
    const sample = MANY.slice(0, 200);
    const end = addDays(SENT, 45);
    const once = advanceBureaus(sample, SENT, end, 'uid-a');
    expect(advanceBureaus(sample, SENT, end, 'uid-a')).toEqual(once);
    expect(advanceBureaus(sample, SENT, end, 'uid-b').items).not.toEqual(once.items);

    let items = new Map(sample.map((entry) => [entry.id, entry]));
    const events: BureauEvent[] = [];
    for (let day = SENT; day < end; day = addDays(day, 1)) {
      const step = advanceBureaus([...items.values()], day, addDays(day, 1), 'uid-a');
      for (const entry of step.items) items = new Map(items).set(entry.id, entry);
      events.push(...step.events);
    }
    expect(events).toEqual(once.events);
    const changed = new Map(once.items.map((entry) => [entry.id, entry]));
    for (const [id, entry] of items) expect(entry).toEqual(changed.get(id) ?? sample.find((candidate) => candidate.id === id));
    // Run again to the same day: nothing more happens.
    expect(advanceBureaus([...items.values()], end, end, 'uid-a')).toEqual({ items: [], events: [] });
  });

  it('is what the sandbox provider answers', async () => {
    const sample = MANY.slice(0, 50);
    const request = { uid: 'uid-a', items: sample, from: SENT, to: addDays(SENT, 40) };
    await expect(new BureauResponseSandbox().responses(request)).resolves.toEqual(advanceBureaus(sample, SENT, request.to, 'uid-a'));
  });
});

describe('bureau-response sandbox: reinsertion', () => {
  const end = addDays(SENT, 120);
  const result = advanceBureaus(MANY, SENT, end, 'uid-many');
  const removed = statusesOf(result.items).filter((status) => status.outcome === 'REMOVED');
  const reinserted = removed.filter((status) => status.reinsertedAt !== null);

  it('puts about 1 in 10 removed items back, 10 to 40 days after the removal, offering a second round', () => {
    expect(share(reinserted.length, removed.length)).toBeGreaterThan(0.06);
    expect(share(reinserted.length, removed.length)).toBeLessThan(0.14);
    for (const status of reinserted) {
      const days = daysBetween(status.answeredAt!, status.reinsertedAt!);
      expect(days).toBeGreaterThanOrEqual(10);
      expect(days).toBeLessThanOrEqual(40);
      expect(status).toMatchObject({ status: 'CORRECTED', outcome: 'REMOVED', lastActivity: status.reinsertedAt });
      expect(offersSecondRound(status, end)).toBe(true);
    }
    const events = result.events.filter((event) => event.event === 'reinserted');
    expect(events).toHaveLength(reinserted.length);
  });

  it('lists the events in date order', () => {
    const days = result.events.map((event) => event.on);
    expect(days).toEqual([...days].sort());
  });
});

// ------------------------------------------------------------------------------------------- the report

const line = (key: string, fields: Partial<TradelineFacts>): TradelineFacts => ({
  key,
  bureaus: BUREAUS,
  creditorName: key.toUpperCase(),
  creditorPhone: '8005550100',
  accountType: 'Collection',
  portfolioType: 'Y',
  accountNumber: `${key}XXXX`,
  currentBalance: 0,
  creditLimit: null,
  highBalance: 0,
  monthlyPayment: 0,
  paymentStatus: 'C',
  pastDueAmount: 0,
  opened: '2022-01-01',
  closed: null,
  dateAccountStatus: '2026-08-01',
  status: 'Open',
  condition: 'Open',
  loanType: 'Credit Card',
  originalCreditor: null,
  remarks: null,
  late: {},
  ...fields,
});

function report(): RawReport {
  const reportDate = new Date('2026-08-20T12:00:00.000Z');
  return {
    reportSummary: bureauSummary({ EQUIFAX: 640, EXPERIAN: 630, TRANSUNION: 650 }, '2026-08-20'),
    accounts: accountRecords(
      [
        line('midland', { currentBalance: 1635, pastDueAmount: 1635, paymentStatus: '9', status: 'Collection', late: { 0: '9', 1: '9' } }),
        line('discover', { accountType: 'Revolving Credit Card', portfolioType: 'R', currentBalance: 900, paymentStatus: '1', pastDueAmount: 40, late: { 0: '1', 4: '2', 9: '3' } }),
      ],
      reportDate,
    ),
    inquiries: inquiryRecords([{ key: 'verizon', creditorName: 'VERIZON', industry: 'Utilities', date: '2026-03-01', bureaus: BUREAUS }]),
    publicRecords: publicRecordRecords([
      { key: 'judgment', bureaus: BUREAUS, type: 'Civil Judgment', status: 'filed', dateFiled: '2021-05-11', dateResolved: null, referenceNumber: 'R1', court: 'COURT', attorneyName: null, dispositionDate: null },
    ]),
    personalInfo: [],
  };
}

const ITEMS = new Map([
  ['inv-midland', sentItem('inv-midland', 'COLLECTIONS_TRADELINE', { key: 'midland' }).item],
  ['inv-discover-late', sentItem('inv-discover-late', 'LATE_PAYMENTS', { key: 'discover' }).item],
  ['inv-verizon', sentItem('inv-verizon', 'RECENT_INQUIRY', { key: 'verizon' }).item],
  ['inv-judgment', sentItem('inv-judgment', 'PUBLIC_RECORDS', { key: 'judgment' }).item],
]);
const answer = (itemId: string, bureau: Bureau, outcome: BureauOutcome, on = '2026-09-20'): BureauEvent => ({ itemId, bureau, event: 'answered', outcome, on });
const ids = (records: unknown) => (records as { id: string }[]).map((record) => record.id);
const scoreOf = (corrected: RawReport | null, bureau: Bureau) =>
  (corrected?.reportSummary as { bureauSummary: { bureau: string; creditScore: number }[] }).bureauSummary.find((entry) => entry.bureau === bureau)?.creditScore;

describe('a bureau answer on the report', () => {
  it('takes a removed record off that bureau only, keeps it, and raises that bureau’s score with a history point', () => {
    const corrected = correctReport(report(), [answer('inv-midland', 'EXPERIAN', 'REMOVED')], ITEMS, new Map());
    expect(ids(corrected.report?.accounts)).not.toContain('EXPERIAN-midland');
    expect(ids(corrected.report?.accounts)).toContain('EQUIFAX-midland');
    expect(corrected.removed.get('EXPERIAN-midland')).toMatchObject({ itemId: 'inv-midland', bureau: 'EXPERIAN', collection: 'accounts', removedAt: '2026-09-20' });
    expect(scoreOf(corrected.report, 'EXPERIAN')).toBeGreaterThan(630);
    expect(scoreOf(corrected.report, 'EQUIFAX')).toBe(640);
    expect(corrected.scorePoints).toEqual([{ bureau: 'EXPERIAN', reportdate: '2026-09-20', creditscore: scoreOf(corrected.report, 'EXPERIAN') }]);
  });

  it('raises the score more for a removed collection or public record than for a removed inquiry', () => {
    const gain = (itemId: string) => (scoreOf(correctReport(report(), [answer(itemId, 'EQUIFAX', 'REMOVED')], ITEMS, new Map()).report, 'EQUIFAX') ?? 0) - 640;
    expect(gain('inv-verizon')).toBeGreaterThan(0);
    expect(gain('inv-midland')).toBeGreaterThan(gain('inv-verizon'));
    expect(gain('inv-judgment')).toBeGreaterThan(gain('inv-verizon'));
  });

  it('puts a reinserted record back as it was and takes the points back', () => {
    const original = report();
    const removal = correctReport(original, [answer('inv-verizon', 'TRANSUNION', 'REMOVED')], ITEMS, new Map());
    const reinsertion = correctReport(
      removal.report,
      [{ itemId: 'inv-verizon', bureau: 'TRANSUNION', event: 'reinserted', outcome: 'REMOVED', on: '2026-10-15' }],
      ITEMS,
      removal.removed,
    );
    expect(reinsertion.report?.inquiries).toContainEqual((original.inquiries as { id: string }[]).find((record) => record.id === 'TRANSUNION-inq-verizon'));
    expect(reinsertion.restored).toEqual(new Set(['TRANSUNION-inq-verizon']));
    expect(scoreOf(reinsertion.report, 'TRANSUNION')).toBe(650);
  });

  it('pays a modified collection: balance 0 and status Paid', () => {
    const corrected = correctReport(report(), [answer('inv-midland', 'EQUIFAX', 'MODIFIED')], ITEMS, new Map());
    const record = (corrected.report?.accounts as Record<string, unknown>[]).find((account) => account.id === 'EQUIFAX-midland');
    expect(record).toMatchObject({ currentBalance: 0, pastDueAmount: 0, status: 'Paid' });
    expect(scoreOf(corrected.report, 'EQUIFAX')).toBeGreaterThan(640);
  });

  it('makes a modified late payment’s late months current, with the late counters at 0', () => {
    const corrected = correctReport(report(), [answer('inv-discover-late', 'TRANSUNION', 'MODIFIED')], ITEMS, new Map());
    const record = (corrected.report?.accounts as Record<string, unknown>[]).find((account) => account.id === 'TRANSUNION-discover') as {
      monthlyPaymentHistory: { Monthly: { status: string }[] };
    } & Record<string, unknown>;
    expect(record.monthlyPaymentHistory.Monthly.every((month) => month.status === 'C')).toBe(true);
    expect(record).toMatchObject({ latePayments30Days: 0, latePayments60Days: 0, latePayments90Days: 0, worstPayStatus: 'C', paymentStatus: 'C', pastDueAmount: 0 });
    const untouched = (corrected.report?.accounts as Record<string, unknown>[]).find((account) => account.id === 'EQUIFAX-discover');
    expect(untouched).toMatchObject({ latePayments30Days: 1 });
  });

  it('satisfies a modified public record', () => {
    const corrected = correctReport(report(), [answer('inv-judgment', 'EQUIFAX', 'MODIFIED')], ITEMS, new Map());
    expect((corrected.report?.publicRecords as Record<string, unknown>[]).find((record) => record.id === 'EQUIFAX-pr-judgment')).toMatchObject({ status: 'satisfied' });
  });

  it('changes nothing for a verified item, or for a customer without a report', () => {
    const original = report();
    const verified = correctReport(original, [answer('inv-midland', 'EQUIFAX', 'VERIFIED')], ITEMS, new Map());
    expect(verified.changed).toBe(false);
    expect(verified.report).toEqual(original);
    expect(correctReport(null, [answer('inv-midland', 'EQUIFAX', 'REMOVED')], ITEMS, new Map()).changed).toBe(false);
  });
});
