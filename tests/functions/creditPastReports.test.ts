// Past credit reports under the emulators (spec 002 §7 getReport {id, userId, source}): every order keeps the report
// it replaces, listCreditReports lists the customer's pulls latest first with the current one marked, and getReport
// reads one by its id for the customer the session reads (the customer, or the customer a coach acts for). Another
// customer's report, whatever id or userId is sent, is refused exactly as an unknown report is, so nothing about it
// is learnt; the free line and an unverified email are refused as getCreditReport refuses them; nothing is written.
import { describe, expect, it } from 'vitest';
import { isoDay } from '../../src/domain/creditReportRecords';
import { demoAccount } from '../../seed/accounts';
import { creditReport } from '../../seed/data/creditReport';
import {
  adminAuthClient,
  adminDb,
  backendFingerprint,
  call,
  callRaw,
  createCustomer,
  failureOf,
  signIn,
  withSeededBackend,
} from '../support/emulator';

const DAY_MS = 24 * 60 * 60 * 1_000;
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * DAY_MS));

/** A customer whose report (the demo report, written without a kept copy as the demo data writes it) is 45 days old. */
async function customerWithReport() {
  const pullDate = daysAgo(45);
  const customer = await createCustomer({ contact: { Credit_Pull_Date__c: pullDate } });
  const report = creditReport(customer.uid).data;
  await adminDb()
    .doc(`creditReports/${customer.uid}`)
    .set({ ...report, createdAt: new Date(`${pullDate}T12:00:00.000Z`), reportKey: `first-${customer.uid.slice(0, 8)}` });
  return { customer, app: await signIn(customer), firstKey: `first-${customer.uid.slice(0, 8)}`, pullDate };
}

/** The customer above after one order: the demo report is now a past report. */
async function customerWithPastReport() {
  const setup = await customerWithReport();
  expect((await call(setup.app, 'orderReport')).status).toBe('ordered');
  return setup;
}

describe('past credit reports', () => {
  withSeededBackend();

  describe('listCreditReports', () => {
    it('lists the current report alone before any order, and nothing before the first pull', async () => {
      const { customer, app, firstKey, pullDate } = await customerWithReport();
      expect(await call(app, 'listCreditReports')).toEqual({
        userId: customer.uid,
        reports: [{ id: firstKey, pulledAt: `${pullDate}T12:00:00.000Z`, current: true }],
      });
      const newcomer = await createCustomer();
      expect(await call(await signIn(newcomer), 'listCreditReports')).toEqual({ userId: newcomer.uid, reports: [] });
    });

    it('lists the new report as current and the one it replaced as past, latest first, after an order', async () => {
      const { customer, app, firstKey, pullDate } = await customerWithPastReport();
      const list = await call(app, 'listCreditReports');
      expect(list.userId).toBe(customer.uid);
      expect(list.reports).toHaveLength(2);
      const [latest, earlier] = list.reports;
      expect(latest).toMatchObject({ current: true });
      expect(latest?.id).not.toBe(firstKey);
      expect(latest?.pulledAt.slice(0, 10)).toBe(isoDay(new Date()));
      expect(earlier).toEqual({ id: firstKey, pulledAt: `${pullDate}T12:00:00.000Z`, current: false });
      expect(latest?.id).toBe((await call(app, 'getCreditDisplay')).id);
    });
  });

  describe('getReport', () => {
    it('reads the customer’s past report by its id, per bureau and combined, as it was pulled', async () => {
      const { customer, app, firstKey, pullDate } = await customerWithPastReport();
      const original = creditReport(customer.uid).data;
      const past = await call(app, 'getReport', { id: firstKey, userId: customer.uid, source: 'combined' });
      expect(past.source).toBe('combined');
      expect(past.pulledAt).toBe(`${pullDate}T12:00:00.000Z`);
      expect(past.accounts).toHaveLength(original.accounts.length);
      expect(past.reportSummary.bureauSummary.map((summary) => summary.reportDate)).toEqual(
        original.reportSummary.bureauSummary.map((summary) => summary.reportDate),
      );

      const equifax = await call(app, 'getReport', { id: firstKey, userId: customer.uid, source: 'equifax' });
      expect(equifax.reportSummary.bureauSummary).toEqual([{ bureau: 'EQUIFAX', creditScore: 655, reportDate: expect.any(String) }]);
      expect(equifax.accounts.every((account) => account.bureau === 'EQUIFAX')).toBe(true);
      expect(equifax.personalInfo.every((info) => info.ssn === null || /^\d{4}$/.test(info.ssn))).toBe(true);

      const current = await call(app, 'getCreditReport', { source: 'combined' });
      expect(current.pulledAt).not.toBe(past.pulledAt);
    });

    it('reads the current report by its id as getCreditReport answers it', async () => {
      const { customer, app } = await customerWithPastReport();
      const [latest] = (await call(app, 'listCreditReports')).reports;
      const byId = await call(app, 'getReport', { id: latest!.id, userId: customer.uid, source: 'experian' });
      expect(byId).toEqual(await call(app, 'getCreditReport', { source: 'experian' }));
    });

    it('refuses another customer’s report as it refuses an unknown one, revealing nothing, and writes nothing', async () => {
      const owner = await customerWithPastReport();
      const intruder = await customerWithReport();
      const before = await backendFingerprint();
      const [ownerLatest] = (await call(owner.app, 'listCreditReports')).reports;
      const attempts = [
        // The owner's uid with the owner's report ids.
        { id: owner.firstKey, userId: owner.customer.uid, source: 'combined' as const },
        { id: ownerLatest!.id, userId: owner.customer.uid, source: 'equifax' as const },
        // The intruder's own uid with the owner's report ids.
        { id: owner.firstKey, userId: intruder.customer.uid, source: 'combined' as const },
        { id: ownerLatest!.id, userId: intruder.customer.uid, source: 'combined' as const },
        // An id nobody has.
        { id: 'no-such-report', userId: intruder.customer.uid, source: 'combined' as const },
      ];
      const failures = [];
      for (const request of attempts) failures.push(await failureOf(call(intruder.app, 'getReport', request)));
      for (const failure of failures) {
        expect(failure.code).toBe('functions/not-found');
        expect(failure.details).toEqual({ key: 'no-report' });
        expect(failure.message).toMatch(/^no-report/);
      }
      // Each refusal reads the same, whether or not the report exists.
      expect(new Set(failures.map((failure) => JSON.stringify(failure))).size).toBe(1);
      expect(JSON.stringify(failures)).not.toContain(owner.customer.uid);
      expect(await backendFingerprint()).toBe(before);
    });

    it('lets a coach without allowClientActions read the past reports of the customer they act for, and no one else’s', async () => {
      const premium = demoAccount('premiumCustomer');
      const coach = await signIn(demoAccount('coach'));
      const list = await call(coach, 'listCreditReports');
      expect(list.userId).toBe(premium.uid);
      const [current] = list.reports;
      const report = await call(coach, 'getReport', { id: current!.id, userId: premium.uid, source: 'combined' });
      expect(report.accounts.length).toBeGreaterThan(40);

      const other = await customerWithPastReport();
      const failure = await failureOf(call(coach, 'getReport', { id: other.firstKey, userId: other.customer.uid, source: 'combined' }));
      expect(failure.code).toBe('functions/not-found');
      expect(failure.details).toEqual({ key: 'no-report' });
    });

    it('refuses the free product line and an unverified email as getCreditReport does, and writes nothing', async () => {
      const free = demoAccount('freeCustomer');
      const freeApp = await signIn(free);
      const beforeFree = await backendFingerprint();
      for (const attempt of [
        () => call(freeApp, 'listCreditReports'),
        () => call(freeApp, 'getReport', { id: 'any-report', userId: free.uid, source: 'combined' }),
      ]) {
        const failure = await failureOf(attempt());
        expect(failure.code).toBe('functions/failed-precondition');
        expect(failure.details?.key).toBe('upgrade-required');
      }
      expect(await backendFingerprint()).toBe(beforeFree);

      const { customer, firstKey } = await customerWithPastReport();
      await adminAuthClient().updateUser(customer.uid, { emailVerified: false });
      const unverified = await signIn(customer);
      const beforeUnverified = await backendFingerprint();
      for (const attempt of [
        () => call(unverified, 'listCreditReports'),
        () => call(unverified, 'getReport', { id: firstKey, userId: customer.uid, source: 'combined' }),
      ]) {
        const failure = await failureOf(attempt());
        expect(failure.code).toBe('functions/permission-denied');
        expect(failure.message).toMatch(/^email-not-verified/);
      }
      expect(await backendFingerprint()).toBe(beforeUnverified);
    });

    it('refuses a malformed request with invalid-argument before reading anything', async () => {
      const { customer, app } = await customerWithReport();
      const missingUser = await failureOf(callRaw(app, 'getReport', { id: 'first', source: 'combined' }));
      expect(missingUser.code).toBe('functions/invalid-argument');
      expect(missingUser.details?.issues?.[0]?.path).toEqual(['userId']);
      const pathInId = await failureOf(callRaw(app, 'getReport', { id: '../creditReports/x', userId: customer.uid, source: 'combined' }));
      expect(pathInId.code).toBe('functions/invalid-argument');
      expect(pathInId.details?.issues?.[0]?.path).toEqual(['id']);
    });
  });
});
