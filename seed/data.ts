// Deterministic demo data for the local stack (issue 2 item 5). Pure data: seed/load.ts writes it. Dates are
// fixed relative to SEED_DATE so two runs produce the same documents; Date values become Firestore Timestamps.
import type { ClaimsInput } from '../src/domain/claims';
import {
  accountId,
  accountRecords,
  BUREAUS,
  bureauSummary,
  inquiryRecords,
  isoDay,
  type Bureau,
  type TradelineFacts,
} from '../src/domain/creditReportRecords';
import { creditFactsFromReport, type StoredCreditReport } from '../src/domain/creditFacts';
import type { GoalType, IntakeGoalProperties } from '../src/domain/intake';
import { readinessScore } from '../src/domain/readinessScore';
import { demoAccount, type DemoAccount } from './accounts';
import { onboardingSeed } from './onboarding';

export const SEED_DATE = new Date('2026-11-02T15:00:00.000Z');
const SITE_ID = 'APP';
const TENANT_ID = 'customer';

const DAY_MS = 24 * 60 * 60 * 1_000;
const daysBefore = (days: number) => new Date(SEED_DATE.getTime() - days * DAY_MS);

export interface SeedAuthUser {
  uid: string;
  email: string;
  password: string;
  emailVerified: boolean;
  displayName: string;
  claims: ClaimsInput;
}

export interface SeedDocument {
  /** Slash-separated Firestore document path. */
  path: string;
  data: Record<string, unknown>;
}

export interface SeedData {
  users: SeedAuthUser[];
  documents: SeedDocument[];
}

const CONTACT_IDS = {
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

function authUser(account: DemoAccount, person: Person, claims: ClaimsInput): SeedAuthUser {
  return {
    uid: account.uid,
    email: account.email,
    password: account.password,
    emailVerified: account.emailVerified,
    displayName: `${person.firstName} ${person.lastName}`,
    claims,
  };
}

function userDocument(account: DemoAccount, person: Person, role: string, fields: Record<string, unknown>): SeedDocument {
  return {
    path: `users/${account.uid}`,
    data: {
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
    },
  };
}

function contactDocument(id: string, fields: Record<string, unknown>): SeedDocument {
  return { path: `crm/sandbox/contacts/${id}`, data: { MailingCountry: 'US', ...fields } };
}

const contractLink = (contactId: string) => `https://esign.sandbox.demo.test/agreements/${contactId}`;

// ------------------------------------------------------------------------------------------- credit report

/** A demo tradeline: the record facts except the status date, which all share (35 days before the seed date). */
type Tradeline = Omit<TradelineFacts, 'dateAccountStatus'>;

const TRADELINES: readonly Tradeline[] = [
  {
    key: 'capital-one',
    bureaus: BUREAUS,
    creditorName: 'CAPITAL ONE',
    creditorPhone: '8009554188',
    accountType: 'Revolving Credit Card',
    portfolioType: 'R',
    accountNumber: '517805XXXXXX4821',
    currentBalance: 1240,
    creditLimit: 3500,
    highBalance: 2980,
    monthlyPayment: 35,
    paymentStatus: 'C',
    pastDueAmount: 0,
    opened: '2018-04-12',
    closed: null,
    status: 'Open',
    condition: 'Open',
    loanType: 'Credit Card',
    originalCreditor: null,
    remarks: null,
    late: {},
  },
  {
    key: 'discover',
    bureaus: BUREAUS,
    creditorName: 'DISCOVER BANK',
    creditorPhone: '8003472683',
    accountType: 'Revolving Credit Card',
    portfolioType: 'R',
    accountNumber: '601100XXXXXX7310',
    currentBalance: 4820,
    creditLimit: 6000,
    highBalance: 5710,
    monthlyPayment: 98,
    paymentStatus: 'C',
    pastDueAmount: 0,
    opened: '2019-09-30',
    closed: null,
    status: 'Open',
    condition: 'Open',
    loanType: 'Credit Card',
    originalCreditor: null,
    remarks: null,
    late: { 7: '1', 8: '2', 15: '1' },
  },
  {
    key: 'ally-auto',
    bureaus: BUREAUS,
    creditorName: 'ALLY FINANCIAL',
    creditorPhone: '8882222559',
    accountType: 'Auto Loan',
    portfolioType: 'I',
    accountNumber: '22418XXXX',
    currentBalance: 14230,
    creditLimit: null,
    highBalance: 24500,
    monthlyPayment: 412,
    paymentStatus: 'C',
    pastDueAmount: 0,
    opened: '2022-06-03',
    closed: null,
    status: 'Open',
    condition: 'Open',
    loanType: 'Auto Loan',
    originalCreditor: null,
    remarks: null,
    late: {},
  },
  {
    key: 'nelnet',
    bureaus: ['EQUIFAX', 'TRANSUNION'],
    creditorName: 'NELNET',
    creditorPhone: '8884866393',
    accountType: 'Educational',
    portfolioType: 'I',
    accountNumber: '90001XXXX',
    currentBalance: 21870,
    creditLimit: null,
    highBalance: 32000,
    monthlyPayment: 240,
    paymentStatus: 'C',
    pastDueAmount: 0,
    opened: '2010-08-20',
    closed: null,
    status: 'Open',
    condition: 'Open',
    loanType: 'Student Loan',
    originalCreditor: null,
    remarks: 'Deferred payments ended',
    late: {},
  },
  {
    key: 'midland',
    bureaus: BUREAUS,
    creditorName: 'MIDLAND CREDIT MANAGEMENT',
    creditorPhone: '8002968472',
    accountType: 'Collection',
    portfolioType: 'Y',
    accountNumber: '85311XXXX',
    currentBalance: 1635,
    creditLimit: null,
    highBalance: 1635,
    monthlyPayment: 0,
    paymentStatus: '9',
    pastDueAmount: 1635,
    opened: '2024-03-18',
    closed: null,
    status: 'Collection',
    condition: 'Derogatory',
    loanType: 'Collection Agency/Attorney',
    originalCreditor: 'COMENITY BANK',
    remarks: 'Placed for collection',
    late: { 0: '9', 1: '9', 2: '9' },
  },
  {
    key: 'synchrony',
    bureaus: ['EXPERIAN', 'TRANSUNION'],
    creditorName: 'SYNCB/AMAZON',
    creditorPhone: '8664193010',
    accountType: 'Revolving Charge Account',
    portfolioType: 'R',
    accountNumber: '604578XXXXXX1180',
    currentBalance: 2110,
    creditLimit: 2000,
    highBalance: 2110,
    monthlyPayment: 0,
    paymentStatus: '9',
    pastDueAmount: 2110,
    opened: '2017-11-05',
    closed: '2023-02-01',
    status: 'Closed',
    condition: 'Derogatory',
    loanType: 'Charge Account',
    originalCreditor: null,
    remarks: 'Charged off account',
    late: { 20: '2', 21: '3', 22: '4', 23: '9' },
  },
  {
    key: 'portfolio-recovery',
    bureaus: ['EQUIFAX', 'EXPERIAN'],
    creditorName: 'PORTFOLIO RECOVERY ASSOCIATES',
    creditorPhone: '8007720360',
    accountType: 'Collection',
    portfolioType: 'Y',
    accountNumber: '77120XXXX',
    currentBalance: 480,
    creditLimit: null,
    highBalance: 480,
    monthlyPayment: 0,
    paymentStatus: '9',
    pastDueAmount: 480,
    opened: '2025-01-09',
    closed: null,
    status: 'Collection',
    condition: 'Derogatory',
    loanType: 'Medical',
    originalCreditor: 'DESERT SPRINGS HOSPITAL',
    remarks: 'Medical collection',
    late: { 0: '9', 1: '9' },
  },
];

function creditReport(uid: string) {
  const reportDate = daysBefore(20);
  const scores: Record<Bureau, number> = { EQUIFAX: 655, EXPERIAN: 641, TRANSUNION: 648 };
  const inquiries = [
    { key: 'rocket', creditorName: 'ROCKET MORTGAGE', industry: 'Mortgage', date: isoDay(daysBefore(32)), bureaus: BUREAUS },
    {
      key: 'capital-one-auto',
      creditorName: 'CAPITAL ONE AUTO FINANCE',
      industry: 'Automotive',
      date: isoDay(daysBefore(80)),
      bureaus: ['EQUIFAX', 'TRANSUNION'] as const,
    },
    { key: 'verizon', creditorName: 'VERIZON WIRELESS', industry: 'Utilities', date: isoDay(daysBefore(318)), bureaus: ['EXPERIAN'] as const },
  ];
  const personal = (bureau: Bureau) => ({
    bureau,
    name: 'MARIA E ALVAREZ',
    alsoKnownAs: bureau === 'EXPERIAN' ? ['MARIA ALVAREZ-RUIZ'] : [],
    dateOfBirth: '1988-07-14',
    ssn: '3456',
    employer: { name: bureau === 'TRANSUNION' ? 'ACME LOGISTICS INC' : 'ACME LOGISTICS' },
    currentAddress: { dateReported: isoDay(daysBefore(60)), address: '2150 DESERT WILLOW DR, HENDERSON, NV 89074' },
    previousAddress: [{ dateReported: '2021-03-01', address: '880 E FLAMINGO RD APT 214, LAS VEGAS, NV 89119' }],
  });
  return {
    path: `creditReports/${uid}`,
    data: {
      userId: uid,
      createdAt: reportDate,
      reportSummary: bureauSummary(scores, isoDay(reportDate)),
      accounts: accountRecords(
        TRADELINES.map((line) => ({ ...line, dateAccountStatus: isoDay(daysBefore(35)) })),
        reportDate,
      ),
      inquiries: inquiryRecords(inquiries),
      publicRecords: (['EQUIFAX', 'TRANSUNION'] as const).map((bureau) => ({
        id: `${bureau}-pr-judgment`,
        bureau,
        type: 'Civil Judgment',
        status: 'satisfied',
        dateFiled: '2021-05-11',
        dateResolved: '2022-01-20',
        referenceNumber: '21C004512',
        court: 'CLARK COUNTY JUSTICE COURT',
        attorneyName: 'BRENNAN & COLE LLP',
        dispositionDate: '2022-01-20',
      })),
      personalInfo: BUREAUS.map(personal),
    },
  };
}

// ------------------------------------------------------------------------------------- disputes (spec 001 §3)

interface InvestigationSeed {
  id: string;
  name: string;
  type: 'COLLECTIONS_TRADELINE' | 'COLLECTIONS_OTHER' | 'PUBLIC_RECORDS' | 'LATE_PAYMENTS' | 'RECENT_INQUIRY';
  entityType: 'account' | 'inquiry' | 'publicRecord';
  amount: number | null;
  accountStatus: string | null;
  bureaus: readonly Bureau[];
  status: string;
  challengeReason: string | null;
  itemIds: string[];
  disputeIds?: string[];
  isSpecialAccount?: boolean;
  inquiryDate?: string;
  subtype?: string;
  viewed?: boolean;
}

const REASON_OPTIONS = ['not_mine', 'paid_in_full', 'incorrect_balance', 'incorrect_status', 'do_not_challenge'];

function investigationDocuments(uid: string): SeedDocument[] {
  const reportDate = isoDay(daysBefore(20));
  const items: InvestigationSeed[] = [
    {
      id: 'inv-midland',
      name: 'MIDLAND CREDIT MANAGEMENT',
      type: 'COLLECTIONS_TRADELINE',
      entityType: 'account',
      amount: 1635,
      accountStatus: 'Collection',
      bureaus: BUREAUS,
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: BUREAUS.map((bureau) => accountId(bureau, 'midland')),
    },
    {
      id: 'inv-synchrony',
      name: 'SYNCB/AMAZON',
      type: 'COLLECTIONS_TRADELINE',
      entityType: 'account',
      amount: 2110,
      accountStatus: 'Charge off',
      bureaus: ['EXPERIAN', 'TRANSUNION'],
      status: 'UNDER_REVIEW_ACTIVE',
      challengeReason: 'incorrect_balance',
      itemIds: ['EXPERIAN', 'TRANSUNION'].map((bureau) => accountId(bureau as Bureau, 'synchrony')),
      disputeIds: ['DSP-EX-20261012-01', 'DSP-TU-20261012-01'],
      viewed: true,
    },
    {
      id: 'inv-portfolio-recovery',
      name: 'PORTFOLIO RECOVERY ASSOCIATES',
      type: 'COLLECTIONS_OTHER',
      entityType: 'account',
      amount: 480,
      accountStatus: 'Collection',
      bureaus: ['EQUIFAX', 'EXPERIAN'],
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: ['EQUIFAX', 'EXPERIAN'].map((bureau) => accountId(bureau as Bureau, 'portfolio-recovery')),
      subtype: 'medical',
    },
    {
      id: 'inv-judgment',
      name: 'CIVIL JUDGMENT - CLARK COUNTY JUSTICE COURT',
      type: 'PUBLIC_RECORDS',
      entityType: 'publicRecord',
      amount: null,
      accountStatus: 'satisfied',
      bureaus: ['EQUIFAX', 'TRANSUNION'],
      status: 'CORRECTED',
      challengeReason: 'incorrect_status',
      itemIds: ['EQUIFAX-pr-judgment', 'TRANSUNION-pr-judgment'],
      disputeIds: ['DSP-EQ-20260901-04', 'DSP-TU-20260901-04'],
      viewed: false,
    },
    {
      id: 'inv-discover-late',
      name: 'DISCOVER BANK',
      type: 'LATE_PAYMENTS',
      entityType: 'account',
      amount: 4820,
      accountStatus: 'Open',
      bureaus: BUREAUS,
      status: 'NOT_CHALLENGED',
      challengeReason: null,
      itemIds: BUREAUS.map((bureau) => accountId(bureau, 'discover')),
      isSpecialAccount: true,
    },
    {
      id: 'inv-verizon-inquiry',
      name: 'VERIZON WIRELESS',
      type: 'RECENT_INQUIRY',
      entityType: 'inquiry',
      amount: null,
      accountStatus: null,
      bureaus: ['EXPERIAN'],
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: ['EXPERIAN-inq-verizon'],
      inquiryDate: isoDay(daysBefore(318)),
    },
    {
      id: 'inv-capital-one-auto-inquiry',
      name: 'CAPITAL ONE AUTO FINANCE',
      type: 'RECENT_INQUIRY',
      entityType: 'inquiry',
      amount: null,
      accountStatus: null,
      bureaus: ['EQUIFAX', 'TRANSUNION'],
      status: 'NOT_CHALLENGED',
      challengeReason: 'do_not_challenge',
      itemIds: ['EQUIFAX-inq-capital-one-auto', 'TRANSUNION-inq-capital-one-auto'],
      inquiryDate: isoDay(daysBefore(80)),
    },
  ];
  return items.map((item) => ({
    path: `investigations/${uid}/items/${item.id}`,
    data: {
      id: item.id,
      name: item.name,
      type: item.type,
      entityType: item.entityType,
      accountBalance: { amount: item.amount },
      accountStatus: item.accountStatus,
      challengeReason: item.challengeReason,
      challengeReasonOptions: REASON_OPTIONS,
      challengeReasonSelected: item.challengeReason !== null,
      isSpecialAccount: item.isSpecialAccount ?? false,
      itemIds: item.itemIds,
      disputeIds: item.disputeIds ?? [],
      statuses: item.bureaus.map((bureau) => ({
        bureau,
        status: item.status,
        lastActivity: item.status === 'PENDING_USER_DECISION' ? null : isoDay(daysBefore(21)),
        nextActivity: item.status.startsWith('UNDER_REVIEW') ? isoDay(daysBefore(-9)) : null,
      })),
      inquiryDate: item.inquiryDate ?? null,
      reportDate,
      subtype: item.subtype ?? null,
      viewed: item.viewed ?? false,
    },
  }));
}

// ------------------------------------------------------------------------- documents and actions (spec 001/002)

function documentDocuments(uid: string): SeedDocument[] {
  const documents = [
    { id: 'doc-w2-2025', category: 'taxes', fileType: 'w2', year: 2025, documentDate: null, name: 'W-2 2025 - Acme Logistics.pdf', mimeType: 'application/pdf', fileSize: 184_320 },
    { id: 'doc-tax-return-2024', category: 'taxes', fileType: 'federal_tax_return', year: 2024, documentDate: null, name: '2024 Form 1040.pdf', mimeType: 'application/pdf', fileSize: 912_384 },
    { id: 'doc-bank-statement', category: 'account-statements', fileType: 'bank', year: null, documentDate: isoDay(daysBefore(2)), name: 'Checking statement October 2026.pdf', mimeType: 'application/pdf', fileSize: 256_000 },
    { id: 'doc-pay-stub', category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: isoDay(daysBefore(9)), name: 'Pay stub 2026-10-24.pdf', mimeType: 'application/pdf', fileSize: 98_304 },
    { id: 'doc-government-id', category: 'other', fileType: 'government_id', year: null, documentDate: null, name: 'Driver license.jpg', mimeType: 'image/jpeg', fileSize: 1_048_576 },
  ];
  return documents.map((document, index) => ({
    path: `documents/${uid}/items/${document.id}`,
    data: {
      ...document,
      comments: '',
      userId: uid,
      storagePath: `users/${uid}/documents/${document.id}`,
      createdAt: daysBefore(40 - index),
    },
  }));
}

function actionDocuments(uid: string): SeedDocument[] {
  const actions = [
    { id: 'act-upload-pay-stubs', name: 'Upload your two most recent pay stubs', type: 'document_upload', status: 'active', completedAt: null, properties: { documents: ['pay_stub'], documentCountRequired: 2 } },
    { id: 'act-review-disputes', name: 'Review the items on your credit report', type: 'investigation', status: 'active', completedAt: null, properties: {} },
    { id: 'act-down-payment-savings', name: 'Save toward your down payment', type: 'savings', status: 'active', completedAt: null, properties: {} },
    { id: 'act-joint-account', name: 'Ask about joint accounts before you apply', type: 'joint_account_reminder', status: 'inactive', completedAt: null, properties: {} },
    { id: 'act-quarterly-call', name: 'Quarterly check-in call with your coach', type: 'schedule_call', status: 'completed_by_agent', completedAt: daysBefore(30), properties: {} },
    { id: 'act-budget', name: 'Build a monthly budget', type: 'personal_finance', status: 'completed_by_user', completedAt: daysBefore(12), properties: {} },
    { id: 'act-credit-report', name: 'Pull your three-bureau credit report', type: 'checklist', status: 'completed_by_system', completedAt: daysBefore(20), properties: {} },
  ];
  return actions.map((action, index) => ({
    path: `actions/${uid}/items/${action.id}`,
    data: { ...action, updating: false, createdAt: daysBefore(60 - index) },
  }));
}

// ------------------------------------------------------------------------------------------------ accounts

const PEOPLE = {
  newCustomer: { firstName: 'Nathan', lastName: 'Brooks' },
  premiumCustomer: { firstName: 'Maria', lastName: 'Alvarez' },
  freeCustomer: { firstName: 'Fiona', lastName: 'Chen' },
  unverifiedCustomer: { firstName: 'Victor', lastName: 'Ortiz' },
  coach: { firstName: 'Cody', lastName: 'Harper' },
  coachWithActions: { firstName: 'Alexis', lastName: 'Reed' },
  partner: { firstName: 'Patricia', lastName: 'Lennox' },
} as const;

function newCustomerLike(key: 'newCustomer' | 'unverifiedCustomer', contactId: string): SeedDocument[] {
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

/** An onboarded customer's goal and intake answers as the readiness score reads them (userInfo/{uid}). */
interface ScoredUserInfo {
  goal: { type: GoalType; properties: IntakeGoalProperties & { savingsGoal?: number; [field: string]: unknown }; [field: string]: unknown };
  personalInfo: { annualIncome: number; completedIntake: boolean; [field: string]: unknown };
  [field: string]: unknown;
}

/**
 * The score intake completion generated for an onboarded customer (spec 002 §4 completion, §3 "Readiness score"),
 * computed from the seeded goal, intake, report and documents as calculateReadinessScore does, so the home hub
 * shows it at once.
 */
function readinessScoreDocument(
  uid: string,
  info: ScoredUserInfo,
  report: StoredCreditReport | undefined,
  documentCount: number,
  generatedAt: Date,
): SeedDocument {
  const computed = readinessScore({
    goalType: info.goal.type,
    goal: info.goal.properties,
    annualIncome: info.personalInfo.annualIncome,
    intakeCompleted: info.personalInfo.completedIntake,
    credit: creditFactsFromReport(report),
    documentCount,
  });
  return {
    path: `readinessScores/${uid}`,
    data: { score: { displayScore: computed.displayScore }, previousScore: null, components: computed.components, createdAt: generatedAt },
  };
}

function premiumCustomer(): SeedDocument[] {
  const account = demoAccount('premiumCustomer');
  const uid = account.uid;
  const contactId = CONTACT_IDS.premiumCustomer;
  const person = PEOPLE.premiumCustomer;
  const onboarded = daysBefore(90);
  const pullDate = daysBefore(20);
  const info = PREMIUM_USER_INFO;
  const report = creditReport(uid);
  const documents = documentDocuments(uid);
  const customer = {
    contactId,
    productLine: 'Primary',
    dateOnboarding: onboarded,
    idcsEnrollmentId: 'IDCS-DEMO-000001',
    inPurchasingPhase: false,
    creditPullDate: pullDate,
    kbaCompleted: true,
    v2Disputes: true,
    agreedToPIIAt: daysBefore(89),
    subscriptionStatus: 'Active',
  };
  return [
    userDocument(account, person, 'customer', {
      phone: '7025550142',
      dateBirth: '1988-07-14',
      address: { street1: '2150 Desert Willow Dr', city: 'Henderson', stateCode: 'NV', zip: '89074' },
      setupComplete: true,
      customer,
      settings: { ui: { lang: 'en' }, creditReportPage: { comfortType: 'comfortable' }, creditDashboard: { comfortType: 'comfortable' } },
    }),
    contactDocument(contactId, {
      // The demo CRM user owns the record, so the CRM link-in may open it (the CRM's sharing rule).
      OwnerId: DEMO_CRM_SESSION.userId,
      FirstName: person.firstName,
      MiddleName: 'Elena',
      LastName: person.lastName,
      Email: account.email,
      MobilePhone: '7025550142',
      Birthdate: '1988-07-14',
      // 666 area numbers are never issued: a safe demo SSN.
      Social_Security_Number__c: '666123456',
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
      KBA_Status__c: true,
      Status__c: 'Active',
    }),
    { path: `userInfo/${uid}`, data: { ...info } },
    report,
    ...documents,
    ...investigationDocuments(uid),
    ...actionDocuments(uid),
    readinessScoreDocument(uid, info, report.data, documents.length, daysBefore(14)),
  ];
}


function freeCustomer(): SeedDocument[] {
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

/** Agents here act for the premium customer: their claims name its contact (spec 000 §1, §6). */
function coach(key: 'coach' | 'coachWithActions'): SeedDocument {
  const account = demoAccount(key);
  return userDocument(account, PEOPLE[key], 'coach', {
    setupComplete: true,
    customer: {
      contactId: CONTACT_IDS.premiumCustomer,
      productLine: 'Primary',
      dateOnboarding: daysBefore(90),
      agreedToPIIAt: daysBefore(89),
      subscriptionStatus: 'Active',
    },
  });
}

function partner(): SeedDocument[] {
  const account = demoAccount('partner');
  const person = PEOPLE.partner;
  const contactId = CONTACT_IDS.partner;
  return [
    userDocument(account, person, 'partner', {
      phone: '7025550199',
      setupComplete: true,
      partner: {
        contactId,
        nmlsId: '1456789',
        dateOnboarding: daysBefore(200),
        termsAndConditions: { dateAccepted: daysBefore(200) },
        smsOptOut: false,
        isAbleToSeeClientsInExtendedTimeRange: false,
        reporteesCanSubmitLeads: true,
        partnerFlyerMetadata: {
          logoName: 'summit-home-lending.png',
          headshotName: 'patricia-lennox.jpg',
          disclaimer: 'Equal Housing Lender. NMLS #1456789.',
          firstName: person.firstName,
          lastName: person.lastName,
          phone: '7025550199',
          email: account.email,
          nmlsId: '1456789',
          title: 'Senior Loan Officer',
          companyName: 'Summit Home Lending',
          companyAddress: '3960 Howard Hughes Pkwy',
          companyAddress2: 'Las Vegas, NV 89169',
        },
      },
    }),
    contactDocument(contactId, {
      FirstName: person.firstName,
      LastName: person.lastName,
      Email: account.email,
      MobilePhone: '7025550199',
      Broker_Company_Name__c: 'Summit Home Lending',
    }),
  ];
}

/**
 * A current CRM user session for the CRM link-in (spec 000 §2.2): the link
 * `/?UserId=<userId>&SessionId=<sessionId>&ContactId=<contactId>` signs in on the premium customer's behalf. It
 * expires long after any demo, so the fixed seed stays valid.
 */
export const DEMO_CRM_SESSION = {
  sessionId: '00DDEMO000000001!DEMOCRMSESSION',
  userId: '005DEMOCOACH00001',
  contactId: CONTACT_IDS.premiumCustomer,
  expiresAt: new Date('2099-12-31T23:59:59.000Z'),
} as const;

function crmSessions(): SeedDocument[] {
  const { sessionId, userId, expiresAt } = DEMO_CRM_SESSION;
  return [
    { path: `crm/sandbox/sessions/${sessionId}`, data: { userId, expiresAt } },
    // The CRM user behind the demo session: a coach, who sees the contacts they own.
    { path: `crm/sandbox/users/${userId}`, data: { name: 'Demo Coach', profile: 'Coach' } },
  ];
}

function configDocuments(): SeedDocument[] {
  return [
    { path: 'config/featureFlags', data: {} },
    { path: 'config/maintenance', data: { Admin: false, Self: false, Partner: false, Customer: false } },
  ];
}

export function buildSeed(): SeedData {
  const premiumContact = CONTACT_IDS.premiumCustomer;
  const agentClaims = (key: 'coach' | 'coachWithActions', allowClientActions: boolean): ClaimsInput => ({
    role: 'coach',
    isAgent: true,
    allowClientActions,
    agentUid: demoAccount(key).uid,
    customerContactId: premiumContact,
    customerOnboardingComplete: true,
  });
  const onboarding = onboardingSeed();
  return {
    users: [
      authUser(demoAccount('newCustomer'), PEOPLE.newCustomer, { role: 'customer', customerContactId: CONTACT_IDS.newCustomer }),
      authUser(demoAccount('premiumCustomer'), PEOPLE.premiumCustomer, {
        role: 'customer',
        customerContactId: premiumContact,
        customerOnboardingComplete: true,
      }),
      authUser(demoAccount('freeCustomer'), PEOPLE.freeCustomer, {
        role: 'customer',
        customerContactId: CONTACT_IDS.freeCustomer,
        customerOnboardingComplete: true,
      }),
      authUser(demoAccount('unverifiedCustomer'), PEOPLE.unverifiedCustomer, {
        role: 'customer',
        customerContactId: CONTACT_IDS.unverifiedCustomer,
      }),
      authUser(demoAccount('coach'), PEOPLE.coach, agentClaims('coach', false)),
      authUser(demoAccount('coachWithActions'), PEOPLE.coachWithActions, agentClaims('coachWithActions', true)),
      // The partner claims (contact id, leads) come from elevatePermissions (spec 000 §4.1).
      authUser(demoAccount('partner'), PEOPLE.partner, { role: 'partner' }),
      ...onboarding.users,
    ],
    documents: [
      ...newCustomerLike('newCustomer', CONTACT_IDS.newCustomer),
      ...premiumCustomer(),
      ...freeCustomer(),
      ...newCustomerLike('unverifiedCustomer', CONTACT_IDS.unverifiedCustomer),
      coach('coach'),
      coach('coachWithActions'),
      ...partner(),
      ...crmSessions(),
      ...onboarding.documents,
      ...configDocuments(),
    ],
  };
}
