// The credit data provider's sandbox (spec 001 §2-§4): per customer, deterministic and realistic
// enough for every part of the credit pages, and a report order that changes it plausibly.
import { describe, expect, it } from 'vitest';
import type { CreditAccount } from '../../src/contract/credit';
import { creditReportSchema } from '../../src/contract/credit';
import { accountGroup, ACCOUNT_GROUPS, PUBLIC_RECORD_STATUSES } from '../../src/domain/creditReport';
import { BUREAUS, isoDay } from '../../src/domain/creditReportRecords';
import { buildSandboxPull } from '../../functions/src/credit/creditDataSandbox';
import { refreshSandboxReport } from '../../functions/src/credit/creditDataSandboxRefresh';
import type { CreditSubject } from '../../functions/src/credit/creditData';
import { storedInvestigationItemSchema } from '../../functions/src/disputes/disputeStore';
import { investigationItemSchema } from '../../src/contract/disputes';
import { needsDecision } from '../../src/domain/disputes';

const PULLED_AT = new Date('2026-10-12T16:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1_000;

const subject = (uid: string): CreditSubject => ({
  uid,
  firstName: 'Rosa',
  middleName: 'Ines',
  lastName: 'Delgado',
  birthdate: '1990-03-02',
  ssnLast4: '4410',
  street: '77 Palm St',
  city: 'Tucson',
  stateCode: 'AZ',
  postalCode: '85701',
});

const UIDS = Array.from({ length: 12 }, (_, index) => `customer-${index}-${(index * 7919).toString(36)}`);
const omitId = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;
const tradelineOf = (account: CreditAccount) => account.id.replace(/^[A-Z]+-/, '');
const statusesOf = (accounts: readonly CreditAccount[]) => accounts.flatMap((account) => account.monthlyPaymentHistory.Monthly.map((month) => month.status));

describe('credit sandbox pull', () => {
  it('gives the same customer the same report and history every time, and another customer another one', () => {
    const first = buildSandboxPull(subject('same-uid'), PULLED_AT);
    expect(buildSandboxPull(subject('same-uid'), PULLED_AT)).toEqual(first);
    expect(buildSandboxPull(subject('another-uid'), PULLED_AT).report.accounts).not.toEqual(first.report.accounts);
  });

  it.each(UIDS)('makes a report the contract accepts, with 20+ accounts in all five groups (%s)', (uid) => {
    const { report } = buildSandboxPull(subject(uid), PULLED_AT);
    expect(creditReportSchema.safeParse({ ...report, source: 'combined', pulledAt: PULLED_AT.toISOString() }).success).toBe(true);
    const tradelines = new Map(report.accounts.map((account) => [tradelineOf(account), account]));
    expect(tradelines.size).toBeGreaterThanOrEqual(20);
    expect(new Set([...tradelines.values()].map((account) => accountGroup(account.accountType)))).toEqual(new Set(ACCOUNT_GROUPS));
    const portfolioTypes = new Set(report.accounts.map((account) => account.portfolioType));
    for (const type of ['I', 'R', 'O', 'M', 'C', 'L', 'Y']) expect(portfolioTypes, type).toContain(type);
    // The same tradeline carries the same id at each bureau that reports it.
    for (const bureau of BUREAUS) expect(report.accounts.some((account) => account.bureau === bureau)).toBe(true);
  });

  it.each(UIDS)('has late payments of every code, repossession, collection, charge-off, unknown and no-data months (%s)', (uid) => {
    const { report } = buildSandboxPull(subject(uid), PULLED_AT);
    const statuses = new Set(statusesOf(report.accounts));
    for (const code of ['C', '1', '2', '3', '4', '5', '6', '8', '9', 'U', 'X']) expect(statuses, code).toContain(code);
    const bankruptcy = report.publicRecords.some((record) => record.type === 'Chapter 7 Bankruptcy');
    // Code 7 (bankruptcy) only where realistic: on an account included in a bankruptcy on the report.
    expect(statuses.has('7')).toBe(bankruptcy);
    expect(report.accounts.some((account) => account.portfolioType === 'Y' && account.status === 'Collection')).toBe(true);
    expect(report.accounts.some((account) => account.remarks === 'Charged off account' && account.paymentStatus === '9')).toBe(true);
    const closed = report.accounts.filter((account) => account.closed !== null);
    expect(closed.length).toBeGreaterThanOrEqual(4);
    expect(closed.every((account) => account.status === 'Closed')).toBe(true);
    // The bureaus' late counts and worst status agree with the months.
    for (const account of report.accounts) {
      const months = account.monthlyPaymentHistory.Monthly.map((month) => month.status);
      expect(account.latePayments30Days).toBe(months.filter((status) => status === '1').length);
      expect(months.length).toBeLessThanOrEqual(24);
    }
  });

  it.each(UIDS)('has inquiries inside and outside 24 months, public records, and personal info that differs by bureau (%s)', (uid) => {
    const { report } = buildSandboxPull(subject(uid), PULLED_AT);
    const cutoff = isoDay(new Date(PULLED_AT.getTime() - 730 * DAY_MS));
    expect(report.inquiries.some((inquiry) => inquiry.date !== null && inquiry.date >= cutoff)).toBe(true);
    expect(report.inquiries.some((inquiry) => inquiry.date !== null && inquiry.date < cutoff)).toBe(true);
    expect(report.publicRecords.length).toBeGreaterThan(0);
    for (const record of report.publicRecords) expect(PUBLIC_RECORD_STATUSES).toContain(record.status);
    const [equifax, experian, transunion] = report.personalInfo;
    expect(report.personalInfo.map((info) => info.bureau)).toEqual([...BUREAUS]);
    expect(new Set(report.personalInfo.map((info) => info.name)).size).toBeGreaterThan(1);
    expect(experian?.alsoKnownAs.length).toBeGreaterThan(0);
    expect(transunion?.employer?.name).toBeTruthy();
    expect(equifax?.previousAddress.length).toBeGreaterThan(transunion?.previousAddress.length ?? 0);
    expect(report.personalInfo.every((info) => info.ssn === '4410' && info.currentAddress?.address.includes('TUCSON'))).toBe(true);
  });

  it.each(UIDS)('has 24 months of score history per bureau, a plausible walk ending at the report’s score (%s)', (uid) => {
    const { report, scoreHistory } = buildSandboxPull(subject(uid), PULLED_AT);
    for (const summary of report.reportSummary.bureauSummary) {
      const walk = scoreHistory.filter((point) => point.bureau === summary.bureau);
      expect(walk).toHaveLength(24);
      expect(walk.map((point) => point.reportdate)).toEqual([...walk.map((point) => point.reportdate)].sort());
      expect(walk.at(-1)).toEqual({ bureau: summary.bureau, reportdate: isoDay(PULLED_AT), creditscore: summary.creditScore });
      for (let index = 1; index < walk.length; index += 1) {
        expect(Math.abs(walk[index]!.creditscore - walk[index - 1]!.creditscore)).toBeLessThanOrEqual(25);
      }
      expect(walk.every((point) => point.creditscore >= 300 && point.creditscore <= 850)).toBe(true);
    }
  });

  it('lists disputable items whose item ids are records of the report', () => {
    const { report, investigations } = buildSandboxPull(subject('disputes-uid'), PULLED_AT);
    const ids = new Set([...report.accounts, ...report.inquiries, ...report.publicRecords].map((record) => record.id));
    expect(new Set(investigations.map((item) => item.type))).toEqual(
      new Set(['COLLECTIONS_TRADELINE', 'COLLECTIONS_OTHER', 'LATE_PAYMENTS', 'PUBLIC_RECORDS', 'RECENT_INQUIRY']),
    );
    for (const item of investigations) for (const id of item.itemIds as string[]) expect(ids, id).toContain(id);
  });

  it.each(UIDS.slice(0, 4))('stores every item as the contract’s item, undecided at each bureau, with no secondary reasons yet (%s)', (uid) => {
    const { investigations } = buildSandboxPull(subject(uid), PULLED_AT);
    for (const { id, ...stored } of investigations) {
      const item = investigationItemSchema.parse({ id, ...stored });
      expect(storedInvestigationItemSchema.parse(stored)).toEqual(omitId(item));
      expect(item.challengeReasonOptions).toEqual([]);
      expect(needsDecision(item)).toBe(true);
      expect(item.statuses.every((status) => status.status === 'PENDING_USER_DECISION' && status.round === 0 && status.sentAt === null)).toBe(true);
    }
  });
});

describe('credit sandbox refresh', () => {
  const ORDERED_AT = new Date(PULLED_AT.getTime() + 38 * DAY_MS);
  const pull = buildSandboxPull(subject('refresh-uid'), PULLED_AT);
  const refreshed = refreshSandboxReport('refresh-uid', pull.report, ORDERED_AT);

  it('is the same for the same customer and day', () => {
    expect(refreshSandboxReport('refresh-uid', pull.report, ORDERED_AT)).toEqual(refreshed);
  });

  it('dates the report and its new history point today, with scores a few points from the last', () => {
    const day = isoDay(ORDERED_AT);
    expect(refreshed.report.reportSummary.bureauSummary.every((summary) => summary.reportDate === day)).toBe(true);
    expect(refreshed.report.accounts.every((account) => account.reported === day)).toBe(true);
    expect(refreshed.scoreHistory.map((point) => [point.bureau, point.reportdate])).toEqual(BUREAUS.map((bureau) => [bureau, day]));
    pull.report.reportSummary.bureauSummary.forEach((summary, index) => {
      const next = refreshed.report.reportSummary.bureauSummary[index]!;
      expect(Math.abs((next.creditScore ?? 0) - (summary.creditScore ?? 0))).toBeLessThanOrEqual(10);
      expect(refreshed.scoreHistory[index]?.creditscore).toBe(next.creditScore);
    });
  });

  it('adds the new months of payment history and pays loans down a little, the same way at every bureau', () => {
    const before = new Map(pull.report.accounts.map((account) => [account.id, account]));
    for (const account of refreshed.report.accounts) {
      const previous = before.get(account.id)!;
      const months = account.monthlyPaymentHistory.Monthly;
      expect(months[0]?.date).toBe(isoDay(ORDERED_AT).slice(0, 7));
      expect(months.slice(1).map((month) => month.date)).toContain(previous.monthlyPaymentHistory.Monthly[0]?.date);
      expect(months.length).toBeLessThanOrEqual(24);
      if (account.portfolioType === 'I' && account.closed === null && (previous.currentBalance ?? 0) > 0) {
        expect(account.currentBalance).toBeLessThan(previous.currentBalance ?? 0);
        expect(account.currentBalance).toBeGreaterThan((previous.currentBalance ?? 0) - 3 * (previous.monthlyPayment ?? 0));
      }
      if (account.portfolioType === 'Y') {
        expect(account.currentBalance).toBe(previous.currentBalance);
        expect(months[0]?.status).toBe('9');
      }
    }
    const byTradeline = new Map<string, number | null>();
    for (const account of refreshed.report.accounts) {
      // One bureau may report an older balance; the change since the last report is the same at every bureau.
      const previous = before.get(account.id)!;
      const change = (account.currentBalance ?? 0) - (previous.currentBalance ?? 0);
      const key = tradelineOf(account);
      if (!byTradeline.has(key)) byTradeline.set(key, change);
      else if ((previous.currentBalance ?? 0) === (pull.report.accounts.find((other) => tradelineOf(other) === key)?.currentBalance ?? 0)) {
        expect(change, key).toBe(byTradeline.get(key));
      }
    }
    expect(refreshed.report.inquiries).toEqual(pull.report.inquiries);
    expect(refreshed.report.personalInfo).toEqual(pull.report.personalInfo);
  });
});
