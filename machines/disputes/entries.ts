import type { Bureau } from '../../src/domain/creditReportRecords';
import type { InvestigationStatus } from '../../src/domain/disputes';
import { bureauStatusRecord, stageOfItem } from '../../src/domain/disputes';
import { actorSamples, defineMachineEntry, eventsByType, sampleEvents, valueKey } from '../registry';
import { disputeChallengeMachine } from './disputeChallenge.machine';
import { disputeLetterMachine } from './disputeLetter.machine';
import { disputesDevToolsMachine } from './disputesDevTools.machine';
import { disputesPauseMachine } from './disputesPause.machine';
import { disputeWizardMachine } from './disputeWizard.machine';
import { walkthroughMachine } from './walkthrough.machine';
import type {
  DisputeChallengeActorSignatures,
  DisputeLetterActorSignatures,
  DisputesDevToolsActorSignatures,
  DisputesPauseActorSignatures,
  DisputeWizardActorSignatures,
  InvestigationBureauStatusData,
  InvestigationItemData,
} from './ports';

// The disputes machines' registry entries, listed in machines/index.ts. Sample events carry real payloads;
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result.

// ------------------------------------------------------------------------------------------------ sample items

const BUREAUS: readonly Bureau[] = ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'];

function statuses(status: InvestigationStatus, extra: Partial<InvestigationBureauStatusData> = {}): InvestigationBureauStatusData[] {
  return BUREAUS.map((bureau) => bureauStatusRecord(bureau, { status, round: 1, ...extra }));
}

function item(overrides: Partial<InvestigationItemData> & Pick<InvestigationItemData, 'id' | 'name' | 'type'>): InvestigationItemData {
  return {
    entityType: 'account',
    accountBalance: { amount: null },
    accountStatus: null,
    challengeReason: null,
    challengeReasonOptions: [],
    challengeReasonSelected: false,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`${overrides.id}-tradeline`],
    disputeIds: [],
    statuses: statuses('PENDING_USER_DECISION'),
    inquiryDate: null,
    reportDate: '2026-10-16',
    subtype: null,
    viewed: false,
    ...overrides,
  };
}

/** Items waiting for a decision: two collections (one a special account) and an inquiry. */
export const SAMPLE_DISPUTE_ITEMS = {
  collection: item({
    id: 'collection-1',
    name: 'MIDLAND CREDIT MGMT',
    type: 'COLLECTIONS_TRADELINE',
    accountBalance: { amount: 1_240 },
    accountStatus: 'Collection',
  }),
  special: item({
    id: 'collection-special',
    name: 'DEPT OF EDUCATION/NELN',
    type: 'COLLECTIONS_TRADELINE',
    accountBalance: { amount: 18_400 },
    accountStatus: 'Collection',
    isSpecialAccount: true,
  }),
  inquiry: item({
    id: 'inquiry-1',
    name: 'CAPITAL ONE',
    type: 'RECENT_INQUIRY',
    entityType: 'inquiry',
    itemIds: ['inquiry-1-inquiry'],
    inquiryDate: '2026-09-02',
  }),
  /** Decided not to challenge: it can be challenged again. */
  notChallenged: item({
    id: 'collection-dnc',
    name: 'PORTFOLIO RECOVERY',
    type: 'COLLECTIONS_OTHER',
    accountBalance: { amount: 310 },
    challengeReason: 'do_not_challenge',
    challengeReasonSelected: true,
    statuses: statuses('NOT_CHALLENGED'),
  }),
  /** Removed by every bureau, not seen yet (the welcome flow's resolved disputes). */
  corrected: item({
    id: 'collection-removed',
    name: 'LVNV FUNDING',
    type: 'COLLECTIONS_TRADELINE',
    challengeReason: 'not_mine',
    challengeReasonSelected: true,
    statuses: statuses('CORRECTED', {
      sentAt: '2026-09-01',
      receivedAt: '2026-09-04',
      dueAt: '2026-10-04',
      answeredAt: '2026-09-28',
      outcome: 'REMOVED',
    }),
  }),
  /** Challenged, its letters still in the mail (no bureau received them): the challenge can be cancelled. */
  mailed: item({
    id: 'collection-mailed',
    name: 'ENHANCED RECOVERY CO',
    type: 'COLLECTIONS_OTHER',
    accountBalance: { amount: 512 },
    challengeReason: 'not_mine',
    challengeReasonSelected: true,
    statuses: statuses('UNDER_REVIEW_PENDING', { sentAt: '2026-11-24' }),
  }),
  /** Verified as accurate by every bureau: a second round is offered. */
  verified: item({
    id: 'late-verified',
    name: 'DISCOVER BANK',
    type: 'LATE_PAYMENTS',
    challengeReason: 'never_late',
    challengeReasonSelected: true,
    statuses: statuses('CORRECTED', {
      sentAt: '2026-09-01',
      receivedAt: '2026-09-04',
      dueAt: '2026-10-04',
      answeredAt: '2026-10-01',
      outcome: 'VERIFIED',
    }),
  }),
  /** Already under review: the wizard leaves it out. */
  underReview: item({
    id: 'late-1',
    name: 'CHASE CARD',
    type: 'LATE_PAYMENTS',
    challengeReason: 'never_late',
    challengeReasonSelected: true,
    statuses: statuses('UNDER_REVIEW_ACTIVE', { sentAt: '2026-11-02', receivedAt: '2026-11-05', dueAt: '2026-12-05' }),
  }),
} satisfies Record<string, InvestigationItemData>;

const SAMPLE_ITEMS = SAMPLE_DISPUTE_ITEMS;

/** An item as the server answers a save of its reason. */
const savedItem = (sample: InvestigationItemData, reason: InvestigationItemData['challengeReason']): InvestigationItemData => ({
  ...sample,
  challengeReason: reason,
  challengeReasonSelected: true,
});

// ------------------------------------------------------------------------------------------------ dispute wizard

const wizardEvent = sampleEvents<typeof disputeWizardMachine>();
const wizardActors = actorSamples<DisputeWizardActorSignatures>();

export const SAMPLE_CUSTOMER_ACTOR = { isAgent: false, allowClientActions: false };
export const SAMPLE_COACH_ACTOR = { isAgent: true, allowClientActions: false };

export const disputeWizardEntry = defineMachineEntry({
  id: 'disputeWizard',
  title: 'Dispute wizard',
  purpose: 'Give every item waiting for a decision a reason, category by category (saved on Next), then submit the disputes.',
  machine: disputeWizardMachine,
  testModel: {
    // A special account (waiver) and an inquiry (secondary reasons) in two steps; the item under review stays out.
    input: {
      items: [SAMPLE_ITEMS.special, SAMPLE_ITEMS.inquiry, SAMPLE_ITEMS.underReview],
      actor: SAMPLE_CUSTOMER_ACTOR,
      subscriptionOk: true,
      source: 'dashboard',
    },
    events: eventsByType(
      wizardEvent({ type: 'wizard.begin' }),
      wizardEvent({ type: 'reason.select', itemId: 'inquiry-1', reason: 'not_mine' }),
      wizardEvent({ type: 'reason.select', itemId: 'inquiry-1', reason: 'identity_theft' }),
      wizardEvent({ type: 'reason.select', itemId: 'collection-special', reason: 'not_mine' }),
      // Not offered for inquiries (refused).
      wizardEvent({ type: 'reason.select', itemId: 'inquiry-1', reason: 'never_late' }),
      wizardEvent({ type: 'item.toggle', itemId: 'inquiry-1' }),
      wizardEvent({ type: 'items.toggleAll' }),
      wizardEvent({ type: 'selection.apply', reason: 'not_mine' }),
      wizardEvent({ type: 'selection.apply', reason: 'identity_theft' }),
      wizardEvent({ type: 'secondary.toggle', option: 'police_report_filed' }),
      wizardEvent({ type: 'secondary.save' }),
      wizardEvent({ type: 'secondary.cancel' }),
      wizardEvent({ type: 'secondary.edit', itemId: 'inquiry-1' }),
      wizardEvent({ type: 'waiver.accept' }),
      wizardEvent({ type: 'waiver.decline' }),
      wizardEvent({ type: 'wizard.next' }),
      wizardEvent({ type: 'wizard.back' }),
      wizardEvent({ type: 'wizard.submit' }),
      wizardEvent({ type: 'wizard.close' }),
      wizardEvent({ type: 'close.confirm' }),
      wizardEvent({ type: 'close.cancel' }),
      wizardEvent({ type: 'info.open' }),
      wizardEvent({ type: 'info.close' }),
      wizardActors.done('saveReasons', [savedItem(SAMPLE_ITEMS.special, 'do_not_challenge')]),
      wizardActors.fail('saveReasons', 'unavailable'),
      wizardActors.done('completeDisputeActionOptimistically', { actionId: 'action-dispute', previousStatus: 'active' }),
      wizardActors.fail('completeDisputeActionOptimistically', 'unknown'),
      wizardActors.done('submitDisputes', {
        submitted: 2,
        letters: BUREAUS.map((bureau) => ({ bureau, completionDate: '2026-11-25', documentId: `letter-${bureau.toLowerCase()}`, round: 1, itemCount: 2 })),
      }),
      wizardActors.fail('submitDisputes', 'unavailable'),
      wizardActors.done('refreshAfterSubmit'),
      wizardActors.fail('refreshAfterSubmit', 'unavailable'),
      wizardActors.done('rollbackDisputeAction'),
      wizardActors.fail('rollbackDisputeAction', 'unknown'),
    ),
    // The guards read the step, the answers, which of them are unsaved, the selection and the open dialog's facts.
    // While the info dialog is open only the step's state counts: what happens beside them is the same.
    stateKey: (snapshot) => {
      const { context } = snapshot;
      const value = snapshot.value as { open?: { dialogs?: unknown; flow?: unknown } };
      if (value.open !== undefined && value.open.dialogs !== 'none') {
        return JSON.stringify({ value, step: context.stepIndex });
      }
      return JSON.stringify({
        value,
        step: context.stepIndex,
        drafts: context.drafts,
        unsaved: Object.keys(context.drafts).filter((id) => JSON.stringify(context.drafts[id]) !== JSON.stringify(context.saved[id])),
        selected: context.selectedIds,
        secondary: context.secondary,
        waiver: context.waiver,
        error: context.errorKey,
      });
    },
  },
});

// ------------------------------------------------------------------------------------------------ dispute challenge

const challengeEvent = sampleEvents<typeof disputeChallengeMachine>();
const challengeActors = actorSamples<DisputeChallengeActorSignatures>();

/** The server's answer to a start: back to a decision. */
const startedItem: InvestigationItemData = {
  ...SAMPLE_ITEMS.notChallenged,
  challengeReason: null,
  challengeReasonSelected: false,
  statuses: statuses('PENDING_USER_DECISION'),
};

export const disputeChallengeEntry = defineMachineEntry({
  id: 'disputeChallenge',
  title: "An item's challenge",
  purpose: "From an item's details: start (or, while paused, resume) a challenge, or cancel one after a confirmation.",
  machine: disputeChallengeMachine,
  testModel: {
    input: { item: SAMPLE_ITEMS.notChallenged, isPaused: true, actor: SAMPLE_CUSTOMER_ACTOR, subscriptionOk: true, today: '2026-11-25' },
    events: eventsByType(
      challengeEvent({ type: 'challenge.start' }),
      challengeEvent({ type: 'challenge.resume' }),
      challengeEvent({ type: 'challenge.cancel' }),
      challengeEvent({ type: 'cancel.confirm' }),
      challengeEvent({ type: 'cancel.dismiss' }),
      challengeActors.done('resumeInvestigations', false),
      // The server still says paused.
      challengeActors.done('resumeInvestigations', true),
      challengeActors.fail('resumeInvestigations', 'unavailable'),
      challengeActors.done('startChallenge', [startedItem]),
      challengeActors.fail('startChallenge', 'failed-precondition', 'disputes-paused'),
      challengeActors.done('cancelChallenge', [SAMPLE_ITEMS.notChallenged]),
      challengeActors.fail('cancelChallenge', 'unavailable'),
    ),
    // The guards read the item's stage and reason and whether investigations are paused.
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        stage: stageOfItem(snapshot.context.item),
        reason: snapshot.context.item.challengeReason,
        selected: snapshot.context.item.challengeReasonSelected,
        paused: snapshot.context.isPaused,
      }),
  },
});

// ------------------------------------------------------------------------------------------------ pause

const pauseEvent = sampleEvents<typeof disputesPauseMachine>();
const pauseActors = actorSamples<DisputesPauseActorSignatures>();

export const disputesPauseEntry = defineMachineEntry({
  id: 'disputesPause',
  title: 'Pause or resume investigations',
  purpose: "The dashboard's banner: whether the customer's investigations are paused, and pausing or resuming them.",
  machine: disputesPauseMachine,
  testModel: {
    input: { actor: SAMPLE_CUSTOMER_ACTOR },
    events: eventsByType(
      pauseEvent({ type: 'pause.toggle' }),
      pauseActors.done('checkIfDisputesPaused', false),
      pauseActors.done('checkIfDisputesPaused', true),
      pauseActors.fail('checkIfDisputesPaused', 'unavailable'),
      pauseActors.done('setIsDisputesPaused', true),
      pauseActors.done('setIsDisputesPaused', false),
      pauseActors.fail('setIsDisputesPaused', 'unavailable'),
    ),
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, paused: snapshot.context.isPaused }),
  },
});

// ------------------------------------------------------------------------------------------------ letters

const letterEvent = sampleEvents<typeof disputeLetterMachine>();
const letterActors = actorSamples<DisputeLetterActorSignatures>();

export const disputeLetterEntry = defineMachineEntry({
  id: 'disputeLetter',
  title: 'Dispute letter download',
  purpose: 'Download one of the dispute letters (one PDF per bureau and round) listed on the dashboard.',
  machine: disputeLetterMachine,
  testModel: {
    events: eventsByType(
      letterEvent({ type: 'letter.download', bureau: 'EQUIFAX', documentId: 'letter-equifax' }),
      // No document (refused).
      letterEvent({ type: 'letter.download', bureau: 'EXPERIAN', documentId: '' }),
      letterActors.done('downloadDisputePdf'),
      letterActors.fail('downloadDisputePdf', 'not-found'),
    ),
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------------ dev tools

const devToolsEvent = sampleEvents<typeof disputesDevToolsMachine>();
const devToolsActors = actorSamples<DisputesDevToolsActorSignatures>();

export const disputesDevToolsEntry = defineMachineEntry({
  id: 'disputesDevTools',
  title: 'Disputes dev tools',
  purpose: "Outside production: move the customer's dispute clock forward so the sandbox bureaus answer.",
  machine: disputesDevToolsMachine,
  testModel: {
    events: eventsByType(
      devToolsEvent({ type: 'bureaus.advance', days: 31 }),
      // Not a whole number of days within the limit (refused).
      devToolsEvent({ type: 'bureaus.advance', days: 0 }),
      devToolsActors.done('advanceDisputes', { asOf: '2026-12-26' }),
      devToolsActors.fail('advanceDisputes', 'failed-precondition'),
    ),
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------------ walkthrough

const walkthroughEvent = sampleEvents<typeof walkthroughMachine>();

export const walkthroughEntry = defineMachineEntry({
  id: 'walkthrough',
  title: 'Disputes walkthrough video',
  purpose:
    "The player of the dispute wizard's walkthrough video, run while its dialog is open (a modal state of the navigation state, the navigationModal machine): the overlay shows until play and again at the end, and a video that cannot load offers Try again.",
  machine: walkthroughMachine,
  testModel: {
    events: {
      'video.play': [walkthroughEvent({ type: 'video.play' })],
      'video.ended': [walkthroughEvent({ type: 'video.ended' })],
      'video.failed': [walkthroughEvent({ type: 'video.failed' })],
      'video.retry': [walkthroughEvent({ type: 'video.retry' })],
    },
  },
});
