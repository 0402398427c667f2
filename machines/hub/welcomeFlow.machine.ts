import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { stageOfItem } from '../../src/domain/disputes';
import { provided } from '../actors';
import type { NavigateEmitted, RouteChangedEvent } from '../ports';
import type { InvestigationItemData, WelcomeFlowActorSignatures } from '../disputes/ports';
import type { AgentMessageActorSignatures, AgentMessageData } from './ports';
import { machineSpec, spec } from '../spec';

// The welcome flow after sign-in on the home hub (spec 002 §4 "Welcome flow after login"): once
// per sign-in, when the resolved-disputes flag is on and some corrected disputes have not been seen, the
// resolved-disputes modal shows them; dismissing it marks them viewed (not for a coach: views are the customer's;
// a failure to record is ignored). Otherwise (the flag off, nothing unseen) the coach's latest message, when the
// customer has not seen it, in the agent message modal, marked viewed when dismissed. One or the other, never both,
// and never twice: the app remembers a finished flow for the sign-in (alreadyShown), the server the views.
// spec 002 §2 "Modal states carried in navigation state": the resolved-disputes modal is the investigations modal
// state and the message the agentMessage one (WELCOME_MODAL_KEY in the navigation state, route⇄machine pattern):
// opening one adds a history entry with it, so the browser's Back closes it (dismissed, as by its button), and a reload
// keeps it (the page comes back with the state, and the flow, not yet done, shows it again in the same entry).

type Sig = WelcomeFlowActorSignatures & AgentMessageActorSignatures;

/** The coach's message as the agent message modal shows it. */
export type { AgentMessageData };

export interface WelcomeFlowInput {
  /** The resolved-dispute-modal flag. */
  resolvedDisputeModal: boolean;
  /** The modal was shown already in this sign-in. */
  alreadyShown: boolean;
  /** src/domain/permissions.ts canRecordViews (not for agents). */
  canRecordViews: boolean;
  /** Whether the coach's message may greet (the customer's own session). */
  agentMessage: boolean;
}

export interface WelcomeFlowContext extends WelcomeFlowInput {
  resolved: InvestigationItemData[];
  message: AgentMessageData | null;
  /** The page's path, and the modal state its navigation state carries (route.changed). */
  path: string | null;
  routeModal: string | null;
  /** The open modal added its own history entry (closing it goes back), rather than reusing the one it found. */
  modalPushed: boolean;
}

/** The navigation state's key of the hub's modal states (src/app/shell/HomeRoute.tsx reads the same key). */
export const WELCOME_MODAL_KEY = 'hubModal';
/** spec 002 §2's names of the two modal states. */
export type WelcomeModal = 'investigations' | 'agentMessage';

/** Whether the modal was shown (the app remembers it for the rest of the sign-in). */
export interface WelcomeFlowOutput {
  shown: boolean;
}

export type WelcomeFlowEvent = { type: 'welcome.dismiss' } | RouteChangedEvent;
export type WelcomeFlowTag = 'dialog.resolvedDisputes' | 'dialog.agentMessage' | 'busy';

/** Corrected disputes the customer has not seen. */
export function unviewedResolved(items: readonly InvestigationItemData[]): InvestigationItemData[] {
  return items.filter((item) => stageOfItem(item) === 'corrected' && !item.viewed);
}

export const welcomeFlowMachine = setup({
  types: {
    context: {} as WelcomeFlowContext,
    events: {} as WelcomeFlowEvent,
    input: {} as WelcomeFlowInput,
    output: {} as WelcomeFlowOutput,
    tags: {} as WelcomeFlowTag,
    emitted: {} as NavigateEmitted,
  },
  actors: {
    loadResolvedDisputes: provided<Sig['loadResolvedDisputes']>('loadResolvedDisputes'),
    markInvestigationsViewed: provided<Sig['markInvestigationsViewed']>('markInvestigationsViewed'),
    loadAgentMessage: provided<Sig['loadAgentMessage']>('loadAgentMessage'),
    markAgentMessageViewed: provided<Sig['markAgentMessageViewed']>('markAgentMessageViewed'),
  },
  guards: {
    shouldShowResolved: ({ context }) => context.resolvedDisputeModal && !context.alreadyShown,
    hasResolved: (_, params: { items: readonly InvestigationItemData[] }) => unviewedResolved(params.items).length > 0,
    canRecordViews: ({ context }) => context.canRecordViews,
    shouldShowMessage: ({ context }) => context.agentMessage && !context.alreadyShown,
    isUnviewedMessage: (_, params: { message: AgentMessageData | null }) => params.message !== null && !params.message.viewed,
    // The navigation state no longer carries the open modal: the browser's Back.
    isModalLeft: (_, params: { modal: WelcomeModal; routeModal: string | null | undefined }) => params.routeModal !== params.modal,
    // The same, for a customer whose views are recorded.
    isModalLeftRecordingViews: ({ context }, params: { modal: WelcomeModal; routeModal: string | null | undefined }) =>
      params.routeModal !== params.modal && context.canRecordViews,
  },
  actions: {
    assignResolved: assign((_, params: { items: readonly InvestigationItemData[] }) => ({ resolved: unviewedResolved(params.items) })),
    assignMessage: assign((_, params: { message: AgentMessageData | null }) => ({ message: params.message })),
    assignRoute: assign((_, params: { path: string; modal: string | null | undefined }) => ({ path: params.path, routeModal: params.modal ?? null })),
    // Open: a history entry with the modal state, or the entry that has it already (a reload).
    showModal: emit(({ context }, params: { modal: WelcomeModal }) => ({
      type: 'navigate' as const,
      to: context.path ?? '/',
      replace: context.routeModal === params.modal,
      state: { [WELCOME_MODAL_KEY]: params.modal },
    })),
    assignModalPushed: assign(({ context }, params: { modal: WelcomeModal }) => ({ modalPushed: context.routeModal !== params.modal })),
    // Closed by its button: back over the entry it added, or the state cleared in place.
    closeModal: emit(({ context }) =>
      context.modalPushed
        ? { type: 'navigate' as const, to: context.path ?? '/', back: 1 }
        : { type: 'navigate' as const, to: context.path ?? '/', replace: true, state: null },
    ),
  },
}).createMachine({
  id: 'welcomeFlow',
  meta: machineSpec(['002 §4', '002 §2'], ['checking', 'checkingMessage']),
  context: ({ input }) => ({ ...input, resolved: [], message: null, path: null, routeModal: null, modalPushed: false }),
  on: {
    'route.changed': { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) } },
  },
  output: ({ context }) => ({ shown: context.resolved.length > 0 || context.message !== null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'shouldShowResolved', target: 'loading' }, { target: 'checkingMessage' }],
    },
    loading: {
      meta: spec('002 §4'),
      tags: ['busy'],
      invoke: {
        id: 'loadResolvedDisputes',
        src: 'loadResolvedDisputes',
        onDone: [
          {
            guard: { type: 'hasResolved', params: ({ event }) => ({ items: event.output }) },
            target: 'resolvedDisputes',
            actions: { type: 'assignResolved', params: ({ event }) => ({ items: event.output }) },
          },
          { target: 'checkingMessage' },
        ],
        // The welcome is not worth an error: the disputes do not show.
        onError: 'checkingMessage',
      },
    },
    resolvedDisputes: {
      meta: spec('002 §4', '002 §2'),
      tags: ['dialog.resolvedDisputes'],
      entry: [
        { type: 'showModal', params: { modal: 'investigations' } },
        { type: 'assignModalPushed', params: { modal: 'investigations' } },
      ],
      on: {
        'welcome.dismiss': [
          { guard: 'canRecordViews', target: 'markingViewed', actions: 'closeModal' },
          { target: 'done', actions: 'closeModal' },
        ],
        // Back: dismissed like its button, the address already left.
        'route.changed': [
          {
            guard: { type: 'isModalLeftRecordingViews', params: ({ event }) => ({ modal: 'investigations' as const, routeModal: event.modal }) },
            target: 'markingViewed',
            actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) },
          },
          {
            guard: { type: 'isModalLeft', params: ({ event }) => ({ modal: 'investigations' as const, routeModal: event.modal }) },
            target: 'done',
            actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) },
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) } },
        ],
      },
    },
    markingViewed: {
      meta: spec('002 §4'),
      invoke: {
        id: 'markInvestigationsViewed',
        src: 'markInvestigationsViewed',
        input: ({ context }) => ({ ids: context.resolved.map((item) => item.id) }),
        onDone: 'done',
        // Not recorded: the modal may show again at the next sign-in.
        onError: 'done',
      },
    },
    checkingMessage: {
      always: [{ guard: 'shouldShowMessage', target: 'loadingMessage' }, { target: 'done' }],
    },
    loadingMessage: {
      meta: spec('002 §4'),
      tags: ['busy'],
      invoke: {
        id: 'loadAgentMessage',
        src: 'loadAgentMessage',
        onDone: [
          {
            guard: { type: 'isUnviewedMessage', params: ({ event }) => ({ message: event.output }) },
            target: 'agentMessage',
            actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.output }) },
          },
          { target: 'done' },
        ],
        onError: 'done',
      },
    },
    agentMessage: {
      meta: spec('002 §4', '002 §2'),
      tags: ['dialog.agentMessage'],
      entry: [
        { type: 'showModal', params: { modal: 'agentMessage' } },
        { type: 'assignModalPushed', params: { modal: 'agentMessage' } },
      ],
      on: {
        'welcome.dismiss': [
          { guard: 'canRecordViews', target: 'markingMessageViewed', actions: 'closeModal' },
          { target: 'done', actions: 'closeModal' },
        ],
        // Back: dismissed like its button, the address already left.
        'route.changed': [
          {
            guard: { type: 'isModalLeftRecordingViews', params: ({ event }) => ({ modal: 'agentMessage' as const, routeModal: event.modal }) },
            target: 'markingMessageViewed',
            actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) },
          },
          {
            guard: { type: 'isModalLeft', params: ({ event }) => ({ modal: 'agentMessage' as const, routeModal: event.modal }) },
            target: 'done',
            actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) },
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, modal: event.modal }) } },
        ],
      },
    },
    markingMessageViewed: {
      meta: spec('002 §4'),
      invoke: {
        id: 'markAgentMessageViewed',
        src: 'markAgentMessageViewed',
        input: ({ context }) => ({ name: context.message?.name ?? '' }),
        onDone: 'done',
        // Not recorded: the message may greet again at the next sign-in.
        onError: 'done',
      },
    },
    done: {
      meta: spec('002 §4'),
      type: 'final',
    },
  },
});

type WelcomeFlowSnapshot = SnapshotFrom<typeof welcomeFlowMachine>;

export const welcomeFlowSelectors = {
  resolvedOpen: (s: WelcomeFlowSnapshot): boolean => s.hasTag('dialog.resolvedDisputes'),
  resolved: (s: WelcomeFlowSnapshot): InvestigationItemData[] => s.context.resolved,
  messageOpen: (s: WelcomeFlowSnapshot): boolean => s.hasTag('dialog.agentMessage'),
  message: (s: WelcomeFlowSnapshot): AgentMessageData | null => s.context.message,
};
