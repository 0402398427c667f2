import { assign, setup, type SnapshotFrom } from 'xstate';
import { stageOfItem } from '../../src/domain/disputes';
import { provided } from '../actors';
import type { InvestigationItemData, WelcomeFlowActorSignatures } from '../disputes/ports';

// The welcome flow after sign-in on the home hub (spec 002 §4 "Welcome flow after login"; issue 12 item 13): once
// per sign-in, when the resolved-disputes flag is on and some corrected disputes have not been seen, the
// resolved-disputes modal shows them; dismissing it marks them viewed (not for a coach: views are the customer's;
// a failure to record is ignored). Issue 16 adds the agent message modal.

type Sig = WelcomeFlowActorSignatures;

export interface WelcomeFlowInput {
  /** The resolved-dispute-modal flag. */
  resolvedDisputeModal: boolean;
  /** The modal was shown already in this sign-in. */
  alreadyShown: boolean;
  /** src/domain/permissions.ts canRecordViews (not for agents). */
  canRecordViews: boolean;
}

export interface WelcomeFlowContext extends WelcomeFlowInput {
  resolved: InvestigationItemData[];
}

/** Whether the modal was shown (the app remembers it for the rest of the sign-in). */
export interface WelcomeFlowOutput {
  shown: boolean;
}

export type WelcomeFlowEvent = { type: 'welcome.dismiss' };
export type WelcomeFlowTag = 'dialog.resolvedDisputes' | 'busy';

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
  },
  actors: {
    loadResolvedDisputes: provided<Sig['loadResolvedDisputes']>('loadResolvedDisputes'),
    markInvestigationsViewed: provided<Sig['markInvestigationsViewed']>('markInvestigationsViewed'),
  },
  guards: {
    shouldShowResolved: ({ context }) => context.resolvedDisputeModal && !context.alreadyShown,
    hasResolved: (_, params: { items: readonly InvestigationItemData[] }) => unviewedResolved(params.items).length > 0,
    canRecordViews: ({ context }) => context.canRecordViews,
  },
  actions: {
    assignResolved: assign((_, params: { items: readonly InvestigationItemData[] }) => ({ resolved: unviewedResolved(params.items) })),
  },
}).createMachine({
  id: 'welcomeFlow',
  context: ({ input }) => ({ ...input, resolved: [] }),
  output: ({ context }) => ({ shown: context.resolved.length > 0 }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'shouldShowResolved', target: 'loading' }, { target: 'done' }],
    },
    loading: {
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
          { target: 'done' },
        ],
        // The welcome is not worth an error: nothing shows.
        onError: 'done',
      },
    },
    resolvedDisputes: {
      tags: ['dialog.resolvedDisputes'],
      on: {
        'welcome.dismiss': [{ guard: 'canRecordViews', target: 'markingViewed' }, { target: 'done' }],
      },
    },
    markingViewed: {
      invoke: {
        id: 'markInvestigationsViewed',
        src: 'markInvestigationsViewed',
        input: ({ context }) => ({ ids: context.resolved.map((item) => item.id) }),
        onDone: 'done',
        // Not recorded: the modal may show again at the next sign-in.
        onError: 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
});

type WelcomeFlowSnapshot = SnapshotFrom<typeof welcomeFlowMachine>;

export const welcomeFlowSelectors = {
  resolvedOpen: (s: WelcomeFlowSnapshot): boolean => s.hasTag('dialog.resolvedDisputes'),
  resolved: (s: WelcomeFlowSnapshot): InvestigationItemData[] => s.context.resolved,
};
