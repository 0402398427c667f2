import { db } from '../platform/admin';
import type { SignedInCaller } from './caller';
import { callableError } from './errors';
import { COLLECTIONS } from '../platform/collections';

/** spec 000 §4.1/§8: a customer session whose claims lack a contact id. */
export function noCustomerContactId() {
  return callableError('failed-precondition', 'no-customer-contact-id', { key: 'no-customer-contact-id' });
}

export function customerContactIdOf(caller: SignedInCaller): string {
  const contactId = caller.claims.customerContactId;
  if (!contactId) throw noCustomerContactId();
  return contactId;
}

/**
 * The customer accounts whose user document names the contact. Customer accounts only: a coach's user document
 * names the contact of the customer they work for, and is not that customer's account.
 */
export function customerAccountsOf(contactId: string) {
  return db().collection(COLLECTIONS.users).where('customer.contactId', '==', contactId).where('role', '==', 'customer');
}

/**
 * The customer whose data a session works on: the caller, or for an agent the customer account that holds the
 * contact the agent's claims name. An agent whose contact no customer account holds works on nobody's data
 * ('not-found'): falling back to the agent's own uid would write a customer's answers onto the agent.
 */
export async function clientUid(caller: SignedInCaller): Promise<string> {
  if (caller.claims.isAgent !== true) return caller.uid;
  const contactId = customerContactIdOf(caller);
  const customer = (await customerAccountsOf(contactId).limit(1).get()).docs[0];
  if (!customer) throw callableError('not-found', 'no-customer-for-contact');
  return customer.id;
}
