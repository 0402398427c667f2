// An onboarded premium demo customer of their own (the billing and settings accounts): the sign-in and users/{uid}
// every such account has, from who they are and when they were onboarded. Each journey that changes such an account
// (a password, an email, a card) has it to itself, and a reseed puts it back.
import type { DemoAccount } from '../accounts';
import type { SeedAuthUser, SeedDocument } from './base';

/** Who the customer is, as users/{uid} keeps it. */
export interface OnboardedPerson {
  firstName: string;
  lastName: string;
  /** Ten digits. */
  phone: string;
  /** YYYY-MM-DD. */
  birthdate: string;
  street: string;
  city: string;
  stateCode: string;
  zip: string;
}

/** The sign-in: onboarding complete, the CRM contact in the claims, the seeded password given back on a reseed. */
export function onboardedAuthUser(account: DemoAccount, person: Pick<OnboardedPerson, 'firstName' | 'lastName'>, contactId: string): SeedAuthUser {
  return {
    uid: account.uid,
    email: account.email,
    password: account.password,
    emailVerified: account.emailVerified,
    displayName: `${person.firstName} ${person.lastName}`,
    claims: { role: 'customer', customerContactId: contactId, customerOnboardingComplete: true },
    restorePassword: true,
  };
}

/** users/{uid}: onboarded and the first report pulled at `onboardedAt`, on the Primary line, in English. */
export function onboardedUserDocument(
  account: DemoAccount,
  person: OnboardedPerson,
  contactId: string,
  options: { onboardedAt: Date; subscriptionStatus: string; extra?: Record<string, unknown> },
): SeedDocument {
  const { onboardedAt } = options;
  return {
    path: `users/${account.uid}`,
    data: {
      id: account.uid,
      siteId: 'APP',
      tenantId: 'customer',
      role: 'customer',
      email: account.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      dateBirth: person.birthdate,
      address: { street1: person.street, city: person.city, stateCode: person.stateCode, zip: person.zip },
      enrollmentDate: onboardedAt.getTime(),
      emailVerificationSent: true,
      lastSignIn: null,
      setupComplete: true,
      settings: { ui: { lang: 'en' } },
      ...options.extra,
      customer: {
        contactId,
        productLine: 'Primary',
        dateOnboarding: onboardedAt,
        creditPullDate: onboardedAt,
        kbaCompleted: false,
        v2Disputes: true,
        agreedToPIIAt: onboardedAt,
        subscriptionStatus: options.subscriptionStatus,
      },
    },
  };
}
