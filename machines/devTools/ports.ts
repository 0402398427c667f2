// What the developer tools' machines need from the outside world (spec 001 §2 "Developer
// tools", §3 "Test plan", §7 devTools / setUser; spec 000 §6 overrides). Conventions as in machines/ports.ts: the
// shapes mirror src/contract/devTools.ts as plain data (machines may not import the contract; the adapter
// src/adapters/firebase/devTools.ts parses with it and TypeScript checks it against this port). Failures reject with
// a PortError; the server's refusals carry their key ('coach.toast.not-permitted', ...). None of it exists in
// production: the app does not build it there and the functions refuse it.
import type { Role } from '../../src/domain/claims';
import type { ProductLine } from '../../src/domain/productLine';
import type { FaultProvider, ProviderFault } from '../../src/domain/devTools';
import type { PromiseActorSignature } from '../ports';

// ---------------------------------------------------------------------------------------------------------------
// Data

/** What the delete command can clear from the customer's data (src/domain/devTools.ts). */
export type { DevDeleteCategory } from '../../src/domain/devTools';
import type { DevDeleteCategory } from '../../src/domain/devTools';

/** A customer action as the developer tools list it (spec 002 §3 Action). */
export interface DevActionData {
  id: string;
  name: string;
  type: string;
  status: string;
  completedAt: string | null;
}

/** Action types and statuses (spec 001 §4, spec 002 §3; src/domain/actions.ts). */
export type { ActionStatus as DevActionStatus, ActionType as DevActionType } from '../../src/domain/actions';
import type { ActionStatus as DevActionStatus, ActionType as DevActionType } from '../../src/domain/actions';

/** One action of the setActions form. */
export interface DevActionInput {
  name: string;
  type: DevActionType;
  status: DevActionStatus;
}

/** The devTools commands the developer tools send (the test-plan commands are the runner's). */
export type DevToolsCommand =
  | { command: 'getAllActions' }
  | { command: 'delete'; categories: DevDeleteCategory[] }
  | { command: 'setActions'; actions: DevActionInput[] }
  | { command: 'repopulateReport' }
  | { command: 'recalculateScore' }
  | { command: 'recalculateActions' }
  | { command: 'toggleV2' };
export type DevToolsCommandName = DevToolsCommand['command'];

/** What a command answers (only the fields of that command are present). */
export interface DevToolsResult {
  command: DevToolsCommandName;
  actions?: DevActionData[];
  deleted?: Partial<Record<DevDeleteCategory, number>>;
  score?: number | null;
  v2Disputes?: boolean;
}

export type TestPlanStepType =
  | 'getEquifaxReport'
  | 'getTransunionReport'
  | 'getIDCS3BReport'
  | 'chooseDisputeReasons'
  | 'coachSetsPriority'
  | 'disputeScheduler'
  | 'disputeUpdate';
export type TestPlanPriority = 'high' | 'normal' | 'skip';
export type TestStepStatus = 'idle' | 'in-progress' | 'error';

/** spec 001 §3 "Test plan": one step. */
export interface TestPlanStepData {
  type: TestPlanStepType;
  title: string;
  instructions: string;
  priority?: TestPlanPriority;
  days?: number;
}

/** testPlans/{id}. */
export interface TestPlanData {
  id: string;
  name: string;
  description: string;
  tags: string[];
  steps: TestPlanStepData[];
  deprecated: boolean;
  contactId: string | null;
}

/** users/{uid}.testPlan: where the user is in a plan (currentStep counts from 0). */
export interface TestPlanStateData {
  testPlanId: string;
  currentStep: number;
  stepStatus: TestStepStatus;
  error?: string | null;
  /** When the step now in progress started (ms); a stale one reads as an error (src/domain/testPlans.ts). */
  stepStartedAtMs?: number | null;
}

/** The claims the overrides may set (src/contract/devTools.ts OVERRIDABLE_CLAIMS). */
export type OverridableClaim = 'allowClientActions' | 'allowPortalDownload' | 'customerOnboardingComplete';

/** spec 000 §6 overrides: each field present is overridden, the others keep the account's own value. */
export interface UserOverridesData {
  role?: Role;
  isDeveloper?: boolean;
  claims?: Partial<Record<OverridableClaim, boolean>>;
  productLine?: ProductLine;
  companyAffiliated?: boolean;
  /** Sandbox faults for this account's calls, per provider (functions/src/providers/faults.ts). */
  providerFaults?: Partial<Record<FaultProvider, ProviderFault>>;
  /** The deadline of the providers set to time out, in ms. */
  providerDeadlineMs?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Port

export interface DevToolsPort {
  run(command: DevToolsCommand): Promise<DevToolsResult>;
  /** The plans that are not deprecated, then the deprecated ones. */
  getTestPlans(): Promise<TestPlanData[]>;
  startTestPlan(testPlanId: string): Promise<TestPlanStateData | null>;
  /** Runs the plan's current step on the server; the state afterwards, null when the plan is finished. */
  completeTestPlanStep(testPlanId: string, step: number): Promise<TestPlanStateData | null>;
  /** setUser override: the overrides in force afterwards. */
  setOverrides(overrides: UserOverridesData): Promise<UserOverridesData>;
  /** setUser restore: the account's own values back. */
  restoreOverrides(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface DevToolsCommandsActorSignatures {
  /** Runs the command; the app then marks the customer's cached data stale (the command changed it). */
  runCommand: PromiseActorSignature<{ command: DevToolsCommand }, DevToolsResult>;
}

export interface TestPlanRunnerActorSignatures {
  loadTestPlans: PromiseActorSignature<void, TestPlanData[]>;
  startTestPlan: PromiseActorSignature<{ testPlanId: string }, TestPlanStateData | null>;
  /** Runs the step; the app then marks the customer's cached data stale (the step changed it). */
  completeTestPlanStep: PromiseActorSignature<{ testPlanId: string; step: number }, TestPlanStateData | null>;
  /**
   * The user's test state as it is now (users/{uid}.testPlan, null when none), a step in progress past
   * TEST_STEP_STALE_MS read as an error (src/domain/testPlans.ts effectiveTestPlanState).
   */
  readTestPlanState: PromiseActorSignature<void, TestPlanStateData | null>;
}

export interface OverridesActorSignatures {
  applyOverrides: PromiseActorSignature<{ overrides: UserOverridesData }, UserOverridesData>;
  restoreOverrides: PromiseActorSignature<void, void>;
  /** A new ID token, so the new claims reach the app. */
  refreshToken: PromiseActorSignature<void, void>;
}
