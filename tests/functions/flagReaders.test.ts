// Flags the server reads (spec 000 §6): editRealtor gates a realtor change through updateCustomerContact.
import { afterEach, describe, expect, it } from 'vitest';
import { adminDb, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

describe('editRealtor', () => {
  withSeededBackend();
  afterEach(() => adminDb().doc('config/featureFlags').set({}));

  async function realtorOf(contactId: string) {
    return (await adminDb().doc(`crm/sandbox/contacts/${contactId}`).get()).get('realtor') as unknown;
  }

  it('lets the customer change the realtor while the flag is on (its default)', async () => {
    const customer = await createCustomer();
    const updated = await call(await signIn(customer), 'updateCustomerContact', { realtor: { FirstName: 'Dana', LastName: 'Reyes' } });
    expect(updated.realtor).toEqual({ FirstName: 'Dana', LastName: 'Reyes' });
    expect(await realtorOf(customer.contactId)).toEqual({ FirstName: 'Dana', LastName: 'Reyes' });
  });

  it('refuses a realtor change once the flag is off, writing nothing, and still takes the other fields', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const before = (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data();
    await adminDb().doc('config/featureFlags').set({ editRealtor: false });
    const failure = await failureOf(
      call(app, 'updateCustomerContact', { FirstName: 'Changed', realtor: { FirstName: 'Dana', LastName: 'Reyes' } }),
    );
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.message).toMatch(/^realtor-not-editable\b/);
    expect((await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data()).toEqual(before);
    expect((await call(app, 'updateCustomerContact', { FirstName: 'Changed' })).FirstName).toBe('Changed');
  });
});
