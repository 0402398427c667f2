// The customer's billing record and what they owe (spec 001 §3 "Payment data", "Subscription statuses").
//
// Firestore (server-only; firestore.rules denies every client write and read):
//   payments/{uid}                      { profile?: { profileId, cardType, last4, updatedAt }, initialFeePaid?,
//                                         nextPaymentDate?: 'YYYY-MM-DD', cancellation?: { state, requestId,
//                                         requestedAt }, activeCharge?: { key, since },
//                                         pendingPaymentTask?: { taskId, amount, itemId, createdAt (ms) } }
//   payments/{uid}/charges/{key}        the ledger: one entry per idempotency key (ledger.ts)
//   payments/{uid}/idempotency/{key}    the idempotency records (charge.ts), expiresAt for a TTL policy
// The subscription status itself lives where the guard chain reads it: users/{uid}.customer.subscriptionStatus
// (and the CRM contact's Status__c).
import { z } from 'zod/mini';
import type { CatalogueItemId } from '../../../src/domain/payments';
import type { CatalogueItem } from './catalogue';

export const PAYMENTS_COLLECTION = 'payments';
export const chargesPath = (uid: string) => `${PAYMENTS_COLLECTION}/${uid}/charges`;
export const idempotencyPath = (uid: string) => `${PAYMENTS_COLLECTION}/${uid}/idempotency`;

/** Statuses before a subscription exists: no recurring fee yet, and the initial fee is still to be paid. */
const BEFORE_SUBSCRIPTION: readonly string[] = ['Pending', 'Pending Onboarding', 'UNKNOWN'];
/** spec 001 §3: a monthly fee is past due. */
export const PAST_DUE_STATUSES: readonly string[] = ['Suspended', 'Non-Current'];
/** The status an approved charge moves the subscription to. */
export const PAID_STATUS = 'Current';

export const storedBillingSchema = z.object({
  profile: z.optional(z.object({ profileId: z.string(), cardType: z.string(), last4: z.string() })),
  initialFeePaid: z.optional(z.boolean()),
  nextPaymentDate: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
  cancellation: z.optional(z.object({ state: z.enum(['in-progress', 'complete']), requestId: z.string() })),
  activeCharge: z.optional(z.object({ key: z.string(), since: z.number() })),
  /** With charging off: the payment task that asks staff to charge the card on file what was due (selfOnboardCard). */
  pendingPaymentTask: z.optional(
    z.object({ taskId: z.string(), amount: z.number(), itemId: z.enum(['INITIAL_CONSULTATION', 'RECURRING_FEE']), createdAt: z.number() }),
  ),
});
export type StoredBilling = z.infer<typeof storedBillingSchema>;

/** A billing record as stored; a malformed one reads as none (it is ours, so that is a bug worth a fresh start). */
export function parseBilling(data: unknown): StoredBilling {
  const parsed = storedBillingSchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : {};
}

/** Whether the initial fee is paid: as recorded, else assumed for a customer whose subscription has started. */
export function initialFeePaidOf(billing: StoredBilling, status: string | null): boolean {
  if (billing.initialFeePaid !== undefined) return billing.initialFeePaid;
  return status !== null && !BEFORE_SUBSCRIPTION.includes(status);
}

export function hasSubscription(billing: StoredBilling, status: string | null): boolean {
  return billing.nextPaymentDate != null || (status !== null && !BEFORE_SUBSCRIPTION.includes(status));
}

export interface AmountDue {
  amount: number;
  itemId: CatalogueItemId | null;
  /** What an approved charge of this amount pays. */
  covers: { initialFee: boolean; recurringFee: boolean };
}

/** The initial consultation unless paid, plus a monthly fee when the subscription is past due (Suspended, Non-Current). */
export function amountDueOf(
  billing: StoredBilling,
  status: string | null,
  items: Record<CatalogueItemId, CatalogueItem>,
): AmountDue {
  const initialFee = !initialFeePaidOf(billing, status);
  const recurringFee = status !== null && PAST_DUE_STATUSES.includes(status);
  const amount = (initialFee ? items.INITIAL_CONSULTATION.unitPrice : 0) + (recurringFee ? items.RECURRING_FEE.unitPrice : 0);
  const itemId: CatalogueItemId | null = initialFee ? 'INITIAL_CONSULTATION' : recurringFee ? 'RECURRING_FEE' : null;
  return { amount, itemId, covers: { initialFee, recurringFee } };
}

/** How long a payment task counts as being processed (staff charge within a business day; a week allows for holidays). */
export const PENDING_TASK_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * The payment task still waiting for staff: the amount it asked them to charge is what is still due (once they charge
 * it the subscription is Current and nothing is due), and it is less than PENDING_TASK_MAX_AGE_MS old.
 */
export function pendingPaymentTaskOf(billing: StoredBilling, due: AmountDue, nowMs: number): StoredBilling['pendingPaymentTask'] | null {
  const task = billing.pendingPaymentTask;
  if (!task || due.amount <= 0 || task.amount !== due.amount || task.itemId !== due.itemId) return null;
  return nowMs - task.createdAt <= PENDING_TASK_MAX_AGE_MS ? task : null;
}

/** 'YYYY-MM-DD' one month on (the 31st of a shorter month becomes its last day). */
export function addOneMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date, lastOfNext))).toISOString().slice(0, 10);
}

/** The next billing date after paying a monthly fee: a month after the date that was due (or today, when none). */
export function nextPaymentDateAfterPaying(current: string | null | undefined, today: Date): string {
  return addOneMonth(current ?? today.toISOString().slice(0, 10));
}
