// Goals and the intake questionnaire (spec 002 §1, §3, §4 "Intake", §5 "Intake completeness"; spec 000 §3.5).
// The same rules run in the intake machine (entry step, validation, what changed) and in the functions
// (updateUserInfo and completeIntake refuse what the form would refuse).
import { z } from 'zod/mini';
import { ADDRESS_FIELD_MAX_LENGTH, INTAKE_AMOUNT_MAX_USD } from './constants';
import { ERROR_KEYS } from './errors';
import { MONEY_ERRORS, parseMoney, US_STATE_CODES, type MoneyError, type UsStateCode } from './personalFields';

// ---------------------------------------------------------------------------------------------- goal types

export const GOAL_TYPES = ['mortgage_loan', 'refinance', 'financial_wellness', 'recreational_vehicle'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** The goals the deprecated-goals flag hides (spec 002 §1: the recreational vehicle goal). */
export const DEPRECATED_GOAL_TYPES: readonly GoalType[] = ['recreational_vehicle'];

export function isSupportedGoalType(value: unknown): value is GoalType {
  return typeof value === 'string' && (GOAL_TYPES as readonly string[]).includes(value);
}

/** The goals offered at /sign-up/select-goal. */
export function selectableGoalTypes(hideDeprecatedGoals: boolean): GoalType[] {
  return GOAL_TYPES.filter((type) => !(hideDeprecatedGoals && DEPRECATED_GOAL_TYPES.includes(type)));
}

/** What the product shows for a goal whose type it does not know (spec 002 §1). */
export const UNSUPPORTED_GOAL_TYPE_TEXT = 'Unsupported Goal Type';

// ---------------------------------------------------------------------------------------------- option lists

// spec 000 §3.5 and spec 002 §3.
export const PROPERTY_TYPES = [
  'single_family',
  'multi_family',
  'condo',
  'townhouse',
  'co_op',
  'manufactured_home',
  'investment_property',
  'unknown',
] as const;
export const LOAN_TYPES = ['conventional', 'fha', 'va', 'usda', 'unknown'] as const;
export const VEHICLE_TYPES = [
  'class_a',
  'class_b',
  'class_c',
  'travel_trailer',
  'lightweight_trailer',
  'boat',
  'motorcycle',
] as const;
/** Housing (propertyStatus). */
export const PROPERTY_STATUSES = ['rent', 'own', 'own_with_mortgage', 'other'] as const;
export const EMPLOYMENT_STATUSES = [
  'employed',
  'employed_full_time',
  'employed_part_time',
  'military',
  'not_employed',
  'self_employed',
  'retired',
  'other',
] as const;
export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'twice_monthly', 'monthly', 'unknown'] as const;
export const EDUCATION_LEVELS = [
  'high_school',
  'associate',
  'bachelors',
  'masters',
  'doctorate',
  'other_grad_degree',
  'certificate',
  'did_not_graduate',
  'still_enrolled',
  'other',
  'unknown',
] as const;
/** Veteran choices: no, yes, active recent (spec 002 §3). */
export const VETERAN_STATUSES = ['no', 'yes', 'active_recent'] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type LoanType = (typeof LOAN_TYPES)[number];
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export type VeteranStatus = (typeof VETERAN_STATUSES)[number];

// ---------------------------------------------------------------------------------------------- stored data

/** Goal properties the intake reads and writes (spec 002 §3 Goal); the stored goal may carry more. */
export interface IntakeGoalProperties {
  purchaseCity?: string | null;
  purchaseState?: string | null;
  purchaseCounty?: string | null;
  propertyType?: PropertyType | null;
  loanType?: LoanType | null;
  currentHomePrice?: number | null;
  purchasePrice?: number | null;
  currentSavings?: number | null;
  cashOut?: boolean | null;
  cashAmount?: number | null;
  vehicleType?: VehicleType | null;
  isNew?: boolean | null;
  tradeInValue?: number | null;
}

export interface IntakeGoal {
  id: string;
  /** A string: a stored goal may carry a type this build does not support ('Unsupported Goal Type'). */
  type: string;
  properties: IntakeGoalProperties;
}

/** Personal info (spec 002 §3) plus the recorded choice to review disputes later (Disputes step). */
export interface IntakePersonalInfo {
  id: string;
  propertyStatus?: PropertyStatus | null;
  annualIncome?: number | null;
  employmentPayFrequency?: PayFrequency | null;
  employmentStatus?: EmploymentStatus | null;
  educationLevel?: EducationLevel | null;
  veteranStatus?: VeteranStatus | null;
  veteranActiveRecent?: boolean | null;
  isAmericanCitizen?: boolean | null;
  completedIntake?: boolean | null;
  disputesReviewLater?: boolean | null;
}

/** Personal info is created with the goal; its id follows the goal's so client and server agree on it. */
export function personalInfoIdFor(goalId: string): string {
  return `personal-info-${goalId}`;
}

// ---------------------------------------------------------------------------------------------- steps

export const INTAKE_STEPS = [
  'HouseDetails',
  'MortgageDetails',
  'RefinanceDetails',
  'FinancialStatus',
  'RVType',
  'RVFinancing',
  'Disputes',
  'BankAccounts',
  'UserBackground',
] as const;
export type IntakeStep = (typeof INTAKE_STEPS)[number];

/** The steps that are forms over goal properties and personal info. */
export type IntakeFormStep = Exclude<IntakeStep, 'Disputes' | 'BankAccounts'>;

export function isFormStep(step: IntakeStep): step is IntakeFormStep {
  return step !== 'Disputes' && step !== 'BankAccounts';
}

/** Step order per goal (spec 002 §4). */
export const INTAKE_STEP_ORDER: Readonly<Record<GoalType, readonly IntakeStep[]>> = {
  mortgage_loan: ['HouseDetails', 'MortgageDetails', 'Disputes', 'BankAccounts', 'UserBackground'],
  refinance: ['HouseDetails', 'RefinanceDetails', 'Disputes', 'BankAccounts'],
  financial_wellness: ['FinancialStatus', 'Disputes', 'BankAccounts'],
  recreational_vehicle: ['RVType', 'RVFinancing', 'Disputes', 'BankAccounts'],
};

export function intakeSteps(goalType: GoalType): readonly IntakeStep[] {
  return INTAKE_STEP_ORDER[goalType];
}

// ---------------------------------------------------------------------------------------------- fields

export type IntakeFieldOwner = 'goal' | 'personalInfo';
export type IntakeFieldKind = 'text' | 'state' | 'select' | 'money' | 'boolean';

export interface IntakeFieldSpec {
  owner: IntakeFieldOwner;
  kind: IntakeFieldKind;
  /** The choices of a select (the view translates them). */
  options?: readonly string[];
}

export const INTAKE_FIELDS = {
  purchaseCity: { owner: 'goal', kind: 'text' },
  purchaseState: { owner: 'goal', kind: 'state', options: US_STATE_CODES },
  purchaseCounty: { owner: 'goal', kind: 'text' },
  propertyType: { owner: 'goal', kind: 'select', options: PROPERTY_TYPES },
  loanType: { owner: 'goal', kind: 'select', options: LOAN_TYPES },
  currentHomePrice: { owner: 'goal', kind: 'money' },
  purchasePrice: { owner: 'goal', kind: 'money' },
  currentSavings: { owner: 'goal', kind: 'money' },
  cashOut: { owner: 'goal', kind: 'boolean' },
  cashAmount: { owner: 'goal', kind: 'money' },
  vehicleType: { owner: 'goal', kind: 'select', options: VEHICLE_TYPES },
  isNew: { owner: 'goal', kind: 'boolean' },
  tradeInValue: { owner: 'goal', kind: 'money' },
  propertyStatus: { owner: 'personalInfo', kind: 'select', options: PROPERTY_STATUSES },
  annualIncome: { owner: 'personalInfo', kind: 'money' },
  employmentPayFrequency: { owner: 'personalInfo', kind: 'select', options: PAY_FREQUENCIES },
  employmentStatus: { owner: 'personalInfo', kind: 'select', options: EMPLOYMENT_STATUSES },
  educationLevel: { owner: 'personalInfo', kind: 'select', options: EDUCATION_LEVELS },
  veteranStatus: { owner: 'personalInfo', kind: 'select', options: VETERAN_STATUSES },
  veteranActiveRecent: { owner: 'personalInfo', kind: 'boolean' },
  isAmericanCitizen: { owner: 'personalInfo', kind: 'boolean' },
} as const satisfies Record<string, IntakeFieldSpec>;
export type IntakeField = keyof typeof INTAKE_FIELDS;

/** What a form holds per field while the customer types: text as typed, choices, yes/no, or nothing yet. */
export type IntakeValue = string | number | boolean | null;
export type IntakeValues = Partial<Record<IntakeField, IntakeValue>>;

/** The fields of each form step, in the order the form shows them. */
export const STEP_FIELDS: Readonly<Record<IntakeFormStep, readonly IntakeField[]>> = {
  HouseDetails: ['purchaseCity', 'purchaseState', 'propertyType', 'loanType'],
  MortgageDetails: ['propertyStatus', 'annualIncome', 'purchasePrice', 'currentSavings', 'currentHomePrice'],
  RefinanceDetails: ['annualIncome', 'currentHomePrice', 'cashOut', 'cashAmount'],
  FinancialStatus: ['propertyStatus', 'annualIncome', 'currentSavings', 'currentHomePrice'],
  RVType: ['vehicleType', 'isNew', 'purchaseCounty', 'purchaseState'],
  RVFinancing: ['purchasePrice', 'tradeInValue', 'currentSavings'],
  UserBackground: [
    'employmentPayFrequency',
    'employmentStatus',
    'educationLevel',
    'veteranStatus',
    'veteranActiveRecent',
    'isAmericanCitizen',
  ],
};

/**
 * Fields that only apply given another answer on the same step (spec 002 §5): home value unless renting (where the
 * step asks about housing; a refinance always needs it), cash amount with cash-out, the recent-active answer for
 * veterans.
 */
export function isFieldShown(step: IntakeFormStep, field: IntakeField, values: IntakeValues): boolean {
  switch (field) {
    case 'currentHomePrice':
      return !STEP_FIELDS[step].includes('propertyStatus') || values.propertyStatus !== 'rent';
    case 'cashAmount':
      return values.cashOut === true;
    case 'veteranActiveRecent':
      return values.veteranStatus !== 'no';
    default:
      return true;
  }
}

/** The fields a step's form shows for these answers. */
export function shownStepFields(step: IntakeFormStep, values: IntakeValues): IntakeField[] {
  return STEP_FIELDS[step].filter((field) => isFieldShown(step, field, values));
}

/** The form's starting values: what is stored for the step's fields. */
export function stepValues(
  step: IntakeFormStep,
  goal: IntakeGoal | null,
  personalInfo: IntakePersonalInfo | null,
): IntakeValues {
  const values: IntakeValues = {};
  for (const field of STEP_FIELDS[step]) {
    const source: Record<string, unknown> =
      INTAKE_FIELDS[field].owner === 'goal' ? { ...goal?.properties } : { ...personalInfo };
    const stored = source[field];
    values[field] =
      typeof stored === 'string' || typeof stored === 'number' || typeof stored === 'boolean' ? stored : null;
  }
  return values;
}

// ---------------------------------------------------------------------------------------------- completeness

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNonZeroNumber = (value: unknown) => isNumber(value) && value !== 0;
const isFilled = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'boolean' || isNumber(value);

/** Per-step completeness of stored answers, exactly as spec 002 §5 lists it. */
export function isFormStepComplete(
  step: IntakeFormStep,
  goal: IntakeGoal | null,
  personalInfo: IntakePersonalInfo | null,
): boolean {
  const g = goal?.properties ?? {};
  const p = personalInfo ?? ({} as Partial<IntakePersonalInfo>);
  const renting = p.propertyStatus === 'rent';
  switch (step) {
    case 'HouseDetails':
      return isFilled(g.purchaseCity) && isFilled(g.purchaseState) && isFilled(g.propertyType) && isFilled(g.loanType);
    case 'MortgageDetails':
      return (
        isFilled(p.propertyStatus) &&
        isNumber(p.annualIncome) &&
        isNumber(g.purchasePrice) &&
        isNumber(g.currentSavings) &&
        (renting || isNumber(g.currentHomePrice))
      );
    case 'RefinanceDetails':
      return isNumber(p.annualIncome) && isNumber(g.currentHomePrice) && (g.cashOut !== true || isNumber(g.cashAmount));
    case 'RVType':
      return isFilled(g.vehicleType) && isFilled(g.purchaseCounty) && isFilled(g.purchaseState);
    case 'RVFinancing':
      return isNumber(g.tradeInValue) && isNonZeroNumber(g.purchasePrice) && isNonZeroNumber(g.currentSavings);
    case 'FinancialStatus':
      return (
        isFilled(p.propertyStatus) &&
        isNumber(p.annualIncome) &&
        isNumber(g.currentSavings) &&
        (renting || isNumber(g.currentHomePrice))
      );
    case 'UserBackground':
      return (
        isFilled(p.employmentPayFrequency) &&
        isFilled(p.employmentStatus) &&
        isFilled(p.educationLevel) &&
        isFilled(p.veteranStatus) &&
        (p.veteranStatus === 'no' || typeof p.veteranActiveRecent === 'boolean') &&
        typeof p.isAmericanCitizen === 'boolean'
      );
  }
}

/** What the two non-form steps depend on besides the stored answers. */
export interface IntakeProgress {
  /** BankAccounts: accounts are linked or the opt-out is ticked. */
  bankAccountsDone?: boolean;
}

/** The BankAccounts step's rule (spec 002 §4): next is enabled when accounts are linked or the opt-out is ticked. */
export function isBankAccountsStepDone(linkedAccountCount: number, optedOut: boolean): boolean {
  return linkedAccountCount > 0 || optedOut;
}

export function isStepComplete(
  step: IntakeStep,
  goal: IntakeGoal | null,
  personalInfo: IntakePersonalInfo | null,
  progress: IntakeProgress = {},
): boolean {
  if (step === 'Disputes') return personalInfo?.disputesReviewLater === true;
  if (step === 'BankAccounts') return progress.bankAccountsDone === true;
  return isFormStepComplete(step, goal, personalInfo);
}

/**
 * The 1-based page of the first incomplete step (spec 002 §4: entry goes there), or null when the intake is
 * complete (completeIntake has run). The Disputes step counts as done once the review was put off (it moves on by
 * itself when nothing needs review); with every step done the last page is where the customer finishes.
 */
export function firstIncompleteStep(
  goalType: GoalType,
  goal: IntakeGoal | null,
  personalInfo: IntakePersonalInfo | null,
  progress: IntakeProgress = {},
): number | null {
  if (personalInfo?.completedIntake === true) return null;
  const steps = intakeSteps(goalType);
  const index = steps.findIndex((step) => !isStepComplete(step, goal, personalInfo, progress));
  return index === -1 ? steps.length : index + 1;
}

/** An intake edited before: some answer was saved (spec 002 §4: the resume dialog). */
export function wasIntakeEditedBefore(goal: IntakeGoal | null, personalInfo: IntakePersonalInfo | null): boolean {
  const answered = (record: Record<string, unknown>, fields: readonly IntakeField[]) =>
    fields.some((field) => isFilled(record[field]));
  const goalFields = (Object.keys(INTAKE_FIELDS) as IntakeField[]).filter((f) => INTAKE_FIELDS[f].owner === 'goal');
  const personalFields = (Object.keys(INTAKE_FIELDS) as IntakeField[]).filter(
    (f) => INTAKE_FIELDS[f].owner === 'personalInfo',
  );
  return answered({ ...goal?.properties }, goalFields) || answered({ ...personalInfo }, personalFields);
}

// ---------------------------------------------------------------------------------------------- validation

/** Message keys of the intake (spec 002 §5, §8; spec 001 §8 for the contract wait). */
export const INTAKE_KEYS = {
  missingFields: 'intake.errors.missing-fields',
  errorCreating: 'intake.errors.error-creating',
  errorUpdating: ERROR_KEYS.errorUpdating,
  provideValidNumber: 'global.provide-valid-number',
  contractTryAgain: 'intake.recalculating.try-again-toast',
} as const;

export type IntakeKey = (typeof INTAKE_KEYS)[keyof typeof INTAKE_KEYS];

/** The spec's money messages (spec 000 §5) as the keys the views translate. */
export const MONEY_ERROR_KEYS: Readonly<Record<MoneyError, string>> = {
  [MONEY_ERRORS.notAnAmount]: ERROR_KEYS.mustBeAmount,
  [MONEY_ERRORS.notMoreThanZero]: ERROR_KEYS.mustBeMoreThanZero,
  [MONEY_ERRORS.notPositive]: ERROR_KEYS.mustBePositive,
};

interface AmountRule {
  /** Zero is a valid answer (income, trade-in, savings where spec 002 §5 asks only for a number). */
  allowZero: boolean;
}

/** Money rules per step and field: spec 002 §5 (cash amount above 0; RV purchase price and savings non-zero). */
const AMOUNT_RULES: Readonly<Partial<Record<IntakeFormStep, Partial<Record<IntakeField, AmountRule>>>>> = {
  MortgageDetails: {
    annualIncome: { allowZero: true },
    purchasePrice: { allowZero: false },
    currentSavings: { allowZero: true },
    currentHomePrice: { allowZero: false },
  },
  RefinanceDetails: {
    annualIncome: { allowZero: true },
    currentHomePrice: { allowZero: false },
    cashAmount: { allowZero: false },
  },
  FinancialStatus: {
    annualIncome: { allowZero: true },
    currentSavings: { allowZero: true },
    currentHomePrice: { allowZero: false },
  },
  RVFinancing: {
    purchasePrice: { allowZero: false },
    tradeInValue: { allowZero: true },
    currentSavings: { allowZero: false },
  },
};

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A typed amount: whole dollars (spec 001 §5 rounds money input), the spec's money messages, and 'provide a
 * valid number' above the maximum (spec 002 §5). Empty is `undefined`; whether that is allowed is the step's call.
 */
/** Any input, turned into an answer by `read`; zod/mini (functional API) keeps the start-up JavaScript small. */
function answer<T>(read: (input: unknown, refuse: (message: string) => never) => T) {
  return z.pipe(
    z.unknown(),
    z.transform((input: unknown, ctx: z.core.ParsePayload) =>
      read(input, (message) => {
        ctx.issues.push({ code: 'custom', message, input });
        return z.NEVER;
      }),
    ),
  );
}

export function intakeAmountSchema(rule: AmountRule) {
  return answer((input, refuse): number | undefined => {
    if (isEmpty(input)) return undefined;
    if (typeof input !== 'string' && typeof input !== 'number') return refuse(ERROR_KEYS.mustBeAmount);
    const parsed = parseMoney(typeof input === 'string' ? input.replace(/[$,\s]/g, '') : input, {
      allowZero: rule.allowZero,
      round: true,
    });
    if (!parsed.ok) return refuse(MONEY_ERROR_KEYS[parsed.error]);
    if (parsed.value > INTAKE_AMOUNT_MAX_USD) return refuse(INTAKE_KEYS.provideValidNumber);
    return parsed.value;
  });
}

const optionalText = answer((input, refuse): string | undefined => {
  if (isEmpty(input)) return undefined;
  if (typeof input !== 'string') return refuse(INTAKE_KEYS.missingFields);
  if (input.trim().length > ADDRESS_FIELD_MAX_LENGTH) return refuse(ERROR_KEYS.addressFieldTooLong);
  return input.trim();
});

/** A choice from a list; anything else counts as not chosen (`refused` names a more precise key). */
function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, refused: string = INTAKE_KEYS.missingFields) {
  return answer((input, refuse): T[number] | undefined => {
    if (isEmpty(input)) return undefined;
    if (typeof input !== 'string' || !options.includes(input)) return refuse(refused);
    return input as T[number];
  });
}

const optionalYesNo = answer((input, refuse): boolean | undefined => {
  if (input === null || input === undefined) return undefined;
  if (typeof input !== 'boolean') return refuse(INTAKE_KEYS.missingFields);
  return input;
});

function fieldSchema(step: IntakeFormStep, field: IntakeField) {
  const spec: IntakeFieldSpec = INTAKE_FIELDS[field];
  switch (spec.kind) {
    case 'money':
      return intakeAmountSchema(AMOUNT_RULES[step]?.[field] ?? { allowZero: true });
    case 'boolean':
      return optionalYesNo;
    case 'text':
      return optionalText;
    case 'state':
      return optionalChoice(US_STATE_CODES, ERROR_KEYS.stateInvalid);
    case 'select':
      return optionalChoice(spec.options as unknown as readonly [string, ...string[]]);
  }
}

/** Optional answers: isNew (RVType) and cashOut (RefinanceDetails, no means no cash-out) are not required. */
const OPTIONAL_FIELDS: readonly IntakeField[] = ['isNew', 'cashOut'];

/** Answers as saved: a field is either given or left out, never null. */
export type Answers<T> = { [K in keyof T]?: Exclude<T[K], null> };

/** Goal properties as a step saves them: the state is one of the list (stored goals may hold any text). */
export type SavedGoalProperties = Omit<Answers<IntakeGoalProperties>, 'purchaseState'> & { purchaseState?: UsStateCode };

export type IntakeStepChanges = {
  goal: SavedGoalProperties;
  personalInfo: Answers<Omit<IntakePersonalInfo, 'id'>>;
};

/**
 * A form step's schema over its values: every shown, required field present (else the missing-fields key on that
 * field), money and number rules with their keys, and the output split into goal properties and personal info.
 * Fields the answers hide (home value when renting, cash amount without cash-out) are left out.
 */
export function intakeStepSchema(step: IntakeFormStep) {
  const fields = STEP_FIELDS[step];
  // Optional keys: a field not given is judged by the requiredness check below, with the missing-fields key.
  const shape = Object.fromEntries(fields.map((field) => [field, z.optional(fieldSchema(step, field))]));
  // Answers to hidden fields are not judged: a stale home value does not block a renter.
  const shownOnly = (input: unknown) => {
    if (typeof input !== 'object' || input === null) return input;
    const values = input as IntakeValues;
    return Object.fromEntries(
      fields.filter((field) => isFieldShown(step, field, values)).map((field) => [field, values[field]]),
    );
  };
  const answers = z.pipe(z.transform(shownOnly), z.object(shape)).check(
    z.superRefine((parsed, ctx) => {
      const values = parsed as IntakeValues;
      for (const field of fields) {
        if (!isFieldShown(step, field, values) || OPTIONAL_FIELDS.includes(field)) continue;
        if (values[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: INTAKE_KEYS.missingFields });
      }
    }),
  );
  return z.pipe(
    answers,
    z.transform((parsed: z.output<typeof answers>): IntakeStepChanges => {
      const values = parsed as IntakeValues;
      const changes: IntakeStepChanges = { goal: {}, personalInfo: {} };
      for (const field of fields) {
        const value = values[field];
        if (value === undefined || !isFieldShown(step, field, values)) continue;
        const target = changes[INTAKE_FIELDS[field].owner] as Record<string, unknown>;
        target[field] = value;
      }
      return changes;
    }),
  );
}

export type IntakeStepValidation =
  | { ok: true; changes: IntakeStepChanges }
  | {
      ok: false;
      /** Required answers not given: the warning intake.errors.missing-fields (spec 002 §5). */
      missingFields: IntakeField[];
      /** Answers given but refused, with their message keys. */
      fieldErrors: Partial<Record<IntakeField, string>>;
    };

export function validateIntakeStep(step: IntakeFormStep, values: IntakeValues): IntakeStepValidation {
  const result = intakeStepSchema(step).safeParse(values);
  if (result.success) return { ok: true, changes: result.data };
  const missingFields: IntakeField[] = [];
  const fieldErrors: Partial<Record<IntakeField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as IntakeField | undefined;
    if (field === undefined) continue;
    if (issue.message === INTAKE_KEYS.missingFields) {
      if (!missingFields.includes(field)) missingFields.push(field);
    } else {
      fieldErrors[field] ??= issue.message;
    }
  }
  return { ok: false, missingFields, fieldErrors };
}

/** The answers a form holds while it is being filled in: its values, the required ones missing, the refused ones. */
export interface IntakeFormState {
  values: IntakeValues;
  missingFields: IntakeField[];
  fieldErrors: Partial<Record<IntakeField, string>>;
}

/** Changed answers: taken in, and no longer flagged as missing or refused until the next check. */
export function withChangedValues(form: IntakeFormState, changes: IntakeValues): IntakeFormState {
  const changed = Object.keys(changes) as IntakeField[];
  const fieldErrors = { ...form.fieldErrors };
  for (const field of changed) delete fieldErrors[field];
  return {
    values: { ...form.values, ...changes },
    missingFields: form.missingFields.filter((field) => !changed.includes(field)),
    fieldErrors,
  };
}

// ---------------------------------------------------------------------------------------------- saving

const sameValue = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  return Object.is(a ?? null, b ?? null);
};

/** The entries of `after` whose value differs from `before` (spec 002 §4: saved data is sent only when changed). */
export function changedFields<T extends object>(before: object | null | undefined, after: Partial<T>): Partial<T> {
  const previous: Record<string, unknown> = { ...before };
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => value !== undefined && !sameValue(previous[key], value)),
  ) as Partial<T>;
}

/** The updateUserInfo request for a step's answers: only what changed, nothing when nothing did. */
export interface IntakeSaveRequest {
  goal?: { id: string; properties: SavedGoalProperties };
  personalInfo?: Answers<Omit<IntakePersonalInfo, 'id'>> & { id: string };
}

export function intakeSaveRequest(
  changes: IntakeStepChanges,
  goal: IntakeGoal,
  personalInfo: IntakePersonalInfo | null,
): IntakeSaveRequest | null {
  const goalChanges = changedFields<SavedGoalProperties>(goal.properties, changes.goal);
  const personalChanges = changedFields<Answers<Omit<IntakePersonalInfo, 'id'>>>(personalInfo, changes.personalInfo);
  const request: IntakeSaveRequest = {};
  if (Object.keys(goalChanges).length > 0) request.goal = { id: goal.id, properties: goalChanges };
  if (Object.keys(personalChanges).length > 0) {
    request.personalInfo = { id: personalInfo?.id ?? personalInfoIdFor(goal.id), ...personalChanges };
  }
  return request.goal || request.personalInfo ? request : null;
}

/** The stored data after a save went through. */
export function applyIntakeSave(
  request: IntakeSaveRequest,
  goal: IntakeGoal,
  personalInfo: IntakePersonalInfo | null,
): { goal: IntakeGoal; personalInfo: IntakePersonalInfo | null } {
  return {
    goal: request.goal ? { ...goal, properties: { ...goal.properties, ...request.goal.properties } } : goal,
    personalInfo: request.personalInfo ? { ...personalInfo, ...request.personalInfo } : personalInfo,
  };
}

// ---------------------------------------------------------------------------------------------- Disputes step

/** initialReportStatus/{uid}: the credit pull that completeIntake starts ('none' before any pull). */
export const INITIAL_REPORT_STATUSES = ['none', 'processing', 'complete', 'error'] as const;
export type InitialReportStatus = (typeof INITIAL_REPORT_STATUSES)[number];

/** Completion waits for complete or error (spec 002 §4). */
export function isInitialReportSettled(status: InitialReportStatus): boolean {
  return status === 'complete' || status === 'error';
}

/** The facts of an investigation summary (spec 002 §3) that say whether it still needs the customer's review. */
export interface InvestigationReviewFacts {
  challengeReasonSelected: boolean;
  statuses: readonly { status: string }[];
}

/** Statuses of an item nobody has challenged yet (spec 001 §3 statuses per bureau). */
const UNCHALLENGED_STATUSES = ['PENDING_USER_DECISION', 'NOT_CHALLENGED'];

/** Unchallenged: no reason chosen, and no bureau has it under review or resolved. */
export function isUnchallengedInvestigation(item: InvestigationReviewFacts): boolean {
  return (
    !item.challengeReasonSelected &&
    item.statuses.length > 0 &&
    item.statuses.every((entry) => UNCHALLENGED_STATUSES.includes(entry.status))
  );
}
