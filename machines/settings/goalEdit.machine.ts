import { assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { CallableResponse } from '../../src/contract/callables';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import {
  applyIntakeSave,
  INTAKE_KEYS,
  intakeSaveRequest,
  intakeSteps,
  isFormStep,
  isSupportedGoalType,
  shownStepFields,
  stepValues,
  validateIntakeStep,
  type GoalType,
  type IntakeField,
  type IntakeFormStep,
  type IntakeGoal,
  type IntakeKey,
  type IntakePersonalInfo,
  type IntakeSaveRequest,
  type IntakeStepChanges,
  type IntakeValues,
  withChangedValues,
} from '../../src/domain/intake';
import { canActForClient, type Actor } from '../../src/domain/permissions';
import { callable, type CallableSig } from '../actors';
import type { NotifyEmitted } from '../ports';
import { SETTINGS_KEYS } from './contactFields';
import { refusalNotice } from './refusals';
import { machineSpec, spec } from '../spec';

// The loan-goal settings page (spec 000 §2.5, §3.5; spec 002 §3, §5): the goal's answers and the personal answers the
// readiness score reads, as the intake asks them (the intake's form steps for the goal's type, their option lists and
// rules, src/domain/intake.ts), read with getUserInfo. Save sends only what changed (updateUserInfo), then reads the
// readiness score the server recomputed from the new answers (getReadinessScore) and shows it; a refused answer shows
// its message at the field, a missing one 'Required' with the intake's missing-fields warning; a failed save (either
// call) keeps the answers with intake.errors.error-updating. A goal of a type this build does not know shows
// 'Unsupported Goal Type' (spec 000 §3.5). A coach without allowClientActions is refused before any call.

/** The machine's actors: the user info read, its update, and the readiness score read (src/contract). */
export interface GoalEditActors {
  getUserInfo: CallableSig<'getUserInfo'>;
  updateUserInfo: CallableSig<'updateUserInfo'>;
  getReadinessScore: CallableSig<'getReadinessScore'>;
}

/** getUserInfo as the loan-goal page reads it: the goal (its type any string: a stored type may be unsupported) and the personal answers. */
export interface GoalUserInfo {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
}

/** getUserInfo's answer as the page keeps it: the goal's id, type and answers, and the personal answers. */
export function goalUserInfoOf(answer: CallableResponse<'getUserInfo'>): GoalUserInfo {
  const { goal, personalInfo } = answer;
  return { goal: goal ? { id: goal.id, type: goal.type, properties: goal.properties } : null, personalInfo };
}

/** getReadinessScore's answer as the page shows it: the score, null while none was computed. */
export function displayScoreOf(answer: CallableResponse<'getReadinessScore'>): number | null {
  return answer?.score.displayScore ?? null;
}

export interface GoalEditInput {
  actor: Actor;
}

export interface GoalEditContext {
  actor: Actor;
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  /** The intake's form steps for the goal's type, in order: the page's sections. */
  steps: IntakeFormStep[];
  values: IntakeValues;
  missingFields: IntakeField[];
  fieldErrors: Partial<Record<IntakeField, string>>;
  /** The readiness score after the last save, null before one. */
  displayScore: number | null;
}

export type GoalEditEvent =
  | { type: 'form.change'; values: IntakeValues }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'load.retry' };

export type GoalEditNotifyKey = ErrorKey | IntakeKey | typeof SETTINGS_KEYS.goalSaved;
export type GoalEditEmitted = NotifyEmitted<GoalEditNotifyKey>;
export type GoalEditTag = 'loading' | 'error' | 'noGoal' | 'unsupported' | 'form' | 'busy' | 'saved';

/** The intake's form steps for a goal type: the sections of the loan-goal page. */
export function goalFormSteps(type: GoalType): IntakeFormStep[] {
  return intakeSteps(type).filter(isFormStep);
}

/** The stored answers of every section. */
export function goalFormValues(steps: readonly IntakeFormStep[], goal: IntakeGoal | null, personalInfo: IntakePersonalInfo | null): IntakeValues {
  return Object.assign({}, ...steps.map((step) => stepValues(step, goal, personalInfo))) as IntakeValues;
}

type GoalFormValidation =
  | { ok: true; changes: IntakeStepChanges }
  | { ok: false; missingFields: IntakeField[]; fieldErrors: Partial<Record<IntakeField, string>> };

/** Every section's rules (spec 002 §5) over the form's answers. */
export function validateGoalForm(steps: readonly IntakeFormStep[], values: IntakeValues): GoalFormValidation {
  const changes: IntakeStepChanges = { goal: {}, personalInfo: {} };
  const missingFields: IntakeField[] = [];
  const fieldErrors: Partial<Record<IntakeField, string>> = {};
  for (const step of steps) {
    const result = validateIntakeStep(step, values);
    if (result.ok) {
      Object.assign(changes.goal, result.changes.goal);
      Object.assign(changes.personalInfo, result.changes.personalInfo);
    } else {
      missingFields.push(...result.missingFields);
      Object.assign(fieldErrors, result.fieldErrors);
    }
  }
  return missingFields.length === 0 && Object.keys(fieldErrors).length === 0 ? { ok: true, changes } : { ok: false, missingFields, fieldErrors };
}

/** The updateUserInfo request for the form's answers: what changed, null when nothing did (or an answer is refused). */
export function goalSaveRequest(context: Pick<GoalEditContext, 'steps' | 'values' | 'goal' | 'personalInfo'>): IntakeSaveRequest | null {
  const result = validateGoalForm(context.steps, context.values);
  if (!result.ok || context.goal === null) return null;
  return intakeSaveRequest(result.changes, context.goal, context.personalInfo);
}

const isRefused = (context: GoalEditContext) => !validateGoalForm(context.steps, context.values).ok;

export const goalEditMachine = setup({
  types: {
    context: {} as GoalEditContext,
    events: {} as GoalEditEvent,
    input: {} as GoalEditInput,
    emitted: {} as GoalEditEmitted,
    tags: {} as GoalEditTag,
  },
  actors: {
    getUserInfo: callable('getUserInfo'),
    updateUserInfo: callable('updateUserInfo'),
    getReadinessScore: callable('getReadinessScore'),
  },
  guards: {
    hasNoGoal: (_, params: { userInfo: GoalUserInfo }) => params.userInfo.goal === null,
    isUnsupportedGoal: (_, params: { userInfo: GoalUserInfo }) => !isSupportedGoalType(params.userInfo.goal?.type),
    isRefused: ({ context }) => isRefused(context),
    isUnchanged: ({ context }) => goalSaveRequest(context) === null,
    isNotPermitted: ({ context }) => !canActForClient(context.actor),
  },
  actions: {
    assignUserInfo: assign((_, params: { userInfo: GoalUserInfo }) => {
      const { goal, personalInfo } = params.userInfo;
      const steps = goal && isSupportedGoalType(goal.type) ? goalFormSteps(goal.type) : [];
      return { goal, personalInfo, steps, values: goalFormValues(steps, goal, personalInfo), missingFields: [], fieldErrors: {} };
    }),
    assignValues: assign(({ context }, params: { values: IntakeValues }) => withChangedValues(context, params.values)),
    resetValues: assign(({ context }) => ({
      values: goalFormValues(context.steps, context.goal, context.personalInfo),
      missingFields: [],
      fieldErrors: {},
    })),
    showValidation: enqueueActions(({ context, enqueue }) => {
      const result = validateGoalForm(context.steps, context.values);
      if (result.ok) return;
      enqueue.assign({ missingFields: result.missingFields, fieldErrors: result.fieldErrors });
      // spec 002 §5: missing answers give the warning; refused amounts show their messages at the fields.
      if (result.missingFields.length > 0) enqueue.emit({ type: 'notify', level: 'warning', key: INTAKE_KEYS.missingFields });
    }),
    // The answers saved (the form's values did not change while saving) and the score recomputed from them.
    assignSaved: assign(({ context }, params: { displayScore: number | null }) => {
      const request = goalSaveRequest(context);
      if (request === null || context.goal === null) return { displayScore: params.displayScore };
      const saved = applyIntakeSave(request, context.goal, context.personalInfo);
      return { goal: saved.goal, personalInfo: saved.personalInfo, displayScore: params.displayScore };
    }),
    notifySaved: emit({ type: 'notify', level: 'success', key: SETTINGS_KEYS.goalSaved } as const),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifySaveError: emit(refusalNotice(ERROR_KEYS.errorUpdating)),
  },
}).createMachine({
  id: 'goalEdit',
  meta: machineSpec(['000 §2.5', '000 §3.5', '002 §3', '002 §5']),
  context: ({ input }) => ({
    actor: input.actor,
    goal: null,
    personalInfo: null,
    steps: [],
    values: {},
    missingFields: [],
    fieldErrors: {},
    displayScore: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §2.5'),
      tags: ['loading'],
      invoke: {
        id: 'getUserInfo',
        src: 'getUserInfo',
        input: null,
        onDone: [
          {
            guard: { type: 'hasNoGoal', params: ({ event }) => ({ userInfo: goalUserInfoOf(event.output) }) },
            target: 'noGoal',
          },
          {
            guard: { type: 'isUnsupportedGoal', params: ({ event }) => ({ userInfo: goalUserInfoOf(event.output) }) },
            target: 'unsupported',
            actions: { type: 'assignUserInfo', params: ({ event }) => ({ userInfo: goalUserInfoOf(event.output) }) },
          },
          { target: 'editing', actions: { type: 'assignUserInfo', params: ({ event }) => ({ userInfo: goalUserInfoOf(event.output) }) } },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      meta: spec('000 §2.5'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
    noGoal: {
      // The guard chain sends a customer without a goal to /sign-up/select-goal; the page says so if it opens.
      meta: spec('000 §2.5'),
      type: 'final',
      tags: ['noGoal'],
    },
    unsupported: {
      // 'Unsupported Goal Type' (spec 000 §3.5): nothing to edit.
      meta: spec('000 §2.5', '000 §3.5'),
      type: 'final',
      tags: ['unsupported'],
    },
    editing: {
      meta: spec('000 §2.5'),
      tags: ['form'],
      initial: 'idle',
      states: {
        idle: { meta: spec('000 §2.5') },
        saved: {
          // The new readiness score shows until the next change.
          meta: spec('000 §2.5'),
          tags: ['saved'],
        },
      },
      on: {
        'form.change': { target: '.idle', actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) } },
        'form.reset': { target: '.idle', actions: 'resetValues' },
        'form.submit': [
          { guard: 'isRefused', target: '.idle', actions: 'showValidation' },
          { guard: 'isUnchanged', target: '.idle' },
          { guard: 'isNotPermitted', target: '.idle', actions: 'notifyNotPermitted' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      meta: spec('000 §2.5'),
      tags: ['form', 'busy'],
      invoke: {
        id: 'updateUserInfo',
        src: 'updateUserInfo',
        // Reached only with a request (isRefused and isUnchanged came first).
        input: ({ context }) => goalSaveRequest(context) ?? {},
        onDone: 'readingScore',
        onError: { target: 'editing', actions: { type: 'notifySaveError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    readingScore: {
      // spec 002 §3: the server recomputed the readiness score from the saved answers; the page shows it. Until it is
      // read the save is not done: a failure here is the save's failure (the answers stay, to be saved again).
      meta: spec('000 §2.5', '002 §3'),
      tags: ['form', 'busy'],
      invoke: {
        id: 'getReadinessScore',
        src: 'getReadinessScore',
        input: null,
        onDone: {
          target: 'editing.saved',
          actions: [{ type: 'assignSaved', params: ({ event }) => ({ displayScore: displayScoreOf(event.output) }) }, 'notifySaved'],
        },
        onError: { target: 'editing', actions: { type: 'notifySaveError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type GoalEditSnapshot = SnapshotFrom<typeof goalEditMachine>;
export type GoalEditStatus = 'loading' | 'loadFailed' | 'noGoal' | 'unsupported' | 'editing' | 'saving';

/** What the loan-goal page reads. */
export const goalEditSelectors = {
  status: (s: GoalEditSnapshot): GoalEditStatus => {
    if (s.hasTag('loading')) return 'loading';
    if (s.hasTag('error')) return 'loadFailed';
    if (s.hasTag('noGoal')) return 'noGoal';
    if (s.hasTag('unsupported')) return 'unsupported';
    return s.hasTag('busy') ? 'saving' : 'editing';
  },
  /** The stored goal type (any string: an unsupported one is shown as 'Unsupported Goal Type'). */
  goalType: (s: GoalEditSnapshot): string | null => s.context.goal?.type ?? null,
  /** The page's sections: the intake's form steps for the goal's type, with the fields the answers show. */
  sections: (s: GoalEditSnapshot): { step: IntakeFormStep; fields: IntakeField[] }[] =>
    s.context.steps.map((step) => ({ step, fields: shownStepFields(step, s.context.values) })),
  fieldValue: (field: IntakeField) => (s: GoalEditSnapshot) => s.context.values[field],
  /** A field's refusal: its message key, 'form.required' (intake namespace) when missing, else null. */
  fieldError: (field: IntakeField) => (s: GoalEditSnapshot): string | null =>
    s.context.fieldErrors[field] ?? (s.context.missingFields.includes(field) ? 'form.required' : null),
  busy: (s: GoalEditSnapshot): boolean => s.hasTag('busy'),
  /** Saved just now: the recomputed score shows. */
  saved: (s: GoalEditSnapshot): boolean => s.hasTag('saved'),
  displayScore: (s: GoalEditSnapshot): number | null => s.context.displayScore,
  /** Some answer differs from what is stored ('350,000' typed for a stored 350000 does not): Save and Cancel apply. */
  dirty: (s: GoalEditSnapshot): boolean =>
    isRefused(s.context)
      ? JSON.stringify(s.context.values) !== JSON.stringify(goalFormValues(s.context.steps, s.context.goal, s.context.personalInfo))
      : goalSaveRequest(s.context) !== null,
};
