// The demo customers (spec 000 §1): new and unverified ones at the start of onboarding, an onboarded premium
// customer with a credit report, disputes, documents and actions, and an onboarded customer on the free line.
import { DEMO_SSN_KEY, sealSsn } from '../../functions/src/platform/ssnEncryption';
import { isoDay } from '../../src/domain/creditReportRecords';
import { demoAccount } from '../accounts';
import { actionDocuments } from './actions';
import { daysBefore, type SeedDocument } from './base';
import { creditPullDate, creditReport, scoreHistoryDocuments } from './creditReport';
import { DEMO_CRM_SESSION } from './crm';
import { premiumDisputes } from './disputes';
import { documentChecklistDocuments, documentDocuments } from './documents';
import { CONTACT_IDS, contactDocument, contractLink, PEOPLE, userDocument } from './people';
import { premiumHubDocuments } from '../hub';
import { readinessScoreDocument, type ScoredUserInfo } from './readinessScore';

export function newCustomerLike(key: 'newCustomer' | 'unverifiedCustomer', contactId: string): SeedDocument[] {
  const account = demoAccount(key);
  const person = PEOPLE[key];
  return [
    userDocument(account, person, 'customer', {
      setupComplete: false,
      customer: {
        contactId,
        productLine: 'Primary',
        dateOnboarding: daysBefore(1),
        subscriptionStatus: 'Pending Onboarding',
      },
    }),
    contactDocument(contactId, {
      FirstName: person.firstName,
      LastName: person.lastName,
      Email: account.email,
      Status__c: 'Pending Onboarding',
    }),
  ];
}

/** The premium customer's mortgage goal and completed intake (userInfo/{uid}, spec 002 §3). */
const PREMIUM_USER_INFO = {
  goal: {
    id: 'goal-premium-mortgage',
    type: 'mortgage_loan',
    properties: {
      purchaseCity: 'Henderson',
      purchaseState: 'NV',
      purchaseCounty: 'Clark',
      propertyType: 'single_family',
      loanType: 'conventional',
      purchasePrice: 385_000,
      currentHomePrice: 0,
      currentSavings: 18_500,
      savingsUpdatedAt: daysBefore(14).toISOString(),
      savingsGoal: 38_500,
      savingsGoalPercent: 48.05,
    },
    createdAt: daysBefore(88),
    updatedAt: daysBefore(14),
  },
  personalInfo: {
    id: 'personal-info-premium',
    propertyStatus: 'rent',
    annualIncome: 86_000,
    employmentPayFrequency: 'biweekly',
    employmentStatus: 'employed_full_time',
    educationLevel: 'bachelors',
    veteranStatus: 'no',
    veteranActiveRecent: false,
    isAmericanCitizen: true,
    completedIntake: true,
    createdAt: daysBefore(88),
    updatedAt: daysBefore(87),
  },
  mortgageRate: 6.5,
  taxRate: 0.55,
  pmiRate: [
    { savingsRatio: 0.05, pmi: 1.05 },
    { savingsRatio: 0.1, pmi: 0.78 },
    { savingsRatio: 0.15, pmi: 0.52 },
    { savingsRatio: 0.2, pmi: 0 },
  ],
} satisfies ScoredUserInfo;

/** 666 area numbers are never issued: a safe demo SSN. */
const PREMIUM_SSN = '666123456';
/** The seed's nonce under the public demo key, so each load writes the same sealed value. */
const SEED_SSN_NONCE = Buffer.alloc(12, 7);

/** How many points the premium customer's latest score gained on the one before (the hub's change). */
const PREMIUM_SCORE_GAIN = 4;

const scoreOf = (document: SeedDocument) => (document.data.score as { displayScore: number }).displayScore;

export function premiumCustomer(): SeedDocument[] {
  const account = demoAccount('premiumCustomer');
  const uid = account.uid;
  const contactId = CONTACT_IDS.premiumCustomer;
  const person = PEOPLE.premiumCustomer;
  const onboarded = daysBefore(90);
  // Pulled more than 30 days ago, so the report may be refreshed (spec 001 §5).
  const pullDate = creditPullDate();
  const info = PREMIUM_USER_INFO;
  // The report as the bureaus' answers to the customer's disputes left it (a removed record is gone at that bureau).
  const disputes = premiumDisputes(uid, creditReport(uid));
  const report = disputes.report;
  const documents = documentDocuments(uid);
  // The hub shows the change from the previous score and the history leading to it (seed/hub.ts).
  const score = readinessScoreDocument(uid, info, report.data, documents.length, daysBefore(14), PREMIUM_SCORE_GAIN);
  const customer = {
    contactId,
    productLine: 'Primary',
    dateOnboarding: onboarded,
    idcsEnrollmentId: 'IDCS-DEMO-000001',
    inPurchasingPhase: false,
    creditPullDate: pullDate,
    // Not through KBA yet: with the KBA flag on, ordering a new report goes through the identity check first.
    kbaCompleted: false,
    v2Disputes: true,
    agreedToPIIAt: daysBefore(89),
    subscriptionStatus: 'Active',
  };
  return [
    userDocument(account, person, 'customer', {
      phone: '7025550142',
      // A landline kept as its last 10 digits (spec 000 §3.1), as a writer may have stored it with its country code.
      phone_nonMobile: '+1 (702) 555-0160',
      dateBirth: '1988-07-14',
      address: { street1: '2150 Desert Willow Dr', city: 'Henderson', stateCode: 'NV', zip: '89074' },
      setupComplete: true,
      customer,
      settings: { ui: { lang: 'en' }, creditReportPage: { comfortType: 'comfortable' }, creditDashboard: { comfortType: 'comfortable' } },
    }),
    // The SSN sealed for the server only (spec 000 §3.1 ssnEncrypted): never in the user document the customer reads.
    { path: `userSecrets/${uid}`, data: { ssnEncrypted: sealSsn(PREMIUM_SSN, DEMO_SSN_KEY, SEED_SSN_NONCE) } },
    contactDocument(contactId, {
      // The demo CRM user owns the record, so the CRM link-in may open it (the CRM's sharing rule).
      OwnerId: DEMO_CRM_SESSION.userId,
      FirstName: person.firstName,
      MiddleName: 'Elena',
      LastName: person.lastName,
      Email: account.email,
      MobilePhone: '7025550142',
      Birthdate: '1988-07-14',
      Social_Security_Number__c: PREMIUM_SSN,
      MailingStreet: '2150 Desert Willow Dr',
      MailingCity: 'Henderson',
      MailingStateCode: 'NV',
      MailingPostalCode: '89074',
      DoNotCall: false,
      Do_Not_SMS__c: false,
      SMS_Opt_out__c: false,
      Allow_Referral_Update__c: true,
      Round_Opt_In__c: true,
      Broker_Company_Name__c: 'Summit Home Lending',
      Broker_Contact__c: CONTACT_IDS.partner,
      realtor: { FirstName: 'Derek', LastName: 'Molina' },
      SF_External_Echosign_URL__c: contractLink(contactId),
      Link_Bank_Acct_Opt_Out__c: false,
      Contact_National_Credit_Care__c: false,
      Switch_Referral__c: false,
      Credit_Pull_Date__c: isoDay(pullDate),
      KBA_Status__c: null,
      Status__c: 'Active',
    }),
    { path: `userInfo/${uid}`, data: { ...info } },
    report,
    ...scoreHistoryDocuments(uid),
    ...documents,
    ...documentChecklistDocuments(uid),
    ...disputes.documents,
    ...actionDocuments(uid),
    score,
    ...premiumHubDocuments(uid, { displayScore: scoreOf(score), previousDisplayScore: scoreOf(score) - PREMIUM_SCORE_GAIN }),
  ];
}

export function freeCustomer(): SeedDocument[] {
  const account = demoAccount('freeCustomer');
  const info = {
    goal: {
      id: 'goal-free-wellness',
      type: 'financial_wellness',
      properties: { currentSavings: 2_400, currentHomePrice: 0 },
      createdAt: daysBefore(44),
      updatedAt: daysBefore(44),
    },
    personalInfo: {
      id: 'personal-info-free',
      propertyStatus: 'rent',
      annualIncome: 52_000,
      employmentStatus: 'employed',
      completedIntake: true,
      createdAt: daysBefore(44),
      updatedAt: daysBefore(44),
    },
  } satisfies ScoredUserInfo;
  const contactId = CONTACT_IDS.freeCustomer;
  const person = PEOPLE.freeCustomer;
  return [
    userDocument(account, person, 'customer', {
      phone: '6025550177',
      address: { street1: '410 W Roosevelt St', city: 'Phoenix', stateCode: 'AZ', zip: '85003' },
      setupComplete: true,
      customer: {
        contactId,
        productLine: 'Freemium',
        dateOnboarding: daysBefore(45),
        agreedToPIIAt: daysBefore(44),
        subscriptionStatus: 'Active',
      },
    }),
    contactDocument(contactId, {
      FirstName: person.firstName,
      LastName: person.lastName,
      Email: account.email,
      MobilePhone: '6025550177',
      MailingStreet: '410 W Roosevelt St',
      MailingCity: 'Phoenix',
      MailingStateCode: 'AZ',
      MailingPostalCode: '85003',
      Allow_Referral_Update__c: true,
      Round_Opt_In__c: false,
      SF_External_Echosign_URL__c: contractLink(contactId),
      Status__c: 'Active',
    }),
    { path: `userInfo/${account.uid}`, data: { ...info } },
    // The free line has no credit pages and no documents yet: the score stands on the goal and intake alone.
    readinessScoreDocument(account.uid, info, undefined, 0, daysBefore(44)),
  ];
}
