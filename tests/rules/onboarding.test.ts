// Onboarding's Firestore rules (spec 002 §4, §7): the intake completion listens to initialReportStatus/{uid};
// its customer (and an agent acting for that customer) may read it, nobody else, and nobody writes it.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';
import { contextsOf, seedCustomers } from './people';

const PEOPLE = { customer: 'customer-olivia', contact: '003RULESOLIVIA001', otherCustomer: 'customer-oscar', otherContact: '003RULESOSCAR0001', coach: 'coach-otto', otherCoach: 'coach-opal' };
const CUSTOMER = PEOPLE.customer;
const STATUS = `initialReportStatus/${CUSTOMER}`;

const env = rulesEnvironment(async (db) => {
  await seedCustomers(db, PEOPLE);
  // 'complete': a 'processing' document would start the credit pull trigger.
  await setDoc(doc(db, STATUS), { status: 'complete' });
});

const contexts = {
  ...contextsOf(env, PEOPLE),
  nonAgentWithSameContact: () => env().authenticatedContext('partner-omar', { role: 'partner', customerContactId: PEOPLE.contact }),
};

describe('initial report status rules', () => {
  it('lets the customer read their own status document', async () => {
    await assertSucceeds(getDoc(doc(contexts.customer().firestore(), STATUS)));
  });

  it('lets an agent read the status of the customer they act for', async () => {
    await assertSucceeds(getDoc(doc(contexts.agentForCustomer().firestore(), STATUS)));
  });

  it("refuses another customer, an agent for someone else, a non-agent naming the contact and visitors", async () => {
    for (const context of [contexts.otherCustomer, contexts.agentForSomeoneElse, contexts.nonAgentWithSameContact, contexts.anonymous]) {
      await assertFails(getDoc(doc(context().firestore(), STATUS)));
    }
  });

  it('refuses every client write, the customer\'s included (the credit pull writes it)', async () => {
    const db = contexts.customer().firestore();
    await assertFails(setDoc(doc(db, STATUS), { status: 'complete' }));
    await assertFails(updateDoc(doc(db, STATUS), { status: 'complete' }));
    await assertFails(deleteDoc(doc(db, STATUS)));
    await assertFails(setDoc(doc(db, `initialReportStatus/${PEOPLE.otherCustomer}`), { status: 'complete' }));
  });

  it('keeps the onboarding server collections server-only', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      for (const path of SERVER_ONLY) await setDoc(doc(db, path), { seeded: true });
    });
    const db = contexts.customer().firestore();
    for (const path of SERVER_ONLY) await assertFails(getDoc(doc(db, path)));
  });
});

const SERVER_ONLY = [
  `readinessScores/${CUSTOMER}`,
  `connectedInstitutions/${CUSTOMER}/items/sbx-desert-federal`,
  'esign/sandbox/agreements/0123456789abcdef0123456789abcdef',
  'bankLink/sandbox/sessions/0123456789abcdef0123456789abcdef',
];
