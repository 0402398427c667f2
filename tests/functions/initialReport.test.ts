// getInitialReport under the emulators (spec 002 §7; the initial pull completeIntake starts, spec 002 §4): where the
// customer's first report stands, for the credit pages that wait for it. Before any pull 'none'; a pull under way
// 'processing' with nothing written by the read; a pull lost on its way is started again (and after its last
// attempt reported as 'error'); a pulled report answers its id (getReport's) and pull time. A coach reads the
// customer they act for; the free line and an unverified email are refused as the other credit calls refuse them,
// writing nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PULL_MAX_ATTEMPTS, PULL_STALE_MS } from '../../functions/src/onboarding/creditPull';
import { demoAccount } from '../../seed/accounts';
import { creditReport } from '../../seed/data/creditReport';
import { adminAuthClient, adminDb, backendFingerprint, call, createCustomer, failureOf, signIn, Timestamp, withSeededBackend } from '../support/emulator';

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

const statusDoc = (uid: string) => adminDb().doc(`initialReportStatus/${uid}`);

describe('getInitialReport', () => {
  withSeededBackend();

  it("answers 'none' and no report before completeIntake started a pull, and writes nothing", async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const before = await backendFingerprint();
    expect(await call(app, 'getInitialReport')).toEqual({ userId: customer.uid, status: 'none', report: null });
    expect(await backendFingerprint()).toBe(before);
    expect((await statusDoc(customer.uid).get()).exists).toBe(false);
  });

  it("answers 'processing' while a pull is under way, leaving it alone", async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    // Claimed by the trigger a moment ago: the pull is running.
    await statusDoc(customer.uid).set({ status: 'processing', attempt: 1, claimedAttempt: 1, startedAt: Timestamp.now(), updatedAt: Timestamp.now() });
    const before = await backendFingerprint();
    expect(await call(app, 'getInitialReport')).toEqual({ userId: customer.uid, status: 'processing', report: null });
    expect(await backendFingerprint()).toBe(before);
    expect((await statusDoc(customer.uid).get()).get('attempt')).toBe(1);
  });

  it('answers the pulled report by the id getReport reads it with, and when it was pulled', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const reportKey = `first-${customer.uid.slice(0, 8)}`;
    await adminDb()
      .doc(`creditReports/${customer.uid}`)
      .set({ ...creditReport(customer.uid).data, createdAt: new Date('2026-11-02T15:30:00.000Z'), reportKey });
    await statusDoc(customer.uid).set({ status: 'complete', attempt: 1, updatedAt: Timestamp.now() });
    const answer = await call(app, 'getInitialReport');
    expect(answer).toEqual({ userId: customer.uid, status: 'complete', report: { id: reportKey, pulledAt: '2026-11-02T15:30:00.000Z' } });
    const report = await call(app, 'getReport', { id: reportKey, userId: customer.uid, source: 'combined' });
    expect(report.pulledAt).toBe('2026-11-02T15:30:00.000Z');
  });

  it('starts a pull lost on its way again, whose report it then answers, and says error after the last attempt', async () => {
    const lost = await createCustomer();
    const app = await signIn(lost);
    const longAgo = Timestamp.fromMillis(Date.now() - PULL_STALE_MS - 60_000);
    // Attempt 1 was claimed by an instance that never finished.
    await statusDoc(lost.uid).set({ status: 'processing', attempt: 1, claimedAttempt: 1, startedAt: longAgo, updatedAt: longAgo });
    expect(await call(app, 'getInitialReport')).toEqual({ userId: lost.uid, status: 'processing', report: null });
    expect((await statusDoc(lost.uid).get()).get('attempt')).toBe(2);
    // The trigger pulls the new attempt.
    const settled = await waitFor(
      () => call(app, 'getInitialReport'),
      (answer) => answer.status !== 'processing',
    );
    expect(settled.status).toBe('complete');
    expect(settled.report?.id).toBe((await call(app, 'listCreditReports')).reports[0]?.id);

    await statusDoc(lost.uid).set({ status: 'processing', attempt: PULL_MAX_ATTEMPTS, claimedAttempt: PULL_MAX_ATTEMPTS, startedAt: longAgo, updatedAt: longAgo });
    expect((await call(app, 'getInitialReport')).status).toBe('error');
  });

  it('lets a coach without allowClientActions read it for the customer they act for', async () => {
    const premium = demoAccount('premiumCustomer');
    const coach = await signIn(demoAccount('coach'));
    const answer = await call(coach, 'getInitialReport');
    expect(answer.userId).toBe(premium.uid);
    expect(answer.report).not.toBeNull();
  });

  it('refuses the free product line and an unverified email as the other credit calls do, and writes nothing', async () => {
    const freeApp = await signIn(demoAccount('freeCustomer'));
    const beforeFree = await backendFingerprint();
    const free = await failureOf(call(freeApp, 'getInitialReport'));
    expect(free.code).toBe('functions/failed-precondition');
    expect(free.details?.key).toBe('upgrade-required');
    expect(await backendFingerprint()).toBe(beforeFree);

    const customer = await createCustomer();
    const longAgo = Timestamp.fromMillis(Date.now() - PULL_STALE_MS - 60_000);
    // Even a lost pull is not started again for a refused caller.
    await statusDoc(customer.uid).set({ status: 'processing', attempt: 1, claimedAttempt: 1, startedAt: longAgo, updatedAt: longAgo });
    await adminAuthClient().updateUser(customer.uid, { emailVerified: false });
    const unverified = await signIn(customer);
    const beforeUnverified = await backendFingerprint();
    const failure = await failureOf(call(unverified, 'getInitialReport'));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.message).toMatch(/^email-not-verified/);
    expect(await backendFingerprint()).toBe(beforeUnverified);
    expect((await statusDoc(customer.uid).get()).get('attempt')).toBe(1);
  });
});
