// Charging the card on file once per idempotency key (issue 15 item 5), the way the well-known payment APIs do it:
// the client makes the key before its first attempt; the key's record is created (exactly one attempt can) BEFORE the
// provider is called (the request's hash, its state, expiresAt 24 h on for a TTL policy), then a Firestore
// transaction checks the request against what is due and takes the customer's charge lock; a concurrent duplicate
// waits for the first attempt's result and answers it; a replay answers the stored result; the same key with another body
// is refused ('idempotency-key-reused'). One charge at a time per customer (payments/{uid}.activeCharge): a second
// key while one is in progress is refused ('charge-in-progress'), and once paid there is nothing due.
// After an approved charge the subscription is Current (users/{uid}.customer.subscriptionStatus and the CRM
// contact's Status__c), the initial fee is marked paid, a monthly fee moves the next billing date a month on.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { IDEMPOTENCY_KEY_TTL_MS, type CatalogueItemId } from '../../../src/domain/payments';
import { db } from '../admin';
import { callableError } from '../callable';
import { COLLECTIONS } from '../collections';
import { crm } from '../providers';
import type { CardGatewayProvider, ChargeResult } from '../providers/cardGateway';
import { storedUserSchema } from '../storedDocuments';
import { millisOf } from '../timestamps';
import { amountDueOf, chargesPath, idempotencyPath, nextPaymentDateAfterPaying, PAID_STATUS, parseBilling, PAYMENTS_COLLECTION, type AmountDue } from './account';
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
/** A charge claimed longer ago than this no longer blocks another key (its process died before recording). */
export const STALE_CHARGE_MS = 120_000;
const POLL_MS = 150;

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

interface Claimed {
  profile: { profileId: string; cardType: string; last4: string };
  due: AmountDue;
  nextPaymentDate: string | null;
}

/** Firestore's ALREADY_EXISTS (gRPC code 6): the key's record was created by another attempt. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 6 || error.code === 'already-exists');
}

/** Another attempt holds the key: the stored result, a wait for it, or a refusal when the body differs. */
async function answerFromRecord(
  uid: string,
  request: ChargeRequest,
  deps: ChargeDependencies,
  keyRef: DocumentReference,
  requestHash: string,
): Promise<ChargeAnswer> {
  const record = (await keyRef.get()).data();
  if (!record) return chargeOnce(uid, request, deps);
  if ((millisOf(record.expiresAt) ?? 0) <= Date.now()) {
    // Kept past its 24 hours (the TTL policy deletes it in its own time): the key is new again.
    await db().runTransaction(async (transaction) => {
      const again = (await transaction.get(keyRef)).data();
      if (again && (millisOf(again.expiresAt) ?? 0) <= Date.now()) transaction.delete(keyRef);
    });
    return chargeOnce(uid, request, deps);
  }
  if (record.requestHash !== requestHash) throw callableError('failed-precondition', 'idempotency-key-reused');
  if (record.state === 'complete') return { ...(record.response as StoredAnswer), replayed: true };
  const first = await waitForResult(keyRef, requestHash);
  return first === 'released' ? chargeOnce(uid, request, deps) : { ...first, replayed: true };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitForResult(ref: DocumentReference, requestHash: string): Promise<StoredAnswer | 'released'> {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    const data = (await ref.get()).data();
    if (data && data.requestHash !== requestHash) throw callableError('failed-precondition', 'idempotency-key-reused');
    if (data?.state === 'complete') return data.response as StoredAnswer;
    // The first attempt failed before the provider answered and let the key go: this one may claim it.
    if (!data) return 'released';
  }
  throw callableError('aborted', 'idempotency-key-in-progress');
}

export interface ChargeDependencies {
  gateway: CardGatewayProvider;
  items: Record<CatalogueItemId, CatalogueItem>;
  /** The contact whose Status__c follows the subscription; null when the account has none. */
  contactId: string | null;
}

/** Charges the card on file once per key; see the top of this file. */
export async function chargeOnce(uid: string, request: ChargeRequest, deps: ChargeDependencies): Promise<ChargeAnswer> {
  const firestore = db();
  const requestHash = requestHashOf(request);
  const keyRef = firestore.collection(idempotencyPath(uid)).doc(request.idempotencyKey);
  const billingRef = firestore.collection(PAYMENTS_COLLECTION).doc(uid);
  const userRef = firestore.collection(COLLECTIONS.users).doc(uid);

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

  // This attempt owns the key: check the request against what is due and take the customer's charge lock, in one
  // transaction. A refusal lets the key go, so nothing stays written.
  let claim: Claimed;
  try {
    claim = await firestore.runTransaction(
      async (transaction) => {
        const [billingSnapshot, userSnapshot] = await transaction.getAll(billingRef, userRef);
        const billing = parseBilling(billingSnapshot?.data());
        const due = amountDueOf(billing, userStatusOf(userSnapshot?.data()), deps.items);
        if (due.amount === 0 || due.itemId === null) throw callableError('failed-precondition', 'nothing-due');
        if (due.itemId !== request.itemId || due.amount !== request.amount) throw callableError('failed-precondition', 'amount-mismatch');
        if (!billing.profile) throw callableError('failed-precondition', 'no-payment-profile');
        const active = billing.activeCharge;
        if (active && active.key !== request.idempotencyKey && Date.now() - active.since < STALE_CHARGE_MS) {
          throw callableError('aborted', 'charge-in-progress');
        }
        transaction.set(billingRef, { activeCharge: { key: request.idempotencyKey, since: Date.now() } }, { merge: true });
        transaction.update(keyRef, { state: 'in-progress' });
        return { profile: billing.profile, due, nextPaymentDate: billing.nextPaymentDate ?? null };
      },
      { maxAttempts: 20 },
    );
  } catch (error) {
    await keyRef.delete();
    throw error;
  }

  let result: ChargeResult;
  try {
    const item = deps.items[request.itemId];
    result = await deps.gateway.chargeCustomerProfile(claim.profile.profileId, request.amount, {
      invoiceNumber: request.idempotencyKey.replace(/-/g, '').slice(0, 20),
      description: item.name,
    });
  } catch (error) {
    // Nothing was charged (the provider refused the call): let the key go, so a retry may claim it again.
    await firestore.runTransaction(async (transaction) => {
      transaction.delete(keyRef);
      transaction.set(billingRef, { activeCharge: FieldValue.delete() }, { merge: true });
    });
    throw error;
  }

  const answer: StoredAnswer = {
    status: statusOf(result),
    transactionId: result.transactionId,
    message: { code: result.code, reasonCode: result.reasonCode, text: result.text },
  };
  const approved = answer.status === 'approved';
  await firestore.runTransaction(async (transaction) => {
    const now = Timestamp.now();
    transaction.set(firestore.collection(chargesPath(uid)).doc(request.idempotencyKey), {
      itemId: request.itemId,
      amount: request.amount,
      status: answer.status,
      transactionId: answer.transactionId,
      code: result.code,
      reasonCode: result.reasonCode,
      text: result.text,
      cardType: claim.profile.cardType,
      last4: claim.profile.last4,
      covers: claim.due.covers,
      createdAt: now,
    });
    transaction.update(keyRef, { state: 'complete', response: answer, completedAt: now });
    const billingUpdate: Record<string, unknown> = { activeCharge: FieldValue.delete() };
    if (approved && claim.due.covers.initialFee) billingUpdate.initialFeePaid = true;
    if (approved && claim.due.covers.recurringFee) billingUpdate.nextPaymentDate = nextPaymentDateAfterPaying(claim.nextPaymentDate, new Date());
    transaction.set(billingRef, billingUpdate, { merge: true });
    if (approved) transaction.set(userRef, { customer: { subscriptionStatus: PAID_STATUS } }, { merge: true });
  });
  if (approved && deps.contactId) {
    // The CRM follows; a failure here is logged (the payment stands and the app already reads Current).
    await crm()
      .updateContact(deps.contactId, { Status__c: PAID_STATUS })
      .catch((error: unknown) => logger.error('chargePayment: the CRM status update failed', { uid, error: error instanceof Error ? error.message : 'unknown' }));
  }
  return { ...answer, replayed: false };
}
