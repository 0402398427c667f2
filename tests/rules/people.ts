// The people a rules suite asks as (spec 000 §6): the customer whose documents the suite seeds, another customer, a
// coach acting for the customer (their claims name its contact) and one acting for someone else, and a visitor.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc } from 'firebase/firestore';
import type { RulesFirestore } from '../support/rulesEnvironment';

export interface RulesPeople {
  customer: string;
  contact: string;
  otherCustomer: string;
  otherContact: string;
  /** The coach acting for the customer, and the one acting for the other customer. */
  coach: string;
  otherCoach: string;
}

/** Both customers' user documents as the rules read them; the customer's names its CRM contact. */
export async function seedCustomers(db: RulesFirestore, people: RulesPeople): Promise<void> {
  await setDoc(doc(db, `users/${people.customer}`), { id: people.customer, role: 'customer', customer: { contactId: people.contact } });
  await setDoc(doc(db, `users/${people.otherCustomer}`), { id: people.otherCustomer, role: 'customer' });
}

/** The signed-in (and signed-out) contexts of the people, made when a test asks (the environment starts first). */
export function contextsOf(env: () => RulesTestEnvironment, people: RulesPeople) {
  return {
    customer: () => env().authenticatedContext(people.customer, { role: 'customer', customerContactId: people.contact }),
    otherCustomer: () => env().authenticatedContext(people.otherCustomer, { role: 'customer', customerContactId: people.otherContact }),
    agentForCustomer: () =>
      env().authenticatedContext(people.coach, { role: 'coach', isAgent: true, allowClientActions: false, customerContactId: people.contact }),
    agentForSomeoneElse: () => env().authenticatedContext(people.otherCoach, { role: 'coach', isAgent: true, customerContactId: people.otherContact }),
    anonymous: () => env().unauthenticatedContext(),
  };
}
