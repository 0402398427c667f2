// What the disputes machines need from the outside world (conventions as in machines/ports.ts): the
// dispute calls of spec 001 §7 as plain data, mirroring src/contract/disputes.ts (machines may not import the
// contract; the adapter parses with it and TypeScript checks the adapter against this port), and each machine's
// actor signatures. Failures reject with a PortError; refusals carry the spec's key (`key`): 'coach.toast.not-permitted',
// 'coach.toast.disputes-not-submitted', 'degraded-access.disputes.premium-only', 'disputes-paused'...
import type { Bureau } from '../../src/domain/creditReportRecords';
import type {
  BureauOutcome,
  DisputeCategory,
  DisputeEntityType,
  DisputeReason,
  InvestigationStatus,
  SecondaryReason,
} from '../../src/domain/disputes';
import type { PromiseActorSignature } from '../ports';

// ---------------------------------------------------------------------------------------------------------------
// Data

export interface InvestigationBureauStatusData {
  bureau: Bureau;
  status: InvestigationStatus;
  lastActivity: string | null;
  nextActivity: string | null;
  sentAt: string | null;
  receivedAt: string | null;
  dueAt: string | null;
  addedInfoAt: string | null;
  answeredAt: string | null;
  outcome: BureauOutcome | null;
  reinsertedAt: string | null;
  round: number;
}

/** spec 001 §3 "Investigation (dispute) item". Dates are yyyy-MM-dd; waiverAcceptedAt an ISO date-time. */
export interface InvestigationItemData {
  id: string;
  name: string;
  type: DisputeCategory;
  entityType: DisputeEntityType;
  accountBalance: { amount: number | null };
  accountStatus: string | null;
  challengeReason: DisputeReason | null;
  challengeReasonOptions: SecondaryReason[];
  challengeReasonSelected: boolean;
  isSpecialAccount: boolean;
  waiverAcceptedAt: string | null;
  itemIds: string[];
  disputeIds: string[];
  statuses: InvestigationBureauStatusData[];
  inquiryDate: string | null;
  reportDate: string | null;
  subtype: string | null;
  viewed: boolean;
}

/** getInvestigationDetails: the items and the day the windows count from (yyyy-MM-dd). */
export interface InvestigationDetailsData {
  asOf: string;
  items: InvestigationItemData[];
}

/** One entry of updateInvestigationReasons (spec 001 §7). */
export interface InvestigationReasonData {
  id: string;
  itemIds: string[];
  disputeIds: string[];
  type: DisputeCategory;
  reason: DisputeReason;
  reasonOptions: SecondaryReason[];
  waiverAccepted?: boolean;
}

export interface InvestigationChallengedData {
  id: string;
  itemIds: string[];
  challengeReasonSelected: boolean;
}

/** spec 001 §3 "Dispute PDF result" (v2). */
export interface DisputeLetterData {
  bureau: Bureau;
  completionDate: string;
  documentId: string;
  round: number;
  itemCount: number;
}

export interface DisputesPort {
  getInvestigationDetails(): Promise<InvestigationDetailsData>;
  /** Saves the reasons; answers the saved items. */
  updateInvestigationReasons(investigations: InvestigationReasonData[]): Promise<InvestigationItemData[]>;
  /** Submits every item with a reason other than 'do not challenge'; one letter per bureau. */
  challengeAllInvestigations(): Promise<{ submitted: number; letters: DisputeLetterData[] }>;
  /** Starts (false: back to a decision) or, after 'do not challenge', cancels (true) a challenge. */
  updateInvestigationsChallenged(investigations: InvestigationChallengedData[]): Promise<InvestigationItemData[]>;
  checkIfDisputesPaused(): Promise<boolean>;
  setIsDisputesPaused(isPaused: boolean): Promise<boolean>;
  listDisputePdfs(): Promise<DisputeLetterData[]>;
  /** Saves the letter as a file in the browser (the adapter turns the PDF into a download). */
  downloadDisputePdf(letter: Pick<DisputeLetterData, 'bureau' | 'documentId'>): Promise<void>;
  markInvestigationsViewed(ids: string[]): Promise<void>;
  /** Non-production: the bureau-response sandbox moves the customer's dispute clock forward. */
  advanceDisputes(days: number): Promise<{ asOf: string }>;
}

/** The dispute action's optimistic completion (spec 001 §4 "Wizard", "Action completion"). */
export interface DisputeActionsPort {
  /** Moves the active investigation/dispute action to completed today in the cached list; answers an undo token. */
  completeDisputeActionOptimistically(): Promise<DisputeActionUndo>;
  /** Puts the cached actions back as they were before `undo`'s completion. */
  rollbackDisputeAction(undo: DisputeActionUndo): Promise<void>;
  /** Refetches the investigations and recalculates the actions (and the readiness score) after a submit. */
  refreshAfterSubmit(): Promise<void>;
}

/** Opaque to the machines: what the app needs to undo an optimistic completion (null: nothing was changed). */
export type DisputeActionUndo = { actionId: string; previousStatus: string } | null;

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface DisputeWizardActorSignatures {
  /** DisputesPort.updateInvestigationReasons for the step's items (each step saves on Next). */
  saveReasons: PromiseActorSignature<{ investigations: InvestigationReasonData[] }, InvestigationItemData[]>;
  completeDisputeActionOptimistically: PromiseActorSignature<void, DisputeActionUndo>;
  /** DisputesPort.challengeAllInvestigations. */
  submitDisputes: PromiseActorSignature<void, { submitted: number; letters: DisputeLetterData[] }>;
  rollbackDisputeAction: PromiseActorSignature<{ undo: DisputeActionUndo }, void>;
  refreshAfterSubmit: PromiseActorSignature<void, void>;
}

export interface DisputeChallengeActorSignatures {
  /** updateInvestigationsChallenged with challengeReasonSelected false. */
  startChallenge: PromiseActorSignature<{ item: Pick<InvestigationItemData, 'id' | 'itemIds'> }, InvestigationItemData[]>;
  /** setIsDisputesPaused(false), before a resume. */
  resumeInvestigations: PromiseActorSignature<void, boolean>;
  /** updateInvestigationReasons with 'do not challenge', then updateInvestigationsChallenged with true. */
  cancelChallenge: PromiseActorSignature<{ item: Pick<InvestigationItemData, 'id' | 'itemIds' | 'disputeIds' | 'type'> }, InvestigationItemData[]>;
}

export interface DisputesPauseActorSignatures {
  checkIfDisputesPaused: PromiseActorSignature<void, boolean>;
  setIsDisputesPaused: PromiseActorSignature<{ isPaused: boolean }, boolean>;
}

export interface DisputeLetterActorSignatures {
  downloadDisputePdf: PromiseActorSignature<{ letter: Pick<DisputeLetterData, 'bureau' | 'documentId'> }, void>;
}

/** The welcome flow after sign-in (spec 002 §4): corrected disputes the customer has not seen yet. */
export interface WelcomeFlowActorSignatures {
  loadResolvedDisputes: PromiseActorSignature<void, InvestigationItemData[]>;
  markInvestigationsViewed: PromiseActorSignature<{ ids: string[] }, void>;
}

export interface DisputesDevToolsActorSignatures {
  advanceDisputes: PromiseActorSignature<{ days: number }, { asOf: string }>;
}
