// Charging the card on file once per idempotency key, the way the well-known payment APIs do it:
// the client makes the key before its first attempt; the key's record is created (exactly one attempt can) BEFORE the
// provider is called (the request's hash, its state, expiresAt 24 h on), then a Firestore transaction checks the
// request against what is due, takes the customer's charge lock and stores the attempt (profile, invoice number, what
// it pays, when); a concurrent duplicate waits for the first attempt's result and answers it; a replay answers the
// stored result; the same key with another body is refused ('idempotency-key-reused'). One charge at a time per
// customer (payments/{uid}.activeCharge): a second key while one is in progress is refused ('charge-in-progress'),
// and once paid there is nothing due.
//
// A lost answer (spec 001 §8): when the gateway call fails, only a definite refusal (isDefiniteRefusal: the
// gateway's typed error for a request it refused, nothing charged) lets the key go. Any other failure (a timeout, a
// network failure after the gateway may have charged) keeps the key 'in-progress', marked outcomeUnknownAt, and
// answers 'charge-result-being-checked'. The next call with that key, or with another key once the lock is older
// than STALE_CHARGE_MS, first RECONCILES: it asks the gateway for a transaction with the attempt's invoice number and amount
// (findTransactions) and records and replays it, or, when the gateway has none and the attempt is older than
// GATEWAY_SETTLE_MS, lets the key go. A process that died between the charge and the ledger write leaves the key
// 'in-progress' without the mark: once STALE_CHARGE_MS old it is reconciled the same way. An expired record (past
// expiresAt, 24 h) is treated as absent; the TTL policy on expiresAt deletes it in production.
//
// After an approved charge the subscription is Current (users/{uid}.customer.subscriptionStatus and the CRM
// contact's Status__c), the initial fee is marked paid, a monthly fee moves the next billing date a month on.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { IDEMPOTENCY_KEY_TTL_MS, type CatalogueItemId } from '../../../src/domain/payments';
import { db } from '../platform/admin';
import { callableError } from '../callable/errors';
import { COLLECTIONS } from '../platform/collections';
import { crm } from '../providers';
import { isDefiniteRefusal, type CardGatewayProvider, type ChargeResult } from './cardGateway';
import { storedUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import { amountDueOf, chargesPath, idempotencyPath, nextPaymentDateAfterPaying, PAID_STATUS, parseBilling, PAYMENTS_COLLECTION, type AmountDue } from './paymentAccount';
import type { CatalogueItem } from './catalogue';

export interface ChargeRequest {
  siteId: string;
  idempotencyKey: string;
  itemId: CatalogueItemId;
  amount: number;
}

export interface ChargeAnswer {
  status: 'approved' | 'declined' | 'error';
  transactionId: string | null;
  message: { code: string; reasonCode: string | null; text: string };
  replayed: boolean;
}

type StoredAnswer = Omit<ChargeAnswer, 'replayed'>;

/** How long a duplicate waits for the first attempt's result before answering 'idempotency-key-in-progress'. */
export const IN_PROGRESS_WAIT_MS = 30_000;
/**
 * A charge claimed longer ago than this is lost (its process died before recording): it no longer blocks another
 * key, and the next call reconciles it with the gateway. Longer than any gateway call may take.
 */
export const STALE_CHARGE_MS = 120_000;
/**
 * How long after a charge was sent the gateway's "no such transaction" is trusted: a request that timed out on our
 * side may still be processed by the gateway for a while. Until then a lost answer stays 'charge-result-being-checked'.
 */
export const GATEWAY_SETTLE_MS = 30_000;
/** The lookup reads transactions received from this long before the attempt started (the clocks may differ). */
const LOOKUP_MARGIN_MS = 5 * 60_000;
const POLL_MS = 150;

const beingChecked = () => callableError('unavailable', 'charge-result-being-checked');

export function requestHashOf(request: ChargeRequest): string {
  return createHash('sha256').update(JSON.stringify([request.siteId, request.itemId, request.amount])).digest('hex');
}

function statusOf(result: ChargeResult): StoredAnswer['status'] {
  if (result.code === '1') return 'approved';
  if (result.code === '2') return 'declined';
  return 'error';
}

const userStatusOf = (data: unknown): string | null => {
  const parsed = storedUserSchema.safeParse(data ?? {});
  return parsed.success ? (parsed.data.customer?.subscriptionStatus ?? null) : null;
};

/** What the attempt that owns a key is charging, stored on the key's record before the gateway is called. */
interface Attempt {
  profileId: string;
  cardType: string;
  last4: string;
  invoiceNumber: string;
  itemId: CatalogueItemId;
  amount: number;
  covers: AmountDue['covers'];
  nextPaymentDate: string | null;
  /** The ledger entry's id: the key, or the key and a time when an expired key's entry is already there. */
  ledgerId: string;
  startedAt: number;
}

function attemptOf(record: DocumentData): Attempt | null {
  const attempt: unknown = record.attempt;
  if (typeof attempt !== 'object' || attempt === null) return null;
  const value = attempt as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  const profileId = text('profileId');
  const invoiceNumber = text('invoiceNumber');
  const ledgerId = text('ledgerId');
  const itemId = text('itemId');
  const covers = value.covers as AmountDue['covers'] | undefined;
  if (!profileId || !invoiceNumber || !ledgerId || (itemId !== 'INITIAL_CONSULTATION' && itemId !== 'RECURRING_FEE')) return null;
  if (typeof value.amount !== 'number' || typeof value.startedAt !== 'number' || typeof covers !== 'object' || covers === null) return null;
  return {
    profileId,
    cardType: text('cardType') ?? '',
    last4: text('last4') ?? '',
    invoiceNumber,
    itemId,
    amount: value.amount,
    covers: { initialFee: covers.initialFee === true, recurringFee: covers.recurringFee === true },
    nextPaymentDate: text('nextPaymentDate'),
    ledgerId,
    startedAt: value.startedAt,
  };
}

/**
 * The invoice number the gateway keeps with the charge (20 characters at most, as at Authorize.net), derived here
 * from the customer and the whole key: a key the client picks to share another key's beginning, or another
 * customer's key, never names the same invoice, so reconciliation cannot adopt another attempt's charge.
 */
export const invoiceNumberOf = (uid: string, idempotencyKey: string) =>
  createHash('sha256').update(`${uid}\n${idempotencyKey}`).digest('hex').slice(0, 20);

/** Firestore's ALREADY_EXISTS (gRPC code 6): the key's record was created by another attempt. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 6 || error.code === 'already-exists');
}

const isExpired = (record: DocumentData, now: number) => (millisOf(record.expiresAt) ?? 0) <= now;

/** Whether the attempt holding a key is lost: its answer never came (outcomeUnknownAt), or it is stale. */
function isLost(record: DocumentData, now: number): boolean {
  if (record.state === 'complete') return false;
  if (record.outcomeUnknownAt !== undefined) return true;
  const since = record.state === 'in-progress' ? (attemptOf(record)?.startedAt ?? millisOf(record.createdAt)) : millisOf(record.createdAt);
  return now - (since ?? 0) >= STALE_CHARGE_MS;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Another attempt holds the key: the stored result, a wait for it, a refusal when the body differs, or, when that
 * attempt is lost, what the gateway says became of it.
 */
async function answerFromRecord(
  uid: string,
  request: ChargeRequest,
  deps: ChargeDependencies,
  keyRef: DocumentReference,
  requestHash: string,
): Promise<ChargeAnswer> {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    const record = (await keyRef.get()).data();
    // The first attempt failed before the provider answered and let the key go: this one may claim it.
    if (!record) return chargeOnce(uid, request, deps);
    const now = Date.now();
    const expired = isExpired(record, now);
    if (isLost(record, now) && (expired || record.requestHash === requestHash)) {
      const outcome = await reconcile(uid, request.idempotencyKey, deps);
      if (outcome === 'released') return chargeOnce(uid, request, deps);
      if (outcome === 'unsettled') throw beingChecked();
      if (!expired) return { ...outcome, replayed: true };
      continue; // recorded: the expired record is complete now, and dropped below
    }
    if (record.state === 'complete' && expired) {
      // Kept past its 24 hours (the TTL policy deletes it in its own time): the key is new again. A pending record
      // is never dropped this way: it is reconciled above first (its charge may have gone through).
      await db().runTransaction(async (transaction) => {
        const again = (await transaction.get(keyRef)).data();
        if (again && again.state === 'complete' && isExpired(again, Date.now())) transaction.delete(keyRef);
      });
      return chargeOnce(uid, request, deps);
    }
    if (record.requestHash !== requestHash) throw callableError('failed-precondition', 'idempotency-key-reused');
    if (record.state === 'complete') return { ...(record.response as StoredAnswer), replayed: true };
    if (now >= deadline) throw callableError('aborted', 'idempotency-key-in-progress');
    await sleep(POLL_MS);
  }
}

/**
 * What became of a lost attempt (see the top of this file): its recorded answer once the gateway has the
 * transaction, 'released' (the key and the customer's lock let go) when it has none or the attempt never reached the
 * gateway, 'unsettled' when the gateway has none yet but may still be processing the request.
 */
async function reconcile(uid: string, key: string, deps: ChargeDependencies): Promise<StoredAnswer | 'released' | 'unsettled'> {
  const keyRef = db().collection(idempotencyPath(uid)).doc(key);
  const record = (await keyRef.get()).data();
  if (record?.state === 'complete') return record.response as StoredAnswer;
  const attempt = record ? attemptOf(record) : null;
  // No record, or one that never got to the gateway (its attempt is stored before the gateway is called).
  if (!attempt) {
    await release(uid, key);
    return 'released';
  }
  let found;
  try {
    found = await deps.gateway.findTransactions(attempt.profileId, attempt.invoiceNumber, attempt.startedAt - LOOKUP_MARGIN_MS);
  } catch (error) {
    logger.warn('chargePayment: the gateway lookup failed; the key stays in progress', { uid, error: error instanceof Error ? error.message : 'unknown' });
    throw beingChecked();
  }
  // The attempt's own charge has its invoice number and its amount; anything else is not this attempt's.
  const first = found.find((transaction) => transaction.amount === attempt.amount);
  if (first) {
    const answer = await recordResult(uid, key, attempt, first);
    logger.info('chargePayment: a lost charge was found at the gateway and recorded', { uid, status: answer.status });
    await followInCrm(uid, answer, deps);
    return answer;
  }
  if (Date.now() - attempt.startedAt < GATEWAY_SETTLE_MS) return 'unsettled';
  await release(uid, key);
  logger.info('chargePayment: a lost charge never reached the gateway; its key is released', { uid });
  return 'released';
}

/** Lets a key go (nothing was charged with it): its record, and the customer's lock when the key holds it. */
async function release(uid: string, key: string): Promise<void> {
  const firestore = db();
  const keyRef = firestore.collection(idempotencyPath(uid)).doc(key);
  const billingRef = firestore.collection(PAYMENTS_COLLECTION).doc(uid);
  await firestore.runTransaction(async (transaction) => {
    const [keySnapshot, billingSnapshot] = await transaction.getAll(keyRef, billingRef);
    if (keySnapshot?.data()?.state !== 'complete') transaction.delete(keyRef);
    if (parseBilling(billingSnapshot?.data()).activeCharge?.key === key) transaction.set(billingRef, { activeCharge: FieldValue.delete() }, { merge: true });
  });
}

/**
 * Records the gateway's answer to an attempt: the ledger entry, the key's stored response, the lock let go, and for
 * an approval the fee paid, the next billing date and the subscription Current. Once only: a key already complete
 * answers its stored response and writes nothing.
 */
async function recordResult(uid: string, key: string, attempt: Attempt, result: ChargeResult): Promise<StoredAnswer> {
  const firestore = db();
  const keyRef = firestore.collection(idempotencyPath(uid)).doc(key);
  const billingRef = firestore.collection(PAYMENTS_COLLECTION).doc(uid);
  const userRef = firestore.collection(COLLECTIONS.users).doc(uid);
  const answer: StoredAnswer = {
    status: statusOf(result),
    transactionId: result.transactionId,
    message: { code: result.code, reasonCode: result.reasonCode, text: result.text },
  };
  const approved = answer.status === 'approved';
  return firestore.runTransaction(async (transaction) => {
    const [keySnapshot, billingSnapshot] = await transaction.getAll(keyRef, billingRef);
    const record = keySnapshot?.data();
    if (record?.state === 'complete') return record.response as StoredAnswer;
    const now = Timestamp.now();
    transaction.set(firestore.collection(chargesPath(uid)).doc(attempt.ledgerId), {
      itemId: attempt.itemId,
      amount: attempt.amount,
      status: answer.status,
      transactionId: answer.transactionId,
      code: result.code,
      reasonCode: result.reasonCode,
      text: result.text,
      cardType: attempt.cardType,
      last4: attempt.last4,
      covers: attempt.covers,
      createdAt: now,
    });
    transaction.set(keyRef, { state: 'complete', response: answer, completedAt: now, outcomeUnknownAt: FieldValue.delete() }, { merge: true });
    const billingUpdate: Record<string, unknown> = {};
    if (parseBilling(billingSnapshot?.data()).activeCharge?.key === key) billingUpdate.activeCharge = FieldValue.delete();
    if (approved && attempt.covers.initialFee) billingUpdate.initialFeePaid = true;
    if (approved && attempt.covers.recurringFee) billingUpdate.nextPaymentDate = nextPaymentDateAfterPaying(attempt.nextPaymentDate, new Date());
    if (Object.keys(billingUpdate).length > 0) transaction.set(billingRef, billingUpdate, { merge: true });
    if (approved) transaction.set(userRef, { customer: { subscriptionStatus: PAID_STATUS } }, { merge: true });
    return answer;
  });
}

/** The CRM follows an approval; a failure here is logged (the payment stands and the app already reads Current). */
async function followInCrm(uid: string, answer: StoredAnswer, deps: ChargeDependencies): Promise<void> {
  if (answer.status !== 'approved' || !deps.contactId) return;
  await crm()
    .updateContact(deps.contactId, { Status__c: PAID_STATUS })
    .catch((error: unknown) => logger.error('chargePayment: the CRM status update failed', { uid, error: error instanceof Error ? error.message : 'unknown' }));
}

export interface ChargeDependencies {
  gateway: CardGatewayProvider;
  items: Record<CatalogueItemId, CatalogueItem>;
  /** The contact whose Status__c follows the subscription; null when the account has none. */
  contactId: string | null;
}

/** Thrown out of the claim transaction: another key holds a stale lock and must be reconciled first. */
class StaleLock {
  constructor(readonly key: string) {}
}

/** Charges the card on file once per key; see the top of this file. */
export async function chargeOnce(uid: string, request: ChargeRequest, deps: ChargeDependencies): Promise<ChargeAnswer> {
  const firestore = db();
  const requestHash = requestHashOf(request);
  const key = request.idempotencyKey;
  const keyRef = firestore.collection(idempotencyPath(uid)).doc(key);
  const billingRef = firestore.collection(PAYMENTS_COLLECTION).doc(uid);
  const userRef = firestore.collection(COLLECTIONS.users).doc(uid);
  const ledgerRef = firestore.collection(chargesPath(uid)).doc(key);

  // The claim: creating the key's record succeeds for exactly one attempt; every other attempt with the key reads
  // the record (no transaction contention however many arrive at once).
  const now = Date.now();
  try {
    await keyRef.create({
      requestHash,
      state: 'claimed',
      createdAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(now + IDEMPOTENCY_KEY_TTL_MS),
    });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    return answerFromRecord(uid, request, deps, keyRef, requestHash);
  }

  // This attempt owns the key: check the request against what is due, take the customer's charge lock and store the
  // attempt, in one transaction. A refusal lets the key go, so nothing stays written. A stale lock of another key is
  // reconciled first (its charge may have gone through), then the check runs again.
  let attempt: Attempt | undefined;
  try {
    for (let round = 0; !attempt; round += 1) {
      try {
        attempt = await firestore.runTransaction(
          async (transaction) => {
            const [billingSnapshot, userSnapshot, ledgerSnapshot] = await transaction.getAll(billingRef, userRef, ledgerRef);
            const billing = parseBilling(billingSnapshot?.data());
            const active = billing.activeCharge;
            if (active && active.key !== key) {
              if (Date.now() - active.since < STALE_CHARGE_MS) throw callableError('aborted', 'charge-in-progress');
              throw new StaleLock(active.key);
            }
            const due = amountDueOf(billing, userStatusOf(userSnapshot?.data()), deps.items);
            if (due.amount === 0 || due.itemId === null) throw callableError('failed-precondition', 'nothing-due');
            if (due.itemId !== request.itemId || due.amount !== request.amount) throw callableError('failed-precondition', 'amount-mismatch');
            if (!billing.profile) throw callableError('failed-precondition', 'no-payment-profile');
            const startedAt = Date.now();
            const claimed: Attempt = {
              profileId: billing.profile.profileId,
              cardType: billing.profile.cardType,
              last4: billing.profile.last4,
              invoiceNumber: invoiceNumberOf(uid, key),
              itemId: request.itemId,
              amount: request.amount,
              covers: due.covers,
              nextPaymentDate: billing.nextPaymentDate ?? null,
              // A key used again after its 24 hours keeps the first charge's ledger entry.
              ledgerId: ledgerSnapshot?.exists ? `${key}-${startedAt}` : key,
              startedAt,
            };
            transaction.set(billingRef, { activeCharge: { key, since: startedAt } }, { merge: true });
            transaction.update(keyRef, { state: 'in-progress', attempt: claimed });
            return claimed;
          },
          { maxAttempts: 20 },
        );
      } catch (error) {
        if (!(error instanceof StaleLock) || round >= 2) throw error instanceof StaleLock ? callableError('aborted', 'charge-in-progress') : error;
        if ((await reconcile(uid, error.key, deps)) === 'unsettled') throw beingChecked();
      }
    }
  } catch (error) {
    await keyRef.delete();
    throw error;
  }

  let result: ChargeResult;
  try {
    result = await deps.gateway.chargeCustomerProfile(attempt.profileId, attempt.amount, {
      invoiceNumber: attempt.invoiceNumber,
      description: deps.items[attempt.itemId].name,
    });
  } catch (error) {
    if (isDefiniteRefusal(error)) {
      // The gateway refused the request itself, so nothing was charged: let the key go, so a retry may claim it.
      await release(uid, key);
      throw error;
    }
    // The outcome is unknown (the gateway may have charged): the key stays in progress until it is reconciled.
    logger.warn('chargePayment: the gateway’s answer was lost; the key is kept until reconciled', {
      uid,
      error: error instanceof Error ? error.name : 'unknown',
    });
    await keyRef.update({ outcomeUnknownAt: Timestamp.now() }).catch(() => undefined);
    throw beingChecked();
  }

  const answer = await recordResult(uid, key, attempt, result);
  await followInCrm(uid, answer, deps);
  return { ...answer, replayed: false };
}
