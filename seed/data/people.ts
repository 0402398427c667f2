// The demo people: their CRM contact ids, names, auth users, user documents (spec 000 §3.1) and CRM contact records
// (spec 000 §3.4).
import type { UserDocumentData } from '../../src/contract/userDocument';
import type { ClaimsInput } from '../../src/domain/claims';
import type { DemoAccount } from '../accounts';
import { daysBefore, type SeedAuthUser, type SeedDocument } from './base';

const SITE_ID = 'APP';
const TENANT_ID = 'customer';

export const CONTACT_IDS = {
  newCustomer: '003DEMONEWCUST001',
  premiumCustomer: '003DEMOPREMIUM001',
  freeCustomer: '003DEMOFREECUST01',
  unverifiedCustomer: '003DEMOUNVERIF001',
  partner: '003DEMOPARTNER001',
} as const;

interface Person {
  firstName: string;
  lastName: string;
}

export const PEOPLE = {
  newCustomer: { firstName: 'Nathan', lastName: 'Brooks' },
  premiumCustomer: { firstName: 'Maria', lastName: 'Alvarez' },
  freeCustomer: { firstName: 'Fiona', lastName: 'Chen' },
  unverifiedCustomer: { firstName: 'Victor', lastName: 'Ortiz' },
  coach: { firstName: 'Cody', lastName: 'Harper' },
  coachWithActions: { firstName: 'Alexis', lastName: 'Reed' },
  coachDownload: { firstName: 'Dana', lastName: 'Whitfield' },
  partner: { firstName: 'Patricia', lastName: 'Lennox' },
} as const;

export function authUser(account: DemoAccount, person: Person, claims: ClaimsInput): SeedAuthUser {
  return {
    uid: account.uid,
    email: account.email,
    password: account.password,
    emailVerified: account.emailVerified,
    displayName: `${person.firstName} ${person.lastName}`,
    claims,
  };
}

/** users/{uid} as the contract declares it (src/contract/userDocument.ts); never the encrypted SSN (userSecrets). */
export function userDocument(account: DemoAccount, person: Person, role: NonNullable<UserDocumentData['role']>, fields: UserDocumentData): SeedDocument {
  const data: UserDocumentData = {
    id: account.uid,
    siteId: SITE_ID,
    tenantId: TENANT_ID,
    role,
    email: account.email,
    firstName: person.firstName,
    lastName: person.lastName,
    enrollmentDate: daysBefore(120).getTime(),
    emailVerificationSent: true,
    lastSignIn: null,
    settings: { ui: { lang: 'en' } },
    ...fields,
  };
  return { path: `users/${account.uid}`, data };
}

export function contactDocument(id: string, fields: Record<string, unknown>): SeedDocument {
  return { path: `crm/sandbox/contacts/${id}`, data: { MailingCountry: 'US', ...fields } };
}

export const contractLink = (contactId: string) => `https://esign.sandbox.demo.test/agreements/${contactId}`;
