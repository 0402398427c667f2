// The content sandbox's Firestore documents: the articles and categories are read only through the
// content callables, which apply the premium-articles rule. No browser reads or writes them, signed in or not.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';

const CUSTOMER = 'customer-content';
const CONTACT = '003RULESCONTENT01';
const PATHS = ['content/sandbox/articles/learning--closing-costs-what-to-expect', 'content/sandbox/categories/support--money'] as const;

const env = rulesEnvironment(async (db) => {
  await setDoc(doc(db, `users/${CUSTOMER}`), { id: CUSTOMER, role: 'customer', customer: { contactId: CONTACT, productLine: 'Primary' } });
  for (const path of PATHS) await setDoc(doc(db, path), { area: 'learning', premium: true, seeded: true });
});

const customer = () => env().authenticatedContext(CUSTOMER, { role: 'customer', customerContactId: CONTACT }).firestore();

describe('content rules', () => {
  for (const path of PATHS) {
    it(`a customer can neither read nor write ${path}`, async () => {
      const db = customer();
      await assertFails(getDoc(doc(db, path)));
      await assertFails(setDoc(doc(db, path), { premium: false }));
      await assertFails(deleteDoc(doc(db, path)));
    });
  }

  it('nobody lists the articles, signed in or signed out', async () => {
    await assertFails(getDocs(collection(customer(), 'content/sandbox/articles')));
    await assertFails(getDocs(collection(env().unauthenticatedContext().firestore(), 'content/sandbox/articles')));
  });
});
