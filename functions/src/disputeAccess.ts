// Who may work on a customer's disputes (spec 001 §6): the credit area's rule first (the free
// product line has no disputes: 'upgrade-required', as every credit callable answers), then, for the calls that act
// on the disputes (deciding, submitting, starting or cancelling a challenge), the subscription gate the browser's
// guard chain applies (src/domain/subscription.ts passesSubscriptionGate: agents and unexpired degraded access
// pass): outside it, failed-precondition with the key 'degraded-access.disputes.premium-only'. The coach rules
// (allowClientActions) are the contract's permissions, enforced by defineCallable before a handler runs.
import { ERROR_KEYS } from '../../src/domain/errors';
import { lacksPaidLine } from '../../src/domain/productLine';
import { passesSubscriptionGate } from '../../src/domain/subscription';
import { db } from './admin';
import { callableError, type SignedInCaller } from './callable';
import { COLLECTIONS } from './collections';
import { UPGRADE_REQUIRED_KEY } from './creditAccess';
import { parseStored, storedUserSchema } from './storedDocuments';
import { millisOf } from './timestamps';

/** 'read': looking at the disputes; 'act': changing them (the subscription gate applies). */
export type DisputeAccess = 'read' | 'act';

/**
 * Refuses a free-line customer (failed-precondition 'upgrade-required') and, for `act`, a customer whose
 * subscription is outside the acceptable set without unexpired degraded access (failed-precondition,
 * key 'degraded-access.disputes.premium-only'). `uid` is the customer whose disputes are worked on (clientUid).
 */
export async function requireDisputeAccess(caller: SignedInCaller, uid: string, access: DisputeAccess, now: Date = new Date()): Promise<void> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  if (lacksPaidLine(user.customer?.productLine)) {
    throw callableError('failed-precondition', UPGRADE_REQUIRED_KEY, { key: UPGRADE_REQUIRED_KEY });
  }
  if (access === 'read') return;
  const expiration = user.degradedAccess?.expiration;
  const expirationMs =
    millisOf(expiration) ?? (typeof expiration === 'number' ? expiration : typeof expiration === 'string' ? Date.parse(expiration) : null);
  const passes = passesSubscriptionGate({
    status: user.customer?.subscriptionStatus ?? null,
    isAgent: caller.claims.isAgent === true,
    hasDegradedAccess: user.degradedAccess !== undefined,
    degradedAccessExpiration: expirationMs === null || Number.isNaN(expirationMs) ? null : new Date(expirationMs),
    now,
  });
  if (!passes) throw callableError('failed-precondition', 'premium-only', { key: ERROR_KEYS.premiumOnly });
}
