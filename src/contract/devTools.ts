// Developer tools and test plans (spec 001 §2 "Developer tools", §3 "Test plan", §6, §7 devTools / setUser; spec 000
// §3.1 testPlan, §6 overrides). Everything here is refused by the functions in production
// ('not-available-in-production') before anything is read.
import { z } from 'zod/mini';
import { ROLES } from '../domain/claims';
import { DEV_DELETE_CATEGORIES, FAULT_PROVIDERS, PROVIDER_FAULTS } from '../domain/devTools';
import { PRODUCT_LINES } from '../domain/productLine';
import { idSchema, isoDateSchema, shortTextSchema } from './common';
import { ACTION_STATUSES, ACTION_TYPES, actionSchema, advanceDisputesEventSchema } from './disputes';

// ------------------------------------------------------------------------------------------- test plans

export const TEST_PLAN_STEP_TYPES = [
  'getEquifaxReport',
  'getTransunionReport',
  'getIDCS3BReport',
  'chooseDisputeReasons',
  'coachSetsPriority',
  'disputeScheduler',
  'disputeUpdate',
] as const;
export type TestPlanStepType = (typeof TEST_PLAN_STEP_TYPES)[number];
export const TEST_PLAN_PRIORITIES = ['high', 'normal', 'skip'] as const;
export type TestPlanPriority = (typeof TEST_PLAN_PRIORITIES)[number];
export const TEST_STEP_STATUSES = ['idle', 'in-progress', 'error'] as const;
export type TestStepStatus = (typeof TEST_STEP_STATUSES)[number];

/** One step of a plan: what the server does when the step is completed, and what the tester checks afterwards. */
export const testPlanStepSchema = z.object({
  type: z.enum(TEST_PLAN_STEP_TYPES),
  title: shortTextSchema,
  /** What to look at in the app after the step ran (plain text). */
  instructions: z.string().check(z.maxLength(2_000)),
  /** coachSetsPriority / chooseDisputeReasons: the priority the step gives the dispute items. */
  priority: z.optional(z.enum(TEST_PLAN_PRIORITIES)),
  /** disputeScheduler / disputeUpdate: how many days the dispute clock moves. */
  days: z.optional(z.number().check(z.int(), z.gte(1), z.lte(90))),
});
export type TestPlanStep = z.output<typeof testPlanStepSchema>;

/** testPlans/{id} (spec 001 §3 "Test plan"). contactId: the demo customer the plan is written for, if any. */
export const testPlanSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  description: z.string().check(z.maxLength(4_000)),
  tags: z.array(shortTextSchema),
  steps: z.array(testPlanStepSchema).check(z.minLength(1), z.maxLength(50)),
  deprecated: z.boolean(),
  contactId: z.nullable(idSchema),
});
export type TestPlan = z.output<typeof testPlanSchema>;

/** users/{uid}.testPlan (spec 000 §3.1): where the user is in a plan. currentStep counts from 0. */
export const testPlanStateSchema = z.object({
  testPlanId: idSchema,
  currentStep: z.number().check(z.int(), z.gte(0)),
  stepStatus: z.enum(TEST_STEP_STATUSES),
  /** The last step's failure, when stepStatus is 'error' (a message key or the server's message). */
  error: z.optional(z.nullable(z.string())),
  /** When the step now 'in-progress' started (ms): past src/domain/testPlans.ts TEST_STEP_STALE_MS it counts as failed. */
  stepStartedAtMs: z.optional(z.nullable(z.number())),
});
export type TestPlanState = z.output<typeof testPlanStateSchema>;

// ------------------------------------------------------------------------------------------- devTools

/** What the delete command can clear from the signed-in customer's data (src/domain/devTools.ts). */
export { DEV_DELETE_CATEGORIES, type DevDeleteCategory } from '../domain/devTools';
export { FAULT_PROVIDERS, PROVIDER_FAULTS, type FaultProvider, type ProviderFault } from '../domain/devTools';

export const devActionInputSchema = z.strictObject({
  name: shortTextSchema.check(z.minLength(1)),
  type: z.enum(ACTION_TYPES),
  status: z._default(z.enum(ACTION_STATUSES), 'active'),
});

const noArgs = <C extends string>(command: C) => z.strictObject({ command: z.literal(command) });

export const devToolsRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('advanceDisputes'), days: z.number().check(z.int(), z.gte(1), z.lte(90)) }),
  noArgs('getAllActions'),
  z.strictObject({
    command: z.literal('delete'),
    categories: z.array(z.enum(DEV_DELETE_CATEGORIES)).check(z.minLength(1), z.maxLength(DEV_DELETE_CATEGORIES.length)),
  }),
  z.strictObject({ command: z.literal('setActions'), actions: z.array(devActionInputSchema).check(z.maxLength(20)) }),
  noArgs('repopulateReport'),
  noArgs('recalculateScore'),
  noArgs('recalculateActions'),
  noArgs('toggleV2'),
  // Test plans: developers only. getTestPlans and startTestPlan are ours (the spec names only the step command):
  // a tester needs to pick a plan and start it before completing its steps.
  noArgs('getTestPlans'),
  z.strictObject({ command: z.literal('startTestPlan'), testPlanId: idSchema }),
  z.strictObject({
    command: z.literal('completeTestPlanStep'),
    testPlanId: idSchema,
    step: z.number().check(z.int(), z.gte(0), z.lte(49)),
  }),
]);
export type DevToolsRequest = z.input<typeof devToolsRequestSchema>;

export const devToolsResponseSchema = z.object({
  command: z.string(),
  /** advanceDisputes: the customer's dispute clock after the move, and what the bureaus did. */
  asOf: z.optional(isoDateSchema),
  events: z.optional(z.array(advanceDisputesEventSchema)),
  /** getAllActions, setActions, recalculateActions: every action of the customer afterwards. */
  actions: z.optional(z.array(actionSchema)),
  /** delete: how many records each category lost. */
  deleted: z.optional(z.partialRecord(z.enum(DEV_DELETE_CATEGORIES), z.number().check(z.int(), z.gte(0)))),
  /** recalculateScore: the new readiness score (null when there is not enough data). */
  score: z.optional(z.nullable(z.number())),
  /** toggleV2: users/{uid}.customer.v2Disputes afterwards. */
  v2Disputes: z.optional(z.boolean()),
  /** getTestPlans: the plans that are not deprecated, then the deprecated ones. */
  testPlans: z.optional(z.array(testPlanSchema)),
  /** startTestPlan, completeTestPlanStep: the user's test state afterwards (null when the plan is finished). */
  testPlan: z.optional(z.nullable(testPlanStateSchema)),
});
export type DevToolsResponse = z.output<typeof devToolsResponseSchema>;

// ------------------------------------------------------------------------------------------- setUser (overrides)

/**
 * The developer overrides (spec 000 §6): role, developer flag, claims, product line and company flag. The first
 * override remembers the account's own values (devOverrides/{uid}); `restore` puts them back and ends the marker
 * (the overridesActive claim). The client refreshes its token after either.
 */
export const OVERRIDABLE_CLAIMS = ['allowClientActions', 'allowPortalDownload', 'customerOnboardingComplete'] as const;
export const userOverridesSchema = z.strictObject({
  role: z.optional(z.enum(ROLES)),
  isDeveloper: z.optional(z.boolean()),
  claims: z.optional(z.partialRecord(z.enum(OVERRIDABLE_CLAIMS), z.boolean())),
  productLine: z.optional(z.enum(PRODUCT_LINES)),
  /** Company-affiliated (spec 000 §6): the contact's broker company made to contain, or not, the lender's name. */
  companyAffiliated: z.optional(z.boolean()),
  /** Sandbox faults for this account's calls, per provider (emulator and demo only: sandboxes never run in production). */
  providerFaults: z.optional(z.partialRecord(z.enum(FAULT_PROVIDERS), z.enum(PROVIDER_FAULTS))),
  /** The deadline of the providers set to 'timeout' for this account (default: each provider's own deadline). */
  providerDeadlineMs: z.optional(z.number().check(z.int(), z.gte(100), z.lte(60_000))),
});
export type UserOverrides = z.output<typeof userOverridesSchema>;

export const setUserRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('override'),
    overrides: userOverridesSchema.check(
      z.refine((value) => Object.keys(value).length > 0, { message: 'at least one override is required' }),
    ),
  }),
  z.strictObject({ command: z.literal('restore') }),
]);
export type SetUserRequest = z.input<typeof setUserRequestSchema>;

export const setUserResponseSchema = z.object({
  /** The overrides in force afterwards ({} after restore). */
  active: userOverridesSchema,
});
