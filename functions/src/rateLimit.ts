// Abuse controls for the callables a signed-out visitor reaches (spec 000 §7, spec 002 §4): each has a budget of
// calls per caller address per window, counted in Firestore so every instance of a function shares it. Over the
// budget a call is refused with 'resource-exhausted' before its handler runs, so it writes and mails nothing.
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableName, Callables } from '../../src/contract/callables';
import { db } from './admin';
import { COLLECTIONS } from './collections';
import { storedRateLimitSchema } from './storedDocuments';

export interface RateLimit {
  /** Calls allowed per window. */
  max: number;
  windowMs: number;
}

type PublicCallableName = { [N in CallableName]: Callables[N]['access'] extends 'public' ? N : never }[CallableName];

const MINUTE_MS = 60 * 1_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every public callable has a budget (the type makes a new public callable without one a compile error). Sized for
 * a person, with room for a shared office address: contract-complete polls its link every few seconds for up to a
 * minute and a half (spec 001 §4); a quick sign-up link is opened a few times; CRM contact ids are sequential in
 * real CRMs, so a budget is what stops walking through them.
 */
export const PUBLIC_RATE_LIMITS: Record<PublicCallableName, RateLimit> = {
  signUp: { max: 10, windowMs: HOUR_MS },
  checkSignInFailureReason: { max: 30, windowMs: 10 * MINUTE_MS },
  resetPasswordByEmail: { max: 10, windowMs: HOUR_MS },
  validateResetPassword: { max: 30, windowMs: 10 * MINUTE_MS },
  recoverEmail: { max: 10, windowMs: HOUR_MS },
  confirmEmailChange: { max: 10, windowMs: HOUR_MS },
  createSalesforceToken: { max: 30, windowMs: 10 * MINUTE_MS },
  reportError: { max: 60, windowMs: 10 * MINUTE_MS },
  createContactRequest: { max: 5, windowMs: HOUR_MS },
  getContractLinkAnonymously: { max: 120, windowMs: 10 * MINUTE_MS },
  getContactAnonymously: { max: 20, windowMs: 10 * MINUTE_MS },
};

/** A password reset mail invalidates the account's earlier links, so mails per address are limited too. */
export const RESET_MAILS_PER_EMAIL: RateLimit = { max: 3, windowMs: HOUR_MS };

/** An email change request mails two addresses (the new one, the old one): a few an hour per account. */
export const EMAIL_CHANGE_REQUESTS_PER_ACCOUNT: RateLimit = { max: 5, windowMs: HOUR_MS };

/**
 * Under a `demo-` project (the local emulators; Firebase never deploys one) every caller is 127.0.0.1, so the demo
 * and the test suites, which sign up and fail sign-ins by the dozen, get a hundred times the budget. The limiter's
 * own tests fill a budget directly (a counter carries its label).
 */
const BUDGET_SCALE = (process.env.GCLOUD_PROJECT ?? '').startsWith('demo-') ? 100 : 1;

export function isPublicCallable(name: CallableName): name is PublicCallableName {
  return Object.hasOwn(PUBLIC_RATE_LIMITS, name);
}

/**
 * Counts one call against `key`'s budget and says whether it is within it. The key is stored hashed (no addresses
 * or emails in plain text), with a label when given (the callable's name, 'resetMail'); a document's `expiresAt` lets a Firestore TTL
 * policy remove it after its window.
 */
export async function withinRateLimit(key: string, limit: RateLimit, label?: string): Promise<boolean> {
  const max = limit.max * BUDGET_SCALE;
  const id = createHash('sha256').update(key).digest('hex');
  const ref = db().collection(COLLECTIONS.rateLimits).doc(id);
  return db().runTransaction(async (transaction) => {
    const now = Date.now();
    const { windowStart, count } = storedRateLimitSchema.parse((await transaction.get(ref)).data() ?? {});
    const fresh = now - windowStart >= limit.windowMs;
    if (!fresh && count >= max) return false;
    const start = fresh ? now : windowStart;
    transaction.set(ref, {
      ...(label ? { label } : {}),
      windowStart: start,
      count: fresh ? 1 : count + 1,
      expiresAt: Timestamp.fromMillis(start + limit.windowMs),
    });
    return true;
  });
}
