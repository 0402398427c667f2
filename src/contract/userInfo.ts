import { z } from 'zod';
import { idSchema, isoDateTimeSchema, shortTextSchema } from './common';

// spec 000 §3.5 and spec 002 §3 (Goal, Personal info, option lists).
export const goalTypeSchema = z.enum(['mortgage_loan', 'refinance', 'financial_wellness', 'recreational_vehicle']);
export const propertyTypeSchema = z.enum([
  'single_family',
  'multi_family',
  'condo',
  'townhouse',
  'co_op',
  'manufactured_home',
  'investment_property',
  'unknown',
]);
export const loanTypeSchema = z.enum(['conventional', 'fha', 'va', 'usda', 'unknown']);
export const vehicleTypeSchema = z.enum([
  'class_a',
  'class_b',
  'class_c',
  'travel_trailer',
  'lightweight_trailer',
  'boat',
  'motorcycle',
]);
export const propertyStatusSchema = z.enum(['rent', 'own', 'own_with_mortgage', 'other']);
export const employmentStatusSchema = z.enum([
  'employed',
  'employed_full_time',
  'employed_part_time',
  'military',
  'not_employed',
  'self_employed',
  'retired',
  'other',
]);
export const payFrequencySchema = z.enum(['weekly', 'biweekly', 'twice_monthly', 'monthly', 'unknown']);
export const educationLevelSchema = z.enum([
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
]);
export const veteranStatusSchema = z.enum(['no', 'yes', 'active_recent']);

// Amounts in whole or cent USD; the upper bound only keeps absurd input out of storage.
const MONEY_MAX_USD = 1_000_000_000;
const amount = z.number().finite().min(0).max(MONEY_MAX_USD);
const percent = z.number().finite().min(0).max(100);

export const goalPropertiesSchema = z
  .object({
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
    selectedMortgages: z.array(shortTextSchema).max(20),
    vehicleType: vehicleTypeSchema,
    isNew: z.boolean(),
    tradeInValue: amount,
  })
  .partial();
export type GoalProperties = z.output<typeof goalPropertiesSchema>;

export const goalSchema = z.object({
  id: idSchema,
  type: goalTypeSchema,
  properties: goalPropertiesSchema,
  createdAt: isoDateTimeSchema.nullable().default(null),
  updatedAt: isoDateTimeSchema.nullable().default(null),
});
export type Goal = z.output<typeof goalSchema>;

export const personalInfoFieldsSchema = z
  .object({
    propertyStatus: propertyStatusSchema,
    annualIncome: amount,
    employmentPayFrequency: payFrequencySchema,
    employmentStatus: employmentStatusSchema,
    educationLevel: educationLevelSchema,
    veteranStatus: veteranStatusSchema,
    veteranActiveRecent: z.boolean(),
    isAmericanCitizen: z.boolean(),
    completedIntake: z.boolean(),
  })
  .partial();
export type PersonalInfoFields = z.output<typeof personalInfoFieldsSchema>;

export const personalInfoSchema = personalInfoFieldsSchema.extend({
  id: idSchema,
  createdAt: isoDateTimeSchema.nullable().default(null),
  updatedAt: isoDateTimeSchema.nullable().default(null),
});
export type PersonalInfo = z.output<typeof personalInfoSchema>;

export const pmiRateSchema = z.object({ savingsRatio: z.number().finite(), pmi: z.number().finite() });

export const userInfoSchema = z.object({
  personalInfo: personalInfoSchema.nullable(),
  goal: goalSchema.nullable(),
  mortgageRate: z.number().finite().nullable().default(null),
  taxRate: z.number().finite().nullable().default(null),
  pmiRate: z.array(pmiRateSchema).nullable().default(null),
});
export type UserInfo = z.output<typeof userInfoSchema>;
export type UserInfoRecord = z.input<typeof userInfoSchema>;

// spec 000 §7 / 002 §7: {personalInfo:{id, ...fields}} and/or {goal:{id, properties}}; changed data only.
export const updateUserInfoRequestSchema = z
  .object({
    personalInfo: personalInfoFieldsSchema.extend({ id: idSchema }).strict(),
    goal: z.object({ id: idSchema, properties: goalPropertiesSchema.strict() }).strict(),
  })
  .partial()
  .strict()
  .refine((value) => value.personalInfo !== undefined || value.goal !== undefined, {
    message: 'personalInfo or goal is required',
  });
