// Who may work on a customer's disputes (spec 001 §6): the credit area's rule first (the free
// product line has no disputes: 'upgrade-required', as every credit callable answers), then, for the calls that act
// on the disputes (deciding, submitting, starting or cancelling a challenge), the premium rule the browser applies
// (src/domain/subscription.ts mayActOnDisputes): a customer whose subscription status is outside the acceptable set
// is refused with failed-precondition and the key 'degraded-access.disputes.premium-only', also when unexpired
// degraded access lets them past the guard chain's subscription gate; agents are not refused here. The coach rules
// (allowClientActions) are the contract's permissions, enforced by defineCallable before a handler runs.
import { ERROR_KEYS } from '../../../src/domain/errors';
import { lacksPaidLine } from '../../../src/domain/productLine';
import { mayActOnDisputes } from '../../../src/domain/subscription';
import { db } from '../platform/admin';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { COLLECTIONS } from '../platform/collections';
import { UPGRADE_REQUIRED_KEY } from '../credit/creditAccess';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';

/** 'read': looking at the disputes; 'act': changing them (premium only). */
export type DisputeAccess = 'read' | 'act';

/**
 * Refuses a free-line customer (failed-precondition 'upgrade-required') and, for `act`, a customer whose
 * subscription is outside the acceptable set, with or without degraded access (failed-precondition,
 * key 'degraded-access.disputes.premium-only'). `uid` is the customer whose disputes are worked on (clientUid).
 */
export async function requireDisputeAccess(caller: SignedInCaller, uid: string, access: DisputeAccess): Promise<void> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  if (lacksPaidLine(user.customer?.productLine)) {
    throw callableError('failed-precondition', UPGRADE_REQUIRED_KEY, { key: UPGRADE_REQUIRED_KEY });
  }
  if (access === 'read') return;
  const passes = mayActOnDisputes({ status: user.customer?.subscriptionStatus ?? null, isAgent: caller.claims.isAgent === true });
  if (!passes) throw callableError('failed-precondition', 'premium-only', { key: ERROR_KEYS.premiumOnly });
}
