// The KBA identity check under the emulators (spec 001 §2 "Identity check", §4 "KBA", §7 arrayKBA, §8): questions
// from the identity vendor's own file on the customer (never from the report the session can read), a wrong set
// brings new questions, a right one passes and re-pulls the report,
// repeated failures lock the check for a day, and every refusal writes nothing.
import type { FirebaseApp } from 'firebase/app';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArrayKbaResponse } from '../../src/contract/credit';
import { KBA_LOCKOUT_MS, KBA_SETS_PER_SESSION, openKbaSession } from '../../functions/src/credit/kbaSessions';
import { demoAccount } from '../../seed/accounts';
import { creditReport } from '../../seed/data/creditReport';
import { adminDb, backendFingerprint, call, callRaw, createCustomer, failureOf, signedInCoachWithActions, signIn, Timestamp, type TestCustomer, withSeededBackend } from '../support/emulator';
import { kbaSandboxConsumerFile, type KbaConsumerFile } from '../../functions/src/credit/kbaSandboxFile';
import { kbaAnswersFromFile, wrongKbaAnswers } from '../support/kbaAnswers';

type Questions = Extract<ArrayKbaResponse, { status: 'questions' }>;
const today = () => new Date().toISOString().slice(0, 10);

/** The CRM contact's identity fields the vendor matches on (a 666 SSN is never issued). */
const IDENTITY = { Birthdate: '1990-03-02', Social_Security_Number__c: '666554321', MailingCity: 'Reno', MailingStateCode: 'NV' };

/** A customer with the demo report stored as theirs, signed in, and a KBA session opened for an order. */
async function customerWithSession(productLine = 'Primary') {
  const customer = await createCustomer({ contact: IDENTITY });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { productLine } }, { merge: true });
  await adminDb().doc(`creditReports/${customer.uid}`).set(creditReport(customer.uid).data);
  const app = await signIn(customer);
  const id = await openKbaSession(customer.uid);
  return { customer, app, id };
}

/** The vendor's file on the customer, as its sandbox publishes it for a test identity (what the customer knows). */
async function vendorFileOf(customer: TestCustomer): Promise<KbaConsumerFile> {
  const contact = (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data() ?? {};
  const ssn = typeof contact.Social_Security_Number__c === 'string' ? contact.Social_Security_Number__c : '';
  const file = kbaSandboxConsumerFile({
    firstName: contact.FirstName ?? null,
    lastName: contact.LastName ?? null,
    birthdate: contact.Birthdate ?? null,
    ssnLast4: ssn.slice(-4) || null,
    city: contact.MailingCity ?? null,
    stateCode: contact.MailingStateCode ?? null,
  });
  if (!file) throw new Error('no vendor file for the customer');
  return file;
}

async function questionsOf(app: FirebaseApp, id: string): Promise<Questions> {
  const result = await call(app, 'arrayKBA', { command: 'get-questions', id });
  if (result.status !== 'questions') throw new Error(`expected questions, got ${result.status}`);
  return result;
}

async function submitWrong(app: FirebaseApp, customer: TestCustomer, id: string, set: Questions) {
  const answers = wrongKbaAnswers(set.questions, await vendorFileOf(customer));
  return call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: set.authToken, answers });
}

describe('arrayKBA', () => {
  withSeededBackend();
  let before: number;
  beforeAll(async () => {
    before = Date.now();
    // The function's first call starts its worker (slow on a busy machine): done here, under the hook's timeout.
    const warmUp = await signIn(await createCustomer());
    await failureOf(call(warmUp, 'arrayKBA', { command: 'get-questions', id: 'warm-up' }));
  });

  it('asks four multiple-choice questions about the customer’s past from the vendor’s file, the same set until it is answered', async () => {
    const { app, id } = await customerWithSession();
    const first = await questionsOf(app, id);
    expect(first).toMatchObject({ retry: false, attemptsLeft: KBA_SETS_PER_SESSION });
    expect(first.questions).toHaveLength(4);
    for (const question of first.questions) {
      expect(question.answers.length).toBeGreaterThanOrEqual(4);
      expect(question.answers.at(-1)?.text).toBe('None of the above');
    }
    // Asked from the vendor's file: earlier addresses, a vehicle, employers, an old phone's area code.
    expect(first.questions.map((question) => question.text).join(' ')).toMatch(/addresses/);
    expect(first.questions.map((question) => question.text).join(' ')).toMatch(/vehicles/);
    const again = await questionsOf(app, id);
    expect(again).toEqual(first);
    // Nothing in the answer tells which one is right.
    expect(JSON.stringify(first)).not.toMatch(/correct|answerKey|isRight/i);
  });

  it("asks in the customer's language, and a Spanish speaker who knows their past passes", async () => {
    const { customer, app, id } = await customerWithSession();
    await adminDb().doc(`users/${customer.uid}`).set({ settings: { ui: { lang: 'es' } } }, { merge: true });
    const set = await questionsOf(app, id);
    for (const question of set.questions) {
      expect(question.text).toMatch(/^¿/);
      expect(question.answers.at(-1)?.text).toBe('Ninguna de las anteriores');
    }
    const answers = kbaAnswersFromFile(set.questions, await vendorFileOf(customer));
    expect(await call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: set.authToken, answers })).toMatchObject({ status: 'passed' });
  });

  it('keeps the answers on the server: the session document holds no answer key, the vendor keeps it hashed', async () => {
    const { app, id } = await customerWithSession();
    const set = await questionsOf(app, id);
    const session = (await adminDb().doc(`kbaSessions/${id}`).get()).data() ?? {};
    expect(Object.keys(session)).not.toContain('answerKey');
    const vendorSet = (await adminDb().doc(`kba/sandbox/sets/${set.authToken}`).get()).data() ?? {};
    const answerIds = set.questions.flatMap((question) => question.answers.map((answer) => answer.id));
    for (const stored of Object.values(vendorSet.answerKey as Record<string, string>)) expect(answerIds).not.toContain(stored);
  });

  it('a wrong set brings new questions with retry and one attempt fewer', async () => {
    const { customer, app, id } = await customerWithSession();
    const first = await questionsOf(app, id);
    const next = await submitWrong(app, customer, id, first);
    expect(next).toMatchObject({ status: 'questions', retry: true, attemptsLeft: KBA_SETS_PER_SESSION - 1 });
    if (next.status !== 'questions') return;
    expect(next.authToken).not.toBe(first.authToken);
    expect(next.questions.map((question) => question.id)).not.toEqual(first.questions.map((question) => question.id));
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer.kbaCompleted')).toBeUndefined();
  });

  it('the right answers pass, mark the contact and the user, and re-pull the report dated today', async () => {
    const { customer, app, id } = await customerWithSession();
    const wrongFirst = await submitWrong(app, customer, id, await questionsOf(app, id));
    if (wrongFirst.status !== 'questions') throw new Error('expected new questions');
    const answers = kbaAnswersFromFile(wrongFirst.questions, await vendorFileOf(customer));
    const result = await call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: wrongFirst.authToken, answers });
    expect(result).toEqual({ status: 'passed', creditPullDate: today() });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer.kbaCompleted')).toBe(true);
    const contact = (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data();
    expect(contact).toMatchObject({ KBA_Status__c: true, Credit_Pull_Date__c: today() });
    const report = await adminDb().doc(`creditReports/${customer.uid}`).get();
    const summary = report.get('reportSummary.bureauSummary') as { reportDate: string }[];
    expect(summary.every((entry) => entry.reportDate === today())).toBe(true);
    // Asking again answers 'passed', and a passed session is not reused by the next order.
    expect(await call(app, 'arrayKBA', { command: 'get-questions', id })).toEqual({ status: 'passed', creditPullDate: today() });
    expect(await openKbaSession(customer.uid)).not.toBe(id);
  });

  it(`locks the check for a day after ${KBA_SETS_PER_SESSION} wrong sets, across the customer's sessions, and opens again after`, async () => {
    const { customer, app, id } = await customerWithSession();
    let result: ArrayKbaResponse = await questionsOf(app, id);
    for (let attempt = 1; attempt <= KBA_SETS_PER_SESSION; attempt += 1) {
      if (result.status !== 'questions') throw new Error(`locked early, at attempt ${attempt}`);
      result = await submitWrong(app, customer, id, result);
    }
    expect(result.status).toBe('locked');
    if (result.status !== 'locked') return;
    const retryAt = Date.parse(result.retryAt);
    expect(retryAt).toBeGreaterThanOrEqual(before + KBA_LOCKOUT_MS);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + KBA_LOCKOUT_MS);
    expect(await call(app, 'arrayKBA', { command: 'get-questions', id })).toEqual(result);
    // A new order cannot open a fresh session with fresh attempts while the lock lasts.
    expect(await openKbaSession(customer.uid)).toBe(id);

    // A day later the same session opens again, with new questions and every attempt.
    await adminDb().doc(`kbaSessions/${id}`).update({ lockedUntil: Timestamp.fromMillis(Date.now() - 1_000) });
    const reopened = await questionsOf(app, id);
    expect(reopened).toMatchObject({ retry: false, attemptsLeft: KBA_SETS_PER_SESSION });
  });

  it('refuses answers with an unknown question id, an answer of another question, or a missing answer, and writes nothing', async () => {
    const { customer, app, id } = await customerWithSession();
    const set = await questionsOf(app, id);
    const right = kbaAnswersFromFile(set.questions, await vendorFileOf(customer));
    const [firstQuestion, secondQuestion] = set.questions;
    const { [firstQuestion!.id]: _dropped, ...missingOne } = right;
    const cases: Record<string, string>[] = [
      { ...missingOne, 'q-unknown': firstQuestion!.answers[0]!.id },
      { ...right, [firstQuestion!.id]: secondQuestion!.answers[0]!.id },
      { ...right, [firstQuestion!.id]: 'a-unknown' },
      missingOne,
    ];
    const fingerprint = await backendFingerprint();
    for (const answers of cases) {
      const failure = await failureOf(call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: set.authToken, answers }));
      expect(failure.code).toBe('functions/invalid-argument');
      expect(failure.details?.key).toBe('kba-answers-invalid');
    }
    // A missing auth token is refused by the contract before anything runs.
    const noToken = await failureOf(callRaw(app, 'arrayKBA', { command: 'submit-answers', id, answers: right }));
    expect(noToken.code).toBe('functions/invalid-argument');
    expect(await backendFingerprint()).toBe(fingerprint);
    // The set is still open: the right answers still pass.
    expect(await call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: set.authToken, answers: right })).toMatchObject({ status: 'passed' });
  });

  it('refuses a stale auth token (an answered or replaced set) with kba-stale and writes nothing', async () => {
    const { customer, app, id } = await customerWithSession();
    const first = await questionsOf(app, id);
    const next = await submitWrong(app, customer, id, first);
    if (next.status !== 'questions') throw new Error('expected new questions');
    const fingerprint = await backendFingerprint();
    const answers = kbaAnswersFromFile(first.questions, await vendorFileOf(customer));
    const failure = await failureOf(call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: first.authToken, answers }));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.details?.key).toBe('kba-stale');
    expect(await backendFingerprint()).toBe(fingerprint);
  });

  it('cannot be passed from the report the session reads: answers taken from getCreditReport fail the set', async () => {
    const { customer, app, id } = await customerWithSession();
    const set = await questionsOf(app, id);
    const report = JSON.stringify(await call(app, 'getCreditReport', { source: 'equifax' })).toUpperCase();
    const file = await vendorFileOf(customer);
    // No right answer is on the report; the report-reader can only guess "None of the above" or a wrong name.
    for (const fact of [...file.previousAddresses, ...file.vehicles, ...file.employers]) expect(report).not.toContain(fact);
    const fromReport = Object.fromEntries(
      set.questions.map((question) => {
        const onReport = question.answers.find((answer) => answer.text.length > 3 && report.includes(answer.text.toUpperCase()));
        return [question.id, (onReport ?? question.answers.at(-1)!).id];
      }),
    );
    const right = kbaAnswersFromFile(set.questions, file);
    const result = await call(app, 'arrayKBA', { command: 'submit-answers', id, authToken: set.authToken, answers: fromReport });
    expect(result.status === 'passed').toBe(JSON.stringify(fromReport) === JSON.stringify(right));
  });

  it('answers kba-unavailable when no vendor file matches the customer (no SSN on the contact), and writes nothing', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const id = await openKbaSession(customer.uid);
    const fingerprint = await backendFingerprint();
    const failure = await failureOf(call(app, 'arrayKBA', { command: 'get-questions', id }));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.details?.key).toBe('kba-unavailable');
    expect(await backendFingerprint()).toBe(fingerprint);
  });

  it("answers not-found for another customer's session and for an unknown one", async () => {
    const { id } = await customerWithSession();
    const other = await customerWithSession();
    for (const sessionId of [id, 'no-such-session']) {
      const failure = await failureOf(call(other.app, 'arrayKBA', { command: 'get-questions', id: sessionId }));
      expect(failure.code).toBe('functions/not-found');
      expect(failure.details?.key).toBe('kba-session-not-found');
    }
  });

  it('refuses a coach without allowClientActions, and the free product line', async () => {
    const premium = demoAccount('premiumCustomer');
    const premiumSession = await openKbaSession(premium.uid);
    const coach = await failureOf(call(await signIn(demoAccount('coach')), 'arrayKBA', { command: 'get-questions', id: premiumSession }));
    expect(coach.code).toBe('functions/permission-denied');

    const { app, id } = await customerWithSession('Freemium');
    const free = await failureOf(call(app, 'arrayKBA', { command: 'get-questions', id }));
    expect(free.code).toBe('functions/failed-precondition');
    expect(free.details?.key).toBe('upgrade-required');
  });

  it('a refresh through KBA: the order waits for the check, a pass pulls the report, which reads with the kbaLinkId', async () => {
    const pulled = new Date(Date.now() - 45 * 86_400_000);
    const customer = await createCustomer({ contact: { ...IDENTITY, Credit_Pull_Date__c: pulled.toISOString().slice(0, 10) } });
    await adminDb().doc(`creditReports/${customer.uid}`).set({ ...creditReport(customer.uid).data, createdAt: pulled });
    const app = await signIn(customer);
    await adminDb().doc('config/featureFlags').set({ kba: true });
    try {
      const order = await call(app, 'orderReport');
      if (order.status !== 'kba-required') throw new Error(`expected kba-required, got ${order.status}`);
      const set = await questionsOf(app, order.kbaLinkId);
      const answers = kbaAnswersFromFile(set.questions, await vendorFileOf(customer));
      expect(await call(app, 'arrayKBA', { command: 'submit-answers', id: order.kbaLinkId, authToken: set.authToken, answers })).toEqual({
        status: 'passed',
        creditPullDate: today(),
      });
      const report = await call(app, 'getCreditReport', { source: 'equifax', kbaLinkId: order.kbaLinkId });
      expect(report.reportSummary.bureauSummary[0]?.reportDate).toBe(today());
    } finally {
      await adminDb().doc('config/featureFlags').set({});
    }
  });

  it('lets a coach with allowClientActions take the check with the customer', async () => {
    const { customer, id } = await customerWithSession();
    const { app } = await signedInCoachWithActions(customer, 'kba.agent');
    expect((await questionsOf(app, id)).questions).toHaveLength(4);
  });
});
