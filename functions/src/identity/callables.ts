// Identity protection (spec 000 §7 getArrayUserToken): the customer's user token for the
// identity-protection widget. The customer whose data the session reads (clientUid: the customer, or the customer
// an agent acts for) is enrolled with the vendor the first time (idempotent, identityProtection.ts). The
// free product line has no identity page and is refused here too (failed-precondition 'upgrade-required'), before
// anything is written.
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { requireCreditAccess } from '../credit/creditAccess';
import { crm, identityProtection } from '../providers';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';

export const getArrayUserToken = defineCallable('getArrayUserToken', async (caller) => {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  const contactId = user.customer?.contactId;
  const contact = contactId ? await crm().getContact(contactId) : null;
  const provider = identityProtection();
  const userToken = await provider.userToken({
    uid,
    firstName: contact?.FirstName || user.firstName || null,
    lastName: contact?.LastName || user.lastName || null,
    email: contact?.Email || null,
  });
  return { userToken, widgetUrl: provider.widgetUrl() };
});
