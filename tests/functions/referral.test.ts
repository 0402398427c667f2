// The your-loan-team dialog's call under the emulators (spec 002 §3 "Broker referral data", §7 getReferralPageData):
// the broker the customer's contact names, with the partner's NMLS id; null when no broker is on record; another
// customer's contact is refused, writing nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { CONTACT_IDS } from '../../seed/data/people';
import { backendFingerprint, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

describe('getReferralPageData', () => {
  withSeededBackend();

  it("answers the premium customer's broker: name, company, phone, email and NMLS id", async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    expect(await call(app, 'getReferralPageData', { contactId: CONTACT_IDS.premiumCustomer })).toEqual({
      firstName: 'Patricia',
      lastName: 'Lennox',
      companyName: 'Summit Home Lending',
      phone: '7025550199',
      email: demoAccount('partner').email,
      nmlsId: '1456789',
    });
  });

  it('answers the same to a coach working for the customer', async () => {
    const coach = await signIn(demoAccount('coach'));
    expect(await call(coach, 'getReferralPageData', { contactId: CONTACT_IDS.premiumCustomer })).toMatchObject({ lastName: 'Lennox', nmlsId: '1456789' });
  });

  it('answers null when the contact names no broker', async () => {
    const customer = await createCustomer();
    expect(await call(await signIn(customer), 'getReferralPageData', { contactId: customer.contactId })).toBeNull();
  });

  it('answers the broker without an NMLS id when no partner account holds their contact', async () => {
    const broker = await createCustomer({ contact: { FirstName: 'Glen', LastName: 'Ortiz', MobilePhone: '7025550123', Broker_Company_Name__c: 'Ortiz Mortgage' } });
    const customer = await createCustomer({ contact: { Broker_Contact__c: broker.contactId } });
    expect(await call(await signIn(customer), 'getReferralPageData', { contactId: customer.contactId })).toEqual({
      firstName: 'Glen',
      lastName: 'Ortiz',
      companyName: 'Ortiz Mortgage',
      phone: '7025550123',
      email: broker.email,
      nmlsId: null,
    });
  });

  it("refuses another customer's contact, writing nothing", async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const before = await backendFingerprint();
    const failure = await failureOf(call(app, 'getReferralPageData', { contactId: CONTACT_IDS.premiumCustomer }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(await backendFingerprint()).toBe(before);
  });
});
