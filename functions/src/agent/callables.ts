// CRM link-in (spec 000 §2.2, §7 createSalesforceToken): a CRM user following a link from a contact's record signs
// in to the app on that customer's behalf.
import { claimsSchema, type ClaimsInput } from '../../../src/domain/claims';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { auth } from '../platform/admin';
import { createAgentSession } from '../callable/agentSessions';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { customerAccountsOf } from '../callable/client';
import { crm } from '../providers';

/**
 * The claims of a CRM session on the customer's account. It is staff acting for the customer (spec 000 §1: agents
 * are coaches or staff), so it is an agent without client actions (spec 000 §6), and a CRM session: exempt from
 * email verification, no last sign-in stored (spec 000 §2.2, §4.1).
 */
export function crmSessionClaims(contactId: string, agentSessionId: string): ClaimsInput {
  return { isSalesforceSession: true, isAgent: true, allowClientActions: false, customerContactId: contactId, agentSessionId };
}

/** The customer account that holds the contact, if any. */
async function customerUidForContact(contactId: string): Promise<string | null> {
  return (await customerAccountsOf(contactId).limit(1).get()).docs[0]?.id ?? null;
}

/**
 * Checks the CRM session (it must belong to the user and be current) and that the CRM lets that user see the
 * contact, then records the agent session (who, for whom, until when: src/domain/agentSession.ts) and returns a
 * custom token for the account that holds the contact. 'crm-session-invalid' for a session that is unknown, someone
 * else's or expired, and for a contact the CRM user may not see: checked before the account is looked up, so such a
 * contact gets that one refusal whether or not an account holds it (a CRM session cannot learn which contacts have
 * app accounts). 'not-found' only for a contact the user may see and no account holds (spec 000 §8: 'This user has
 * not yet created an account in the app.').
 */
export const createSalesforceToken = defineCallable('createSalesforceToken', async ({ data }) => {
  const refused = () => callableError('permission-denied', 'crm-session-invalid', { key: ERROR_KEYS.crmSessionInvalid });
  const session = await crm().validateSession(data.sessionId, data.userId, new Date());
  if (!session) throw refused();
  if (!(await crm().mayUserAccessContact(data.userId, data.contactId))) throw refused();
  const uid = await customerUidForContact(data.contactId);
  if (!uid) throw callableError('not-found', 'not-found', { key: ERROR_KEYS.crmUserNotFound });
  const sessionId = await createAgentSession({
    agentUid: null,
    crmUserId: data.userId,
    customerUid: uid,
    contactId: data.contactId,
    allowClientActions: false,
  });
  // Checked like every claim the server sets: a claim outside the schema would sign the session out (spec 000 §5).
  const claims = crmSessionClaims(data.contactId, sessionId);
  claimsSchema.parse(claims);
  return { token: await auth().createCustomToken(uid, claims) };
});
