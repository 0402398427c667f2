// Demo data for the developer tools (spec 001 §2 "Developer tools", §3 "Test plan"): two test
// plans a QA engineer runs from the developer tools, and the developer account whose data they act on
// (developer@demo.test): an onboarded premium customer with the isDeveloper claim and no credit report yet, so the
// plans' first steps pull one. Fixed ids and dates keep the seed idempotent. A plan's steps change the customer's
// data for real; to run a plan again from a clean start, clear the categories its description names from the
// developer tools' Data panel (delete) first.
import type { TestPlan } from '../src/contract/devTools';
import { demoAccount } from './accounts';
import { daysBefore, type SeedAuthUser, type SeedDocument } from './data/base';
import { authUser, contactDocument, contractLink, userDocument } from './data/people';
import { readinessScoreDocument, type ScoredUserInfo } from './data/readinessScore';

export const DEVELOPER_CONTACT_ID = '003DEMODEVELOP001';
const DEVELOPER = { firstName: 'Devon', lastName: 'Park' } as const;

export const TEST_PLAN_IDS = {
  disputeRound: 'plan-dispute-round-3b',
  singleBureau: 'plan-single-bureau-priorities',
} as const;

export const DEMO_TEST_PLANS: readonly TestPlan[] = [
  {
    id: TEST_PLAN_IDS.disputeRound,
    name: 'Dispute round from a fresh three-bureau report',
    description:
      'A whole dispute round on the developer demo customer (developer@demo.test): a new three-bureau report, a reason for ' +
      'every item, the letters sent and received, then the bureaus’ answers. Start it on a customer without dispute ' +
      'items: clear "disputes" and "creditReport" in the Data panel first when the plan ran before.',
    tags: ['disputes', 'credit report', 'bureaus'],
    deprecated: false,
    contactId: DEVELOPER_CONTACT_ID,
    steps: [
      {
        type: 'getIDCS3BReport',
        title: 'Pull the three-bureau report',
        instructions:
          'Open Credit: the report shows Equifax, Experian and TransUnion with today’s report date and a score for each. ' +
          'Open Disputes: the new items are listed under Not challenged, each waiting for a decision, and the badge counts them.',
      },
      {
        type: 'chooseDisputeReasons',
        title: 'Give every item a reason (high priority)',
        priority: 'high',
        instructions:
          'Open Disputes: no item waits for a decision any more and the badge is gone. Each item shows the first reason its ' +
          'category offers (collections: "Not mine"; late payments: "Never late"; inquiries: "Not authorized").',
      },
      {
        type: 'disputeScheduler',
        title: 'Send the disputes and let 30 days pass',
        days: 30,
        instructions:
          'Open Disputes: the items are Under review; Dispute letters lists one letter per bureau, dated the day the scheduler ' +
          'sent them. Each bureau received its letter 3 days later and has 30 days to answer: most items are still under ' +
          'review, and a bureau that answered early shows its answer under Results.',
      },
      {
        type: 'disputeUpdate',
        title: 'Let the bureaus answer (35 days)',
        days: 35,
        instructions:
          'Open Disputes > Results: the bureaus answered their items (removed, modified or verified); an item a bureau let ' +
          'its 30 days pass on without answering is offered a second round. A removed record is gone from that bureau’s ' +
          'report on the Credit page, and that bureau’s score went up; the home page’s readiness score follows. The plan ' +
          'is finished after this step.',
      },
    ],
  },
  {
    id: TEST_PLAN_IDS.singleBureau,
    name: 'Single-bureau pulls and coach priorities',
    description:
      'Two single-bureau reports, one after the other, with the coach’s triage in between: the TransUnion items are ' +
      'skipped, the items only Equifax reports are disputed. Start it on a customer without a credit report: clear ' +
      '"disputes" and "creditReport" in the Data panel first when a plan ran before.',
    tags: ['credit report', 'coach', 'disputes'],
    deprecated: false,
    contactId: DEVELOPER_CONTACT_ID,
    steps: [
      {
        type: 'getTransunionReport',
        title: 'Pull the TransUnion report',
        instructions:
          'Open Credit: only TransUnion has a report and a score. Open Disputes: every item listed is reported by TransUnion.',
      },
      {
        type: 'coachSetsPriority',
        title: 'The coach skips the TransUnion items',
        priority: 'skip',
        instructions:
          'Nothing changes for the customer yet: the coach’s priority is kept on each item waiting for a decision (stored as ' +
          'coachPriority on the item). Open Disputes: the TransUnion items still wait for a decision.',
      },
      {
        type: 'getEquifaxReport',
        title: 'Pull the Equifax report',
        instructions:
          'Open Credit: TransUnion and Equifax now show, Experian does not. Open Disputes: the items both bureaus report list ' +
          'both; the items only Equifax reports (a collection and recent inquiries) are new.',
      },
      {
        type: 'chooseDisputeReasons',
        title: 'Choose reasons (high priority for the items the coach has not triaged)',
        priority: 'high',
        instructions:
          'Open Disputes: the items the coach skipped read "Do not challenge"; the items Equifax added have a reason. No item ' +
          'waits for a decision.',
      },
      {
        type: 'disputeScheduler',
        title: 'Send the disputes (3 days)',
        days: 3,
        instructions:
          'Open Disputes: the skipped items are closed as Not challenged; the Equifax-only items are Under review, and Equifax ' +
          'received the letter 3 days after it was sent. Dispute letters lists one Equifax letter and none for TransUnion. ' +
          'The plan is finished after this step.',
      },
    ],
  },
];

/** The developer's goal and completed intake: enough for a readiness score and the savings action rule. */
const DEVELOPER_USER_INFO = {
  goal: {
    id: 'goal-developer-mortgage',
    type: 'mortgage_loan',
    properties: {
      purchaseCity: 'Reno',
      purchaseState: 'NV',
      purchaseCounty: 'Washoe',
      propertyType: 'condo',
      loanType: 'fha',
      purchasePrice: 310_000,
      currentHomePrice: 0,
      currentSavings: 9_000,
      savingsGoal: 21_700,
      savingsGoalPercent: 41.47,
    },
    createdAt: daysBefore(40),
    updatedAt: daysBefore(40),
  },
  personalInfo: {
    id: 'personal-info-developer',
    propertyStatus: 'rent',
    annualIncome: 74_000,
    employmentPayFrequency: 'biweekly',
    employmentStatus: 'employed_full_time',
    educationLevel: 'bachelors',
    veteranStatus: 'no',
    veteranActiveRecent: false,
    isAmericanCitizen: true,
    completedIntake: true,
    createdAt: daysBefore(40),
    updatedAt: daysBefore(39),
  },
} satisfies ScoredUserInfo;

export function testPlansSeed(): { users: SeedAuthUser[]; documents: SeedDocument[] } {
  const account = demoAccount('developer');
  const contactId = DEVELOPER_CONTACT_ID;
  return {
    users: [
      authUser(account, DEVELOPER, {
        role: 'customer',
        customerContactId: contactId,
        customerOnboardingComplete: true,
        isDeveloper: true,
      }),
    ],
    documents: [
      userDocument(account, DEVELOPER, 'customer', {
        phone: '7755550123',
        dateBirth: '1991-03-22',
        address: { street1: '88 Lakeridge Ct', city: 'Reno', stateCode: 'NV', zip: '89509' },
        setupComplete: true,
        customer: {
          contactId,
          productLine: 'Primary',
          dateOnboarding: daysBefore(41),
          idcsEnrollmentId: 'IDCS-DEMO-000042',
          inPurchasingPhase: false,
          kbaCompleted: true,
          v2Disputes: true,
          agreedToPIIAt: daysBefore(40),
          subscriptionStatus: 'Active',
        },
      }),
      contactDocument(contactId, {
        FirstName: DEVELOPER.firstName,
        LastName: DEVELOPER.lastName,
        Email: account.email,
        MobilePhone: '7755550123',
        Birthdate: '1991-03-22',
        // 666 area numbers are never issued: a safe demo SSN.
        Social_Security_Number__c: '666420042',
        MailingStreet: '88 Lakeridge Ct',
        MailingCity: 'Reno',
        MailingStateCode: 'NV',
        MailingPostalCode: '89509',
        DoNotCall: false,
        Do_Not_SMS__c: false,
        SMS_Opt_out__c: false,
        Allow_Referral_Update__c: true,
        Round_Opt_In__c: true,
        Broker_Company_Name__c: null,
        SF_External_Echosign_URL__c: contractLink(contactId),
        Status__c: 'Active',
      }),
      { path: `userInfo/${account.uid}`, data: { ...DEVELOPER_USER_INFO } },
      readinessScoreDocument(account.uid, DEVELOPER_USER_INFO, undefined, 0, daysBefore(39)),
      ...DEMO_TEST_PLANS.map(({ id, ...plan }) => ({ path: `testPlans/${id}`, data: { ...plan } })),
    ],
  };
}
