// The credit area is not part of the free product line (spec 000 §3.2, §6): the browser replaces
// every credit page with an upgrade banner, and every credit callable refuses such a customer here too, so the
// pages' rule cannot hold in the browser and not on the server. These areas are also a customer's own records, for a
// session on a customer's account only (spec 000 §2.3 gate 7 "by product line and claims", src/domain/permissions.ts
// worksOnCustomerAccount): the account worked on must be a customer's.
import { worksOnCustomerAccount } from '../../../src/domain/permissions';
import { lacksPaidLine } from '../../../src/domain/productLine';
import { db } from '../platform/admin';
import { callableError } from '../callable/errors';
import { COLLECTIONS } from '../platform/collections';
import { parseStored, storedUserRoleSchema, storedUserSchema } from '../platform/storedDocuments';

/** The message key of the refusal; the browser shows the upgrade banner for it. */
export const UPGRADE_REQUIRED_KEY = 'upgrade-required';

/**
 * Refuses an account that is not a customer's (permission-denied, 'area-not-permitted': a partner, sales, coach or
 * admin signed in as themselves), then (failed-precondition, key 'upgrade-required') a customer on the free product
 * line. `uid` is the customer whose data is read (clientUid), so an agent acting for a free customer is refused as
 * the customer is.
 */
export async function requireCreditAccess(uid: string): Promise<void> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const data = (await db().doc(path).get()).data() ?? {};
  const role = parseStored(storedUserRoleSchema, `${path} role`, data.role ?? undefined);
  if (!worksOnCustomerAccount({ role })) throw callableError('permission-denied', 'area-not-permitted');
  const user = parseStored(storedUserSchema, path, data);
  if (lacksPaidLine(user.customer?.productLine)) {
    throw callableError('failed-precondition', UPGRADE_REQUIRED_KEY, { key: UPGRADE_REQUIRED_KEY });
  }
}
