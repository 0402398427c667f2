import { z } from 'zod/mini';
import { INTAKE_AMOUNT_MAX_USD } from '../domain/constants';
import {
  EDUCATION_LEVELS,
  EMPLOYMENT_STATUSES,
  GOAL_TYPES,
  LOAN_TYPES,
  PAY_FREQUENCIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  VEHICLE_TYPES,
  INTAKE_KEYS,
  VETERAN_STATUSES,
} from '../domain/intake';
import { ERROR_KEYS } from '../domain/errors';
import { US_STATE_CODES } from '../domain/personalFields';
import { idSchema, isoDateTimeSchema, shortTextSchema } from './common';

// spec 000 §3.5 and spec 002 §3 (Goal, Personal info, option lists): the lists live in src/domain/intake.ts.
export const goalTypeSchema = z.enum(GOAL_TYPES);
export const propertyTypeSchema = z.enum(PROPERTY_TYPES);
export const loanTypeSchema = z.enum(LOAN_TYPES);
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES);
export const employmentStatusSchema = z.enum(EMPLOYMENT_STATUSES);
export const payFrequencySchema = z.enum(PAY_FREQUENCIES);
export const educationLevelSchema = z.enum(EDUCATION_LEVELS);
export const veteranStatusSchema = z.enum(VETERAN_STATUSES);

// Amounts in whole or cent USD: never negative, never above the intake's maximum (spec 002 §5).
const amount = z
  .number()
  .check(
    z.gte(0, { message: ERROR_KEYS.mustBePositive }),
    z.lte(INTAKE_AMOUNT_MAX_USD, { message: INTAKE_KEYS.provideValidNumber }),
  );
const positiveAmount = amount.check(z.gt(0, { message: ERROR_KEYS.mustBeMoreThanZero }));
const percent = z.number().check(z.gte(0), z.lte(100));

export const goalPropertiesSchema = z.partial(
  z.object({
    purchaseCity: shortTextSchema,
    purchaseState: shortTextSchema,
    purchaseCounty: shortTextSchema,
    propertyType: propertyTypeSchema,
    loanType: loanTypeSchema,
    currentHomePrice: amount,
    purchasePrice: amount,
    currentSavings: amount,
    savingsUpdatedAt: isoDateTimeSchema,
    savingsGoal: amount,
    savingsGoalPercent: percent,
    cashOut: z.boolean(),
    cashAmount: amount,
    selectedMortgages: z.array(shortTextSchema).check(z.maxLength(20)),
    vehicleType: vehicleTypeSchema,
    isNew: z.boolean(),
    tradeInValue: amount,
  }),
);
export type GoalProperties = z.output<typeof goalPropertiesSchema>;

/** Stored records written before a field existed read it as null. */
const nullByDefault = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);

export const goalSchema = z.object({
  id: idSchema,
  type: goalTypeSchema,
  properties: goalPropertiesSchema,
  createdAt: nullByDefault(isoDateTimeSchema),
  updatedAt: nullByDefault(isoDateTimeSchema),
});
export type Goal = z.output<typeof goalSchema>;

export const personalInfoFieldsSchema = z.partial(
  z.object({
    propertyStatus: propertyStatusSchema,
    annualIncome: amount,
    employmentPayFrequency: payFrequencySchema,
    employmentStatus: employmentStatusSchema,
    educationLevel: educationLevelSchema,
    veteranStatus: veteranStatusSchema,
    veteranActiveRecent: z.boolean(),
    isAmericanCitizen: z.boolean(),
    completedIntake: z.boolean(),
    // The Disputes step's recorded choice to review the disputes later (spec 002 §4).
    disputesReviewLater: z.boolean(),
  }),
);
export type PersonalInfoFields = z.output<typeof personalInfoFieldsSchema>;

export const personalInfoSchema = z.extend(personalInfoFieldsSchema, {
  id: idSchema,
  createdAt: nullByDefault(isoDateTimeSchema),
  updatedAt: nullByDefault(isoDateTimeSchema),
});
export type PersonalInfo = z.output<typeof personalInfoSchema>;

export const pmiRateSchema = z.object({ savingsRatio: z.number(), pmi: z.number() });

/**
 * The goal as getUserInfo / updateUserInfo answer it: a stored goal may carry a type this build does not know
 * (spec 000 §3.5, spec 002 §1: the page renders 'Unsupported Goal Type'); its type then comes as it is stored and
 * its properties empty. isSupportedGoalType (src/domain/intake.ts) tells the two apart.
 */
export const userInfoGoalSchema = z.extend(goalSchema, { type: z.union([goalTypeSchema, shortTextSchema]) });

export const userInfoSchema = z.object({
  personalInfo: z.nullable(personalInfoSchema),
  goal: z.nullable(userInfoGoalSchema),
  mortgageRate: nullByDefault(z.number()),
  taxRate: nullByDefault(z.number()),
  pmiRate: nullByDefault(z.array(pmiRateSchema)),
});
export type UserInfo = z.output<typeof userInfoSchema>;
export type UserInfoRecord = z.input<typeof userInfoSchema>;

// What a save may write: the form's rules again (spec 002 §5: a state from the list, a purchase price and a cash
// amount above 0), so a refused value never reaches storage.
export const goalPropertiesUpdateSchema = z.partial(
  z.strictObject({
    ...goalPropertiesSchema.shape,
    purchaseState: z.enum(US_STATE_CODES),
    purchasePrice: positiveAmount,
    cashAmount: positiveAmount,
  }),
);

// completedIntake is a server fact (completeIntake sets it once the steps are done and the gates passed): a client
// cannot write it.
const { completedIntake: _serverFact, ...writablePersonalInfoFields } = personalInfoFieldsSchema.shape;

// spec 000 §7 / 002 §7: {personalInfo:{id, ...fields}} and/or {goal:{id, properties}}; changed data only.
export const updateUserInfoRequestSchema = z
  .partial(
    z.strictObject({
      personalInfo: z.strictObject({ ...writablePersonalInfoFields, id: idSchema }),
      goal: z.strictObject({ id: idSchema, properties: goalPropertiesUpdateSchema }),
    }),
  )
  .check(
    z.refine((value) => value.personalInfo !== undefined || value.goal !== undefined, {
      message: 'personalInfo or goal is required',
    }),
  );
