import type { AuthUser } from '../../../machines/ports';

// The suspended customer of the payment route tests (spec 002 §2 payment failed): signed in, and the CRM contact
// the card form's billing address comes from.

export const SUSPENDED_CUSTOMER: AuthUser = { uid: 'u1', email: 'payment.suspended@demo.test', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

export const SUSPENDED_CONTACT = {
  Id: '003SUSPENDED',
  Email: 'payment.suspended@demo.test',
  FirstName: 'Sam',
  LastName: 'Suspended',
  MailingStreet: '1 Main St',
  MailingPostalCode: '85004',
  MailingCountry: 'US',
  MailingStateCode: 'NV',
};
