// Which account a CRM contact belongs to (spec 000 §4.1, §4.3). A contact the CRM already holds for an email (an
// onboarding lead, with the SSN, birthdate and address a coach collected) is bound to an account only once the
// account has proved it owns that email, and never to a second account: otherwise whoever knows a lead's email
// could sign up with it and read or change the lead's record, accept authorizations and start a credit pull.
import { FieldPath, type Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { customerAccountsOf, noCustomerContactId } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { crm } from '../providers';

/** The uids of the customer accounts whose user document names the contact (at most two are looked at). */
async function holdersOf(contactId: string, transaction: Transaction): Promise<string[]> {
  return (await transaction.get(customerAccountsOf(contactId).limit(2))).docs.map((doc) => doc.id);
}

/**
 * Binds the CRM contact that carries `verifiedEmail` to the account `uid` and returns its id. The caller must have
 * checked that the account's email is verified (the token's `email_verified`, not the user document). Answers
 * no-customer-contact-id when the CRM has no such contact or another account already holds it; in a transaction, so
 * two accounts racing for one contact cannot both win.
 */
export async function bindVerifiedContact(uid: string, verifiedEmail: string): Promise<string> {
  const found = await crm().findContactByEmail(verifiedEmail);
  if (!found) throw noCustomerContactId();
  const userRef = db().collection(COLLECTIONS.users).doc(uid);
  const bound = await db().runTransaction(async (transaction) => {
    const holders = await holdersOf(found.Id, transaction);
    if (holders.some((holder) => holder !== uid)) return false;
    transaction.update(userRef, new FieldPath('customer', 'contactId'), found.Id);
    return true;
  });
  if (!bound) throw noCustomerContactId();
  return found.Id;
}

