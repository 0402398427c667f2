// The premium customer's dispute items, investigations/{uid}/items/{id} (spec 001 §3, §4): an item
// in every stage. Waiting for a decision in all five categories (one a special account); one the customer chose not
// to challenge; one sent yesterday (under review, the letter in the mail); one the bureaus are investigating with
// days left; one a bureau let go past its due date (overdue, a second round offered) while the others answered; and
// answered ones: removed, modified (a paid collection, late months made current), verified (a second round offered),
// and a removed item the bureau put back (reinserted).
//
// The bureaus' windows run on the real clock (the functions count them from today: disputeStore.ts disputesToday),
// so the sent items' dates are days before the day the seed runs, not SEED_DATE: the demo shows days left and overdue
// days that make sense whenever it is started. What the bureaus did is not written by hand: the sent items go
// through the bureau-response sandbox (functions/src/disputes/bureauResponseSandbox.ts) from the day each letter
// went out to today, so the dev tool's next advance continues exactly where the seed stops; and the report gets the
// corrections those answers made (disputeCorrections.ts: a removed record is absent at that bureau and kept in
// investigations/{uid}/removedRecords to come back if reinserted; a modified one corrected). The report's scores
// stay as pulled (the report already reflects the answers). Every round's letters are there too (pending: their
// PDFs are written the first time the customer lists them).
import { accountId, BUREAUS, isoDay, type Bureau } from '../../src/domain/creditReportRecords';
import { addDays, bureauStatusRecord, LETTER_MAIL_DAYS, toDay, type DisputeCategory, type DisputeEntityType, type DisputeReason, type SecondaryReason } from '../../src/domain/disputes';
import { correctReport, type RawReport } from '../../functions/src/disputes/disputeCorrections';
import { disputeLetterPath, storedInvestigationItemSchema, type StoredInvestigationItem } from '../../functions/src/disputes/disputeRecords';
import { advanceBureaus } from '../../functions/src/disputes/bureauResponseSandbox';
import { daysBefore, type SeedDocument } from './base';
import { creditPullDate } from './creditReport';

/** The day the demo's dispute dates count back from: the day the seed runs (UTC), as the functions' clock. */
export function disputesSeedDay(now: number = Date.now()): string {
  return toDay(now);
}

type Decision =
  | { kind: 'undecided' }
  | { kind: 'not-challenged'; decidedDaysAgo: number }
  | {
      kind: 'sent';
      daysAgo: number;
      round: number;
      reason: DisputeReason;
      secondary?: SecondaryReason[];
      /** When the earlier rounds' letters went out (days before today), oldest first. */
      earlierRoundsDaysAgo?: number[];
    };

interface InvestigationSeed {
  id: string;
  name: string;
  type: DisputeCategory;
  entityType: DisputeEntityType;
  amount: number | null;
  accountStatus: string | null;
  bureaus: readonly Bureau[];
  itemIds: string[];
  decision: Decision;
  isSpecialAccount?: boolean;
  inquiryDate?: string;
  subtype?: string;
  /** Whether the customer has seen the bureaus' answers (the resolved-disputes modal shows the unviewed ones). */
  viewed?: boolean;
}

const accounts = (bureaus: readonly Bureau[], key: string) => bureaus.map((bureau) => accountId(bureau, key));
const records = (bureaus: readonly Bureau[], prefix: 'inq' | 'pr', key: string) => bureaus.map((bureau) => `${bureau}-${prefix}-${key}`);

function items(): InvestigationSeed[] {
  const EQ_EX = ['EQUIFAX', 'EXPERIAN'] as const;
  const EQ_TU = ['EQUIFAX', 'TRANSUNION'] as const;
  const EX_TU = ['EXPERIAN', 'TRANSUNION'] as const;
  const undecided = { kind: 'undecided' } as const;
  return [
    // Waiting for a decision: every category, one special account.
    { id: 'inv-midland', name: 'MIDLAND CREDIT MANAGEMENT', type: 'COLLECTIONS_TRADELINE', entityType: 'account', amount: 1635, accountStatus: 'Collection', bureaus: BUREAUS, itemIds: accounts(BUREAUS, 'midland'), decision: undecided },
    { id: 'inv-portfolio-recovery', name: 'PORTFOLIO RECOVERY ASSOCIATES', type: 'COLLECTIONS_OTHER', entityType: 'account', amount: 480, accountStatus: 'Collection', bureaus: EQ_EX, itemIds: accounts(EQ_EX, 'portfolio-recovery'), subtype: 'medical', decision: undecided },
    { id: 'inv-small-claims', name: 'SMALL CLAIMS JUDGMENT - HENDERSON JUSTICE COURT', type: 'PUBLIC_RECORDS', entityType: 'publicRecord', amount: null, accountStatus: 'dismissed', bureaus: ['EXPERIAN'], itemIds: records(['EXPERIAN'], 'pr', 'small-claims'), decision: undecided },
    // A special account: the wizard defaults it to 'do not challenge'; another reason needs the waiver.
    { id: 'inv-discover-late', name: 'DISCOVER BANK', type: 'LATE_PAYMENTS', entityType: 'account', amount: 4820, accountStatus: 'Open', bureaus: BUREAUS, itemIds: accounts(BUREAUS, 'discover'), isSpecialAccount: true, decision: undecided },
    { id: 'inv-verizon-inquiry', name: 'VERIZON WIRELESS', type: 'RECENT_INQUIRY', entityType: 'inquiry', amount: null, accountStatus: null, bureaus: ['EXPERIAN'], itemIds: records(['EXPERIAN'], 'inq', 'verizon'), inquiryDate: isoDay(daysBefore(318)), decision: undecided },
    // Not challenged: the customer decided to leave it.
    { id: 'inv-capital-one-auto-inquiry', name: 'CAPITAL ONE AUTO FINANCE', type: 'RECENT_INQUIRY', entityType: 'inquiry', amount: null, accountStatus: null, bureaus: EQ_TU, itemIds: records(EQ_TU, 'inq', 'capital-one-auto'), inquiryDate: isoDay(daysBefore(80)), decision: { kind: 'not-challenged', decidedDaysAgo: 30 }, viewed: true },
    // Under review, pending: sent yesterday, still in the mail.
    { id: 'inv-rocket-inquiry', name: 'ROCKET MORTGAGE', type: 'RECENT_INQUIRY', entityType: 'inquiry', amount: null, accountStatus: null, bureaus: BUREAUS, itemIds: records(BUREAUS, 'inq', 'rocket'), inquiryDate: isoDay(daysBefore(45)), decision: { kind: 'sent', daysAgo: 1, round: 1, reason: 'not_authorized' }, viewed: true },
    // Under review, active: received 10 days ago, 20 days left at both bureaus.
    { id: 'inv-synchrony', name: 'SYNCB/AMAZON', type: 'COLLECTIONS_TRADELINE', entityType: 'account', amount: 2110, accountStatus: 'Charge off', bureaus: EX_TU, itemIds: accounts(EX_TU, 'synchrony'), decision: { kind: 'sent', daysAgo: 13, round: 1, reason: 'incorrect_balance' }, viewed: true },
    // Two bureaus answered (verified; modified: the late months made current); TransUnion let its window pass.
    { id: 'inv-kohls-late', name: 'KOHLS/CAPONE', type: 'LATE_PAYMENTS', entityType: 'account', amount: 386, accountStatus: 'Open', bureaus: BUREAUS, itemIds: accounts(BUREAUS, 'kohls'), decision: { kind: 'sent', daysAgo: 45, round: 1, reason: 'never_late' }, viewed: false },
    // Answered: Equifax removed it and put it back 15 days later (reinserted); Experian modified it (paid, balance 0).
    { id: 'inv-santander-auto', name: 'SANTANDER CONSUMER USA', type: 'COLLECTIONS_TRADELINE', entityType: 'account', amount: 3180, accountStatus: 'Repossession', bureaus: EQ_EX, itemIds: accounts(EQ_EX, 'santander-auto'), decision: { kind: 'sent', daysAgo: 75, round: 1, reason: 'incorrect_information', secondary: ['wrong_balance', 'wrong_payment_history'] }, viewed: false },
    // A second round (the first went unanswered at TransUnion): Equifax removed it, TransUnion verified it.
    { id: 'inv-judgment', name: 'CIVIL JUDGMENT - CLARK COUNTY JUSTICE COURT', type: 'PUBLIC_RECORDS', entityType: 'publicRecord', amount: null, accountStatus: 'satisfied', bureaus: EQ_TU, itemIds: records(EQ_TU, 'pr', 'judgment'), decision: { kind: 'sent', daysAgo: 60, round: 2, reason: 'incorrect_status', earlierRoundsDaysAgo: [110] }, viewed: false },
    // Verified as accurate, seen by the customer: a second round is offered.
    { id: 'inv-sofi-inquiry', name: 'SOFI LENDING CORP', type: 'RECENT_INQUIRY', entityType: 'inquiry', amount: null, accountStatus: null, bureaus: ['TRANSUNION'], itemIds: records(['TRANSUNION'], 'inq', 'sofi'), inquiryDate: '2024-12-03', decision: { kind: 'sent', daysAgo: 40, round: 1, reason: 'not_mine' }, viewed: true },
  ];
}

const BUREAU_CODES: Readonly<Record<Bureau, string>> = { EQUIFAX: 'EQ', EXPERIAN: 'EX', TRANSUNION: 'TU' };

/** The days (yyyy-MM-dd) an item's letters went out, each round's, oldest first. */
function sendDays(decision: Decision, today: string): string[] {
  if (decision.kind !== 'sent') return [];
  return [...(decision.earlierRoundsDaysAgo ?? []), decision.daysAgo].map((daysAgo) => addDays(today, -daysAgo));
}

/** One item a day per bureau in this demo, so every dispute and letter number of a day is 01 (disputeLifecycle.ts). */
const disputeId = (bureau: Bureau, day: string) => `DSP-${BUREAU_CODES[bureau]}-${day.replaceAll('-', '')}-01`;
const letterId = (bureau: Bureau, day: string) => `LTR-${BUREAU_CODES[bureau]}-${day.replaceAll('-', '')}-01`;

function storedItem(seed: InvestigationSeed, today: string, reportDate: string): StoredInvestigationItem {
  const { decision } = seed;
  const sentAt = decision.kind === 'sent' ? addDays(today, -decision.daysAgo) : null;
  const decidedAt = decision.kind === 'not-challenged' ? addDays(today, -decision.decidedDaysAgo) : null;
  const reason = decision.kind === 'sent' ? decision.reason : decision.kind === 'not-challenged' ? 'do_not_challenge' : null;
  return storedInvestigationItemSchema.parse({
    name: seed.name,
    type: seed.type,
    entityType: seed.entityType,
    accountBalance: { amount: seed.amount },
    accountStatus: seed.accountStatus,
    challengeReason: reason,
    challengeReasonOptions: decision.kind === 'sent' ? (decision.secondary ?? []) : [],
    challengeReasonSelected: reason !== null,
    isSpecialAccount: seed.isSpecialAccount ?? false,
    waiverAcceptedAt: null,
    itemIds: seed.itemIds,
    disputeIds: sendDays(decision, today).flatMap((day) => seed.bureaus.map((bureau) => disputeId(bureau, day))),
    statuses: seed.bureaus.map((bureau) =>
      bureauStatusRecord(bureau, {
        status: sentAt ? 'UNDER_REVIEW_PENDING' : decidedAt ? 'NOT_CHALLENGED' : 'PENDING_USER_DECISION',
        lastActivity: sentAt ?? decidedAt,
        // What comes next for a letter in the mail: its arrival (the bureaus' sandbox takes it from there).
        nextActivity: sentAt ? addDays(sentAt, LETTER_MAIL_DAYS) : null,
        sentAt,
        round: decision.kind === 'sent' ? decision.round : 0,
      }),
    ),
    inquiryDate: seed.inquiryDate ?? null,
    reportDate,
    subtype: seed.subtype ?? null,
    viewed: seed.viewed ?? false,
  });
}

/**
 * The letters the customer's submits wrote (disputeLetters/{uid}/items/{documentId}, functions/src/disputes/disputeLetters.ts):
 * one per bureau and send day, every round's. They are stored pending: the seed writes no Storage, so
 * listDisputePdfs writes each PDF the first time the letters are listed, as it does for a letter whose PDF failed.
 */
function letterDocuments(uid: string, seeds: readonly InvestigationSeed[], today: string): SeedDocument[] {
  const letters = new Map<string, { bureau: Bureau; day: string; round: number; seeds: InvestigationSeed[] }>();
  for (const seed of seeds) {
    sendDays(seed.decision, today).forEach((day, index) => {
      for (const bureau of seed.bureaus) {
        const id = letterId(bureau, day);
        const letter = letters.get(id) ?? { bureau, day, round: index + 1, seeds: [] };
        letter.seeds.push(seed);
        letters.set(id, letter);
      }
    });
  }
  return [...letters].map(([documentId, letter]) => ({
    path: `disputeLetters/${uid}/items/${documentId}`,
    data: {
      bureau: letter.bureau,
      completionDate: letter.day,
      documentId,
      round: letter.round,
      itemIds: letter.seeds.map((seed) => seed.id),
      lines: letter.seeds.map((seed) => ({
        itemId: seed.id,
        name: seed.name,
        type: seed.type,
        entityType: seed.entityType,
        reason: seed.decision.kind === 'sent' ? seed.decision.reason : 'not_mine',
        secondary: seed.decision.kind === 'sent' ? (seed.decision.secondary ?? []) : [],
        recordIds: seed.itemIds.filter((id) => id.startsWith(`${letter.bureau}-`)),
        disputeId: disputeId(letter.bureau, letter.day),
        balance: seed.amount,
      })),
      storagePath: disputeLetterPath(uid, letter.bureau, documentId),
      status: 'pending',
      contentVersionId: null,
      createdAt: new Date(`${letter.day}T15:00:00.000Z`),
    },
  }));
}

/**
 * The premium customer's dispute documents on `today` (the items, their dispute state, the records the bureaus
 * removed) and their report with the bureaus' corrections.
 */
export function premiumDisputes(
  uid: string,
  report: { path: string; data: RawReport },
  today: string = disputesSeedDay(),
): { documents: SeedDocument[]; report: { path: string; data: RawReport } } {
  const reportDate = isoDay(creditPullDate());
  const seeds = items();
  const initial = seeds.map((seed) => ({ id: seed.id, item: storedItem(seed, today, reportDate) }));
  const earliest = initial.flatMap(({ item }) => item.statuses.map((status) => status.sentAt)).filter((day): day is string => day !== null).sort()[0] ?? today;
  const { items: answered, events } = advanceBureaus(initial, earliest, today, uid);
  const changed = new Map(answered.map((entry) => [entry.id, entry.item]));
  const final = initial.map(({ id, item }) => {
    const after = changed.get(id) ?? item;
    // Whether the customer has seen the answers is the demo's choice, not the bureaus'.
    return { id, item: { ...after, viewed: seeds.find((seed) => seed.id === id)?.viewed ?? false } };
  });
  const corrections = correctReport(report.data, events, new Map(final.map(({ id, item }) => [id, item])), new Map());
  const corrected = { ...(corrections.report ?? report.data), reportSummary: report.data.reportSummary };
  return {
    documents: [
      { path: `investigations/${uid}`, data: { isPaused: false, clockOffsetDays: 0 } },
      ...final.map(({ id, item }) => ({ path: `investigations/${uid}/items/${id}`, data: { id, ...item } })),
      ...letterDocuments(uid, seeds, today),
      ...[...corrections.removed].map(([recordId, removed]) => ({
        path: `investigations/${uid}/removedRecords/${recordId}`,
        data: { ...removed },
      })),
    ],
    report: { path: report.path, data: corrected },
  };
}
