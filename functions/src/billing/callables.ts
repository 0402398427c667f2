// Billing and payments (spec 001 §2 Billing, §3, §4, §7, §8, §9; spec 002 §7): the payment data, the
// card on file, the idempotent charge, the payment task, the cancellation request and the secure pages' links.
// Card data never reaches these callables: the card provider's browser script turns it into an opaque value, and
// every request schema is strict, so a request naming cardNumber, cardCode, month, year … is refused before the
// handler runs (the refusal names the key, never the value, and nothing is logged or written).
import { createHash, randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { canRequestCancellation, isPaymentSiteId } from '../../../src/domain/payments';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid, customerContactIdOf } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { SITE_ID } from '../platform/config';
import { serverFlags } from '../platform/featureFlags';
import { sandboxPageUrl } from '../providers/sandboxPages';
import {
  amountDueOf,
  chargesPath,
  hasSubscription,
  idempotencyPath,
  initialFeePaidOf,
  parseBilling,
  PAYMENTS_COLLECTION,
  PENDING_TASK_MAX_AGE_MS,
  pendingPaymentTaskOf,
  type StoredBilling,
} from './paymentAccount';
import { catalogue } from './catalogue';
import { chargeOnce } from './charge';
import { crmBilling } from './crmRecords';
import { cardGateway, cardGatewaySandboxInUse } from './gateway';
import { maskedCard, saveCardOnFile } from './profile';
import { createSecureLink } from './secureLinks';
import { crm } from '../providers';
import { storedUserSchema } from '../platform/storedDocuments';
import { millisOf, toIso } from '../platform/timestamps';

const unsupportedSite = () => callableError('failed-precondition', 'unsupported-site');
const contactNotFound = () => callableError('not-found', 'Contact not found', { key: ERROR_KEYS.paymentContactNotFound });

/**
 * Both the site the client says it is and the site the user belongs to (their stored users/{uid}.siteId; an
 * account stored without one is the deployment's SITE_ID) must take payments: a client cannot claim its way in.
 */
async function assertPaymentSite(uid: string, siteId: string): Promise<void> {
  if (!isPaymentSiteId(siteId)) throw unsupportedSite();
  const stored: unknown = (await db().collection(COLLECTIONS.users).doc(uid).get()).get('siteId');
  if (!isPaymentSiteId(typeof stored === 'string' && stored !== '' ? stored : SITE_ID)) throw unsupportedSite();
}

async function billingOf(uid: string): Promise<StoredBilling> {
  return parseBilling((await db().collection(PAYMENTS_COLLECTION).doc(uid).get()).data());
}

async function subscriptionStatusOf(uid: string): Promise<string | null> {
  const parsed = storedUserSchema.safeParse((await db().collection(COLLECTIONS.users).doc(uid).get()).data() ?? {});
  return parsed.success ? (parsed.data.customer?.subscriptionStatus ?? null) : null;
}

function cancellationOf(billing: StoredBilling, closeContractDate: string | null | undefined): 'none' | 'in-progress' | 'complete' {
  if (closeContractDate || billing.cancellation?.state === 'complete') return 'complete';
  return billing.cancellation?.state === 'in-progress' ? 'in-progress' : 'none';
}

const CHARGE_STATUSES = ['approved', 'declined', 'error'] as const;
const ITEM_IDS = ['INITIAL_CONSULTATION', 'RECURRING_FEE'] as const;

// ------------------------------------------------------------------------------------------- payment data

/** spec 001 §3 "Payment data", plus the amount due, the ledger's latest charges and the cancellation's state. */
export const getContactPaymentData = defineCallable('getContactPaymentData', async (caller) => {
  const uid = await clientUid(caller);
  const contactId = caller.claims.customerContactId ?? null;
  const [billing, userStatus, contact, charges, flags] = await Promise.all([
    billingOf(uid),
    subscriptionStatusOf(uid),
    contactId ? crm().getContact(contactId) : Promise.resolve(null),
    db().collection(chargesPath(uid)).orderBy('createdAt', 'desc').limit(12).get(),
    serverFlags(),
  ]);
  const status = userStatus ?? contact?.Status__c ?? null;
  const items = catalogue();
  const due = amountDueOf(billing, status, items);
  const pendingTask = pendingPaymentTaskOf(billing, due, Date.now());
  return {
    subscriptionStatus: status,
    recurringFee: hasSubscription(billing, status)
      ? { recurringAmount: items.RECURRING_FEE.unitPrice, nextPaymentDate: billing.nextPaymentDate ?? null }
      : null,
    profileCardData: billing.profile ? { cardType: billing.profile.cardType, cardNumber: maskedCard(billing.profile.last4) } : null,
    catalogue: items,
    initialFeePaid: initialFeePaidOf(billing, status),
    amountDue: due.amount,
    amountDueItem: due.itemId,
    cancellation: cancellationOf(billing, contact?.Close_Contract_Date__c),
    charges: charges.docs.flatMap((doc) => {
      const data = doc.data();
      const status = CHARGE_STATUSES.find((candidate) => candidate === data.status);
      const itemId = ITEM_IDS.find((candidate) => candidate === data.itemId);
      const createdAt = toIso(data.createdAt);
      if (!status || !itemId || !createdAt || typeof data.amount !== 'number') return [];
      return [
        {
          id: doc.id,
          itemId,
          amount: data.amount,
          status,
          transactionId: typeof data.transactionId === 'string' ? data.transactionId : null,
          cardType: typeof data.cardType === 'string' ? data.cardType : null,
          last4: typeof data.last4 === 'string' ? data.last4 : null,
          createdAt,
        },
      ];
    }),
    chargingEnabled: flags.charging,
    pendingPaymentTask: pendingTask
      ? { createdAt: new Date(pendingTask.createdAt).toISOString(), amount: pendingTask.amount, itemId: pendingTask.itemId }
      : null,
  };
});

// ------------------------------------------------------------------------------------------- card on file

/**
 * Saves the card on file from the provider's opaque value (spec 001 §7). Refused: a site that takes no payments,
 * the profile update flag off, a contact id that is not the caller's, a contact the CRM does not have ('Contact not
 * found'), an opaque value that is used, expired or unknown.
 */
export const updateCustomerPaymentProfile = defineCallable('updateCustomerPaymentProfile', async (caller) => {
  const { data } = caller;
  await assertPaymentSite(caller.uid, data.siteId);
  if (!(await serverFlags()).paymentProfileUpdate) throw callableError('failed-precondition', 'profile-update-disabled');
  if (data.sfContactId !== customerContactIdOf(caller)) throw callableError('permission-denied', 'contact-mismatch');
  const contact = await crm().getContact(data.sfContactId);
  if (!contact) throw contactNotFound();
  const profileCardData = await saveCardOnFile(
    caller.uid,
    data.opaqueValue,
    {
      firstName: data.firstName,
      lastName: data.lastName,
      address: data.address,
      zip: data.zip,
      country: data.country,
      email: data.email,
      customerId: data.sfContactId,
    },
    cardGateway(),
  );
  return { ok: true, profileCardData };
});

// ------------------------------------------------------------------------------------------- the charge

/**
 * Charges the card on file the amount due, once per idempotency key (charge.ts). Refused before anything
 * is charged or written: a site that takes no payments, charging off, nothing due, an amount or item other than
 * what is due, no card on file, a key reused with another body, another charge in progress.
 */
export const chargePayment = defineCallable('chargePayment', async (caller) => {
  const { data } = caller;
  await assertPaymentSite(caller.uid, data.siteId);
  if (!(await serverFlags()).charging) throw callableError('failed-precondition', 'charging-disabled');
  return chargeOnce(caller.uid, data, { gateway: cardGateway(), items: catalogue(), contactId: caller.claims.customerContactId ?? null });
});

// ------------------------------------------------------------------------------------------- the payment task

const TASK_WAIT_MS = 20_000;

/**
 * The task's record id: one task per approved transaction, or, while charging is off, one per amount due (the item,
 * the amount and the billing date it is for). Never the client's key: a new key for the same payment is the same
 * task, so staff are never asked twice to charge the card for one amount due.
 */
function paymentTaskRecordId(transactionId: string | null, due: { itemId: string | null; amount: number }, billing: StoredBilling): string {
  const subject = transactionId !== null ? `transaction:${transactionId}` : `due:${due.itemId ?? 'none'}:${due.amount}:${billing.nextPaymentDate ?? 'first'}`;
  return `task-${createHash('sha256').update(subject).digest('hex').slice(0, 32)}`;
}

/**
 * The pipeline's last step (spec 001 §7 selfOnboardCard): the CRM payment Task, once per approved transaction, or
 * while charging is off (transactionId null; staff then charge the card on file from the task) once per amount due:
 * another call for the same payment, whatever its idempotency key, answers the same task. The transaction must be an
 * approved charge of the caller's ledger. Card fields never travel here.
 */
export const selfOnboardCard = defineCallable('selfOnboardCard', async (caller) => {
  const { uid, data } = caller;
  await assertPaymentSite(caller.uid, data.siteId);
  const contactId = customerContactIdOf(caller);
  const flags = await serverFlags();
  if (data.transactionId === null && flags.charging) throw callableError('failed-precondition', 'transaction-required');
  const firestore = db();
  const billingRef = firestore.collection(PAYMENTS_COLLECTION).doc(uid);
  const userRef = firestore.collection(COLLECTIONS.users).doc(uid);
  const charge =
    data.transactionId === null
      ? null
      : (await firestore.collection(chargesPath(uid)).where('transactionId', '==', data.transactionId).where('status', '==', 'approved').limit(1).get()).docs[0];
  if (data.transactionId !== null && !charge) throw callableError('failed-precondition', 'unknown-transaction');

  const claim = await firestore.runTransaction(
    async (transaction) => {
      const [billingSnapshot, userSnapshot] = await transaction.getAll(billingRef, userRef);
      const billing = parseBilling(billingSnapshot?.data());
      const status = storedUserSchema.safeParse(userSnapshot?.data() ?? {});
      const due = amountDueOf(billing, status.success ? (status.data.customer?.subscriptionStatus ?? null) : null, catalogue());
      const now = Date.now();
      // Charging off, and a task already asks staff to charge this amount: that task is the answer.
      const pending = data.transactionId === null ? pendingPaymentTaskOf(billing, due, now) : null;
      if (pending) return { kind: 'done', taskId: pending.taskId } as const;
      const keyRef = firestore.collection(idempotencyPath(uid)).doc(paymentTaskRecordId(data.transactionId, due, billing));
      const record = (await transaction.get(keyRef)).data();
      // A task for an amount due is asked again only once the earlier one has gone stale (no one acted on it).
      const stale = data.transactionId === null && record !== undefined && now - (millisOf(record.createdAt) ?? 0) > PENDING_TASK_MAX_AGE_MS;
      if (record && !stale) {
        return record.state === 'complete' ? ({ kind: 'done', taskId: String(record.taskId) } as const) : ({ kind: 'wait', keyRef } as const);
      }
      transaction.set(keyRef, {
        transactionId: data.transactionId,
        idempotencyKey: data.idempotencyKey,
        state: 'in-progress',
        createdAt: Timestamp.fromMillis(now),
      });
      return { kind: 'claimed', billing, due, keyRef } as const;
    },
    { maxAttempts: 50 },
  );
  if (claim.kind === 'done') return { taskId: claim.taskId };
  if (claim.kind === 'wait') {
    const deadline = Date.now() + TASK_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const record = (await claim.keyRef.get()).data();
      if (record?.state === 'complete') return { taskId: String(record.taskId) };
      if (!record) break;
    }
    throw callableError('aborted', 'task-in-progress', { key: ERROR_KEYS.paymentTaskError });
  }
  const { keyRef } = claim;

  const chargeData = charge?.data();
  let taskId: string;
  try {
    taskId = await crmBilling().createPaymentTask({
      contactId,
      idempotencyKey: data.idempotencyKey,
      transactionId: data.transactionId,
      amount: typeof chargeData?.amount === 'number' ? chargeData.amount : claim.due.amount,
      itemId: typeof chargeData?.itemId === 'string' ? chargeData.itemId : claim.due.itemId,
      cardType: claim.billing.profile?.cardType ?? null,
      last4: claim.billing.profile?.last4 ?? null,
    });
  } catch (error) {
    await keyRef.delete();
    throw callableError('unavailable', 'task-failed', {
      key: ERROR_KEYS.paymentTaskError,
      reference: error instanceof Error ? error.message.slice(0, 80) : undefined,
    });
  }
  await keyRef.update({ state: 'complete', taskId, completedAt: FieldValue.serverTimestamp() });
  // Charging off: staff charge the card on file from the task. Recorded so that /update-payment says the payment is
  // being processed instead of asking for the same amount again (getContactPaymentData's pendingPaymentTask).
  if (data.transactionId === null && claim.due.itemId !== null && claim.due.amount > 0) {
    await billingRef.set(
      { pendingPaymentTask: { taskId, amount: claim.due.amount, itemId: claim.due.itemId, createdAt: Date.now() } },
      { merge: true },
    );
  }
  return { taskId };
});

// ------------------------------------------------------------------------------------------- cancellation

/**
 * spec 001 §4 "Cancellation request results", §9: only for a mailing state of CA ('not-eligible' otherwise);
 * failed-precondition 'in-progress' while a request is open, 'already-complete' once the contract is closed.
 */
export const requestCancellation = defineCallable('requestCancellation', async (caller) => {
  const contactId = customerContactIdOf(caller);
  const contact = await crm().getContact(contactId);
  if (!contact) throw contactNotFound();
  if (!canRequestCancellation(contact.MailingStateCode)) throw callableError('failed-precondition', 'not-eligible');
  const billingRef = db().collection(PAYMENTS_COLLECTION).doc(caller.uid);
  const placeholder = `pending-${randomUUID()}`;
  await db().runTransaction(async (transaction) => {
    const billing = parseBilling((await transaction.get(billingRef)).data());
    const state = cancellationOf(billing, contact.Close_Contract_Date__c);
    if (state === 'complete') throw callableError('failed-precondition', 'already-complete');
    if (state === 'in-progress') throw callableError('failed-precondition', 'in-progress');
    transaction.set(billingRef, { cancellation: { state: 'in-progress', requestId: placeholder, requestedAt: Timestamp.now() } }, { merge: true });
  });
  try {
    const requestId = await crmBilling().createCancellationRequest(contactId);
    await billingRef.set({ cancellation: { requestId } }, { merge: true });
  } catch (error) {
    // The CRM did not take it: the request held is taken back, and a billing document it alone made goes with it
    // (a refused call leaves nothing behind).
    await db().runTransaction(async (transaction) => {
      const stored = (await transaction.get(billingRef)).data();
      if ((stored?.cancellation as { requestId?: unknown } | undefined)?.requestId !== placeholder) return;
      if (Object.keys(stored ?? {}).length === 1) transaction.delete(billingRef);
      else transaction.update(billingRef, { cancellation: FieldValue.delete() });
    });
    throw error;
  }
  return { result: 'success' as const };
});

// ------------------------------------------------------------------------------------------- secure pages

/**
 * spec 001 §7 getSecureSFURL (spec 002 §7): the secure page that updates the card on file or takes the amount due,
 * then returns to the app at `returnPath`. A short-lived, signed, single-use link bound to the caller.
 */
export const getSecureSFURL = defineCallable('getSecureSFURL', async ({ uid, data }) => {
  if (data.returnPath.startsWith('//')) throw callableError('invalid-argument', 'return-path-invalid');
  if (!cardGatewaySandboxInUse()) throw callableError('failed-precondition', 'secure-pages-unavailable');
  const token = await createSecureLink(uid, data.request, data.returnPath);
  return { url: `${sandboxPageUrl('secureBillingSandbox')}?${new URLSearchParams({ token }).toString()}` };
});
