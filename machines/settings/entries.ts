import type { CallableResponse } from '../../src/contract/callables';
import { actorFromClaims, type Actor } from '../../src/domain/permissions';
import { actorSamples, contextKey, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { communicationTogglesMachine, type CommunicationSettings, type CommunicationTogglesActors } from './communicationToggles.machine';
import { emailChangeMachine, type EmailChangeActors, type EmailChangeInput } from './emailChange.machine';
import { goalEditMachine, type GoalEditActors } from './goalEdit.machine';
import { inlineEditMachine, type InlineEditActors, type InlineEditInput } from './inlineEdit.machine';
import { passwordChangeMachine, type PasswordChangeActors, type PasswordChangeInput } from './passwordChange.machine';
import type { ReauthenticateSig } from './ports';
import { ssnRevealMachine, type SsnRevealActors, type SsnRevealInput } from './ssnReveal.machine';

// The settings machines' registry entries, listed in machines/index.ts. Sample events carry real payloads
// (what a customer types, what the callables and the identity provider answer); `xstate.done.actor.<id>` /
// `xstate.error.actor.<id>` stand for an invoked actor's result.

// ------------------------------------------------------------------------------------------------ people and data

/** The customer in person: may change everything. */
export const SAMPLE_SETTINGS_CUSTOMER: Actor = actorFromClaims({});
/** A coach without client actions: refused before any call. */
export const SAMPLE_SETTINGS_COACH: Actor = actorFromClaims({ isAgent: true });

/** The customer's today in the samples (the birthdate window). */
export const SAMPLE_SETTINGS_TODAY = '2026-11-26';

export const SAMPLE_SETTINGS_PATHS: PasswordChangeInput['paths'] = {
  page: '/settings/security',
  reauthentication: '/settings/security/auth',
};

type UserInfoAnswer = CallableResponse<'getUserInfo'>;

export const SAMPLE_MORTGAGE_GOAL: NonNullable<UserInfoAnswer['goal']> = {
  id: 'goal-settings-1',
  type: 'mortgage_loan',
  properties: {
    purchaseCity: 'Boise',
    purchaseState: 'ID',
    propertyType: 'single_family',
    loanType: 'conventional',
    purchasePrice: 350_000,
    currentSavings: 25_000,
    currentHomePrice: 0,
  },
  createdAt: '2026-10-02T17:20:00.000Z',
  updatedAt: '2026-10-02T17:31:00.000Z',
};

export const SAMPLE_PERSONAL_INFO: NonNullable<UserInfoAnswer['personalInfo']> = {
  id: 'personal-info-goal-settings-1',
  propertyStatus: 'rent',
  annualIncome: 82_000,
  employmentPayFrequency: 'biweekly',
  employmentStatus: 'employed_full_time',
  educationLevel: 'bachelors',
  veteranStatus: 'no',
  isAmericanCitizen: true,
  completedIntake: true,
  createdAt: '2026-10-02T17:20:00.000Z',
  updatedAt: '2026-10-02T17:31:00.000Z',
};

/** getUserInfo's answer with `goal` and `personalInfo` (no rates looked up yet). */
export function userInfoAnswer(goal: UserInfoAnswer['goal'], personalInfo: UserInfoAnswer['personalInfo']): UserInfoAnswer {
  return { goal, personalInfo, mortgageRate: null, taxRate: null, pmiRate: null };
}

export const SAMPLE_USER_INFO: UserInfoAnswer = userInfoAnswer(SAMPLE_MORTGAGE_GOAL, SAMPLE_PERSONAL_INFO);

/** A goal stored by a later build, with a type this one does not know. */
export const SAMPLE_UNSUPPORTED_USER_INFO: UserInfoAnswer = userInfoAnswer(
  { id: 'goal-settings-2', type: 'business_loan', properties: {}, createdAt: null, updatedAt: null },
  SAMPLE_PERSONAL_INFO,
);

/** The user info after a save of the higher purchase price (updateUserInfo's answer). */
const SAMPLE_SAVED_USER_INFO: UserInfoAnswer = userInfoAnswer(
  { ...SAMPLE_MORTGAGE_GOAL, properties: { ...SAMPLE_MORTGAGE_GOAL.properties, purchasePrice: 375_000 } },
  SAMPLE_PERSONAL_INFO,
);

/** getReadinessScore's answer: `displayScore` now, `previous` before the last change. */
export function readinessScoreAnswer(displayScore: number, previous: number | null = null): NonNullable<CallableResponse<'getReadinessScore'>> {
  return {
    score: { displayScore },
    previousScore: previous === null ? null : { displayScore: previous },
    components: [],
    createdAt: '2026-11-26T16:05:00.000Z',
  };
}

export const SAMPLE_COMMUNICATIONS: CommunicationSettings = {
  values: {
    Allow_Referral_Update__c: true,
    Round_Opt_In__c: true,
    DoNotCall: false,
    Do_Not_SMS__c: false,
    SMS_Opt_out__c: false,
  },
  hasMobilePhone: true,
};

/** The contact as getCustomerContact and updateCustomerContact answer it (the SSN as its last four digits). */
export const SAMPLE_SETTINGS_CONTACT: CallableResponse<'getCustomerContact'> = {
  Id: '003SETTINGS0001',
  FirstName: 'Dana',
  MiddleName: null,
  LastName: 'Whitfield',
  Email: 'settings.customer@demo.test',
  MobilePhone: '2085550142',
  Birthdate: '1988-04-12',
  Social_Security_Number__c: '6789',
  MailingStreet: '412 W Bannock St',
  MailingCity: 'Boise',
  MailingStateCode: 'ID',
  MailingPostalCode: '83702',
  MailingCountry: 'US',
  DoNotCall: false,
  Do_Not_SMS__c: false,
  SMS_Opt_out__c: false,
  Allow_Referral_Update__c: true,
  Round_Opt_In__c: true,
  Broker_Company_Name__c: null,
  Broker_Contact__c: null,
  realtor: null,
  SF_External_Echosign_URL__c: null,
  Link_Bank_Acct_Opt_Out__c: false,
  Contact_National_Credit_Care__c: false,
  Switch_Referral__c: false,
  Credit_Pull_Date__c: null,
  KBA_Status__c: null,
  Status__c: null,
  Close_Contract_Date__c: null,
  Quick_Sign_Up_Email_Timestamp__c: null,
};

/** The contact after a saved mobile phone. */
const SAMPLE_SAVED_CONTACT: CallableResponse<'updateCustomerContact'> = { ...SAMPLE_SETTINGS_CONTACT, MobilePhone: '2085550199' };

/** getAuthorizations' answer for the toggles `settings` shows (no PII agreement recorded). */
export function authorizationsAnswer(settings: CommunicationSettings): CallableResponse<'getAuthorizations'> {
  return { ...settings.values, hasMobilePhone: settings.hasMobilePhone, agreedToPIIAt: null };
}

// ------------------------------------------------------------------------------------------------ inline edit

const inlineEvent = sampleEvents<typeof inlineEditMachine>();
const inlineActors = actorSamples<InlineEditActors>();

export const SAMPLE_INLINE_INPUT: InlineEditInput = {
  actor: SAMPLE_SETTINGS_CUSTOMER,
  field: 'MobilePhone',
  value: '2085550142',
  today: SAMPLE_SETTINGS_TODAY,
};

export const inlineEditEntry = defineMachineEntry({
  id: 'inlineEdit',
  title: 'Edit a personal-info field',
  purpose:
    'One contact field of the personal-info page: view, edit, save; a refused value keeps the editor with its rule, an unchanged one saves nothing, a failed save brings the old value back.',
  machine: inlineEditMachine,
  testModel: {
    input: SAMPLE_INLINE_INPUT,
    events: eventsByType(
      inlineEvent({ type: 'edit.start' }),
      // A new number, typed as the field asks.
      inlineEvent({ type: 'edit.change', value: '208-555-0199' }),
      // The stored number again (nothing to save).
      inlineEvent({ type: 'edit.change', value: '208-555-0142' }),
      // Without the dashes: refused with the phone rule's message.
      inlineEvent({ type: 'edit.change', value: '2085550199' }),
      inlineEvent({ type: 'edit.save' }),
      inlineEvent({ type: 'edit.cancel' }),
      inlineActors.done('updateCustomerContact', SAMPLE_SAVED_CONTACT),
      inlineActors.fail('updateCustomerContact', 'unavailable'),
    ),
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        stored: snapshot.context.value,
        draft: snapshot.context.draft,
        submitted: snapshot.context.submitted,
      }),
  },
});

// ------------------------------------------------------------------------------------------------ password prompt

// The password prompt the SSN reveal, the email change and the password change share (reauthentication.ts): the
// same prompt in each, so the same samples: what the customer types, and what the identity provider answers.
const reauthEvent = sampleEvents<typeof ssnRevealMachine | typeof emailChangeMachine | typeof passwordChangeMachine>();
const reauthActors = actorSamples<{ reauthenticate: ReauthenticateSig }>();

const REAUTH_PROMPT_SAMPLES = [
  reauthEvent({ type: 'reauth.submit', password: 'Demo-Credit-2026!' }),
  reauthEvent({ type: 'reauth.submit', password: '' }),
  reauthEvent({ type: 'reauth.cancel' }),
];

const REAUTHENTICATE_SAMPLES = [
  reauthActors.done('reauthenticate'),
  reauthActors.fail('reauthenticate', 'auth/wrong-password'),
  reauthActors.fail('reauthenticate', 'auth/too-many-requests'),
  reauthActors.fail('reauthenticate', 'auth/network-request-failed'),
];

// ------------------------------------------------------------------------------------------------ SSN reveal

const ssnEvent = sampleEvents<typeof ssnRevealMachine>();
const ssnActors = actorSamples<SsnRevealActors>();

export const SAMPLE_SSN_INPUT: SsnRevealInput = { actor: SAMPLE_SETTINGS_CUSTOMER, lastFour: '6789' };

export const ssnRevealEntry = defineMachineEntry({
  id: 'ssnReveal',
  title: 'Show or hide the Social Security number',
  purpose:
    'The SSN shows masked (***-**-1234); Show asks the server for the full number (an old sign-in enters the password again first), Hide masks it and forgets it.',
  machine: ssnRevealMachine,
  testModel: {
    input: SAMPLE_SSN_INPUT,
    events: eventsByType(
      ssnEvent({ type: 'ssn.show' }),
      ssnEvent({ type: 'ssn.hide' }),
      ssnActors.done('getSocialSecurityNumber', { ssn: '123456789' }),
      ssnActors.fail('getSocialSecurityNumber', 'failed-precondition'),
      // The sign-in is too old for the full number: the password prompt.
      ssnActors.fail('getSocialSecurityNumber', 'recent-sign-in-required', 'errors.settings.recent-sign-in-required'),
      ...REAUTH_PROMPT_SAMPLES,
      ...REAUTHENTICATE_SAMPLES,
    ),
    stateKey: contextKey('lastFour', 'reauthErrorKey'),
  },
});

// ------------------------------------------------------------------------------------------------ loan goal

const goalEvent = sampleEvents<typeof goalEditMachine>();
const goalActors = actorSamples<GoalEditActors>();

export const goalEditEntry = defineMachineEntry({
  id: 'goalEdit',
  title: 'Change the loan goal',
  purpose:
    "The loan-goal settings page: the goal's answers with the intake's option lists and rules; saving sends what changed and shows the recomputed readiness score.",
  machine: goalEditMachine,
  testModel: {
    input: { actor: SAMPLE_SETTINGS_CUSTOMER },
    events: eventsByType(
      // A higher purchase price, typed with a thousands separator.
      goalEvent({ type: 'form.change', values: { purchasePrice: '375,000' } }),
      // Not an amount: refused with 'must be an amount'.
      goalEvent({ type: 'form.change', values: { purchasePrice: 'about 400k' } }),
      // The city cleared: missing.
      goalEvent({ type: 'form.change', values: { purchaseCity: '' } }),
      goalEvent({ type: 'form.submit' }),
      goalEvent({ type: 'form.reset' }),
      goalEvent({ type: 'load.retry' }),
      goalActors.done('getUserInfo', SAMPLE_USER_INFO),
      goalActors.done('getUserInfo', SAMPLE_UNSUPPORTED_USER_INFO),
      goalActors.done('getUserInfo', userInfoAnswer(null, null)),
      goalActors.fail('getUserInfo', 'unavailable'),
      // The user info as stored after the save (the page keeps what it sent).
      goalActors.done('updateUserInfo', SAMPLE_SAVED_USER_INFO),
      goalActors.fail('updateUserInfo', 'unavailable'),
      goalActors.done('getReadinessScore', readinessScoreAnswer(68, 64)),
      // No score computed yet: the page says it is saved without one.
      goalActors.done('getReadinessScore', null),
      goalActors.fail('getReadinessScore', 'unavailable'),
    ),
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        values: snapshot.context.values,
        stored: snapshot.context.goal?.properties ?? null,
      }),
  },
});

// ------------------------------------------------------------------------------------------------ communications

const toggleEvent = sampleEvents<typeof communicationTogglesMachine>();
const toggleActors = actorSamples<CommunicationTogglesActors>();

export const communicationTogglesEntry = defineMachineEntry({
  id: 'communicationToggles',
  title: 'Communication choices',
  purpose:
    'The communications settings page: each authorization and opt-in toggle saves at once; a failed save moves it back with authorizations.error.',
  machine: communicationTogglesMachine,
  testModel: {
    input: { actor: SAMPLE_SETTINGS_CUSTOMER },
    events: eventsByType(
      // "Do not call me" turned on, then off again.
      toggleEvent({ type: 'toggle.change', toggle: 'DoNotCall', value: true }),
      toggleEvent({ type: 'toggle.change', toggle: 'DoNotCall', value: false }),
      // "No text messages".
      toggleEvent({ type: 'toggle.change', toggle: 'SMS_Opt_out__c', value: true }),
      toggleEvent({ type: 'load.retry' }),
      toggleActors.done('getAuthorizations', authorizationsAnswer(SAMPLE_COMMUNICATIONS)),
      // No mobile phone: the SMS opt-out is not offered.
      toggleActors.done('getAuthorizations', authorizationsAnswer({ ...SAMPLE_COMMUNICATIONS, hasMobilePhone: false })),
      toggleActors.fail('getAuthorizations', 'unavailable'),
      toggleActors.done('updateAuthorizations', authorizationsAnswer(SAMPLE_COMMUNICATIONS)),
      toggleActors.fail('updateAuthorizations', 'unavailable'),
    ),
    stateKey: contextKey('values', 'pending', 'hasMobilePhone'),
  },
});

// ------------------------------------------------------------------------------------------------ password change

const passwordEvent = sampleEvents<typeof passwordChangeMachine>();
const passwordActors = actorSamples<PasswordChangeActors>();

export const SAMPLE_NEW_PASSWORD = 'Harbor-Lights-2027';

export const SAMPLE_PASSWORD_INPUT: PasswordChangeInput = { actor: SAMPLE_SETTINGS_CUSTOMER, paths: SAMPLE_SETTINGS_PATHS };

export const passwordChangeEntry = defineMachineEntry({
  id: 'passwordChange',
  title: 'Change the password',
  purpose:
    'The security page: a new password that passes the checklist; when the login is too old the re-authentication dialog opens and the change is retried.',
  machine: passwordChangeMachine,
  testModel: {
    input: SAMPLE_PASSWORD_INPUT,
    events: eventsByType(
      passwordEvent({ type: 'field.change', field: 'newPassword', value: SAMPLE_NEW_PASSWORD }),
      passwordEvent({ type: 'field.change', field: 'confirmPassword', value: SAMPLE_NEW_PASSWORD }),
      // Fails the checklist (no uppercase, number or special character).
      passwordEvent({ type: 'field.change', field: 'newPassword', value: 'harborlights' }),
      passwordEvent({ type: 'form.submit' }),
      ...REAUTH_PROMPT_SAMPLES,
      passwordEvent({ type: 'route.changed', path: SAMPLE_SETTINGS_PATHS.page, search: '' }),
      passwordEvent({ type: 'route.changed', path: SAMPLE_SETTINGS_PATHS.reauthentication, search: '' }),
      passwordActors.done('changePassword'),
      passwordActors.fail('changePassword', 'requires-recent-login'),
      passwordActors.fail('changePassword', 'password-requirements'),
      passwordActors.fail('changePassword', 'auth/network-request-failed'),
      ...REAUTHENTICATE_SAMPLES,
      passwordActors.done('clearWeakPasswordFlag', { ok: true }),
      passwordActors.fail('clearWeakPasswordFlag', 'unavailable'),
      passwordActors.done('clearPasswordReset', { ok: true }),
      passwordActors.fail('clearPasswordReset', 'unavailable'),
    ),
    stateKey: contextKey('newPassword', 'confirmPassword'),
  },
});

// ------------------------------------------------------------------------------------------------ email change

const emailEvent = sampleEvents<typeof emailChangeMachine>();
const emailActors = actorSamples<EmailChangeActors>();

export const SAMPLE_EMAIL_INPUT: EmailChangeInput = { actor: SAMPLE_SETTINGS_CUSTOMER, siteId: 'APP', currentEmail: 'settings.customer@demo.test' };

export const emailChangeEntry = defineMachineEntry({
  id: 'emailChange',
  title: 'Change the sign-in email',
  purpose:
    'The email change request: the new address gets a verification link, the old one a link that undoes it; an address in use or invalid is refused.',
  machine: emailChangeMachine,
  testModel: {
    input: SAMPLE_EMAIL_INPUT,
    events: eventsByType(
      emailEvent({ type: 'field.change', field: 'email', value: 'Jordan.Rivera@Example.com ' }),
      emailEvent({ type: 'field.change', field: 'email', value: 'jordan.rivera' }),
      emailEvent({ type: 'field.change', field: 'email', value: 'settings.customer@demo.test' }),
      emailEvent({ type: 'form.submit' }),
      emailEvent({ type: 'edit.cancel' }),
      emailActors.done('changeEmail', { ok: true, pendingEmail: 'jordan.rivera@example.com' }),
      emailActors.fail('changeEmail', 'failed-precondition', 'duplicate-email'),
      emailActors.fail('changeEmail', 'invalid-argument', 'invalid-email'),
      emailActors.fail('changeEmail', 'unavailable'),
      // The sign-in is too old to change the email: the password prompt.
      emailActors.fail('changeEmail', 'recent-sign-in-required', 'errors.settings.recent-sign-in-required'),
      ...REAUTH_PROMPT_SAMPLES,
      ...REAUTHENTICATE_SAMPLES,
    ),
    stateKey: contextKey('email'),
  },
});
