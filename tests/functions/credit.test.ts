// The credit callables under the emulators (spec 001 §2-§5, §7; spec 002 §3 "Credit display"): the report per
// bureau and combined, the score history, the credit display, the simulator's display tokens, and report orders
// with their server-side rules (the 15 s throttle, the 30-day refresh rule, KBA first when flagged, agents only
// with allowClientActions). The free product line is refused everywhere, and every refusal writes nothing.
import type { FirebaseApp } from 'firebase/app';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallableName } from '../../src/contract/callables';
import { isoDay } from '../../src/domain/creditReportRecords';
import { demoAccount } from '../../seed/accounts';
import { creditReport, scoreHistoryDocuments } from '../../seed/data/creditReport';
import {
  adminDb,
  backendFingerprint,
  call,
  callRaw,
  createCustomer,
  failureOf,
  signIn,
  type TestCustomer,
  withSeededBackend,
} from '../support/emulator';

const DAY_MS = 24 * 60 * 60 * 1_000;
const today = () => isoDay(new Date());
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * DAY_MS));

interface StoredAccount {
  id: string;
  bureau: string;
  creditorName: string;
  accountNumber: string;
  status: string;
  closed: string | null;
  currentBalance: number;
  monthlyPayment: number;
}

/** A customer whose report (the demo report's records) was pulled `pulledDaysAgo` days ago, signed in. */
async function customerWithReport(options: { pulledDaysAgo?: number; contact?: Record<string, unknown> } = {}) {
  const pullDate = daysAgo(options.pulledDaysAgo ?? 40);
  const customer = await createCustomer({ contact: { Credit_Pull_Date__c: pullDate, ...options.contact } });
  const report = creditReport(customer.uid).data;
  await adminDb().doc(`creditReports/${customer.uid}`).set({ ...report, createdAt: new Date(`${pullDate}T12:00:00.000Z`) });
  for (const point of scoreHistoryDocuments(customer.uid)) await adminDb().doc(point.path).set(point.data);
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { creditPullDate: new Date(`${pullDate}T12:00:00.000Z`) } }, { merge: true });
  return { customer, app: await signIn(customer), report };
}

async function setFlags(flags: Record<string, boolean>) {
  await adminDb().doc('config/featureFlags').set(flags);
}

async function contactOf(customer: TestCustomer) {
  return (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data();
}

describe('credit callables', () => {
  withSeededBackend();
  afterAll(async () => {
    await setFlags({});
  });

  describe('getCreditReport', () => {
    it('answers the combined report with every bureau, and one bureau with only its own records', async () => {
      const { app, report } = await customerWithReport();
      const combined = await call(app, 'getCreditReport', { source: 'combined' });
      expect(combined.source).toBe('combined');
      expect(combined.reportSummary.bureauSummary.map((summary) => summary.bureau)).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
      expect(combined.accounts).toHaveLength(report.accounts.length);
      expect(new Set(combined.accounts.map((account) => account.bureau))).toEqual(new Set(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']));
      expect(combined.publicRecords.length).toBeGreaterThan(0);

      const equifax = await call(app, 'getCreditReport', { source: 'equifax' });
      expect(equifax.source).toBe('equifax');
      expect(equifax.reportSummary.bureauSummary).toEqual([{ bureau: 'EQUIFAX', creditScore: 655, reportDate: expect.any(String) }]);
      expect(equifax.accounts.length).toBeGreaterThan(15);
      for (const records of [equifax.accounts, equifax.inquiries, equifax.publicRecords, equifax.personalInfo]) {
        expect(records.every((record) => record.bureau === 'EQUIFAX')).toBe(true);
      }
      expect(equifax.personalInfo).toHaveLength(1);
      expect(equifax.accounts.length).toBeLessThan(combined.accounts.length);
    });

    it('answers the last four digits of the SSN only, even when a full number was stored', async () => {
      const { customer, app, report } = await customerWithReport();
      const personalInfo = report.personalInfo.map((info) => ({ ...info, ssn: '666-12-3456' }));
      await adminDb().doc(`creditReports/${customer.uid}`).update({ personalInfo });
      const answered = await call(app, 'getCreditReport', { source: 'transunion' });
      expect(answered.personalInfo[0]?.ssn).toBe('3456');
      expect(JSON.stringify(answered)).not.toContain('666');
    });

    it('answers not-found (no-report) before the first pull', async () => {
      const app = await signIn(await createCustomer());
      const failure = await failureOf(call(app, 'getCreditReport', { source: 'combined' }));
      expect(failure.code).toBe('functions/not-found');
      expect(failure.details?.key).toBe('no-report');
    });

    it('reads with a kbaLinkId only of a KBA check this customer passed', async () => {
      const { customer, app } = await customerWithReport();
      const other = await createCustomer();
      await adminDb().doc('kbaSessions/credit-test-passed').set({ uid: customer.uid, status: 'passed' });
      await adminDb().doc('kbaSessions/credit-test-open').set({ uid: customer.uid, status: 'open' });
      await adminDb().doc('kbaSessions/credit-test-other').set({ uid: other.uid, status: 'passed' });
      await expect(call(app, 'getCreditReport', { source: 'experian', kbaLinkId: 'credit-test-passed' })).resolves.toMatchObject({ source: 'experian' });
      for (const kbaLinkId of ['credit-test-open', 'credit-test-other', 'credit-test-unknown']) {
        const failure = await failureOf(call(app, 'getCreditReport', { source: 'experian', kbaLinkId }));
        expect(failure.code, kbaLinkId).toBe('functions/not-found');
      }
    });

    it('refuses an unknown bureau with invalid-argument', async () => {
      const { app } = await customerWithReport();
      const failure = await failureOf(callRaw(app, 'getCreditReport', { source: 'innovis' }));
      expect(failure.code).toBe('functions/invalid-argument');
      expect(failure.details?.issues?.[0]?.path).toEqual(['source']);
    });

    it('lets a coach without allowClientActions read the customer’s report', async () => {
      const coach = await signIn(demoAccount('coach'));
      const report = await call(coach, 'getCreditReport', { source: 'combined' });
      expect(report.accounts.length).toBeGreaterThan(40);
    });
  });

  describe('getCreditScoreHistory', () => {
    it('answers 24 months per bureau, oldest first, ending at the report’s scores', async () => {
      const { app } = await customerWithReport();
      const history = await call(app, 'getCreditScoreHistory');
      expect(history).toHaveLength(72);
      const days = history.map((item) => item.reportdate);
      expect(days).toEqual([...days].sort());
      const latest = history.slice(-3);
      expect(latest.map((item) => [item.bureau, item.creditscore])).toEqual([
        ['EQUIFAX', 655],
        ['EXPERIAN', 641],
        ['TRANSUNION', 648],
      ]);
      for (const item of history) {
        expect(item.creditscore).toBeGreaterThanOrEqual(300);
        expect(item.creditscore).toBeLessThanOrEqual(850);
      }
    });

    it('answers an empty history before the first pull', async () => {
      const app = await signIn(await createCustomer());
      expect(await call(app, 'getCreditScoreHistory')).toEqual([]);
    });
  });

  describe('getCreditDisplay', () => {
    it('lists each tradeline once with its payment history latest first, and the debt of open accounts', async () => {
      const { app, report } = await customerWithReport();
      const display = await call(app, 'getCreditDisplay');
      const accounts = report.accounts as StoredAccount[];
      const tradelines = new Set(accounts.map((account) => `${account.creditorName}|${account.accountNumber}`));
      expect(display.creditBalance).toHaveLength(tradelines.size);
      expect(display.id).toBe('seed-premium-report');
      const kohls = display.creditBalance.find((account) => account.name === 'KOHLS/CAPONE');
      expect(kohls?.paymentHistory.startsWith('1')).toBe(true);
      expect(kohls?.paymentHistory).toHaveLength(24);
      const macys = display.creditBalance.find((account) => account.name === 'MACYS/CITIBANK NA');
      expect(macys?.status).toBe('closed');
      const open = display.creditBalance.filter((account) => account.status === 'open');
      expect(display.totalDebt).toBe(open.reduce((sum, account) => sum + (account.balance ?? 0), 0));
      expect(display.monthlyDebtPayment).toBe(open.reduce((sum, account) => sum + (account.monthlyPayment ?? 0), 0));
      expect(display.totalDebt).toBeGreaterThan(0);
      expect(display.bureauReports.map((entry) => entry.creditScore)).toEqual([655, 641, 648]);
      // The same inquiry at several bureaus counts once.
      expect(display.creditInquiries).toHaveLength(5);
    });
  });

  describe('getCreditDisplayTokens', () => {
    it('writes a fresh display token bound to the current report that expires in 15 minutes', async () => {
      const { customer, app } = await customerWithReport();
      const before = Date.now();
      const tokens = await call(app, 'getCreditDisplayTokens');
      expect(tokens.reportKey).toBe('seed-premium-report');
      expect(tokens.widgetUrl).toMatch(/\/creditSimulatorSandbox$/);
      expect(tokens.userToken).not.toContain(customer.uid);
      const stored = (await adminDb().doc(`creditDisplayTokens/${tokens.displayToken}`).get()).data();
      expect(stored).toMatchObject({ uid: customer.uid, reportKey: tokens.reportKey, userToken: tokens.userToken });
      const expiresMs = (stored?.expiresAt as { toMillis(): number }).toMillis();
      expect(expiresMs).toBe(Date.parse(tokens.expiresAt));
      expect(expiresMs - before).toBeGreaterThanOrEqual(15 * 60 * 1_000 - 1_000);
      expect(expiresMs - before).toBeLessThanOrEqual(15 * 60 * 1_000 + 10_000);

      const again = await call(app, 'getCreditDisplayTokens');
      expect(again.displayToken).not.toBe(tokens.displayToken);
      expect(again.userToken).toBe(tokens.userToken);
    });
  });

  describe('orderReport', () => {
    it('pulls a new report dated today with a new history point and the pull date everywhere, keeping the disputes', async () => {
      const { customer, app } = await customerWithReport({ pulledDaysAgo: 45 });
      await adminDb().doc(`investigations/${customer.uid}/items/inv-midland`).set({ id: 'inv-midland', challengeReason: 'not_mine' });
      const historyBefore = await call(app, 'getCreditScoreHistory');

      expect(await call(app, 'orderReport')).toEqual({ status: 'ordered', creditPullDate: today() });

      const report = await call(app, 'getCreditReport', { source: 'combined' });
      expect(report.reportSummary.bureauSummary.every((summary) => summary.reportDate === today())).toBe(true);
      expect(report.accounts.every((account) => account.reported === today())).toBe(true);
      expect(Date.now() - Date.parse(report.pulledAt)).toBeLessThan(60_000);
      const history = await call(app, 'getCreditScoreHistory');
      expect(history).toHaveLength(historyBefore.length + 3);
      expect(history.slice(-3).map((item) => item.reportdate)).toEqual([today(), today(), today()]);
      expect((await call(app, 'getCreditDisplayTokens')).reportKey).not.toBe('seed-premium-report');
      expect((await contactOf(customer))?.Credit_Pull_Date__c).toBe(today());
      const user = (await adminDb().doc(`users/${customer.uid}`).get()).data();
      expect(isoDay((user?.customer.creditPullDate as { toDate(): Date }).toDate())).toBe(today());
      expect((await adminDb().doc(`investigations/${customer.uid}/items/inv-midland`).get()).data()).toEqual({
        id: 'inv-midland',
        challengeReason: 'not_mine',
      });
    });

    it('refuses a second order within 15 seconds with the seconds left, and writes nothing', async () => {
      const { app } = await customerWithReport({ pulledDaysAgo: 45 });
      expect((await call(app, 'orderReport')).status).toBe('ordered');
      const before = await backendFingerprint();
      const failure = await failureOf(call(app, 'orderReport'));
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(failure.details?.key).toBe('order-throttled');
      const secondsLeft = (failure.details as { retryAfterSeconds?: number }).retryAfterSeconds;
      expect(secondsLeft).toBeGreaterThan(0);
      expect(secondsLeft).toBeLessThanOrEqual(15);
      expect(await backendFingerprint()).toBe(before);
    });

    it('accepts one of two orders made at the same moment and refuses the other as throttled', async () => {
      const { customer, app } = await customerWithReport({ pulledDaysAgo: 45 });
      const outcomes = await Promise.allSettled([call(app, 'orderReport'), call(app, 'orderReport')]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused?.reason as { code?: string } | undefined)?.code).toBe('functions/resource-exhausted');
      const history = await adminDb().collection(`creditScoreHistory/${customer.uid}/items`).where('reportdate', '==', today()).get();
      expect(history.size).toBe(3);
    });

    it('aborts an order while an earlier one is still being pulled past the throttle window, and writes nothing', async () => {
      const { customer, app } = await customerWithReport({ pulledDaysAgo: 45 });
      const startedAt = new Date(Date.now() - 20_000);
      await adminDb().doc(`reportOrders/${customer.uid}`).set({ lastOrderAt: startedAt, inProgressSince: startedAt });
      const before = await backendFingerprint();
      const failure = await failureOf(call(app, 'orderReport'));
      expect(failure.code).toBe('functions/aborted');
      expect(failure.details?.key).toBe('order-in-progress');
      expect(await backendFingerprint()).toBe(before);
      expect((await contactOf(customer))?.Credit_Pull_Date__c).toBe(daysAgo(45));
    });

    it('orders again once an order left in progress is older than any order can run, and clears its mark when done', async () => {
      const { customer, app } = await customerWithReport({ pulledDaysAgo: 45 });
      const lost = new Date(Date.now() - 5 * 60_000);
      await adminDb().doc(`reportOrders/${customer.uid}`).set({ lastOrderAt: lost, inProgressSince: lost });
      expect(await call(app, 'orderReport')).toEqual({ status: 'ordered', creditPullDate: today() });
      const order = (await adminDb().doc(`reportOrders/${customer.uid}`).get()).data();
      expect(order?.inProgressSince).toBeUndefined();
      expect(Date.now() - (order?.lastOrderAt as { toMillis(): number }).toMillis()).toBeLessThan(60_000);
    });

    it('refuses a refresh before 30 days have passed since the last pull, and writes nothing', async () => {
      const { app } = await customerWithReport({ pulledDaysAgo: 10 });
      const before = await backendFingerprint();
      const failure = await failureOf(call(app, 'orderReport'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('refresh-not-allowed');
      expect(await backendFingerprint()).toBe(before);
    });

    it('refuses a refresh when KBA failed (KBA_Status__c false), whatever the date', async () => {
      const { app } = await customerWithReport({ pulledDaysAgo: 90, contact: { KBA_Status__c: false } });
      const failure = await failureOf(call(app, 'orderReport'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('refresh-not-allowed');
    });

    it('sends the order through KBA first while the KBA flag is on and the customer has not passed it', async () => {
      const { customer, app } = await customerWithReport({ pulledDaysAgo: 45 });
      const passed = await customerWithReport({ pulledDaysAgo: 45, contact: { KBA_Status__c: true } });
      try {
        await setFlags({ kba: true });
        const result = await call(app, 'orderReport');
        expect(result.status).toBe('kba-required');
        const kbaLinkId = result.status === 'kba-required' ? result.kbaLinkId : '';
        expect((await adminDb().doc(`kbaSessions/${kbaLinkId}`).get()).get('uid')).toBe(customer.uid);
        // No new report yet: the order waits for the check.
        expect((await contactOf(customer))?.Credit_Pull_Date__c).toBe(daysAgo(45));
        // A customer who passed KBA orders at once.
        expect(await call(passed.app, 'orderReport')).toEqual({ status: 'ordered', creditPullDate: today() });
      } finally {
        await setFlags({});
      }
    });

    it('gives a customer without a report the initial pull', async () => {
      const customer = await createCustomer({ contact: { FirstName: 'Olive', LastName: 'Order' } });
      const app = await signIn(customer);
      expect(await call(app, 'orderReport')).toEqual({ status: 'ordered', creditPullDate: today() });
      const report = await call(app, 'getCreditReport', { source: 'combined' });
      expect(report.personalInfo[0]?.name).toContain('OLIVE');
      expect(await call(app, 'getCreditScoreHistory')).toHaveLength(72);
      expect((await adminDb().collection(`investigations/${customer.uid}/items`).get()).size).toBeGreaterThan(3);
    });

    it('refuses a coach without allowClientActions, and writes nothing', async () => {
      const coach = await signIn(demoAccount('coach'));
      const before = await backendFingerprint();
      const failure = await failureOf(call(coach, 'orderReport'));
      expect(failure.code).toBe('functions/permission-denied');
      expect(await backendFingerprint()).toBe(before);
    });
  });

  describe('the free product line', () => {
    const calls: [CallableName, (app: FirebaseApp) => Promise<unknown>][] = [
      ['getCreditReport', (app) => call(app, 'getCreditReport', { source: 'combined' })],
      ['getCreditScoreHistory', (app) => call(app, 'getCreditScoreHistory')],
      ['getCreditDisplay', (app) => call(app, 'getCreditDisplay')],
      ['getCreditDisplayTokens', (app) => call(app, 'getCreditDisplayTokens')],
      ['orderReport', (app) => call(app, 'orderReport')],
    ];

    it.each(calls)('is refused %s with upgrade-required, and nothing is written', async (_name, run) => {
      const app = await signIn(demoAccount('freeCustomer'));
      const before = await backendFingerprint();
      const failure = await failureOf(run(app));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('upgrade-required');
      expect(await backendFingerprint()).toBe(before);
    });
  });
});
