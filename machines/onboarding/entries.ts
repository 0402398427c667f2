import type { ReadinessScoreActorSignatures } from './ports';
import type { QuickSignUpActorSignatures } from './ports';
import type { IntakeActorSignatures, IntakeBankAccountsActorSignatures, IntakeDisputesActorSignatures } from './ports';
import type { GoalSelectionActorSignatures } from './ports';
import type { ContractPollingActorSignatures } from './ports';
import type { AuthorizationsActorSignatures, ContractActorSignatures } from './ports';
import type { OnboardingFactsActorSignatures, UserInfoData } from './ports';
import type { AuthorizationRecords } from '../../src/domain/authorizations';
import {
  firstIncompleteStep,
  intakeSaveRequest,
  isBankAccountsStepDone,
  isFormStep,
  isSupportedGoalType,
  validateIntakeStep,
  type IntakeGoal,
  type IntakeValues,
} from '../../src/domain/intake';
import { PREMIUM_ONLY_CODE } from '../../src/domain/permissions';
import type { QuickSignUpContact } from '../../src/domain/quickSignUp';
import { authorizationsMachine } from './authorizations.machine';
import { contractMachine } from './contract.machine';
import { contractPollingMachine } from './contractPolling.machine';
import { goalSelectionMachine } from './goalSelection.machine';
import { onboardingFactsMachine, type OnboardingFactsContext } from './onboardingFacts.machine';
import { intakeMachine, type IntakeContext } from './intake.machine';
import { intakeBankAccountsMachine } from './intakeBankAccounts.machine';
import { intakeDisputesMachine } from './intakeDisputes.machine';
import { SAMPLE_DISPUTE_ITEMS } from '../disputes/entries';
import type { IntakeLoadResult } from './ports';
import { onboardingMenuMachine } from './onboardingMenu.machine';
import { quickSignUpMachine } from './quickSignUp.machine';
import { readinessScoreMachine } from './readinessScore.machine';
import { actorSamples, after, defineMachineEntry, eventsByType, sampleEvents, valueKey } from '../registry';

// The onboarding machines' registry entries, listed in machines/index.ts. Sample events carry real
// payloads; `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result and
// `xstate.after.<delay>.<state id>` for a delay running out.



// ------------------------------------------------------------------------------------------------------ contract

const contractEvent = sampleEvents<typeof contractMachine>();
const contractActors = actorSamples<ContractActorSignatures>();

export const contractEntry = defineMachineEntry({
  id: 'contract',
  title: 'Contract',
  purpose: 'At /sign-up/contract: read the signing address and the placeholder prices, open the address from the click, go on to contract-complete.',
  machine: contractMachine,
  testModel: {
    input: { permitted: true },
    events: eventsByType(
      contractEvent({ type: 'route.changed', path: '/sign-up/contract', search: '?lang=es' }),
      contractEvent({ type: 'signingUrl.read', read: { data: null, failed: false } }),
      contractEvent({ type: 'signingUrl.read', read: { data: { url: 'https://esign.example/sign?agreement=1' }, failed: false } }),
      contractEvent({ type: 'signingUrl.read', read: { data: null, failed: true } }),
      contractEvent({ type: 'contract.sign' }),
      contractEvent({ type: 'contract.signed' }),
      contractEvent({ type: 'signingUrl.retry' }),
      contractActors.done('loadPrices', { firstWorkFee: 19_900, monthlyFee: 9_900 }),
      contractActors.fail('loadPrices', 'unavailable'),
    ),
    stateKey: valueKey,
  },
});

// ---------------------------------------------------------------------------------------------- onboarding facts

const onboardingFactsEvent = sampleEvents<typeof onboardingFactsMachine>();
const onboardingFactsActors = actorSamples<OnboardingFactsActorSignatures>();

/** A financial-wellness intake answered up to the BankAccounts step (page 3). */
export const SAMPLE_USER_INFO_AT_BANK_STEP: UserInfoData = {
  goal: { id: 'goal-1', type: 'financial_wellness', properties: { currentSavings: 2_500 } },
  personalInfo: { id: 'personal-info-goal-1', propertyStatus: 'rent', annualIncome: 48_000, disputesReviewLater: true },
};

/** Everything the guards of the onboarding facts read: the customer, the waivers, the reads and the report. */
function onboardingFactsKey({ refetches: _refetches, ...decided }: OnboardingFactsContext): string {
  return JSON.stringify(decided);
}

export const onboardingFactsEntry = defineMachineEntry({
  id: 'onboardingFacts',
  title: 'Onboarding facts',
  purpose: "The guard chain's onboarding gates 3-6: contract, authorizations, goal, first incomplete intake step.",
  machine: onboardingFactsMachine,
  testModel: {
    events: eventsByType(
      onboardingFactsEvent({ type: 'customer.changed', uid: 'customer-1', needed: true, authorizationsAccepted: false }),
      onboardingFactsEvent({ type: 'customer.changed', uid: 'customer-1', needed: true, authorizationsAccepted: true }),
      onboardingFactsEvent({ type: 'customer.changed', uid: 'customer-2', needed: true, authorizationsAccepted: false }),
      onboardingFactsEvent({ type: 'customer.changed', uid: null, needed: false, authorizationsAccepted: false }),
      onboardingFactsEvent({ type: 'contract.waived' }),
      onboardingFactsEvent({ type: 'facts.refetch' }),
      onboardingFactsEvent({ type: 'read.contractLink', read: { data: { link: 'https://esign.example/agreements/1' }, failed: false } }),
      onboardingFactsEvent({ type: 'read.contractLink', read: { data: { link: null }, failed: false } }),
      onboardingFactsEvent({ type: 'read.contractLink', read: { data: null, failed: true } }),
      onboardingFactsEvent({ type: 'read.authorizations', read: { data: { agreedToPII: true }, failed: false } }),
      onboardingFactsEvent({ type: 'read.userInfo', read: { data: { goal: null, personalInfo: null }, failed: false } }),
      onboardingFactsEvent({
        type: 'read.userInfo',
        read: { data: SAMPLE_USER_INFO_AT_BANK_STEP, failed: false },
      }),
      onboardingFactsEvent({
        type: 'read.userInfo',
        read: { data: { goal: { id: 'goal-old', type: 'boat_loan', properties: {} }, personalInfo: null }, failed: false },
      }),
      onboardingFactsEvent({ type: 'read.userInfo', read: { data: null, failed: true } }),
      onboardingFactsEvent({ type: 'read.customerContact', read: { data: { bankOptOut: true }, failed: false } }),
      onboardingFactsEvent({ type: 'read.connectedInstitutions', read: { data: null, failed: true } }),
      onboardingFactsActors.done('refetchFailedReads'),
      onboardingFactsActors.fail('refetchFailedReads', 'unavailable'),
    ),
    stateKey: (snapshot) => JSON.stringify([snapshot.value, onboardingFactsKey(snapshot.context)]),
  },
});

// -------------------------------------------------------------------------------------------- contract polling

/** A fixed instant for the samples whose guards compare times. */
export const ONBOARDING_SAMPLE_NOW_MS = Date.parse('2026-11-02T12:00:00.000Z');

const contractPollingActors = actorSamples<ContractPollingActorSignatures>();

export const contractPollingEntry = defineMachineEntry({
  id: 'contractPolling',
  title: 'Contract polling',
  purpose: 'After signing: up to 15 polls 1 s apart for the contract link, then authorizations (or quick sign-up).',
  machine: contractPollingMachine,
  testModel: {
    input: { contactId: '003DEMONEWCUST001', anonymous: false },
    events: eventsByType(
      contractPollingActors.done('fetchContractLink', { link: 'https://esign.example/agreements/003DEMONEWCUST001' }),
      contractPollingActors.done('fetchContractLink', { link: null }),
      contractPollingActors.fail('fetchContractLink', 'unavailable'),
      after('contractPoll', 'contractPolling.waiting'),
      after('contractPoll', 'contractPolling.retrying'),
      sampleEvents<typeof contractPollingMachine>()({ type: 'poll.retry' }),
    ),
    // The poll count decides between waiting and giving up; the failures in a row between retrying and asking.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.attempts, snapshot.context.failures]),
  },
});

// ------------------------------------------------------------------------------------------------ authorizations

const authorizationsEvent = sampleEvents<typeof authorizationsMachine>();

export const SAMPLE_AUTHORIZATION_RECORDS: AuthorizationRecords = {
  DoNotCall: null,
  Allow_Referral_Update__c: null,
  Round_Opt_In__c: true,
  SMS_Opt_out__c: null,
  hasMobilePhone: true,
  agreedToPIIAt: null,
};

const authorizationsActors = actorSamples<AuthorizationsActorSignatures>();

export const authorizationsEntry = defineMachineEntry({
  id: 'authorizations',
  title: 'Authorizations',
  purpose: 'Three required boxes, share info and SMS opt-in, agree-all; accepted only with the required ones.',
  machine: authorizationsMachine,
  testModel: {
    input: { actor: { isAgent: false }, permissionCheckEnabled: true },
    events: eventsByType(
      authorizationsEvent({ type: 'box.toggle', box: 'consentToBeContacted', checked: true }),
      authorizationsEvent({ type: 'box.toggle', box: 'canLoanFromAnyone', checked: true }),
      authorizationsEvent({ type: 'box.toggle', box: 'agreeToPII', checked: true }),
      authorizationsEvent({ type: 'box.toggle', box: 'agreeToPII', checked: false }),
      authorizationsEvent({ type: 'box.toggle', box: 'smsOptIn', checked: true }),
      authorizationsEvent({ type: 'boxes.toggleAll', checked: true }),
      authorizationsEvent({ type: 'boxes.toggleAll', checked: false }),
      authorizationsEvent({ type: 'form.submit' }),
      authorizationsEvent({ type: 'load.retry' }),
      authorizationsActors.done('loadAuthorizations', SAMPLE_AUTHORIZATION_RECORDS),
      authorizationsActors.done('loadAuthorizations', { ...SAMPLE_AUTHORIZATION_RECORDS, hasMobilePhone: false }),
      authorizationsActors.fail('loadAuthorizations', 'unavailable'),
      authorizationsActors.done('saveAuthorizations'),
      authorizationsActors.fail('saveAuthorizations', 'permission-denied', 'coach.toast.not-permitted'),
      authorizationsActors.fail('saveAuthorizations', 'internal'),
    ),
    stateKey: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.boxes, snapshot.context.hasMobilePhone, snapshot.context.errorKey]),
  },
});

// ------------------------------------------------------------------------------------------------ goal selection

const goalSelectionEvent = sampleEvents<typeof goalSelectionMachine>();

const goalSelectionActors = actorSamples<GoalSelectionActorSignatures>();

export const goalSelectionEntry = defineMachineEntry({
  id: 'goalSelection',
  title: 'Goal selection',
  purpose: 'Pick a goal at /sign-up/select-goal; createGoal; a failure opens the error-creating dialog.',
  machine: goalSelectionMachine,
  testModel: {
    input: { hideDeprecatedGoals: false },
    events: eventsByType(
      goalSelectionEvent({ type: 'goal.select', goalType: 'mortgage_loan' }),
      goalSelectionEvent({ type: 'goal.select', goalType: 'boat_loan' }),
      goalSelectionEvent({ type: 'dialog.close' }),
      goalSelectionActors.done('createGoal', { id: 'goal-1', type: 'mortgage_loan' }),
      goalSelectionActors.fail('createGoal', 'internal'),
    ),
    stateKey: (snapshot) => JSON.stringify(snapshot.value),
  },
});

// ------------------------------------------------------------------------------------------------- quick sign-up

const lead = (fields: Partial<QuickSignUpContact>): QuickSignUpContact => ({
  contractSignLink: 'https://esign.example/sign/agreement-1',
  email: 'lead@example.com',
  isContractSigned: false,
  hasAccount: false,
  quickSignUpEmailTimestamp: new Date(ONBOARDING_SAMPLE_NOW_MS - 60 * 60 * 1_000),
  ...fields,
});

const quickSignUpActors = actorSamples<QuickSignUpActorSignatures>();

export const quickSignUpEntry = defineMachineEntry({
  id: 'quickSignUp',
  title: 'Quick sign-up',
  purpose: 'From a quick sign-up link: 403 when older than 3 days, sign-in, sign-up form, signing prompt, not found.',
  machine: quickSignUpMachine,
  testModel: {
    input: { contactId: '003LEAD0001', nowMs: ONBOARDING_SAMPLE_NOW_MS },
    events: eventsByType(
      { type: 'load.retry' },
      quickSignUpActors.done('fetchQuickSignUpContact', lead({ quickSignUpEmailTimestamp: new Date(ONBOARDING_SAMPLE_NOW_MS - 4 * 86_400_000) })),
      quickSignUpActors.done('fetchQuickSignUpContact', lead({ hasAccount: true, email: null })),
      quickSignUpActors.done('fetchQuickSignUpContact', lead({ isContractSigned: true })),
      quickSignUpActors.done('fetchQuickSignUpContact', lead({})),
      quickSignUpActors.done('fetchQuickSignUpContact', lead({ email: null })),
      quickSignUpActors.done('fetchQuickSignUpContact', lead({ contractSignLink: null })),
      quickSignUpActors.fail('fetchQuickSignUpContact', 'not-found'),
      quickSignUpActors.fail('fetchQuickSignUpContact', 'unavailable'),
    ),
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.decision?.kind ?? null]),
  },
});

// -------------------------------------------------------------------------------------------------------- intake

const intakeEvent = sampleEvents<typeof intakeMachine>();

const goal = (type: string, properties: IntakeGoal['properties'] = {}): IntakeGoal => ({ id: `goal-${type}`, type, properties });

/** A new intake per goal type, one edited before, and the cases that never show a step. */
export const SAMPLE_INTAKE_LOADS: Readonly<Record<string, IntakeLoadResult>> = {
  mortgage: { goal: goal('mortgage_loan'), personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  refinance: { goal: goal('refinance'), personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  financialWellness: { goal: goal('financial_wellness'), personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  recreationalVehicle: { goal: goal('recreational_vehicle'), personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  resumedWellness: {
    goal: goal('financial_wellness', { currentSavings: 1_500 }),
    personalInfo: { id: 'personal-info-goal-financial_wellness', propertyStatus: 'rent', annualIncome: 48_000 },
    bankOptOut: false,
    linkedAccountCount: 1,
  },
  noGoal: { goal: null, personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  unsupported: { goal: goal('boat_loan'), personalInfo: null, bankOptOut: false, linkedAccountCount: 0 },
  completed: {
    goal: goal('refinance'),
    personalInfo: { id: 'pi-done', completedIntake: true },
    bankOptOut: true,
    linkedAccountCount: 0,
  },
};

/** Answers for every step of every goal, valid. */
export const VALID_INTAKE_VALUES: IntakeValues = {
  purchaseCity: 'Reno',
  purchaseState: 'NV',
  propertyType: 'single_family',
  loanType: 'conventional',
  propertyStatus: 'rent',
  annualIncome: '72000',
  purchasePrice: '320000',
  currentSavings: '18000',
  currentHomePrice: '280000',
  cashOut: false,
  vehicleType: 'class_c',
  isNew: true,
  purchaseCounty: 'Washoe',
  tradeInValue: '0',
  employmentPayFrequency: 'biweekly',
  employmentStatus: 'employed_full_time',
  educationLevel: 'bachelors',
  veteranStatus: 'no',
  isAmericanCitizen: true,
};

/** Answers refused by every money rule (each form step with amounts has one), the rest valid. */
export const INVALID_INTAKE_VALUES: IntakeValues = {
  ...VALID_INTAKE_VALUES,
  annualIncome: '-5',
  currentSavings: 'lots',
  purchasePrice: '0',
};

/** Every answer cleared. */
export const CLEARED_INTAKE_VALUES: IntakeValues = Object.fromEntries(
  Object.keys(VALID_INTAKE_VALUES).map((field) => [field, null]),
) as IntakeValues;

/** What the form's guards see: no form, missing answers, refused answers, or valid and changed or not. */
function computeFormState(context: IntakeContext): string {
  const step = context.steps[context.stepIndex];
  if (!step || !isFormStep(step)) return 'none';
  const result = validateIntakeStep(step, context.values);
  if (!result.ok) return result.missingFields.length > 0 ? 'missing' : 'invalid';
  const changed = context.goal !== null && intakeSaveRequest(result.changes, context.goal, context.personalInfo) !== null;
  return changed ? 'changed' : 'unchanged';
}

// The path search asks for the state key of every snapshot it reaches (thousands), and validating a step builds
// its zod schema: the answer is kept per step, answers and stored data, which are few.
const FORM_STATE_CACHE_LIMIT = 10_000;
const formStates = new Map<string, string>();

function formState(context: IntakeContext): string {
  const step = context.steps[context.stepIndex];
  if (!step || !isFormStep(step)) return 'none';
  const cacheKey = JSON.stringify([step, context.values, context.goal, context.personalInfo]);
  let state = formStates.get(cacheKey);
  if (state === undefined) {
    state = computeFormState(context);
    if (formStates.size >= FORM_STATE_CACHE_LIMIT) formStates.clear();
    formStates.set(cacheKey, state);
  }
  return state;
}

/**
 * The first step the stored answers leave incomplete (as firstIncompleteStep counts it): where the intake is
 * entered again after a failed completion (assignEntryStep), and so also which earlier steps show stored,
 * complete answers when revisited (hasRefusedAnswers, hasChanges there).
 */
function entryPage(context: IntakeContext): number | null {
  const { goal, personalInfo } = context;
  if (!goal || !isSupportedGoalType(goal.type)) return null;
  return firstIncompleteStep(goal.type, goal, personalInfo, {
    bankAccountsDone: isBankAccountsStepDone(context.linkedAccountCount, context.savedBankOptOut),
  });
}

/** The pages of the addresses the samples report with route.changed (one revisits, one is the step's). */
const ROUTE_SAMPLE_PAGES = [1, 2] as const;
/** isReachableAddress compares the furthest step reached only with the sampled pages: beyond the highest, all alike. */
const HIGHEST_VISIT_SAMPLE_INDEX = Math.max(...ROUTE_SAMPLE_PAGES) - 1;

const intakeActors = actorSamples<IntakeActorSignatures>();

/** The bank step's facts as it ends. */
const bankFacts = (bankOptOut: boolean, linkedAccountCount: number) => ({ bankOptOut, savedBankOptOut: bankOptOut, linkedAccountCount });

export const intakeEntry = defineMachineEntry({
  id: 'intake',
  title: 'Intake',
  purpose: "The goal's intake steps: entry at the first incomplete one, saves when changed, disputes, bank, completion.",
  machine: intakeMachine,
  testModel: {
    input: { actor: { isAgent: false }, canSkipDisputes: false, productLine: 'Primary' },
    events: eventsByType(
      intakeEvent({ type: 'form.change', values: VALID_INTAKE_VALUES }),
      intakeEvent({ type: 'form.change', values: INVALID_INTAKE_VALUES }),
      intakeEvent({ type: 'form.change', values: CLEARED_INTAKE_VALUES }),
      intakeEvent({ type: 'step.next' }),
      intakeEvent({ type: 'step.back' }),
      ...ROUTE_SAMPLE_PAGES.map((page) => intakeEvent({ type: 'route.changed', path: `/intake/${page}`, search: '' })),
      intakeEvent({ type: 'step.visitRefused' }),
      intakeEvent({ type: 'load.retry' }),
      intakeEvent({ type: 'dialog.close' }),
      intakeEvent({ type: 'disputes.skip' }),
      intakeEvent({ type: 'disputes.coachOverride' }),
      intakeEvent({ type: 'completion.retry' }),
      intakeEvent({ type: 'report.status', status: 'processing' }),
      intakeEvent({ type: 'report.status', status: 'complete' }),
      ...Object.values(SAMPLE_INTAKE_LOADS).map((loaded) => intakeActors.done('loadIntake', loaded)),
      intakeActors.fail('loadIntake', 'unavailable'),
      intakeActors.done('saveIntake'),
      intakeActors.fail('saveIntake', 'invalid-argument'),
      intakeActors.done('intakeDisputes', { move: 'next' }),
      intakeActors.done('intakeDisputes', { move: 'back' }),
      intakeActors.done('intakeBankAccounts', { move: { to: 'next' }, ...bankFacts(true, 0) }),
      intakeActors.done('intakeBankAccounts', { move: { to: 'back' }, ...bankFacts(false, 2) }),
      intakeActors.done('intakeBankAccounts', { move: { to: 'page', page: 1 }, ...bankFacts(false, 0) }),
      intakeActors.done('completeIntake', { userId: 'customer-1' }),
      intakeActors.fail('completeIntake', 'failed-precondition', 'intake.errors.missing-fields'),
      intakeActors.fail('completeIntake', 'unavailable'),
      intakeActors.done('refreshCreditDisplay'),
      intakeActors.fail('refreshCreditDisplay', 'unavailable'),
      intakeActors.done('generateReadinessScore'),
      intakeActors.fail('generateReadinessScore', 'failed-precondition'),
      intakeActors.done('refetchUserData'),
      intakeActors.fail('refetchUserData', 'unavailable'),
      after('resumeDialog', 'intake.active.resume.waiting'),
      after('completionWait', 'intake.finishing.waitingForReport'),
      after('intakeStuck', 'intake.finishing.recalculating'),
    ),
    // The facts the guards read, and no more (each further fact multiplies the states the path search visits):
    // which goal and step (isCurrentStep, isPastLastStep, hasPreviousStep), whether the furthest step reached
    // lets the sampled pages be revisited (isReachableAddress), the form's state (hasRefusedAnswers, hasChanges),
    // how far the stored answers go (the entry step, see entryPage), the bank step's facts (the entry step, and
    // the bank step's input) and whether the resume dialog is due (shouldOfferResume); and the address: the page
    // asked for (isStaleAddress, isReachableAddress), the page reported and the page last shown (whether the next
    // step asks for its page). Error keys are read by no guard: an error shown changes nothing the machine decides.
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.goal?.type ?? null,
        snapshot.context.stepIndex,
        Math.min(snapshot.context.furthestIndex, HIGHEST_VISIT_SAMPLE_INDEX),
        formState(snapshot.context),
        entryPage(snapshot.context),
        snapshot.context.bankOptOut,
        snapshot.context.savedBankOptOut,
        snapshot.context.linkedAccountCount > 0,
        snapshot.context.editedBefore && !snapshot.context.resumeOffered,
        snapshot.context.askedPage,
        snapshot.context.addressPage,
        snapshot.context.shownPage,
      ]),
  },
});

// ------------------------------------------------------------------------------------------------ intake disputes

const intakeDisputesEvent = sampleEvents<typeof intakeDisputesMachine>();
const intakeDisputesActors = actorSamples<IntakeDisputesActorSignatures>();

export const intakeDisputesEntry = defineMachineEntry({
  id: 'intakeDisputes',
  title: 'Intake: Disputes step',
  purpose: 'Nothing to review → on by itself; report processing → wait; otherwise the dispute wizard (submitted → on).',
  machine: intakeDisputesMachine,
  testModel: {
    input: { actor: { isAgent: false }, movingBack: false, errorKey: null },
    events: eventsByType(
      intakeDisputesEvent({ type: 'disputes.review' }),
      intakeDisputesEvent({ type: 'step.retry' }),
      intakeDisputesEvent({ type: 'report.status', status: 'processing' }),
      intakeDisputesEvent({ type: 'report.status', status: 'complete' }),
      intakeDisputesActors.done('checkDisputes', { userId: 'customer-1', reportStatus: 'none', unchallengedCount: 0, items: [] }),
      intakeDisputesActors.done('checkDisputes', { userId: 'customer-1', reportStatus: 'processing', unchallengedCount: 0, items: [] }),
      intakeDisputesActors.done('checkDisputes', {
        userId: 'customer-1',
        reportStatus: 'complete',
        unchallengedCount: 2,
        items: [SAMPLE_DISPUTE_ITEMS.collection, SAMPLE_DISPUTE_ITEMS.inquiry],
      }),
      intakeDisputesActors.fail('checkDisputes', 'unavailable'),
      intakeDisputesActors.done('disputeWizard', { submitted: true, items: [] }),
      // Closed without submitting, one reason saved.
      intakeDisputesActors.done('disputeWizard', {
        submitted: false,
        items: [{ ...SAMPLE_DISPUTE_ITEMS.collection, challengeReason: 'not_mine', challengeReasonSelected: true }, SAMPLE_DISPUTE_ITEMS.inquiry],
      }),
      intakeDisputesActors.fail('disputeWizard', 'unknown'),
      after('reportWait', 'intakeDisputes.waitingForReport'),
    ),
    // The guards read the check's answer, the report status and the wizard's end (payloads) and the direction (input).
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------ intake bank accounts

const intakeBankEvent = sampleEvents<typeof intakeBankAccountsMachine>();
const intakeBankActors = actorSamples<IntakeBankAccountsActorSignatures>();

export const intakeBankAccountsEntry = defineMachineEntry({
  id: 'intakeBankAccounts',
  title: 'Intake: BankAccounts step',
  purpose: 'Link accounts through the bank widget or tick the opt-out (saved); the free line gets no widget.',
  machine: intakeBankAccountsMachine,
  testModel: {
    input: {
      actor: { isAgent: false },
      productLine: 'Primary',
      canGoBack: true,
      // Opted out before: unticking and saving keeps the step's screen, ticking again and saving ends it.
      bankOptOut: true,
      savedBankOptOut: true,
      linkedAccountCount: 0,
      errorKey: null,
    },
    events: eventsByType(
      intakeBankEvent({ type: 'bank.optOutChange', optOut: true }),
      intakeBankEvent({ type: 'bank.optOutChange', optOut: false }),
      intakeBankEvent({ type: 'bank.connect' }),
      intakeBankEvent({ type: 'bank.linked' }),
      intakeBankEvent({ type: 'dialog.close' }),
      intakeBankEvent({ type: 'step.next' }),
      intakeBankEvent({ type: 'step.back' }),
      intakeBankEvent({ type: 'step.visit', page: 1 }),
      intakeBankActors.done('fetchWidgetUrl', { url: 'https://bank.example/widget?session=1' }),
      intakeBankActors.fail('fetchWidgetUrl', 'permission-denied', 'money.coach-cant-connect'),
      // The server's refusal for the free line, when the product line changed since the intake started.
      intakeBankActors.fail('fetchWidgetUrl', PREMIUM_ONLY_CODE),
      intakeBankActors.fail('fetchWidgetUrl', 'unavailable'),
      intakeBankActors.done('countLinkedAccounts', { linkedAccountCount: 3 }),
      intakeBankActors.fail('countLinkedAccounts', 'unavailable'),
      intakeBankActors.done('saveBankOptOut'),
      intakeBankActors.fail('saveBankOptOut', 'unavailable'),
    ),
    // isBankStepDone and hasOptOutChanged read the opt-out as ticked and as saved, and whether accounts are linked;
    // who the person is and the product line are the input's.
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.bankOptOut,
        snapshot.context.savedBankOptOut,
        snapshot.context.linkedAccountCount > 0,
      ]),
  },
});

// ------------------------------------------------------------------------------------------------ readiness score

const readinessScoreEvent = sampleEvents<typeof readinessScoreMachine>();

const readinessScoreActors = actorSamples<ReadinessScoreActorSignatures>();

export const readinessScoreEntry = defineMachineEntry({
  id: 'readinessScore',
  title: 'Home hub readiness score',
  purpose: 'The first score after intake: asked every 3 s for a minute, then the customer may have it calculated.',
  machine: readinessScoreMachine,
  testModel: {
    events: eventsByType(
      readinessScoreActors.done('fetchScore', { displayScore: 62 }),
      readinessScoreActors.done('fetchScore', null),
      readinessScoreActors.fail('fetchScore', 'unavailable'),
      readinessScoreActors.doneAs('pollScore', 'fetchScore', { displayScore: 62 }),
      readinessScoreActors.doneAs('pollScore', 'fetchScore', null),
      readinessScoreActors.failAs('pollScore', 'fetchScore', 'unavailable'),
      readinessScoreActors.done('calculateScore', { displayScore: 58 }),
      readinessScoreActors.fail('calculateScore', 'internal'),
      after('scorePoll', 'readinessScore.waiting'),
      readinessScoreEvent({ type: 'score.calculate' }),
      readinessScoreEvent({ type: 'load.retry' }),
    ),
    // The ask count decides between asking again and offering to calculate.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.polls]),
  },
});

const menuEvent = sampleEvents<typeof onboardingMenuMachine>();

export const onboardingMenuEntry = defineMachineEntry({
  id: 'onboardingMenu',
  title: 'Onboarding menu',
  purpose:
    "The onboarding pages' limited drawer: the areas the customer will have, contact and sign-out; choosing an area opens the complete-onboarding dialog instead of the area.",
  machine: onboardingMenuMachine,
  testModel: {
    events: eventsByType(
      menuEvent({ type: 'menu.open' }),
      menuEvent({ type: 'menu.close' }),
      menuEvent({ type: 'menu.pickArea', area: 'credit' }),
      menuEvent({ type: 'dialog.continue' }),
      menuEvent({ type: 'dialog.close' }),
    ),
    stateKey: valueKey,
  },
});
