// The dispute callables under the emulators (spec 001 §4, §7): the customer's whole path
// (reasons per category, the waiver of a special account, secondary reasons, submit → under review with dispute
// ids, the review's action completed, one letter per bureau listed and downloadable as a PDF that names the
// customer, masks the SSN and asks for a §611 reinvestigation), cancelling and starting a challenge, the pause, the
// coach and subscription refusals, and bad input: every refusal leaves the stored data as it was.
import type { FirebaseApp } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import type { InvestigationItem } from '../../src/contract/disputes';
import type { Bureau } from '../../src/domain/creditReportRecords';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, createCustomer, delegateSession, failureOf, signIn, type TestCustomer, withSeededBackend } from '../support/emulator';
import { pdfPages } from '../support/pdfText';

/** The first calls of each function start it in the emulator (a few seconds each), and a submit writes three PDFs. */
const JOURNEY_TIMEOUT_MS = 120_000;
const ALL: Bureau[] = ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'];

interface ItemSeed {
  id: string;
  name: string;
  type: InvestigationItem['type'];
  entityType?: InvestigationItem['entityType'];
  bureaus?: Bureau[];
  isSpecialAccount?: boolean;
  amount?: number | null;
  status?: InvestigationItem['statuses'][number]['status'];
  challengeReason?: InvestigationItem['challengeReason'];
  challengeReasonSelected?: boolean;
}

const DISPUTE_ITEMS: ItemSeed[] = [
  { id: 'inv-midland', name: 'MIDLAND CREDIT MANAGEMENT', type: 'COLLECTIONS_TRADELINE', amount: 1635 },
  { id: 'inv-portfolio', name: 'PORTFOLIO RECOVERY ASSOCIATES', type: 'COLLECTIONS_OTHER', bureaus: ['EQUIFAX', 'EXPERIAN'], amount: 480 },
  { id: 'inv-mortgage', name: 'ROCKET MORTGAGE', type: 'LATE_PAYMENTS', isSpecialAccount: true, amount: 241_000 },
  { id: 'inv-inquiry', name: 'CREDIT ONE BANK', type: 'RECENT_INQUIRY', entityType: 'inquiry', bureaus: ['TRANSUNION'], amount: null },
];

function storedItem(seed: ItemSeed) {
  const bureaus = seed.bureaus ?? ALL;
  return {
    name: seed.name,
    type: seed.type,
    entityType: seed.entityType ?? 'account',
    accountBalance: { amount: seed.amount ?? null },
    accountStatus: 'Collection',
    challengeReason: seed.challengeReason ?? null,
    challengeReasonOptions: [],
    challengeReasonSelected: seed.challengeReasonSelected ?? false,
    isSpecialAccount: seed.isSpecialAccount ?? false,
    itemIds: bureaus.map((bureau) => `${bureau}-${seed.id}`),
    disputeIds: [],
    statuses: bureaus.map((bureau) => ({
      bureau,
      status: seed.status ?? 'PENDING_USER_DECISION',
      lastActivity: null,
      nextActivity: null,
      round: 0,
    })),
    reportDate: '2026-10-17',
    viewed: false,
  };
}

const CONTACT = {
  FirstName: 'Zoë',
  MiddleName: 'Łucja',
  LastName: 'Hernández',
  Birthdate: '1988-07-14',
  // 666 area numbers are never issued.
  Social_Security_Number__c: '666126789',
  MailingStreet: '2150 Desert Willow Dr',
  MailingCity: 'Henderson',
  MailingStateCode: 'NV',
  MailingPostalCode: '89074',
};

async function customerWithDisputes(options: { items?: ItemSeed[]; user?: Record<string, unknown> } = {}) {
  const customer = await createCustomer({ contact: CONTACT });
  for (const seed of options.items ?? DISPUTE_ITEMS) {
    await adminDb().doc(`investigations/${customer.uid}/items/${seed.id}`).set(storedItem(seed));
  }
  await adminDb().doc(`actions/${customer.uid}/items/act-review`).set({
    name: 'Review the items on your credit report',
    type: 'investigation',
    status: 'active',
    completedAt: null,
    updating: false,
  });
  await adminDb().doc(`actions/${customer.uid}/items/act-savings`).set({ name: 'Save', type: 'savings', status: 'active', completedAt: null });
  if (options.user) await adminDb().doc(`users/${customer.uid}`).set(options.user, { merge: true });
  return { customer, app: await signIn(customer) };
}

async function itemsOf(app: FirebaseApp): Promise<Map<string, InvestigationItem>> {
  const details = await call(app, 'getInvestigationDetails', { v2: true });
  return new Map(details.items.map((item) => [item.id, item]));
}

function reason(item: InvestigationItem, value: InvestigationItem['challengeReason'] & string, extra: { reasonOptions?: string[]; waiverAccepted?: boolean } = {}) {
  return { id: item.id, itemIds: item.itemIds, disputeIds: item.disputeIds, type: item.type, reason: value, reasonOptions: [], ...extra } as never;
}

/** Every stored document of the customer's disputes and actions, to prove a refused call wrote nothing. */
async function storedState(customer: TestCustomer): Promise<string> {
  const [items, state, letters, actions] = await Promise.all([
    adminDb().collection(`investigations/${customer.uid}/items`).get(),
    adminDb().doc(`investigations/${customer.uid}`).get(),
    adminDb().collection(`disputeLetters/${customer.uid}/items`).get(),
    adminDb().collection(`actions/${customer.uid}/items`).get(),
  ]);
  const docs = (snapshot: typeof items) => snapshot.docs.map((doc) => [doc.id, doc.data()]).sort();
  return JSON.stringify({ items: docs(items), state: state.data() ?? null, letters: docs(letters), actions: docs(actions) });
}

async function pdfText(base64: string): Promise<string> {
  return (await pdfPages(new Uint8Array(Buffer.from(base64, 'base64')))).pages.join('\n');
}

/** Decides every item of the default set (the waiver accepted for the special account) and submits. */
async function decideAndSubmit(app: FirebaseApp) {
  const items = await itemsOf(app);
  await call(app, 'updateInvestigationReasons', {
    v2: true,
    investigations: [
      reason(items.get('inv-midland')!, 'paid_in_full'),
      reason(items.get('inv-portfolio')!, 'incorrect_information', { reasonOptions: ['wrong_balance'] }),
      reason(items.get('inv-mortgage')!, 'never_late', { waiverAccepted: true }),
      reason(items.get('inv-inquiry')!, 'do_not_challenge'),
    ],
  });
  return call(app, 'challengeAllInvestigations', { v2: true });
}

describe('dispute callables', () => {
  withSeededBackend();

  it('takes a customer from their decisions per category to items under review, the action completed and a letter per bureau', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const { customer, app } = await customerWithDisputes();
    const details = await call(app, 'getInvestigationDetails', { v2: true });
    expect(details.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(details.items.map((item) => item.id)).toEqual(['inv-midland', 'inv-portfolio', 'inv-mortgage', 'inv-inquiry']);
    const items = new Map(details.items.map((item) => [item.id, item]));

    // The wizard's steps, one category at a time.
    const first = await call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-midland')!, 'paid_in_full')] });
    expect(first.items).toEqual([expect.objectContaining({ id: 'inv-midland', challengeReason: 'paid_in_full', challengeReasonSelected: true })]);
    const secondaryMissing = await failureOf(
      call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-portfolio')!, 'incorrect_information')] }),
    );
    expect(secondaryMissing).toMatchObject({ code: 'functions/invalid-argument', details: { key: 'secondary-required' } });
    await call(app, 'updateInvestigationReasons', {
      v2: true,
      investigations: [reason(items.get('inv-portfolio')!, 'incorrect_information', { reasonOptions: ['wrong_balance', 'duplicate_entry'] })],
    });
    const noWaiver = await failureOf(call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-mortgage')!, 'never_late')] }));
    expect(noWaiver).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'waiver-required' } });
    const waived = await call(app, 'updateInvestigationReasons', {
      v2: true,
      investigations: [reason(items.get('inv-mortgage')!, 'never_late', { waiverAccepted: true })],
    });
    expect(waived.items[0]?.waiverAcceptedAt).toEqual(expect.any(String));
    const declined = await call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-inquiry')!, 'do_not_challenge')] });
    expect(declined.items[0]?.statuses.map((status) => status.status)).toEqual(['NOT_CHALLENGED']);

    const submitted = await call(app, 'challengeAllInvestigations', { v2: true });
    expect(submitted.submitted).toBe(3);
    expect(submitted.letters.map((letter) => [letter.bureau, letter.itemCount, letter.round])).toEqual([
      ['EQUIFAX', 3, 1],
      ['EXPERIAN', 3, 1],
      ['TRANSUNION', 2, 1],
    ]);

    const after = await itemsOf(app);
    const midland = after.get('inv-midland')!;
    expect(midland.statuses).toEqual(
      ALL.map((bureau) =>
        expect.objectContaining({ bureau, status: 'UNDER_REVIEW_PENDING', round: 1, sentAt: details.asOf, receivedAt: null, dueAt: null }),
      ),
    );
    expect(midland.disputeIds).toEqual(['EQ', 'EX', 'TU'].map((code) => expect.stringMatching(new RegExp(`^DSP-${code}-\\d{8}-\\d{2}$`))));
    expect(after.get('inv-inquiry')?.statuses.map((status) => status.status)).toEqual(['NOT_CHALLENGED']);

    const actions = await adminDb().collection(`actions/${customer.uid}/items`).get();
    const byId = new Map(actions.docs.map((doc) => [doc.id, doc.data()]));
    expect(byId.get('act-review')).toMatchObject({ status: 'completed_by_user' });
    expect(byId.get('act-review')?.completedAt).toBeDefined();
    expect(byId.get('act-savings')).toMatchObject({ status: 'active' });

    const listed = await call(app, 'listDisputePdfs', { v2: true });
    expect(listed.pdfs).toHaveLength(3);
    expect(new Set(listed.pdfs.map((pdf) => pdf.bureau))).toEqual(new Set(ALL));

    const equifax = listed.pdfs.find((pdf) => pdf.bureau === 'EQUIFAX')!;
    const pdf = await call(app, 'getDisputePdf', { bureau: 'EQUIFAX', documentId: equifax.documentId, v2: true });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toMatch(/\.pdf$/);
    const text = await pdfText(pdf.base64);
    expect(text).toContain('Zoë');
    expect(text).toContain('Hernández');
    expect(text).toContain('XXX-XX-6789');
    expect(text).not.toMatch(/666-?12-?6789/);
    expect(text).toContain('07/14/1988');
    expect(text).toContain('2150 Desert Willow Dr');
    expect(text).toContain('Equifax Information Services LLC');
    expect(text).toContain('P.O. Box 740256');
    for (const name of ['MIDLAND CREDIT MANAGEMENT', 'PORTFOLIO RECOVERY ASSOCIATES', 'ROCKET MORTGAGE']) expect(text).toContain(name);
    expect(text).not.toContain('CREDIT ONE BANK');
    expect(text).toContain('Details: the balance is wrong; the item is reported more than once.');
    expect(text).toContain('611');
    expect(text).toContain('1681i');
    expect(text).toContain('EQUIFAX-inv-midland');

    const transunion = await call(app, 'getDisputePdf', {
      bureau: 'TRANSUNION',
      documentId: listed.pdfs.find((item) => item.bureau === 'TRANSUNION')!.documentId,
      v2: true,
    });
    const transunionText = await pdfText(transunion.base64);
    expect(transunionText).toContain('TransUnion Consumer Solutions');
    expect(transunionText).not.toContain('PORTFOLIO RECOVERY ASSOCIATES');
  });

  it('refuses to submit while a reviewable item has no reason, and writes nothing', async () => {
    const { customer, app } = await customerWithDisputes();
    const items = await itemsOf(app);
    await call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-midland')!, 'settled')] });
    const before = await storedState(customer);
    const failure = await failureOf(call(app, 'challengeAllInvestigations', { v2: true }));
    expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'disputes-missing-reasons' } });
    expect(await storedState(customer)).toBe(before);
  });

  it('refuses to submit when nothing waits for the bureaus', async () => {
    const { app } = await customerWithDisputes({
      items: [{ id: 'inv-sent', name: 'SENT', type: 'COLLECTIONS_OTHER', status: 'UNDER_REVIEW_ACTIVE', challengeReason: 'not_mine', challengeReasonSelected: true }],
    });
    const failure = await failureOf(call(app, 'challengeAllInvestigations', { v2: true }));
    expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'nothing-to-submit' } });
  });

  it('cancels a challenge still in the mail back to not challenged, and starts it again', async () => {
    const { app } = await customerWithDisputes();
    await decideAndSubmit(app);
    const midland = (await itemsOf(app)).get('inv-midland')!;

    const early = await failureOf(
      call(app, 'updateInvestigationsChallenged', { v2: true, investigations: [{ id: midland.id, itemIds: midland.itemIds, challengeReasonSelected: true }] }),
    );
    expect(early.details?.key).toBe('cancel-needs-do-not-challenge');

    await call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(midland, 'do_not_challenge')] });
    const cancelled = await call(app, 'updateInvestigationsChallenged', {
      v2: true,
      investigations: [{ id: midland.id, itemIds: midland.itemIds, challengeReasonSelected: true }],
    });
    expect(cancelled.items[0]?.statuses.map((status) => status.status)).toEqual(['NOT_CHALLENGED', 'NOT_CHALLENGED', 'NOT_CHALLENGED']);
    expect(cancelled.items[0]).toMatchObject({ challengeReason: 'do_not_challenge', challengeReasonSelected: true });

    const started = await call(app, 'updateInvestigationsChallenged', {
      v2: true,
      investigations: [{ id: midland.id, itemIds: midland.itemIds, challengeReasonSelected: false }],
    });
    expect(started.items[0]).toMatchObject({ challengeReason: null, challengeReasonOptions: [], challengeReasonSelected: false });
    expect(started.items[0]?.statuses.map((status) => status.status)).toEqual(['PENDING_USER_DECISION', 'PENDING_USER_DECISION', 'PENDING_USER_DECISION']);
    expect((await itemsOf(app)).get('inv-midland')?.statuses[0]?.status).toBe('PENDING_USER_DECISION');
  });

  it('refuses to cancel once a bureau received the dispute, and writes nothing', async () => {
    const { customer, app } = await customerWithDisputes({
      items: [{ id: 'inv-received', name: 'RECEIVED', type: 'COLLECTIONS_OTHER', status: 'UNDER_REVIEW_ACTIVE', challengeReason: 'do_not_challenge', challengeReasonSelected: true }],
    });
    const before = await storedState(customer);
    const failure = await failureOf(
      call(app, 'updateInvestigationsChallenged', {
        v2: true,
        investigations: [{ id: 'inv-received', itemIds: ALL.map((bureau) => `${bureau}-inv-received`), challengeReasonSelected: true }],
      }),
    );
    expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'challenge-already-received' } });
    expect(await storedState(customer)).toBe(before);
  });

  it('pauses and resumes; while paused, submitting and starting a challenge are refused with nothing written', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const { customer, app } = await customerWithDisputes({
      items: [
        ...DISPUTE_ITEMS.slice(0, 1),
        { id: 'inv-declined', name: 'DECLINED', type: 'COLLECTIONS_OTHER', status: 'NOT_CHALLENGED', challengeReason: 'do_not_challenge', challengeReasonSelected: true },
      ],
    });
    expect(await call(app, 'checkIfDisputesPaused', { v2: true })).toEqual({ isPaused: false });
    expect(await call(app, 'setIsDisputesPaused', { isPaused: true, v2: true })).toEqual({ isPaused: true });
    expect(await call(app, 'checkIfDisputesPaused', { v2: true })).toEqual({ isPaused: true });

    const items = await itemsOf(app);
    await call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-midland')!, 'not_mine')] });
    const before = await storedState(customer);
    const submit = await failureOf(call(app, 'challengeAllInvestigations', { v2: true }));
    expect(submit).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'disputes-paused' } });
    const declined = items.get('inv-declined')!;
    const start = await failureOf(
      call(app, 'updateInvestigationsChallenged', { v2: true, investigations: [{ id: declined.id, itemIds: declined.itemIds, challengeReasonSelected: false }] }),
    );
    expect(start).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'disputes-paused' } });
    expect(await storedState(customer)).toBe(before);

    await call(app, 'setIsDisputesPaused', { isPaused: false, v2: true });
    expect((await call(app, 'challengeAllInvestigations', { v2: true })).submitted).toBe(1);
  });

  it('refuses a coach without allowClientActions: submitting (disputes-not-submitted) and saving reasons (not-permitted)', async () => {
    const coach = await signIn(demoAccount('coach'));
    const premiumItems = `investigations/${demoAccount('premiumCustomer').uid}/items`;
    const before = JSON.stringify((await adminDb().collection(premiumItems).get()).docs.map((doc) => doc.data()));
    const submit = await failureOf(call(coach, 'challengeAllInvestigations', { v2: true }));
    expect(submit).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.disputes-not-submitted' } });
    const reasons = await failureOf(
      call(coach, 'updateInvestigationReasons', {
        v2: true,
        investigations: [{ id: 'inv-midland', itemIds: ['EQUIFAX-midland'], disputeIds: [], type: 'COLLECTIONS_TRADELINE', reason: 'not_mine', reasonOptions: [] }],
      }),
    );
    expect(reasons).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } });
    const pause = await failureOf(call(coach, 'setIsDisputesPaused', { isPaused: true, v2: true }));
    expect(pause.details?.key).toBe('coach.toast.not-permitted');
    expect(JSON.stringify((await adminDb().collection(premiumItems).get()).docs.map((doc) => doc.data()))).toBe(before);
    // Reading stays open to the coach.
    await expect(call(coach, 'checkIfDisputesPaused', { v2: true })).resolves.toEqual({ isPaused: expect.any(Boolean) });
  });

  it('refuses a Suspended subscription with premium-only on every acting call, and still lets it read', async () => {
    const { customer, app } = await customerWithDisputes({ user: { customer: { subscriptionStatus: 'Suspended' } } });
    const items = await itemsOf(app);
    const before = await storedState(customer);
    const midland = items.get('inv-midland')!;
    for (const attempt of [
      () => call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(midland, 'not_mine')] }),
      () => call(app, 'challengeAllInvestigations', { v2: true }),
      () => call(app, 'updateInvestigationsChallenged', { v2: true, investigations: [{ id: midland.id, itemIds: midland.itemIds, challengeReasonSelected: false }] }),
      () => call(app, 'setIsDisputesPaused', { isPaused: true, v2: true }),
    ]) {
      const failure = await failureOf(attempt());
      expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'degraded-access.disputes.premium-only' } });
    }
    expect(await storedState(customer)).toBe(before);
    expect((await call(app, 'listDisputePdfs', { v2: true })).pdfs).toEqual([]);
  });

  it('refuses premium-only to a Suspended customer whom unexpired degraded access lets in: starting and submitting write nothing, reading works', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const { customer, app } = await customerWithDisputes({
      user: { customer: { subscriptionStatus: 'Suspended' }, degradedAccess: { expiration: tomorrow } },
      items: [
        ...DISPUTE_ITEMS.slice(0, 1),
        { id: 'inv-declined', name: 'DECLINED', type: 'COLLECTIONS_OTHER', status: 'NOT_CHALLENGED', challengeReason: 'do_not_challenge', challengeReasonSelected: true },
      ],
    });
    const items = await itemsOf(app);
    const before = await storedState(customer);
    const declined = items.get('inv-declined')!;
    for (const attempt of [
      () => call(app, 'updateInvestigationsChallenged', { v2: true, investigations: [{ id: declined.id, itemIds: declined.itemIds, challengeReasonSelected: false }] }),
      () => call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-midland')!, 'not_mine')] }),
      () => call(app, 'challengeAllInvestigations', { v2: true }),
    ]) {
      const failure = await failureOf(attempt());
      expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'degraded-access.disputes.premium-only' } });
    }
    expect(await storedState(customer)).toBe(before);
    expect(await call(app, 'checkIfDisputesPaused', { v2: true })).toEqual({ isPaused: false });
  });

  it('lets a coach with client actions act on a customer outside the acceptable set', async () => {
    const suspended = await customerWithDisputes({ user: { customer: { subscriptionStatus: 'Non-Current' } } });
    await delegateSession(suspended.customer, { isAgent: true, agentUid: 'coach-with-actions', allowClientActions: true });
    const coach = await signIn(suspended.customer);
    const item = (await itemsOf(coach)).get('inv-midland')!;
    await expect(call(coach, 'updateInvestigationReasons', { v2: true, investigations: [reason(item, 'settled')] })).resolves.toBeDefined();
  });

  it('refuses the free product line with upgrade-required', async () => {
    const { app } = await customerWithDisputes({ user: { customer: { productLine: 'Freemium' } } });
    const failure = await failureOf(call(app, 'getInvestigationDetails', { v2: true }));
    expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'upgrade-required' } });
  });

  it("refuses another customer's item ids everywhere, and writes nothing to either customer", { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const mine = await customerWithDisputes({ items: [{ id: 'inv-mine', name: 'MINE', type: 'COLLECTIONS_OTHER' }] });
    const theirs = await customerWithDisputes();
    await decideAndSubmit(theirs.app);
    const theirItem = (await itemsOf(theirs.app)).get('inv-midland')!;
    const theirLetter = (await call(theirs.app, 'listDisputePdfs', { v2: true })).pdfs[0]!;
    const before = [await storedState(mine.customer), await storedState(theirs.customer)];

    const reasons = await failureOf(call(mine.app, 'updateInvestigationReasons', { v2: true, investigations: [reason(theirItem, 'not_mine')] }));
    expect(reasons).toMatchObject({ code: 'functions/not-found', details: { key: 'investigation-not-found' } });
    const challenged = await failureOf(
      call(mine.app, 'updateInvestigationsChallenged', { v2: true, investigations: [{ id: theirItem.id, itemIds: theirItem.itemIds, challengeReasonSelected: false }] }),
    );
    expect(challenged.code).toBe('functions/not-found');
    const viewed = await failureOf(call(mine.app, 'markInvestigationsViewed', { ids: ['inv-mine', theirItem.id] }));
    expect(viewed).toMatchObject({ code: 'functions/invalid-argument', details: { key: 'investigation-not-found' } });
    const letter = await failureOf(call(mine.app, 'getDisputePdf', { bureau: theirLetter.bureau, documentId: theirLetter.documentId, v2: true }));
    expect(letter).toMatchObject({ code: 'functions/not-found', details: { key: 'letter-not-found' } });

    expect([await storedState(mine.customer), await storedState(theirs.customer)]).toEqual(before);
  });

  it('refuses reasons that are not among the item’s options, and writes nothing', async () => {
    const { customer, app } = await customerWithDisputes();
    const items = await itemsOf(app);
    const before = await storedState(customer);
    const cases: [string, unknown, string][] = [
      ['a reason the inquiry category does not offer', reason(items.get('inv-inquiry')!, 'paid_in_full'), 'reason-not-offered'],
      ['secondary reasons of another reason', reason(items.get('inv-midland')!, 'identity_theft', { reasonOptions: ['wrong_balance'] }), 'secondary-not-offered'],
      ['the wrong category for the item', { ...(reason(items.get('inv-midland')!, 'not_mine') as object), type: 'PUBLIC_RECORDS' }, 'investigation-mismatch'],
      ['itemIds that are not the item’s', { ...(reason(items.get('inv-midland')!, 'not_mine') as object), itemIds: ['EQUIFAX-inv-portfolio'] }, 'investigation-mismatch'],
    ];
    for (const [label, entry, key] of cases) {
      // A valid entry first: the batch is refused whole.
      const failure = await failureOf(
        call(app, 'updateInvestigationReasons', { v2: true, investigations: [reason(items.get('inv-portfolio')!, 'settled'), entry as never] }),
      );
      expect(failure.code, label).toBe('functions/invalid-argument');
      expect(failure.details?.key, label).toBe(key);
    }
    expect(await storedState(customer)).toBe(before);
  });

  it('marks the customer’s items viewed', async () => {
    const { app } = await customerWithDisputes();
    await expect(call(app, 'markInvestigationsViewed', { ids: ['inv-midland', 'inv-inquiry'] })).resolves.toEqual({ ok: true });
    const items = await itemsOf(app);
    expect([items.get('inv-midland')?.viewed, items.get('inv-inquiry')?.viewed, items.get('inv-portfolio')?.viewed]).toEqual([true, true, false]);
  });

  it('answers not-found for an unknown letter and for a contentVersionId no letter has', async () => {
    const { app } = await customerWithDisputes();
    for (const request of [{ bureau: 'EQUIFAX', documentId: 'LTR-EQ-20990101-01', v2: true }, { contentVersionId: '068000000000001' }] as const) {
      const failure = await failureOf(call(app, 'getDisputePdf', request));
      expect(failure).toMatchObject({ code: 'functions/not-found', details: { key: 'letter-not-found' } });
    }
  });

  it('writes a letter left pending by a failed write when the letters are listed, once', async () => {
    const { customer, app } = await customerWithDisputes();
    const submitted = await decideAndSubmit(app);
    const first = submitted.letters[0]!;
    // As if the PDF had not been written after the submit.
    await adminDb().doc(`disputeLetters/${customer.uid}/items/${first.documentId}`).update({ status: 'pending' });
    const listed = await call(app, 'listDisputePdfs', { v2: true });
    expect(listed.pdfs.map((pdf) => pdf.documentId).sort()).toEqual(submitted.letters.map((letter) => letter.documentId).sort());
    const record = await adminDb().doc(`disputeLetters/${customer.uid}/items/${first.documentId}`).get();
    expect(record.data()?.status).toBe('written');
    const pdf = await call(app, 'getDisputePdf', { bureau: first.bureau, documentId: first.documentId, v2: true });
    expect(await pdfText(pdf.base64)).toContain('611');
  });
});
