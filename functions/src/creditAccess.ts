// The credit area is not part of the free product line (spec 000 §3.2, §6): the browser replaces
// every credit page with an upgrade banner, and every credit callable refuses such a customer here too, so the
// pages' rule cannot hold in the browser and not on the server.
import { lacksPaidLine } from '../../src/domain/productLine';
import { db } from './admin';
import { callableError } from './callable';
import { COLLECTIONS } from './collections';
import { parseStored, storedUserSchema } from './storedDocuments';

/** The message key of the refusal; the browser shows the upgrade banner for it. */
export const UPGRADE_REQUIRED_KEY = 'upgrade-required';

/**
 * Refuses (failed-precondition, key 'upgrade-required') a customer on the free product line. `uid` is the customer
 * whose data is read (clientUid), so an agent acting for a free customer is refused as the customer is.
 */
export async function requireCreditAccess(uid: string): Promise<void> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  if (lacksPaidLine(user.customer?.productLine)) {
    throw callableError('failed-precondition', UPGRADE_REQUIRED_KEY, { key: UPGRADE_REQUIRED_KEY });
  }
}
