// The devTools callable's advanceDisputes command: the customer's dispute clock moves forward and
// the bureau-response sandbox acts over the span: a letter is received (under review, pending → active), the bureau
// answers (corrected), and a removal takes the record off the stored report, raising that bureau's score and the
// readiness score. Refused for a coach without allowClientActions and for bad input, writing nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { storedInvestigationItemSchema } from '../../functions/src/disputes/disputeStore';
import { answerPlan, reinsertionPlan } from '../../functions/src/disputes/bureauResponseSandbox';
import { runBureaus } from '../../functions/src/disputes/bureauResponses';
import { accountRecords, BUREAUS, bureauSummary, inquiryRecords, isoDay, personalInfoRecords, publicRecordRecords, type TradelineFacts } from '../../src/domain/creditReportRecords';
import { addDays, bureauStatusRecord, LETTER_MAIL_DAYS, responseDueDate, toDay } from '../../src/domain/disputes';
import { ERROR_KEYS } from '../../src/domain/errors';
import { adminDb, backendFingerprint, call, callRaw, createCustomer, failureOf, signIn, withSeededBackend, type TestCustomer } from '../support/emulator';

const SCORES = { EQUIFAX: 640, EXPERIAN: 628, TRANSUNION: 652 } as const;

function collection(key: string): TradelineFacts {
  return {
    key,
    bureaus: BUREAUS,
    creditorName: 'MIDLAND CREDIT MANAGEMENT',
    creditorPhone: '8002968472',
    accountType: 'Collection',
    portfolioType: 'Y',
    accountNumber: '85311XXXX',
    currentBalance: 1635,
    creditLimit: null,
    highBalance: 1635,
    monthlyPayment: 0,
    paymentStatus: '9',
    pastDueAmount: 1635,
    opened: '2024-03-18',
    closed: null,
    dateAccountStatus: '2024-03-18',
    status: 'Collection',
    condition: 'Derogatory',
    loanType: 'Collection Agency/Attorney',
    originalCreditor: 'COMENITY BANK',
    remarks: 'Placed for collection',
    late: { 0: '9', 1: '9', 2: '9' },
  };
}

/**
 * An item id the sandbox's Equifax will remove in the first round (and not put back): the sandbox is seeded by the
 * customer, so the test finds one for this customer as the bureau would answer it.
 */
function removedItemKey(uid: string, receivedAt: string): { key: string; answeredAt: string } {
  const dueAt = responseDueDate(receivedAt);
  for (let index = 0; index < 500; index += 1) {
    const key = `collection-${index}`;
    const plan = answerPlan(uid, `inv-${key}`, 'EQUIFAX', 1, 'COLLECTIONS_TRADELINE', receivedAt, dueAt);
    if (plan?.outcome === 'REMOVED' && reinsertionPlan(uid, `inv-${key}`, 'EQUIFAX', 1, plan.on) === null) return { key, answeredAt: plan.on };
  }
  throw new Error('no removed item among 500 candidates');
}

/** A customer with a goal, a report holding one collection at every bureau, and that collection sent to Equifax today. */
async function customerWithSentDispute(sentDaysAgo = 0): Promise<{ customer: TestCustomer; key: string; answeredAt: string; sentAt: string }> {
  const customer = await createCustomer();
  const sentAt = addDays(toDay(Date.now()), -sentDaysAgo);
  const { key, answeredAt } = removedItemKey(customer.uid, addDays(sentAt, LETTER_MAIL_DAYS));
  const reportDate = new Date(Date.now() - 20 * 86_400_000);
  const db = adminDb();
  await db.doc(`userInfo/${customer.uid}`).set({
    goal: { id: 'goal-test', type: 'financial_wellness', properties: { currentSavings: 2_400, currentHomePrice: 0 } },
    personalInfo: { id: 'personal-info-test', annualIncome: 52_000, completedIntake: true },
  });
  await db.doc(`creditReports/${customer.uid}`).set({
    userId: customer.uid,
    createdAt: reportDate,
    reportKey: 'test-report',
    reportSummary: bureauSummary(SCORES, isoDay(reportDate)),
    accounts: accountRecords([collection(key)], reportDate),
    inquiries: inquiryRecords([]),
    publicRecords: publicRecordRecords([]),
    personalInfo: personalInfoRecords({ name: 'TEST CUSTOMER', dateOfBirth: null, ssnLast4: null, employer: null, currentAddress: null, previousAddresses: [] }),
  });
  await db.doc(`investigations/${customer.uid}/items/inv-${key}`).set({
    id: `inv-${key}`,
    name: 'MIDLAND CREDIT MANAGEMENT',
    type: 'COLLECTIONS_TRADELINE',
    entityType: 'account',
    accountBalance: { amount: 1635 },
    accountStatus: 'Collection',
    challengeReason: 'not_mine',
    challengeReasonOptions: [],
    challengeReasonSelected: true,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`EQUIFAX-${key}`],
    disputeIds: ['DSP-EQ-TEST-01'],
    statuses: [bureauStatusRecord('EQUIFAX', { status: 'UNDER_REVIEW_PENDING', lastActivity: sentAt, sentAt, round: 1 })],
    inquiryDate: null,
    reportDate: isoDay(reportDate),
    subtype: null,
    viewed: true,
  });
  return { customer, key, answeredAt, sentAt };
}

async function equifaxStatus(uid: string, itemId: string) {
  const item = storedInvestigationItemSchema.parse((await adminDb().doc(`investigations/${uid}/items/${itemId}`).get()).data());
  return { item, status: item.statuses[0]! };
}

async function reportOf(uid: string) {
  const report = (await adminDb().doc(`creditReports/${uid}`).get()).data()!;
  return {
    accountIds: (report.accounts as { id: string }[]).map((account) => account.id),
    score: (bureau: string) => (report.reportSummary.bureauSummary as { bureau: string; creditScore: number }[]).find((entry) => entry.bureau === bureau)?.creditScore,
  };
}

describe('devTools advanceDisputes', () => {
  withSeededBackend();

  it('moves a sent item from pending to active to corrected; the removal leaves the report and raises the bureau’s and the readiness score', async () => {
    const { customer, key, answeredAt, sentAt } = await customerWithSentDispute();
    const app = await signIn(customer);
    const before = await call(app, 'calculateReadinessScore', { isFirstScore: true });

    // Two days: the letter is still in the mail.
    expect(await call(app, 'devTools', { command: 'advanceDisputes', days: LETTER_MAIL_DAYS - 1 })).toEqual({
      command: 'advanceDisputes',
      asOf: addDays(sentAt, LETTER_MAIL_DAYS - 1),
      events: [],
    });
    expect((await equifaxStatus(customer.uid, `inv-${key}`)).status.status).toBe('UNDER_REVIEW_PENDING');

    // One more: Equifax received it, and its 30 days run.
    const receivedAt = addDays(sentAt, LETTER_MAIL_DAYS);
    const received = await call(app, 'devTools', { command: 'advanceDisputes', days: 1 });
    expect(received).toEqual({
      command: 'advanceDisputes',
      asOf: receivedAt,
      events: [{ itemId: `inv-${key}`, bureau: 'EQUIFAX', event: 'received', on: receivedAt }],
    });
    expect((await equifaxStatus(customer.uid, `inv-${key}`)).status).toMatchObject({
      status: 'UNDER_REVIEW_ACTIVE',
      receivedAt,
      dueAt: addDays(receivedAt, 30),
      nextActivity: addDays(receivedAt, 30),
    });
    expect((await adminDb().doc(`investigations/${customer.uid}`).get()).get('clockOffsetDays')).toBe(LETTER_MAIL_DAYS);
    expect((await reportOf(customer.uid)).accountIds).toContain(`EQUIFAX-${key}`);

    // Thirty more: Equifax answered, removing it.
    const answered = await call(app, 'devTools', { command: 'advanceDisputes', days: 30 });
    expect(answered.asOf).toBe(addDays(receivedAt, 30));
    expect(answered.events).toEqual([{ itemId: `inv-${key}`, bureau: 'EQUIFAX', event: 'answered', outcome: 'REMOVED', on: answeredAt }]);
    const { item, status } = await equifaxStatus(customer.uid, `inv-${key}`);
    expect(status).toMatchObject({ status: 'CORRECTED', outcome: 'REMOVED', answeredAt, lastActivity: answeredAt, nextActivity: null, reinsertedAt: null });
    // A result the customer has not seen yet (the resolved-disputes modal).
    expect(item.viewed).toBe(false);

    const report = await reportOf(customer.uid);
    expect(report.accountIds).not.toContain(`EQUIFAX-${key}`);
    expect(report.accountIds).toEqual(expect.arrayContaining([`EXPERIAN-${key}`, `TRANSUNION-${key}`]));
    expect((await adminDb().doc(`investigations/${customer.uid}/removedRecords/EQUIFAX-${key}`).get()).get('record.id')).toBe(`EQUIFAX-${key}`);
    expect(report.score('EQUIFAX')).toBeGreaterThan(SCORES.EQUIFAX);
    expect(report.score('EXPERIAN')).toBe(SCORES.EXPERIAN);
    const point = (await adminDb().doc(`creditScoreHistory/${customer.uid}/items/EQUIFAX-${answeredAt}`).get()).data();
    expect(point).toEqual({ bureau: 'EQUIFAX', reportdate: answeredAt, creditscore: report.score('EQUIFAX') });

    const after = await call(app, 'getReadinessScore');
    const creditScore = (score: typeof before | null) => score?.components.find((component) => component.type === 'creditScore')?.currentValue;
    expect(creditScore(after)).toBeGreaterThan(creditScore(before) as number);
    expect(after?.previousScore).toEqual(before.score);
  });

  it('refuses a coach without allowClientActions, and writes nothing', async () => {
    const coach = await signIn(demoAccount('coach'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(coach, 'devTools', { command: 'advanceDisputes', days: 5 }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
    expect(await backendFingerprint()).toBe(before);
  });

  it.each([
    ['no days', { command: 'advanceDisputes' }],
    ['0 days', { command: 'advanceDisputes', days: 0 }],
    ['91 days', { command: 'advanceDisputes', days: 91 }],
    ['a fraction of a day', { command: 'advanceDisputes', days: 1.5 }],
    ['days as text', { command: 'advanceDisputes', days: '5' }],
    ['an unknown command', { command: 'resetEverything', days: 5 }],
    ['an extra field', { command: 'advanceDisputes', days: 5, uid: 'someone-else' }],
  ])('refuses %s as invalid, and writes nothing', async (_case, payload) => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const before = await backendFingerprint();
    const failure = await failureOf(callRaw(app, 'devTools', payload));
    expect(failure.code).toBe('functions/invalid-argument');
    expect(await backendFingerprint()).toBe(before);
  });

  it('catches up with the real clock without moving it: a letter sent 40 days ago has been received and answered', async () => {
    const { customer, key, answeredAt, sentAt } = await customerWithSentDispute(40);
    const today = toDay(Date.now());
    const { asOf, events } = await runBureaus(customer.uid, 0);
    expect(asOf).toBe(today);
    expect(events).toEqual([
      { itemId: `inv-${key}`, bureau: 'EQUIFAX', event: 'received', on: addDays(sentAt, LETTER_MAIL_DAYS) },
      { itemId: `inv-${key}`, bureau: 'EQUIFAX', event: 'answered', outcome: 'REMOVED', on: answeredAt },
    ]);
    expect((await equifaxStatus(customer.uid, `inv-${key}`)).status).toMatchObject({ status: 'CORRECTED', outcome: 'REMOVED' });
    expect((await reportOf(customer.uid)).accountIds).not.toContain(`EQUIFAX-${key}`);
    expect((await adminDb().doc(`investigations/${customer.uid}`).get()).exists).toBe(false);
    // Once caught up, looking again changes nothing.
    expect(await runBureaus(customer.uid, 0)).toEqual({ asOf: today, events: [] });
  });

  it('reads a letter sent four days ago as received by the bureau, with its 30 days running (the bureaus catch up on read)', async () => {
    const { customer, key, sentAt } = await customerWithSentDispute(LETTER_MAIL_DAYS + 1);
    const app = await signIn(customer);
    const details = await call(app, 'getInvestigationDetails', { v2: true });
    const receivedAt = addDays(sentAt, LETTER_MAIL_DAYS);
    expect(details.asOf).toBe(toDay(Date.now()));
    expect(details.items.find((item) => item.id === `inv-${key}`)?.statuses[0]).toMatchObject({
      status: 'UNDER_REVIEW_ACTIVE',
      receivedAt,
      dueAt: addDays(receivedAt, 30),
    });
    // Stored, not only answered: the clock did not move.
    expect((await equifaxStatus(customer.uid, `inv-${key}`)).status.status).toBe('UNDER_REVIEW_ACTIVE');
    expect((await adminDb().doc(`investigations/${customer.uid}`).get()).get('clockOffsetDays') ?? 0).toBe(0);
  });
});
