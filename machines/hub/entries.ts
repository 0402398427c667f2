import { SAMPLE_DISPUTE_ITEMS } from '../disputes/entries';
import type { WelcomeFlowActorSignatures } from '../disputes/ports';
import { actorSamples, after, defineMachineEntry, sampleEvents, valueKey } from '../registry';
import { actionCompletionMachine } from './actionCompletion.machine';
import { loadingMessagesMachine } from './loadingMessages.machine';
import type {
  ActionCompletionActorSignatures,
  AgentMessageActorSignatures,
  AgentMessageData,
  HubActionData,
  HubActionListData,
  SavingsUpdateActorSignatures,
} from './ports';
import { savingsUpdateMachine } from './savingsUpdate.machine';
import { tourMachine } from './tour.machine';
import { welcomeFlowMachine } from './welcomeFlow.machine';

// The home hub's machines' registry entries, listed in machines/index.ts.

const welcomeEvent = sampleEvents<typeof welcomeFlowMachine>();
const welcomeActors = actorSamples<WelcomeFlowActorSignatures & AgentMessageActorSignatures>();

/** The coach's message the samples greet with (spec 002 §3 Agent message). */
export const SAMPLE_AGENT_MESSAGE: AgentMessageData = {
  name: 'AM-000142',
  subject: 'Great progress this month',
  body: 'Your score went up again.',
  from: 'Cody Harper',
  createdAt: '2026-10-30T15:00:00.000Z',
  viewed: false,
};

export const welcomeFlowEntry = defineMachineEntry({
  id: 'welcomeFlow',
  title: 'Welcome flow after sign-in',
  purpose:
    "Once per sign-in: the resolved-disputes modal when corrected disputes are unviewed (flag on), otherwise the coach's unseen message; then marked viewed.",
  machine: welcomeFlowMachine,
  testModel: {
    input: { resolvedDisputeModal: true, alreadyShown: false, canRecordViews: true, agentMessage: true },
    events: {
      'welcome.dismiss': [welcomeEvent({ type: 'welcome.dismiss' })],
      // The hub's address with, and then without, a modal state (spec 002 §2): a reload, and Back.
      'route.changed': [
        welcomeEvent({ type: 'route.changed', path: '/', search: '', modal: 'investigations' }),
        welcomeEvent({ type: 'route.changed', path: '/', search: '', modal: 'agentMessage' }),
        welcomeEvent({ type: 'route.changed', path: '/', search: '', modal: null }),
      ],
      'xstate.done.actor.loadResolvedDisputes': [
        welcomeActors.done('loadResolvedDisputes', [SAMPLE_DISPUTE_ITEMS.corrected]),
        welcomeActors.done('loadResolvedDisputes', []),
      ],
      'xstate.error.actor.loadResolvedDisputes': [welcomeActors.fail('loadResolvedDisputes', 'unavailable')],
      'xstate.done.actor.markInvestigationsViewed': [welcomeActors.done('markInvestigationsViewed')],
      'xstate.error.actor.markInvestigationsViewed': [welcomeActors.fail('markInvestigationsViewed', 'unavailable')],
      'xstate.done.actor.loadAgentMessage': [
        welcomeActors.done('loadAgentMessage', SAMPLE_AGENT_MESSAGE),
        welcomeActors.done('loadAgentMessage', null),
      ],
      'xstate.error.actor.loadAgentMessage': [welcomeActors.fail('loadAgentMessage', 'unavailable')],
      'xstate.done.actor.markAgentMessageViewed': [welcomeActors.done('markAgentMessageViewed')],
      'xstate.error.actor.markAgentMessageViewed': [welcomeActors.fail('markAgentMessageViewed', 'unavailable')],
    },
    // The guards read the input and the loaded items and message (payloads).
    stateKey: valueKey,
  },
});

const sampleAction = (id: string, type: HubActionData['type'], viewed: boolean): HubActionData => ({
  id,
  name: `Sample ${type}`,
  type,
  status: 'active',
  completedAt: null,
  updating: false,
  viewed,
  properties: {},
});

/** An action list as getActions answers it: two active actions, one not seen yet. */
export const SAMPLE_ACTION_LIST: HubActionListData = {
  activeActions: [sampleAction('act-upload', 'document_upload', false), sampleAction('act-save', 'savings', true)],
  completedActions: [],
  history: [],
  totalActive: 2,
  totalComplete: 0,
  metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null },
};

const completionEvent = sampleEvents<typeof actionCompletionMachine>();
const completionActors = actorSamples<ActionCompletionActorSignatures>();

export const actionCompletionEntry = defineMachineEntry({
  id: 'actionCompletion',
  title: 'Home hub actions and their completion',
  purpose:
    'The action rules run, then the hub’s actions loaded and their first sight recorded; the list is read again when the server changes the actions; completing one moves it to completed today at once and takes it back if the server refuses.',
  machine: actionCompletionMachine,
  testModel: {
    input: { userId: 'customer-1', canComplete: true, canRecordViews: true },
    events: {
      'action.complete': [
        completionEvent({ type: 'action.complete', actionId: 'act-upload', at: '2026-11-26T15:00:00.000Z' }),
        completionEvent({ type: 'action.complete', actionId: 'act-unknown', at: '2026-11-26T15:00:00.000Z' }),
      ],
      'actions.refresh': [completionEvent({ type: 'actions.refresh' })],
      'actions.changed': [completionEvent({ type: 'actions.changed' })],
      'load.retry': [completionEvent({ type: 'load.retry' })],
      'xstate.done.actor.calculateActions': [completionActors.done('calculateActions')],
      'xstate.error.actor.calculateActions': [completionActors.fail('calculateActions', 'unavailable')],
      'xstate.done.actor.loadActions': [
        completionActors.done('loadActions', SAMPLE_ACTION_LIST),
        completionActors.done('loadActions', { ...SAMPLE_ACTION_LIST, activeActions: SAMPLE_ACTION_LIST.activeActions.map((action) => ({ ...action, viewed: true })) }),
      ],
      'xstate.error.actor.loadActions': [completionActors.fail('loadActions', 'unavailable')],
      'xstate.done.actor.updateAction': [completionActors.done('updateAction')],
      'xstate.error.actor.updateAction': [completionActors.fail('updateAction', 'internal')],
      'xstate.done.actor.markActionsViewed': [completionActors.done('markActionsViewed')],
      'xstate.error.actor.markActionsViewed': [completionActors.fail('markActionsViewed', 'unavailable')],
    },
    // The guards read the active actions (which are there, which were seen) besides the state.
    stateKey: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.list?.activeActions.map((action) => [action.id, action.viewed]) ?? null]),
  },
});

export const loadingMessagesEntry = defineMachineEntry({
  id: 'loadingMessages',
  title: 'Loading messages on long waits',
  purpose: 'After a moment of waiting, one of 50 encouraging messages after another, each for 2 to 6 seconds.',
  machine: loadingMessagesMachine,
  testModel: {
    input: { start: 0 },
    events: {
      'xstate.after.longWait.loadingMessages.waiting': [after('longWait', 'loadingMessages.waiting')],
      'xstate.after.messageShown.loadingMessages.showing': [after('messageShown', 'loadingMessages.showing')],
    },
    stateKey: valueKey,
  },
});

const savingsEvent = sampleEvents<typeof savingsUpdateMachine>();
const savingsActors = actorSamples<SavingsUpdateActorSignatures>();

export const savingsUpdateEntry = defineMachineEntry({
  id: 'savingsUpdate',
  title: 'Update savings from the hub',
  purpose: 'The savings action’s dialog: the current savings saved on the goal, then the readiness score recomputed.',
  machine: savingsUpdateMachine,
  testModel: {
    input: { canUpdate: true },
    events: {
      'savings.submit': [savingsEvent({ type: 'savings.submit', amount: 18_500 }), savingsEvent({ type: 'savings.submit', amount: -5 })],
      'xstate.done.actor.updateSavings': [savingsActors.done('updateSavings', { displayScore: 71 })],
      'xstate.error.actor.updateSavings': [savingsActors.fail('updateSavings', 'internal')],
    },
    stateKey: valueKey,
  },
});

const tourEvent = sampleEvents<typeof tourMachine>();
const HOME_TOUR_SAMPLE = ['scoreComponent', 'scoreDetailsButton', 'actionsSection'];

export const tourEntry = defineMachineEntry({
  id: 'tour',
  title: 'Guided tour',
  purpose: 'Highlights the parts of the home hub or the money page one after another; Back, Next, Escape or a click outside.',
  machine: tourMachine,
  testModel: {
    events: {
      'tour.start': [tourEvent({ type: 'tour.start', available: HOME_TOUR_SAMPLE }), tourEvent({ type: 'tour.start', available: [] })],
      'tour.next': [tourEvent({ type: 'tour.next' })],
      'tour.back': [tourEvent({ type: 'tour.back' })],
      'tour.dismiss': [tourEvent({ type: 'tour.dismiss' })],
      'tour.restore': [
        tourEvent({ type: 'tour.restore', target: 'actionsSection', available: HOME_TOUR_SAMPLE }),
        tourEvent({ type: 'tour.restore', target: 'scoreDetailsButton', available: ['scoreComponent', 'actionsSection'] }),
        tourEvent({ type: 'tour.restore', target: null, available: HOME_TOUR_SAMPLE }),
      ],
      // After a reload: the score details button shows once the score has loaded, or never.
      'tour.targetsChanged': [
        tourEvent({ type: 'tour.targetsChanged', available: ['scoreComponent', 'actionsSection'] }),
        tourEvent({ type: 'tour.targetsChanged', available: HOME_TOUR_SAMPLE }),
      ],
      'xstate.after.restoreWait.tour.restoring': [after('restoreWait', 'tour.restoring')],
    },
    // The guards read which step of how many is shown.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.index, snapshot.context.targets.length, snapshot.context.pending]),
  },
});
