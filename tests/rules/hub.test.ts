// The home hub's Firestore rules (spec 001 §7 calculateActions, spec 002 §4 "Actions and hub"): the hub listens to
// actions/{uid}, which the action rules stamp when they change an action; its customer (and an agent acting for that
// customer) may read it, nobody else, nobody writes it, and the actions themselves stay server-only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';
import { contextsOf, seedCustomers } from './people';

const PEOPLE = { customer: 'customer-hana', contact: '003RULESHANA00001', otherCustomer: 'customer-hugo', otherContact: '003RULESHUGO00001', coach: 'coach-hal', otherCoach: 'coach-hera' };
const CUSTOMER = PEOPLE.customer;
const STAMP = `actions/${CUSTOMER}`;
const ACTION = `actions/${CUSTOMER}/items/rule-savings`;

const env = rulesEnvironment(async (db) => {
  await seedCustomers(db, PEOPLE);
  await setDoc(doc(db, STAMP), { activeOrder: ['rule-savings'], changedAt: new Date() });
  await setDoc(doc(db, ACTION), { name: 'Save $1,000 more toward your goal', type: 'savings', status: 'active' });
});

const contexts = contextsOf(env, PEOPLE);

describe('the hub’s actions stamp rules', () => {
  it('lets the customer and an agent acting for them read the stamp', async () => {
    await assertSucceeds(getDoc(doc(contexts.customer().firestore(), STAMP)));
    await assertSucceeds(getDoc(doc(contexts.agentForCustomer().firestore(), STAMP)));
  });

  it('refuses another customer, an agent for someone else and visitors', async () => {
    for (const context of [contexts.otherCustomer, contexts.agentForSomeoneElse, contexts.anonymous]) {
      await assertFails(getDoc(doc(context().firestore(), STAMP)));
    }
  });

  it('keeps the actions themselves server-only and refuses every client write', async () => {
    const db = contexts.customer().firestore();
    await assertFails(getDoc(doc(db, ACTION)));
    await assertFails(getDocs(collection(db, `actions/${CUSTOMER}/items`)));
    await assertFails(setDoc(doc(db, STAMP), { changedAt: new Date() }));
    await assertFails(updateDoc(doc(db, STAMP), { activeOrder: [] }));
    await assertFails(deleteDoc(doc(db, STAMP)));
    await assertFails(updateDoc(doc(db, ACTION), { status: 'completed_by_user' }));
  });
});
