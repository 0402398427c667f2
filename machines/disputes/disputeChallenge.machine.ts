import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { DO_NOT_CHALLENGE, offersSecondRound, stageOfItem } from '../../src/domain/disputes';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { canActForClient } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DisputeActorFacts } from './disputeWizard.machine';
import type { DisputeChallengeActorSignatures, InvestigationItemData } from './ports';
import { machineSpec, spec } from '../spec';

// Starting, resuming and cancelling one item's challenge from its account-details dialog (spec 001 §4 "Dispute item
// flow", §6, §8). Starting a challenge sends the item back to a decision
// (challengeReasonSelected false: the wizard asks for its reason again): an item decided not to challenge, or a
// second round after a bureau verified it, reinserted it or let its window pass. While investigations are paused
// the pause is cleared first (a paused customer's challenge is refused by the server). Cancelling asks first, then
// sends 'do not challenge' and the item returns to not challenged (only before a bureau received the letter). A
// coach without client actions is refused (coach.toast.disputes-not-submitted for a start,
// coach.toast.not-permitted for a cancel), and so is a subscription outside the acceptable set
// (degraded-access.disputes.premium-only); the server refuses both as well.

type Sig = DisputeChallengeActorSignatures;

export const DISPUTE_CHALLENGE_KEYS = {
  started: 'toast.challenge-started',
  cancelled: 'toast.challenge-cancelled',
} as const;

export type DisputeChallengeNotifyKey = (typeof DISPUTE_CHALLENGE_KEYS)[keyof typeof DISPUTE_CHALLENGE_KEYS] | ErrorKey;

export interface DisputeChallengeInput {
  item: InvestigationItemData;
  isPaused: boolean;
  actor: DisputeActorFacts;
  subscriptionOk: boolean;
  /**
   * The customer's dispute day (yyyy-MM-dd, getInvestigationDetails asOf): a bureau past its due date offers a
   * second round. Without it only verified and reinserted answers do.
   */
  today?: string | null;
}

export interface DisputeChallengeContext extends Omit<DisputeChallengeInput, 'today'> {
  today: string | null;
}

export type DisputeChallengeEvent =
  | { type: 'challenge.start' }
  | { type: 'challenge.resume' }
  | { type: 'challenge.cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' };

export type DisputeChallengeEmitted = NotifyEmitted<DisputeChallengeNotifyKey>;
export type DisputeChallengeTag = 'busy' | 'dialog.confirmCancel';

/** A not-challenged item that has been decided (not one still waiting for a decision): it can be challenged again. */
export function canStartChallenge(item: InvestigationItemData): boolean {
  return stageOfItem(item) === 'not-challenged' && item.challengeReasonSelected;
}

/** A bureau verified the item, put it back after removing it, or let its window pass: it can be disputed again. */
export function canStartSecondRound(item: InvestigationItemData, today: string | null): boolean {
  return item.statuses.some((status) => offersSecondRound(status, today ?? ''));
}

/**
 * An item with a reason other than 'do not challenge' that no bureau has received or answered yet (a letter still
 * in the mail can be called back; the server refuses the rest).
 */
export function canCancelChallenge(item: InvestigationItemData): boolean {
  return (
    stageOfItem(item) !== 'corrected' &&
    item.challengeReason !== null &&
    item.challengeReason !== DO_NOT_CHALLENGE &&
    !item.statuses.some((status) => status.status === 'UNDER_REVIEW_ACTIVE')
  );
}

const answeredItem = (context: DisputeChallengeContext, answered: readonly InvestigationItemData[]) =>
  answered.find((item) => item.id === context.item.id) ?? context.item;

export const disputeChallengeMachine = setup({
  types: {
    context: {} as DisputeChallengeContext,
    events: {} as DisputeChallengeEvent,
    input: {} as DisputeChallengeInput,
    emitted: {} as DisputeChallengeEmitted,
    tags: {} as DisputeChallengeTag,
  },
  actors: {
    startChallenge: provided<Sig['startChallenge']>('startChallenge'),
    resumeInvestigations: provided<Sig['resumeInvestigations']>('resumeInvestigations'),
    cancelChallenge: provided<Sig['cancelChallenge']>('cancelChallenge'),
  },
  guards: {
    isCoachWithoutPermission: ({ context }) => !canActForClient(context.actor),
    isSubscriptionRefused: ({ context }) => !context.subscriptionOk,
    canStart: ({ context }) => canStartChallenge(context.item) || canStartSecondRound(context.item, context.today),
    canCancel: ({ context }) => canCancelChallenge(context.item),
    isPaused: ({ context }) => context.isPaused,
    canStartWhilePaused: ({ context }) =>
      context.isPaused && (canStartChallenge(context.item) || canStartSecondRound(context.item, context.today)),
  },
  actions: {
    assignAnswered: assign(({ context }, params: { answered: readonly InvestigationItemData[] }) => ({
      item: answeredItem(context, params.answered),
    })),
    assignPaused: assign((_, params: { isPaused: boolean }) => ({ isPaused: params.isPaused })),
    notifyDisputesNotSubmitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachDisputesNotSubmitted } as const),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyPremiumOnly: emit({ type: 'notify', level: 'info', key: ERROR_KEYS.premiumOnly } as const),
    notifyStarted: emit({ type: 'notify', level: 'success', key: DISPUTE_CHALLENGE_KEYS.started } as const),
    notifyStartError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.startDisputesChallengeError } as const),
    notifyCancelled: emit({ type: 'notify', level: 'success', key: DISPUTE_CHALLENGE_KEYS.cancelled } as const),
    notifyCancelError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.setDniError } as const),
  },
}).createMachine({
  id: 'disputeChallenge',
  meta: machineSpec(['001 §4', '001 §2'], ['afterResume']),
  context: ({ input }) => ({
    item: input.item,
    isPaused: input.isPaused,
    actor: input.actor,
    subscriptionOk: input.subscriptionOk,
    today: input.today ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §4'),
      on: {
        'challenge.start': [
          { guard: 'isCoachWithoutPermission', actions: 'notifyDisputesNotSubmitted' },
          { guard: 'isSubscriptionRefused', actions: 'notifyPremiumOnly' },
          // A paused customer's challenge is refused: the pause is cleared first.
          { guard: 'canStartWhilePaused', target: 'resuming' },
          { guard: 'canStart', target: 'starting' },
        ],
        'challenge.resume': [
          { guard: 'isCoachWithoutPermission', actions: 'notifyDisputesNotSubmitted' },
          { guard: 'isSubscriptionRefused', actions: 'notifyPremiumOnly' },
          { guard: 'isPaused', target: 'resuming' },
          { guard: 'canStart', target: 'starting' },
        ],
        'challenge.cancel': [
          { guard: 'isCoachWithoutPermission', actions: 'notifyNotPermitted' },
          { guard: 'isSubscriptionRefused', actions: 'notifyPremiumOnly' },
          { guard: 'canCancel', target: 'confirmingCancel' },
        ],
      },
    },
    resuming: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: {
        id: 'resumeInvestigations',
        src: 'resumeInvestigations',
        onDone: { target: 'afterResume', actions: { type: 'assignPaused', params: ({ event }) => ({ isPaused: event.output }) } },
        onError: { target: 'idle', actions: 'notifyStartError' },
      },
    },
    afterResume: {
      // Resumed: the item's challenge starts when it can (an item still waiting for a decision needs only the resume).
      always: [{ guard: 'isPaused', target: 'idle', actions: 'notifyStartError' }, { guard: 'canStart', target: 'starting' }, { target: 'idle' }],
    },
    starting: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: {
        id: 'startChallenge',
        src: 'startChallenge',
        input: ({ context }) => ({ item: { id: context.item.id, itemIds: context.item.itemIds } }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'assignAnswered', params: ({ event }) => ({ answered: event.output }) }, 'notifyStarted'],
        },
        onError: { target: 'idle', actions: 'notifyStartError' },
      },
    },
    confirmingCancel: {
      meta: spec('001 §4'),
      tags: ['dialog.confirmCancel'],
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': 'idle',
      },
    },
    cancelling: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: {
        id: 'cancelChallenge',
        src: 'cancelChallenge',
        input: ({ context }) => ({
          item: { id: context.item.id, itemIds: context.item.itemIds, disputeIds: context.item.disputeIds, type: context.item.type },
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'assignAnswered', params: ({ event }) => ({ answered: event.output }) }, 'notifyCancelled'],
        },
        onError: { target: 'idle', actions: 'notifyCancelError' },
      },
    },
  },
});

type DisputeChallengeSnapshot = SnapshotFrom<typeof disputeChallengeMachine>;

/** What the account-details dialog reads. */
export const disputeChallengeSelectors = {
  item: (s: DisputeChallengeSnapshot): InvestigationItemData => s.context.item,
  isPaused: (s: DisputeChallengeSnapshot): boolean => s.context.isPaused,
  busy: (s: DisputeChallengeSnapshot): boolean => s.hasTag('busy'),
  confirmingCancel: (s: DisputeChallengeSnapshot): boolean => s.hasTag('dialog.confirmCancel'),
  /** The start (or, while paused, resume) button: the item, decided not to challenge, can be challenged again. */
  canStart: (s: DisputeChallengeSnapshot): boolean => !s.hasTag('busy') && canStartChallenge(s.context.item),
  /** The second-round button: a bureau verified, reinserted or is overdue. */
  canStartSecondRound: (s: DisputeChallengeSnapshot): boolean =>
    !s.hasTag('busy') && !canStartChallenge(s.context.item) && canStartSecondRound(s.context.item, s.context.today),
  canCancel: (s: DisputeChallengeSnapshot): boolean => !s.hasTag('busy') && canCancelChallenge(s.context.item),
};
