import type {
  DevActionData,
  DevToolsPort,
  DevToolsResult,
  TestPlanData,
  TestPlanStateData,
  UserOverridesData,
} from '../../../machines/devTools/ports';
import type { TestPlan, TestPlanState, UserOverrides } from '../../contract/devTools';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The developer tools at the adapter boundary (spec 001 §7 devTools / setUser), as
// machines/devTools/ports.ts asks: the devTools commands and setUser over the typed client (requests and answers
// parsed with src/contract/devTools.ts). Loaded only by the developer tools' chunk, which a production build does
// not contain (src/app/devTools/gate.ts); the functions refuse both callables in production anyway.

const iso = (value: Date | string | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.toISOString());

// The contract's shapes are the port's (TypeScript checks each direction here).
const toPlan = (plan: TestPlan): TestPlanData => plan;
const toState = (state: TestPlanState | null | undefined): TestPlanStateData | null => state ?? null;
const toOverrides = (overrides: UserOverrides): UserOverridesData => overrides;

export function createDevToolsPort(): DevToolsPort {
  return {
    async run(command) {
      const answer = await lazyCall('devTools', command);
      const result: DevToolsResult = { command: command.command };
      if (answer.actions !== undefined) {
        result.actions = answer.actions.map(
          (action): DevActionData => ({ id: action.id, name: action.name, type: action.type, status: action.status, completedAt: iso(action.completedAt) }),
        );
      }
      if (answer.deleted !== undefined) result.deleted = answer.deleted;
      if (answer.score !== undefined) result.score = answer.score;
      if (answer.v2Disputes !== undefined) result.v2Disputes = answer.v2Disputes;
      return result;
    },
    async getTestPlans() {
      const answer = await lazyCall('devTools', { command: 'getTestPlans' });
      if (answer.testPlans === undefined) throw { code: 'invalid-response' } satisfies AdapterError;
      return answer.testPlans.map(toPlan);
    },
    async startTestPlan(testPlanId) {
      const answer = await lazyCall('devTools', { command: 'startTestPlan', testPlanId });
      return toState(answer.testPlan);
    },
    async completeTestPlanStep(testPlanId, step) {
      const answer = await lazyCall('devTools', { command: 'completeTestPlanStep', testPlanId, step });
      return toState(answer.testPlan);
    },
    async setOverrides(overrides) {
      const answer = await lazyCall('setUser', { command: 'override', overrides });
      return toOverrides(answer.active);
    },
    async restoreOverrides() {
      await lazyCall('setUser', { command: 'restore' });
    },
  };
}
