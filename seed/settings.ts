// Demo data for the settings pages (spec 000 §2.5): an onboarded premium customer of their own, so the
// settings journeys (a contact field edited, the goal changed, a toggle turned off and on, the password and the
// email changed) never disturb the other demo accounts. Reseeding puts everything back: the account's email and
// password (seed/load.ts restores a password marked restorePassword), the contact, the goal, the security flag.
import { isoDay, scoreHistoryItemId } from '../src/domain/creditReportRecords';
import { buildSandboxPull } from '../functions/src/credit/creditDataSandbox';
import { demoAccount } from './accounts';
import type { SeedAuthUser, SeedDocument } from './data/base';
import { onboardedAuthUser, onboardedUserDocument, type OnboardedPerson } from './data/onboardedCustomer';
import { readinessScoreDocument, type ScoredUserInfo } from './data/readinessScore';

export const SETTINGS_CONTACT_ID = '003DEMOSETTINGS01';

/** A safe demo SSN (666 area numbers are never issued); the page shows ***-**-6789 until asked. */
export const SETTINGS_CUSTOMER_SSN = '666456789';

const ONBOARDED_AT = new Date('2026-10-12T15:00:00.000Z');
const PERSON: OnboardedPerson = {
  firstName: 'Sofia',
  lastName: 'Ramirez',
  phone: '7025550199',
  birthdate: '1990-03-21',
  street: '88 Lakeside Dr',
  city: 'Reno',
  stateCode: 'NV',
  zip: '89509',
};

const USER_INFO = {
  goal: {
    id: 'goal-settings-mortgage',
    type: 'mortgage_loan',
    properties: {
      purchaseCity: 'Reno',
      purchaseState: 'NV',
      purchaseCounty: 'Washoe',
      propertyType: 'condo',
      loanType: 'fha',
      purchasePrice: 320_000,
      currentHomePrice: 0,
      currentSavings: 12_000,
      savingsGoal: 24_000,
      savingsGoalPercent: 50,
    },
    createdAt: ONBOARDED_AT,
    updatedAt: ONBOARDED_AT,
  },
  personalInfo: {
    id: 'personal-info-goal-settings-mortgage',
    propertyStatus: 'rent',
    annualIncome: 72_000,
    employmentPayFrequency: 'biweekly',
    employmentStatus: 'employed_full_time',
    educationLevel: 'associate',
    veteranStatus: 'no',
    veteranActiveRecent: false,
    isAmericanCitizen: true,
    completedIntake: true,
    createdAt: ONBOARDED_AT,
    updatedAt: ONBOARDED_AT,
  },
} satisfies ScoredUserInfo;

/** The three-bureau report the credit sandbox pulled at onboarding, with its score history. */
function pulledReport(uid: string) {
  const pull = buildSandboxPull(
    {
      uid,
      firstName: PERSON.firstName,
      middleName: null,
      lastName: PERSON.lastName,
      birthdate: '1990-03-21',
      ssnLast4: SETTINGS_CUSTOMER_SSN.slice(-4),
      street: '88 Lakeside Dr',
      city: 'Reno',
      stateCode: 'NV',
      postalCode: '89509',
    },
    ONBOARDED_AT,
  );
  const history: SeedDocument[] = pull.scoreHistory.map((point) => ({
    path: `creditScoreHistory/${uid}/items/${scoreHistoryItemId(point)}`,
    data: { ...point },
  }));
  return { report: pull.report, history };
}

export function settingsSeed(): { users: SeedAuthUser[]; documents: SeedDocument[] } {
  const account = demoAccount('settingsCustomer');
  const uid = account.uid;
  const { report, history } = pulledReport(uid);
  return {
    users: [onboardedAuthUser(account, PERSON, SETTINGS_CONTACT_ID)],
    documents: [
      onboardedUserDocument(account, PERSON, SETTINGS_CONTACT_ID, {
        onboardedAt: ONBOARDED_AT,
        subscriptionStatus: 'Active',
        // The security page offers to clear it (clearWeakPasswordFlag) once the password is changed.
        extra: { security: { weakPassword: true, passwordResetRequired: false } },
      }),
      {
        path: `crm/sandbox/contacts/${SETTINGS_CONTACT_ID}`,
        data: {
          FirstName: PERSON.firstName,
          MiddleName: 'Isabel',
          LastName: PERSON.lastName,
          Email: account.email,
          MobilePhone: '7025550199',
          Birthdate: '1990-03-21',
          Social_Security_Number__c: SETTINGS_CUSTOMER_SSN,
          MailingStreet: '88 Lakeside Dr',
          MailingCity: 'Reno',
          MailingStateCode: 'NV',
          MailingPostalCode: '89509',
          MailingCountry: 'US',
          DoNotCall: false,
          Do_Not_SMS__c: false,
          SMS_Opt_out__c: false,
          Allow_Referral_Update__c: true,
          Round_Opt_In__c: true,
          realtor: { FirstName: 'Grace', LastName: 'Holloway' },
          SF_External_Echosign_URL__c: `https://esign.sandbox.demo.test/agreements/${SETTINGS_CONTACT_ID}`,
          Link_Bank_Acct_Opt_Out__c: true,
          Contact_National_Credit_Care__c: false,
          Switch_Referral__c: false,
          Credit_Pull_Date__c: isoDay(ONBOARDED_AT),
          KBA_Status__c: null,
          Status__c: 'Active',
        },
      },
      { path: `userInfo/${uid}`, data: { ...USER_INFO } },
      { path: `initialReportStatus/${uid}`, data: { status: 'complete', updatedAt: ONBOARDED_AT } },
      { path: `creditReports/${uid}`, data: { ...report, userId: uid, createdAt: ONBOARDED_AT, reportKey: 'seed-settings-report' } },
      ...history,
      { path: `investigations/${uid}`, data: { isPaused: false, clockOffsetDays: 0 } },
      readinessScoreDocument(uid, USER_INFO, report, 0, ONBOARDED_AT),
    ],
  };
}
