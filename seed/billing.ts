// Demo data for billing and the payment pipeline: three onboarded premium customers of their own.
//   payment.suspended@demo.test   subscription Suspended, initial fee paid, one monthly fee past due, an expired Visa
//                                 on file: the guard chain sends them to /update-payment, where they pay and get back in.
//   payment.california@demo.test  mailing state CA (may request cancellation), Active, Visa XXXX1111 on file, next
//                                 billing date in the future.
//   payment.card@demo.test        Active, Mastercard XXXX0015 on file, three approved charges in the ledger.
// Reseeding puts each back (status, card on file, cancellation, billing dates); charges added by a journey stay in
// the ledger. The card gateway sandbox's profiles are seeded too: brand, last4, expiry, ZIP, outcome and the keyed
// fingerprint only (functions/src/billing/cardGatewaySandbox.ts), never a card number.
import { isoDay, scoreHistoryItemId } from '../src/domain/creditReportRecords';
import { buildSandboxPull } from '../functions/src/credit/creditDataSandbox';
import { cardFingerprint, CARD_GATEWAY_COLLECTIONS, type CardBrand } from '../functions/src/billing/cardGatewaySandbox';
import { demoAccount, type DemoAccountKey } from './accounts';
import type { SeedAuthUser, SeedDocument } from './data/base';
import { onboardedAuthUser, onboardedUserDocument, type OnboardedPerson } from './data/onboardedCustomer';
import { readinessScoreDocument, type ScoredUserInfo } from './data/readinessScore';

export const BILLING_CONTACT_IDS = {
  paymentSuspended: '003DEMOPAYSUSP001',
  paymentCalifornia: '003DEMOPAYCA00001',
  paymentCard: '003DEMOPAYCARD001',
} as const;
type BillingKey = keyof typeof BILLING_CONTACT_IDS;

/** The gateway profiles of the cards on file (Authorize.net-like numeric ids). */
export const BILLING_PROFILE_IDS: Record<BillingKey, string> = {
  paymentSuspended: '500000001',
  paymentCalifornia: '500000002',
  paymentCard: '500000003',
};

const ONBOARDED_AT = new Date('2026-09-01T16:00:00.000Z');

interface Person extends OnboardedPerson {
  ssn: string;
}

const PEOPLE: Record<BillingKey, Person> = {
  paymentSuspended: {
    firstName: 'Marcus',
    lastName: 'Bell',
    birthdate: '1986-07-14',
    ssn: '666301122',
    street: '410 Desert Willow Rd',
    city: 'Henderson',
    stateCode: 'NV',
    zip: '89014',
    phone: '7025550141',
  },
  paymentCalifornia: {
    firstName: 'Lucia',
    lastName: 'Moreno',
    birthdate: '1991-02-03',
    ssn: '666302233',
    street: '1200 Sunset Blvd',
    city: 'Los Angeles',
    stateCode: 'CA',
    zip: '90026',
    phone: '2135550172',
  },
  paymentCard: {
    firstName: 'Owen',
    lastName: 'Park',
    birthdate: '1983-11-22',
    ssn: '666303344',
    street: '77 Canyon Ridge Dr',
    city: 'Reno',
    stateCode: 'NV',
    zip: '89523',
    phone: '7755550188',
  },
};

interface Card {
  brand: CardBrand;
  /** Used for the fingerprint only; never written. */
  number: string;
  expMonth: number;
  expYear: number;
}

const CARDS: Record<BillingKey, Card> = {
  // Expired: charging it answers code 3 reason 8, which is why the monthly fee failed.
  paymentSuspended: { brand: 'Visa', number: '4111111111111111', expMonth: 1, expYear: 2025 },
  paymentCalifornia: { brand: 'Visa', number: '4111111111111111', expMonth: 12, expYear: 2030 },
  paymentCard: { brand: 'Mastercard', number: '5424000000000015', expMonth: 8, expYear: 2031 },
};

const STATUS: Record<BillingKey, string> = { paymentSuspended: 'Suspended', paymentCalifornia: 'Active', paymentCard: 'Active' };

/** The first day of the month `offset` months from `today`'s (UTC), as YYYY-MM-DD. */
export function firstOfMonth(today: Date, offset: number): string {
  return isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1)));
}

function userInfo(person: Person): ScoredUserInfo {
  return {
    goal: {
      id: `goal-billing-${person.lastName.toLowerCase()}`,
      type: 'mortgage_loan',
      properties: {
        purchaseCity: person.city,
        purchaseState: person.stateCode,
        purchaseCounty: '',
        propertyType: 'single_family',
        loanType: 'conventional',
        purchasePrice: 350_000,
        currentHomePrice: 0,
        currentSavings: 15_000,
        savingsGoal: 35_000,
        savingsGoalPercent: 43,
      },
      createdAt: ONBOARDED_AT,
      updatedAt: ONBOARDED_AT,
    },
    personalInfo: {
      id: `personal-info-billing-${person.lastName.toLowerCase()}`,
      propertyStatus: 'rent',
      annualIncome: 68_000,
      employmentPayFrequency: 'biweekly',
      employmentStatus: 'employed_full_time',
      educationLevel: 'bachelors',
      veteranStatus: 'no',
      veteranActiveRecent: false,
      isAmericanCitizen: true,
      completedIntake: true,
      createdAt: ONBOARDED_AT,
      updatedAt: ONBOARDED_AT,
    },
  } satisfies ScoredUserInfo;
}

/** The charges of payment.card@demo.test: the initial fee, then two monthly fees (ids are fixed idempotency keys). */
const CARD_CHARGES = [
  { id: '6f1c2a10-0001-4a4e-9c1d-0000000000a1', itemId: 'INITIAL_CONSULTATION', amount: 19_900, transactionId: '60190000001', at: '2026-09-01T16:05:00.000Z' },
  { id: '6f1c2a10-0002-4a4e-9c1d-0000000000a2', itemId: 'RECURRING_FEE', amount: 9_900, transactionId: '60190000002', at: '2026-10-01T09:00:00.000Z' },
  { id: '6f1c2a10-0003-4a4e-9c1d-0000000000a3', itemId: 'RECURRING_FEE', amount: 9_900, transactionId: '60190000003', at: '2026-11-01T09:00:00.000Z' },
] as const;

function customerSeed(key: BillingKey, today: Date): { user: SeedAuthUser; documents: SeedDocument[] } {
  const account = demoAccount(key satisfies DemoAccountKey);
  const uid = account.uid;
  const person = PEOPLE[key];
  const contactId = BILLING_CONTACT_IDS[key];
  const card = CARDS[key];
  const info = userInfo(person);
  const pull = buildSandboxPull(
    {
      uid,
      firstName: person.firstName,
      middleName: null,
      lastName: person.lastName,
      birthdate: person.birthdate,
      ssnLast4: person.ssn.slice(-4),
      street: person.street,
      city: person.city,
      stateCode: person.stateCode,
      postalCode: person.zip,
    },
    ONBOARDED_AT,
  );
  const profileId = BILLING_PROFILE_IDS[key];
  const nextPaymentDate = key === 'paymentSuspended' ? firstOfMonth(today, 0) : firstOfMonth(today, 1);
  const ledger: SeedDocument[] =
    key === 'paymentCard'
      ? CARD_CHARGES.map((charge) => ({
          path: `payments/${uid}/charges/${charge.id}`,
          data: {
            itemId: charge.itemId,
            amount: charge.amount,
            status: 'approved',
            transactionId: charge.transactionId,
            code: '1',
            reasonCode: '1',
            text: 'This transaction has been approved.',
            cardType: card.brand,
            last4: card.number.slice(-4),
            covers: { initialFee: charge.itemId === 'INITIAL_CONSULTATION', recurringFee: charge.itemId === 'RECURRING_FEE' },
            createdAt: new Date(charge.at),
          },
        }))
      : [];
  return {
    user: onboardedAuthUser(account, person, contactId),
    documents: [
      onboardedUserDocument(account, person, contactId, { onboardedAt: ONBOARDED_AT, subscriptionStatus: STATUS[key] }),
      {
        path: `crm/sandbox/contacts/${contactId}`,
        data: {
          FirstName: person.firstName,
          LastName: person.lastName,
          Email: account.email,
          MobilePhone: person.phone,
          Birthdate: person.birthdate,
          Social_Security_Number__c: person.ssn,
          MailingStreet: person.street,
          MailingCity: person.city,
          MailingStateCode: person.stateCode,
          MailingPostalCode: person.zip,
          MailingCountry: 'US',
          DoNotCall: false,
          Do_Not_SMS__c: false,
          SMS_Opt_out__c: false,
          SF_External_Echosign_URL__c: `https://esign.sandbox.demo.test/agreements/${contactId}`,
          Credit_Pull_Date__c: isoDay(ONBOARDED_AT),
          KBA_Status__c: null,
          Status__c: STATUS[key],
          Close_Contract_Date__c: null,
        },
      },
      {
        path: `payments/${uid}`,
        data: {
          profile: { profileId, cardType: card.brand, last4: card.number.slice(-4) },
          initialFeePaid: true,
          nextPaymentDate,
        },
      },
      {
        path: `${CARD_GATEWAY_COLLECTIONS.profiles}/${profileId}`,
        data: {
          brand: card.brand,
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          zip: person.zip,
          outcome: 'approve',
          fingerprint: cardFingerprint(card.number),
          customerId: contactId,
          billTo: { firstName: person.firstName, lastName: person.lastName, address: person.street, zip: person.zip, country: 'US', email: account.email },
          createdAt: ONBOARDED_AT,
        },
      },
      ...ledger,
      { path: `userInfo/${uid}`, data: { ...info } },
      { path: `initialReportStatus/${uid}`, data: { status: 'complete', updatedAt: ONBOARDED_AT } },
      { path: `creditReports/${uid}`, data: { ...pull.report, userId: uid, createdAt: ONBOARDED_AT, reportKey: `seed-billing-${key}` } },
      ...pull.scoreHistory.map((point) => ({ path: `creditScoreHistory/${uid}/items/${scoreHistoryItemId(point)}`, data: { ...point } })),
      { path: `investigations/${uid}`, data: { isPaused: false, clockOffsetDays: 0 } },
      readinessScoreDocument(uid, info, pull.report, 0, ONBOARDED_AT),
    ],
  };
}

export function billingSeed(today = new Date()): { users: SeedAuthUser[]; documents: SeedDocument[] } {
  const seeds = (Object.keys(BILLING_CONTACT_IDS) as BillingKey[]).map((key) => customerSeed(key, today));
  return { users: seeds.map((seed) => seed.user), documents: seeds.flatMap((seed) => seed.documents) };
}
