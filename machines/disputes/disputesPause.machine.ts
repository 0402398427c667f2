import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canActForClient } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DisputeActorFacts } from './disputeWizard.machine';
import type { DisputesPauseActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The dashboard's pause / resume investigations banner (spec 001 §2, §4 "Investigations can be paused or resumed
// globally"; behind the pauseInvestigations flag): checks whether the customer's investigations are paused
// (checkIfDisputesPaused), then Pause or Resume sets it (setIsDisputesPaused) and says so. A coach without client
// actions is refused (coach.toast.not-permitted). A failed check leaves the banner out.

type Sig = DisputesPauseActorSignatures;

export const DISPUTES_PAUSE_KEYS = {
  paused: 'toast.investigations-paused',
  resumed: 'toast.investigations-resumed',
  failed: 'toast.pause-error',
} as const;

export type DisputesPauseNotifyKey = (typeof DISPUTES_PAUSE_KEYS)[keyof typeof DISPUTES_PAUSE_KEYS] | typeof ERROR_KEYS.coachNotPermitted;

export interface DisputesPauseInput {
  actor: DisputeActorFacts;
}

export interface DisputesPauseContext {
  actor: DisputeActorFacts;
  isPaused: boolean;
}

export type DisputesPauseEvent = { type: 'pause.toggle' };
export type DisputesPauseEmitted = NotifyEmitted<DisputesPauseNotifyKey>;
export type DisputesPauseTag = 'busy' | 'paused';

export const disputesPauseMachine = setup({
  types: {
    context: {} as DisputesPauseContext,
    events: {} as DisputesPauseEvent,
    input: {} as DisputesPauseInput,
    emitted: {} as DisputesPauseEmitted,
    tags: {} as DisputesPauseTag,
  },
  actors: {
    checkIfDisputesPaused: provided<Sig['checkIfDisputesPaused']>('checkIfDisputesPaused'),
    setIsDisputesPaused: provided<Sig['setIsDisputesPaused']>('setIsDisputesPaused'),
  },
  guards: {
    isPaused: ({ context }) => context.isPaused,
    isCoachWithoutPermission: ({ context }) => !canActForClient(context.actor),
  },
  actions: {
    assignPaused: assign((_, params: { isPaused: boolean }) => ({ isPaused: params.isPaused })),
    notifyToggled: emit((_, params: { isPaused: boolean }) => ({
      type: 'notify' as const,
      level: 'success' as const,
      key: params.isPaused ? DISPUTES_PAUSE_KEYS.paused : DISPUTES_PAUSE_KEYS.resumed,
    })),
    notifyFailed: emit({ type: 'notify', level: 'error', key: DISPUTES_PAUSE_KEYS.failed } as const),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
  },
}).createMachine({
  id: 'disputesPause',
  meta: machineSpec(['001 §2', '001 §7'], ['showing']),
  context: ({ input }) => ({ actor: input.actor, isPaused: false }),
  initial: 'checking',
  states: {
    checking: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'checkIfDisputesPaused',
        src: 'checkIfDisputesPaused',
        onDone: { target: 'showing', actions: { type: 'assignPaused', params: ({ event }) => ({ isPaused: event.output }) } },
        // Whether they are paused is unknown: no banner.
        onError: 'unavailable',
      },
    },
    showing: {
      always: [{ guard: 'isPaused', target: 'paused' }, { target: 'running' }],
    },
    running: {
      meta: spec('001 §2'),
      on: {
        'pause.toggle': [{ guard: 'isCoachWithoutPermission', actions: 'notifyNotPermitted' }, { target: 'toggling' }],
      },
    },
    paused: {
      meta: spec('001 §2'),
      tags: ['paused'],
      on: {
        'pause.toggle': [{ guard: 'isCoachWithoutPermission', actions: 'notifyNotPermitted' }, { target: 'toggling' }],
      },
    },
    toggling: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'setIsDisputesPaused',
        src: 'setIsDisputesPaused',
        input: ({ context }) => ({ isPaused: !context.isPaused }),
        onDone: {
          target: 'showing',
          actions: [
            { type: 'assignPaused', params: ({ event }) => ({ isPaused: event.output }) },
            { type: 'notifyToggled', params: ({ event }) => ({ isPaused: event.output }) },
          ],
        },
        onError: { target: 'showing', actions: 'notifyFailed' },
      },
    },
    unavailable: {
      meta: spec('001 §2'),
      type: 'final',
    },
  },
});

type DisputesPauseSnapshot = SnapshotFrom<typeof disputesPauseMachine>;

/** What the pause banner reads. */
export const disputesPauseSelectors = {
  /** The banner shows once the check answered. */
  known: (s: DisputesPauseSnapshot): boolean => s.matches('running') || s.matches('paused') || s.matches('toggling'),
  paused: (s: DisputesPauseSnapshot): boolean => s.context.isPaused,
  busy: (s: DisputesPauseSnapshot): boolean => s.hasTag('busy'),
};
