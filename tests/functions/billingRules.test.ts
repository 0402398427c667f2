// Billing's Firestore rules: the ledger, the card on file and the idempotency records are the
// server's. The customer reads their charges through getContactPaymentData, never directly, and writes nothing;
// the card gateway sandbox's records and the secure pages' links are closed to every browser.
import { assertFails } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';

const CUSTOMER = 'customer-pia';
const CONTACT = '003RULESPIA000001';
const PATHS = [
  `payments/${CUSTOMER}`,
  `payments/${CUSTOMER}/charges/0b5f3f0e-8a4b-4b7a-9d1e-2a1f3c4d5e6f`,
  `payments/${CUSTOMER}/idempotency/0b5f3f0e-8a4b-4b7a-9d1e-2a1f3c4d5e6f`,
  'cardGateway/sandbox/opaqueValues/abc',
  'cardGateway/sandbox/profiles/123456789',
  'secureBillingLinks/0123456789abcdef0123456789abcdef',
] as const;

const env = rulesEnvironment(async (db) => {
  await setDoc(doc(db, `users/${CUSTOMER}`), { id: CUSTOMER, role: 'customer', customer: { contactId: CONTACT } });
  for (const path of PATHS) await setDoc(doc(db, path), { seeded: true, status: 'approved', amount: 9_900 });
});

const customer = () => env().authenticatedContext(CUSTOMER, { role: 'customer', customerContactId: CONTACT }).firestore();

describe('billing rules', () => {
  for (const path of PATHS) {
    it(`the customer can neither read nor write ${path.replace(CUSTOMER, '{uid}')}`, async () => {
      const db = customer();
      await assertFails(getDoc(doc(db, path)));
      await assertFails(setDoc(doc(db, path), { status: 'approved', amount: 1 }));
      await assertFails(updateDoc(doc(db, path), { amount: 0 }));
      await assertFails(deleteDoc(doc(db, path)));
    });
  }

  it('a new ledger entry cannot be written by the customer, nor by anyone signed out', async () => {
    const path = `payments/${CUSTOMER}/charges/forged`;
    await assertFails(setDoc(doc(customer(), path), { status: 'approved', amount: 9_900 }));
    await assertFails(setDoc(doc(env().unauthenticatedContext().firestore(), path), { status: 'approved' }));
  });
});
