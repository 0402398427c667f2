// The customer contact record, support requests and error reports (spec 000 §2.2, §2.5, §3.4, §6, §9).
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminAuthClient, adminDb, call, clientApp, closeClientApps, createCustomer, failureOf, signedInCoachWithActions, signIn, withSeededBackend } from '../support/emulator';

describe('customer contact', () => {
  withSeededBackend();

  it('getCustomerContact answers the contact fields of the signed-in customer', async () => {
    const contact = await call(await signIn(demoAccount('premiumCustomer')), 'getCustomerContact');
    expect(contact).toMatchObject({
      Id: '003DEMOPREMIUM001',
      FirstName: 'Maria',
      Email: 'premium.customer@demo.test',
      MailingStateCode: 'NV',
      MailingCountry: 'US',
      realtor: { FirstName: 'Derek', LastName: 'Molina' },
      Broker_Company_Name__c: 'Summit Home Lending',
    });
    // Fields the CRM does not hold arrive as null.
    expect(contact.Close_Contract_Date__c).toBeNull();
  });

  it('sends the browser at most the last four digits of the Social Security number, from every callable returning the contact', async () => {
    const premium = await signIn(demoAccount('premiumCustomer'));
    const fetched = await call(premium, 'getCustomerContact');
    expect(fetched.Social_Security_Number__c).toBe('3456');
    expect(JSON.stringify(fetched)).not.toMatch(/\d{5,}3456|666123456/);

    const customer = await createCustomer({ contact: { Social_Security_Number__c: '123456789' } });
    const app = await signIn(customer);
    const updated = await call(app, 'updateCustomerContact', { Social_Security_Number__c: '987-65-4321' });
    expect(updated.Social_Security_Number__c).toBe('4321');
    expect(JSON.stringify(updated)).not.toContain('987654321');
    // The CRM keeps the whole number for the bureaus; only the browser sees less.
    expect((await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).get('Social_Security_Number__c')).toBe('987654321');
    expect((await call(app, 'getCustomerContact')).Social_Security_Number__c).toBe('4321');
  });

  it('answers no-customer-contact-id when the claims carry no contact id', async () => {
    const customer = await createCustomer();
    await adminAuthClient().setCustomUserClaims(customer.uid, { role: 'customer' });
    const failure = await failureOf(call(await signIn(customer), 'getCustomerContact'));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.details?.key).toBe('no-customer-contact-id');
  });

  it('updateCustomerContact saves the changed fields in the CRM and mirrors them on the user document', async () => {
    const customer = await createCustomer();
    const updated = await call(await signIn(customer), 'updateCustomerContact', {
      FirstName: 'Ana',
      MobilePhone: '702-555-0100',
      MailingPostalCode: '89074',
      Round_Opt_In__c: true,
    });
    expect(updated).toMatchObject({ FirstName: 'Ana', MobilePhone: '7025550100', MailingPostalCode: '89074', Round_Opt_In__c: true });
    const stored = (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).data();
    expect(stored).toMatchObject({ FirstName: 'Ana', MobilePhone: '7025550100', Email: customer.email });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).data()).toMatchObject({
      firstName: 'Ana',
      phone: '7025550100',
      address: { zip: '89074' },
    });
  });

  it('refuses an agent without allowClientActions with coach.toast.not-permitted and changes nothing', async () => {
    const before = (await adminDb().doc('crm/sandbox/contacts/003DEMOPREMIUM001').get()).data();
    const failure = await failureOf(call(await signIn(demoAccount('coach')), 'updateCustomerContact', { FirstName: 'Mallory' }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe('coach.toast.not-permitted');
    expect((await adminDb().doc('crm/sandbox/contacts/003DEMOPREMIUM001').get()).data()).toEqual(before);
  });

  it('lets an agent with allowClientActions update the contact of the customer they act for', async () => {
    const customer = await createCustomer();
    const { uid: agentUid, app } = await signedInCoachWithActions(customer);
    expect((await call(app, 'updateCustomerContact', { Allow_Referral_Update__c: true })).Allow_Referral_Update__c).toBe(true);
    expect((await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).get('Allow_Referral_Update__c')).toBe(true);
    // The name goes to the customer's user document, never to the coach's.
    await call(app, 'updateCustomerContact', { FirstName: 'Renamed', MailingCity: 'Henderson' });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('firstName')).toBe('Renamed');
    const coachDocument = (await adminDb().doc(`users/${agentUid}`).get()).data();
    expect(coachDocument?.firstName).toBeUndefined();
    expect(coachDocument?.address).toBeUndefined();
  });
});

describe('support requests and error reports', () => {
  afterAll(closeClientApps);

  it('createContactRequest stores the request, also for a signed-out visitor', async () => {
    const { id } = await call(clientApp(), 'createContactRequest', {
      message: '  I need help with my dispute.  ',
      email: 'Visitor@Test.Example',
    });
    expect((await adminDb().doc(`contactRequests/${id}`).get()).data()).toMatchObject({
      uid: null,
      email: 'visitor@test.example',
      message: 'I need help with my dispute.',
      status: 'new',
    });
  });

  it('reportError stores one report per item, with the reporter when signed in', async () => {
    const customer = await createCustomer();
    const batch = [
      { message: 'TypeError: x is undefined', extra: { path: '/credit', nested: [[1, 2]] } },
      { message: 'Too many errors. Some messages were omitted.' },
    ];
    expect(await call(await signIn(customer), 'reportError', batch)).toEqual({ stored: 2 });
    const reports = await adminDb().collection('errorReports').where('uid', '==', customer.uid).get();
    const stored = reports.docs.map((doc) => doc.data()).sort((a, b) => String(a.message).localeCompare(String(b.message)));
    expect(stored).toMatchObject([
      { message: 'Too many errors. Some messages were omitted.', extra: null },
      { message: 'TypeError: x is undefined', extra: JSON.stringify(batch[0]?.extra) },
    ]);
  });

  it('reportError accepts a batch of ten plus the overflow line from a signed-out visitor', async () => {
    const batch = Array.from({ length: 11 }, (_, index) => ({ message: `error ${index}` }));
    expect(await call(clientApp(), 'reportError', batch)).toEqual({ stored: 11 });
  });
});
