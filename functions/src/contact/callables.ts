// The customer contact record (spec 000 §3.4, §2.5 personal info and communications).
import type { CallableParsedRequest } from '../../../src/contract/callables';
import { canEditRealtor } from '../../../src/domain/flags';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { serverFlags } from '../platform/featureFlags';
import { customerAccountsOf, customerContactIdOf } from '../callable/client';
import { crm } from '../providers';

/** What a browser may see of a contact: the SSN's last four digits at most (it never needs more). */
function forBrowser<T extends { Social_Security_Number__c?: string | null }>(contact: T): T {
  const ssn = contact.Social_Security_Number__c?.replace(/\D/g, '') ?? '';
  return { ...contact, Social_Security_Number__c: ssn.length >= 4 ? ssn.slice(-4) : null };
}

export const getCustomerContact = defineCallable('getCustomerContact', async (caller) => {
  const contact = await crm().getContact(customerContactIdOf(caller));
  if (!contact) throw callableError('not-found', 'not-found');
  return forBrowser(contact);
});

type ContactUpdate = CallableParsedRequest<'updateCustomerContact'>;

/** The user document mirrors the contact's name, phone and address (spec 000 §3.1). */
function userDocumentMirror(update: ContactUpdate): Record<string, unknown> {
  const mirror: Record<string, unknown> = {};
  if (update.FirstName !== undefined) mirror.firstName = update.FirstName;
  if (update.LastName !== undefined) mirror.lastName = update.LastName;
  if (update.MobilePhone !== undefined) mirror.phone = update.MobilePhone;
  if (update.MailingStreet !== undefined) mirror['address.street1'] = update.MailingStreet;
  if (update.MailingCity !== undefined) mirror['address.city'] = update.MailingCity;
  if (update.MailingStateCode !== undefined) mirror['address.stateCode'] = update.MailingStateCode;
  if (update.MailingPostalCode !== undefined) mirror['address.zip'] = update.MailingPostalCode;
  return mirror;
}

// Declared clientAction (src/contract/callables.ts): defineCallable refuses an agent without allowClientActions.
export const updateCustomerContact = defineCallable('updateCustomerContact', async (caller) => {
  const contactId = customerContactIdOf(caller);
  // The realtor is editable only while its flag is on (spec 000 §6 'edit realtor'); refused before anything is read.
  if (caller.data.realtor !== undefined && !canEditRealtor(await serverFlags())) {
    throw callableError('failed-precondition', 'realtor-not-editable');
  }
  if (!(await crm().getContact(contactId))) throw callableError('not-found', 'not-found');
  const updated = await crm().updateContact(contactId, caller.data);

  const mirror = userDocumentMirror(caller.data);
  if (Object.keys(mirror).length > 0) {
    // The customer's own account only: a coach's document must not collect the customer's name and address.
    const owners = await customerAccountsOf(contactId).get();
    await Promise.all(owners.docs.map((owner) => owner.ref.update(mirror)));
  }
  return forBrowser(updated);
});
