// The idempotent charge when the gateway's answer is lost (spec 001 §8), in process against the
// Firestore emulator with the card gateway sandbox's in-memory store behind a gateway that fails the way networks do:
// a charge that went through and then timed out is found at the gateway and replayed (nothing charged again), a
// definite refusal lets the key go, a key stuck in progress by a process that died is reconciled (recorded when the
// gateway has the charge, released when it has none), and a key past its 24 hours is new again.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { chargeOnce, GATEWAY_SETTLE_MS, invoiceNumberOf, requestHashOf, STALE_CHARGE_MS, type ChargeRequest } from '../../functions/src/billing/charge';
import { catalogue } from '../../functions/src/billing/catalogue';
import { CardGatewayError, type CardGatewayProvider } from '../../functions/src/billing/cardGateway';
import { CardGatewaySandbox, MemoryCardGatewayStore, SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY } from '../../functions/src/billing/cardGatewaySandbox';
import { adminDb, Timestamp } from '../support/emulator';

vi.hoisted(() => {
  // The functions' environment check reads the project when the module loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const MONTHLY = 9_900;
const VISA = { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Ana Lopez', zip: '89509' };
const BILL_TO = { firstName: 'Ana', lastName: 'Lopez', address: '1 Main St', zip: '89509', country: 'US', email: 'ana@test.example', customerId: '003RECONCILE' };
const items = catalogue({});

type Failure = 'none' | 'timeout-after-charge' | 'timeout-before-charge' | 'refusal';

/** The sandbox behind a gateway whose next charge fails as set (once), then answers normally. */
async function setUp() {
  const store = new MemoryCardGatewayStore();
  const sandbox = new CardGatewaySandbox(store, { latencyMs: 0, secret: 'reconcile-test' });
  let next: Failure = 'none';
  const gateway: CardGatewayProvider = {
    createCustomerPaymentProfile: (opaqueValue, billTo) => sandbox.createCustomerPaymentProfile(opaqueValue, billTo),
    findTransactions: (profileId, invoiceNumber, since) => sandbox.findTransactions(profileId, invoiceNumber, since),
    async chargeCustomerProfile(profileId, amount, invoice) {
      const failure = next;
      next = 'none';
      if (failure === 'refusal') throw new CardGatewayError('E00040', 'The record cannot be found.');
      if (failure === 'timeout-before-charge') throw new Error('ETIMEDOUT');
      const result = await sandbox.chargeCustomerProfile(profileId, amount, invoice);
      if (failure === 'timeout-after-charge') throw new Error('ETIMEDOUT');
      return result;
    },
  };
  const token = await sandbox.createToken({ authData: { apiLoginID: SANDBOX_API_LOGIN_ID, clientKey: SANDBOX_CLIENT_KEY }, cardData: VISA });
  if (!token.opaqueData) throw new Error('no opaque value');
  const profile = await sandbox.createCustomerPaymentProfile(token.opaqueData, BILL_TO);
  const uid = `reconcile-${randomUUID().slice(0, 8)}`;
  await adminDb().doc(`users/${uid}`).set({ id: uid, siteId: 'APP', role: 'customer', customer: { subscriptionStatus: 'Suspended' } });
  await adminDb().doc(`payments/${uid}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01', profile });
  const deps = { gateway, items, contactId: null };
  return {
    uid,
    store,
    profile,
    sandbox,
    failNext: (failure: Failure) => {
      next = failure;
    },
    charge: (request: ChargeRequest) => chargeOnce(uid, request, deps),
  };
}

const request = (idempotencyKey = randomUUID()): ChargeRequest => ({ siteId: 'APP', idempotencyKey, itemId: 'RECURRING_FEE', amount: MONTHLY });

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

const keyOf = async (uid: string, key: string) => (await adminDb().doc(`payments/${uid}/idempotency/${key}`).get()).data();
const billingOf = async (uid: string) => (await adminDb().doc(`payments/${uid}`).get()).data() ?? {};
const ledgerOf = async (uid: string) =>
  (await adminDb().collection(`payments/${uid}/charges`).get()).docs.map((doc): { id: string; [field: string]: unknown } => ({ id: doc.id, ...doc.data() }));
const statusOf = async (uid: string) => (await adminDb().doc(`users/${uid}`).get()).get('customer.subscriptionStatus') as unknown;

/** What a process that died after claiming the key leaves: the key in progress with its attempt, the lock held. */
async function leaveInProgress(uid: string, charge: ChargeRequest, profile: { profileId: string; cardType: string; last4: string }, startedAt: number) {
  await adminDb()
    .doc(`payments/${uid}/idempotency/${charge.idempotencyKey}`)
    .set({
      requestHash: requestHashOf(charge),
      state: 'in-progress',
      createdAt: Timestamp.fromMillis(startedAt),
      expiresAt: Timestamp.fromMillis(startedAt + 24 * 60 * 60_000),
      attempt: {
        ...profile,
        invoiceNumber: invoiceNumberOf(uid, charge.idempotencyKey),
        itemId: charge.itemId,
        amount: charge.amount,
        covers: { initialFee: false, recurringFee: true },
        nextPaymentDate: '2026-11-01',
        ledgerId: charge.idempotencyKey,
        startedAt,
      },
    });
  await adminDb().doc(`payments/${uid}`).set({ activeCharge: { key: charge.idempotencyKey, since: startedAt } }, { merge: true });
}

describe('a lost gateway answer', () => {
  it('a charge that went through and then timed out: the key stays in progress, and the retry with it charges nothing more and answers the first result', async () => {
    const { uid, store, failNext, charge } = await setUp();
    const first = request();
    failNext('timeout-after-charge');
    const lost = await refusal(charge(first));
    expect([lost.code, lost.message]).toEqual(['unavailable', 'charge-result-being-checked']);
    expect(await keyOf(uid, first.idempotencyKey)).toMatchObject({ state: 'in-progress', outcomeUnknownAt: expect.anything() });
    // Another key meanwhile is refused: the customer's lock is held until the first is reconciled.
    const other = await refusal(charge(request()));
    expect(other.message).toBe('charge-in-progress');

    const retry = await charge(first);
    const [transaction] = [...store.transactions.keys()];
    expect(store.transactions.size).toBe(1);
    expect(retry).toMatchObject({ status: 'approved', transactionId: transaction, replayed: true });
    expect(await charge(first)).toMatchObject({ status: 'approved', transactionId: transaction, replayed: true });
    expect(await ledgerOf(uid)).toEqual([expect.objectContaining({ id: first.idempotencyKey, status: 'approved', transactionId: transaction, amount: MONTHLY })]);
    expect(await statusOf(uid)).toBe('Current');
    expect(await billingOf(uid)).toMatchObject({ nextPaymentDate: '2026-12-01' });
    expect((await billingOf(uid)).activeCharge).toBeUndefined();
    expect(store.transactions.size).toBe(1);
  });

  it('a definite refusal by the gateway lets the key go: the retry with it may charge', async () => {
    const { uid, store, failNext, charge } = await setUp();
    const first = request();
    failNext('refusal');
    const refused = await refusal(charge(first));
    expect(refused).toBeInstanceOf(CardGatewayError);
    expect(await keyOf(uid, first.idempotencyKey)).toBeUndefined();
    expect((await billingOf(uid)).activeCharge).toBeUndefined();
    expect(store.transactions.size).toBe(0);

    const retry = await charge(first);
    expect(retry).toMatchObject({ status: 'approved', replayed: false });
    expect(store.transactions.size).toBe(1);
    expect(await ledgerOf(uid)).toHaveLength(1);
  });

  it('a lost answer the gateway has no transaction for stays being checked while the gateway may still process it, then is released', async () => {
    const { uid, store, failNext, charge } = await setUp();
    const first = request();
    failNext('timeout-before-charge');
    expect((await refusal(charge(first))).message).toBe('charge-result-being-checked');
    expect((await refusal(charge(first))).message).toBe('charge-result-being-checked');
    expect(store.transactions.size).toBe(0);
    // The gateway's "none" is trusted once the attempt is older than GATEWAY_SETTLE_MS.
    const key = adminDb().doc(`payments/${uid}/idempotency/${first.idempotencyKey}`);
    await key.update({ 'attempt.startedAt': Date.now() - GATEWAY_SETTLE_MS - 1_000 });
    expect(await charge(first)).toMatchObject({ status: 'approved', replayed: false });
    expect(store.transactions.size).toBe(1);
    expect(await ledgerOf(uid)).toHaveLength(1);
  });
});

describe('a key left in progress by a process that died', () => {
  it('with no gateway transaction, once stale, is released: the same key charges', async () => {
    const { uid, store, profile, charge } = await setUp();
    const first = request();
    await leaveInProgress(uid, first, profile, Date.now() - STALE_CHARGE_MS - 1_000);
    expect(await charge(first)).toMatchObject({ status: 'approved', replayed: false });
    expect(store.transactions.size).toBe(1);
    expect(await ledgerOf(uid)).toHaveLength(1);
  });

  it('with no gateway transaction, once stale, is released when another key comes: that key charges', async () => {
    const { uid, store, profile, charge } = await setUp();
    const stale = request();
    await leaveInProgress(uid, stale, profile, Date.now() - STALE_CHARGE_MS - 1_000);
    const next = request();
    expect(await charge(next)).toMatchObject({ status: 'approved', replayed: false });
    expect(await keyOf(uid, stale.idempotencyKey)).toBeUndefined();
    expect(store.transactions.size).toBe(1);
    expect(await ledgerOf(uid)).toEqual([expect.objectContaining({ id: next.idempotencyKey })]);
  });

  it('that had charged: another key records the found charge and is refused as nothing due; the key replays it', async () => {
    const { uid, store, profile, sandbox, charge } = await setUp();
    const stale = request();
    const startedAt = Date.now() - STALE_CHARGE_MS - 1_000;
    const charged = await sandbox.chargeCustomerProfile(profile.profileId, MONTHLY, { invoiceNumber: invoiceNumberOf(uid, stale.idempotencyKey), description: 'Monthly fee' });
    await leaveInProgress(uid, stale, profile, startedAt);

    const other = await refusal(charge(request()));
    expect(other.message).toBe('nothing-due');
    expect(await ledgerOf(uid)).toEqual([expect.objectContaining({ id: stale.idempotencyKey, status: 'approved', transactionId: charged.transactionId })]);
    expect(await statusOf(uid)).toBe('Current');
    expect(await charge(stale)).toMatchObject({ status: 'approved', transactionId: charged.transactionId, replayed: true });
    expect(store.transactions.size).toBe(1);
  });
});

describe("the gateway's invoice number", () => {
  it("is the server's own per customer and key: keys sharing their beginning, or another customer's same key, never share one", () => {
    const key = '0123456789abcdef0123-aaaa';
    const lookalike = '0123456789abcdef0123-bbbb';
    expect(invoiceNumberOf('customer-a', key)).toMatch(/^[0-9a-f]{20}$/);
    expect(invoiceNumberOf('customer-a', key)).toBe(invoiceNumberOf('customer-a', key));
    expect(invoiceNumberOf('customer-a', key)).not.toBe(invoiceNumberOf('customer-a', lookalike));
    expect(invoiceNumberOf('customer-a', key)).not.toBe(invoiceNumberOf('customer-b', key));
  });

  it('a lost attempt adopts only a charge of its own amount: one with its invoice number and another amount is not its charge', async () => {
    const { uid, store, profile, sandbox, charge } = await setUp();
    const stale = request();
    const startedAt = Date.now() - GATEWAY_SETTLE_MS - STALE_CHARGE_MS - 1_000;
    await sandbox.chargeCustomerProfile(profile.profileId, MONTHLY - 100, { invoiceNumber: invoiceNumberOf(uid, stale.idempotencyKey), description: 'Other' });
    await leaveInProgress(uid, stale, profile, startedAt);
    const next = request();
    expect(await charge(next)).toMatchObject({ status: 'approved', replayed: false });
    expect(await keyOf(uid, stale.idempotencyKey)).toBeUndefined();
    expect(store.transactions.size).toBe(2);
    expect(await ledgerOf(uid)).toEqual([expect.objectContaining({ id: next.idempotencyKey, amount: MONTHLY })]);
  });
});

describe('keys kept 24 hours', () => {
  it('a record before its expiresAt is replayed; one past it is treated as new (a new charge, the first ledger entry kept)', async () => {
    const { uid, store, charge } = await setUp();
    const first = request();
    const answer = await charge(first);
    expect(answer).toMatchObject({ status: 'approved', replayed: false });
    const key = adminDb().doc(`payments/${uid}/idempotency/${first.idempotencyKey}`);
    await key.update({ expiresAt: Timestamp.fromMillis(Date.now() + 60_000) });
    expect(await charge(first)).toMatchObject({ status: 'approved', transactionId: answer.transactionId, replayed: true });

    // A day later: the fee is due again (and the gateway's duplicate window long closed).
    await key.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1_000) });
    await adminDb().doc(`users/${uid}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
    store.attempts.clear();
    const again = await charge(first);
    expect(again).toMatchObject({ status: 'approved', replayed: false });
    expect(again.transactionId).not.toBe(answer.transactionId);
    expect(store.transactions.size).toBe(2);
    const ledger = await ledgerOf(uid);
    expect(ledger).toHaveLength(2);
    expect(ledger.map((entry) => entry.transactionId).sort()).toEqual([answer.transactionId, again.transactionId].sort());
  });
});
