// Demo data for the onboarding journey (spec 001 §4, spec 002 §4): a quick sign-up lead whose link has expired (the 403 page), an
// enrolled lead without an account yet (sign-up takes only an email the CRM knows; any other opens the onboard modal,
// spec 000 §8), and a
// customer half-way through intake at the Disputes step with items to review (the coach override: agents see it,
// customers never). Fixed ids and dates keep the seed idempotent; time stamps the contract carries as ISO strings
// are stored as strings, as the CRM keeps them.
import { scoreHistoryItemId } from '../src/domain/creditReportRecords';
import { buildSandboxPull } from '../functions/src/credit/creditDataSandbox';
import { demoAccount } from './accounts';
import type { SeedAuthUser, SeedDocument } from './data/base';

export const ONBOARDING_CONTACT_IDS = {
  expiredLead: '003DEMOLEADEXPIRD',
  signUpLead: '003DEMOLEADSIGNUP',
  disputesCustomer: '003DEMODISPUTES01',
} as const;

/** Sent long before any run of the demo: quick sign-up links expire after 3 days (spec 002 §9). */
export const EXPIRED_LEAD_EMAIL_SENT_AT = '2026-10-01T15:00:00.000Z';

const ONBOARDED_AT = new Date('2026-10-30T15:00:00.000Z');

function expiredLead(): SeedDocument {
  return {
    path: `crm/sandbox/contacts/${ONBOARDING_CONTACT_IDS.expiredLead}`,
    data: {
      FirstName: 'Lena',
      LastName: 'Ortiz',
      Email: 'expired.lead@demo.test',
      MailingCountry: 'US',
      Status__c: 'Lead',
      Quick_Sign_Up_Email_Timestamp__c: EXPIRED_LEAD_EMAIL_SENT_AT,
    },
  };
}

/** The email an onboarding portal enrolled: /sign-up takes it (any email the CRM does not hold answers not-found). */
export const SIGN_UP_LEAD_EMAIL = 'signup.lead@demo.test';

function signUpLead(): SeedDocument {
  return {
    path: `crm/sandbox/contacts/${ONBOARDING_CONTACT_IDS.signUpLead}`,
    data: { FirstName: 'Sam', LastName: 'Rivera', Email: SIGN_UP_LEAD_EMAIL, MailingCountry: 'US', Status__c: 'Lead' },
  };
}

/**
 * The customer's three-bureau report as the credit sandbox pulled it when intake reached the Disputes step, with
 * its score history and the items it found to dispute, none decided yet (spec 001 §3: pending user decision): the
 * same pull a new customer gets (functions/src/credit/creditDataSandbox.ts), so the items name the report's
 * records.
 */
function pulledReport(uid: string, person: { firstName: string; lastName: string }): SeedDocument[] {
  const pull = buildSandboxPull(
    {
      uid,
      firstName: person.firstName,
      middleName: null,
      lastName: person.lastName,
      birthdate: '1991-04-09',
      ssnLast4: null,
      street: null,
      city: null,
      stateCode: null,
      postalCode: null,
    },
    ONBOARDED_AT,
  );
  return [
    { path: `creditReports/${uid}`, data: { ...pull.report, userId: uid, createdAt: ONBOARDED_AT, reportKey: 'seed-disputes-report' } },
    ...pull.scoreHistory.map((point) => ({ path: `creditScoreHistory/${uid}/items/${scoreHistoryItemId(point)}`, data: { ...point } })),
    { path: `investigations/${uid}`, data: { isPaused: false, clockOffsetDays: 0 } },
    ...pull.investigations.map((item) => ({ path: `investigations/${uid}/items/${item.id}`, data: { ...item } })),
  ];
}

function disputesCustomer(): { user: SeedAuthUser; documents: SeedDocument[] } {
  const account = demoAccount('disputesCustomer');
  const contactId = ONBOARDING_CONTACT_IDS.disputesCustomer;
  const person = { firstName: 'Diego', lastName: 'Santos' };
  return {
    user: {
      uid: account.uid,
      email: account.email,
      password: account.password,
      emailVerified: account.emailVerified,
      displayName: `${person.firstName} ${person.lastName}`,
      claims: { role: 'customer', customerContactId: contactId },
    },
    documents: [
      {
        path: `users/${account.uid}`,
        data: {
          id: account.uid,
          siteId: 'APP',
          tenantId: 'customer',
          role: 'customer',
          email: account.email,
          firstName: person.firstName,
          lastName: person.lastName,
          enrollmentDate: ONBOARDED_AT.getTime(),
          emailVerificationSent: true,
          lastSignIn: null,
          settings: { ui: { lang: 'en' } },
          setupComplete: false,
          customer: {
            contactId,
            productLine: 'Primary',
            dateOnboarding: ONBOARDED_AT,
            agreedToPIIAt: ONBOARDED_AT,
            subscriptionStatus: 'Active',
          },
        },
      },
      {
        path: `crm/sandbox/contacts/${contactId}`,
        data: {
          FirstName: person.firstName,
          LastName: person.lastName,
          Email: account.email,
          MailingCountry: 'US',
          DoNotCall: false,
          Allow_Referral_Update__c: true,
          SF_External_Echosign_URL__c: `https://esign.sandbox.demo.test/agreements/${contactId}`,
          Status__c: 'Pending Onboarding',
        },
      },
      {
        // Financial wellness: the FinancialStatus step is answered, the Disputes step is next.
        path: `userInfo/${account.uid}`,
        data: {
          goal: {
            id: 'goal-disputes-wellness',
            type: 'financial_wellness',
            properties: { currentSavings: 4_000 },
            createdAt: ONBOARDED_AT,
            updatedAt: ONBOARDED_AT,
          },
          personalInfo: {
            id: 'personal-info-goal-disputes-wellness',
            propertyStatus: 'rent',
            annualIncome: 58_000,
            createdAt: ONBOARDED_AT,
            updatedAt: ONBOARDED_AT,
          },
        },
      },
      { path: `initialReportStatus/${account.uid}`, data: { status: 'complete', updatedAt: ONBOARDED_AT } },
      ...pulledReport(account.uid, person),
    ],
  };
}

export function onboardingSeed(): { users: SeedAuthUser[]; documents: SeedDocument[] } {
  const customer = disputesCustomer();
  return { users: [customer.user], documents: [expiredLead(), signUpLead(), ...customer.documents] };
}
