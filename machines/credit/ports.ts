// What the credit machines need from the outside world (conventions as in machines/ports.ts): report
// orders and the KBA identity check as plain data, mirroring src/contract/credit.ts (machines may not import the
// contract; the adapter parses with it and TypeScript checks the adapter against this port), and each credit
// machine's actor signatures. Failures reject with a PortError: a throttled order is code 'resource-exhausted'
// with `retryAfterSeconds`.
import type { CallbackActorSignature, PromiseActorSignature } from '../ports';

// ---------------------------------------------------------------------------------------------------------------
// Ports

/**
 * orderReport (spec 001 §4 "Report ordering", §7): 'ordered' when a new report was pulled (the pull date is now
 * `creditPullDate`, yyyy-MM-dd); 'kba-required' when the KBA flag is on and the customer has not passed it: the
 * order waits for the check at /kba?id={kbaLinkId}. It fails with the code resource-exhausted when throttled
 * (PortError.retryAfterSeconds: the seconds left) and aborted while an earlier order is still being pulled.
 */
export type OrderReportResult =
  | { status: 'ordered'; creditPullDate: string }
  | { status: 'kba-required'; kbaLinkId: string };

/** One identity question and its possible answers (spec 001 §3 "KBA"). */
export interface KbaQuestionData {
  id: string;
  text: string;
  answers: { id: string; text: string }[];
}

/** arrayKBA's commands (spec 001 §7): the questions of a KBA session, and the answers (question id → answer id). */
export type ArrayKbaRequest =
  | { command: 'get-questions'; id: string }
  | { command: 'submit-answers'; id: string; authToken: string; answers: Record<string, string> };

/**
 * 'questions': answer these (after a wrong submit `retry` is true and they are new questions); 'passed': the
 * identity is confirmed and the ordered report was pulled on `creditPullDate`; 'locked': too many failed attempts,
 * another try opens at `retryAt` (an ISO date-time).
 */
export type ArrayKbaResult =
  | { status: 'questions'; questions: KbaQuestionData[]; authToken: string; retry: boolean; attemptsLeft: number }
  | { status: 'passed'; creditPullDate: string }
  | { status: 'locked'; retryAt: string };

/**
 * One of the customer's pulled reports as listCreditReports lists them (spec 002 §7 getReport): its id, when it was
 * pulled (an ISO date-time) and whether it is the current report.
 */
export interface PulledReportData {
  id: string;
  pulledAt: string;
  current: boolean;
}

/** The initial credit pull's status (initialReportStatus/{userId}, spec 002 §7): 'none' before any pull. */
export type InitialPullStatus = 'none' | 'processing' | 'complete' | 'error';

/**
 * getInitialReport (spec 002 §7): where the customer's first report stands. `report` is the report the credit pages
 * read once one is stored (its id and when it was pulled, an ISO date-time); `userId` is the customer whose status
 * document to listen to while the pull is 'processing'.
 */
export interface InitialReportData {
  userId: string;
  status: InitialPullStatus;
  report: { id: string; pulledAt: string } | null;
}

export interface CreditActionsPort {
  orderReport(): Promise<OrderReportResult>;
  arrayKBA(request: ArrayKbaRequest): Promise<ArrayKbaResult>;
  getInitialReport(): Promise<InitialReportData>;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface ReportRefreshActorSignatures {
  /** CreditActionsPort.orderReport. */
  orderReport: PromiseActorSignature<void, OrderReportResult>;
}

export interface KbaActorSignatures {
  /** CreditActionsPort.arrayKBA({ command: 'get-questions', id }). */
  getQuestions: PromiseActorSignature<{ id: string }, ArrayKbaResult>;
  /** CreditActionsPort.arrayKBA({ command: 'submit-answers', id, authToken, answers }). */
  submitAnswers: PromiseActorSignature<{ id: string; authToken: string; answers: Record<string, string> }, ArrayKbaResult>;
}

export interface InitialReportActorSignatures {
  /** CreditActionsPort.getInitialReport. */
  getInitialReport: PromiseActorSignature<void, InitialReportData>;
  /** initialReportStatus/{userId}, live: sends `pull.status` on every change. */
  watchPullStatus: CallbackActorSignature<{ userId: string }, PullStatusEvent>;
}

/** Sent by `watchPullStatus` whenever initialReportStatus/{userId} changes. */
export interface PullStatusEvent {
  type: 'pull.status';
  status: InitialPullStatus;
}

export interface ReportPrintActorSignatures {
  /** window.print(): resolves when the print dialog closes. */
  print: PromiseActorSignature<void, void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Emitted

/**
 * A new report was pulled (an order, or an order that waited for KBA): the app invalidates the report, score
 * history, display-token, credit display and contact queries.
 */
export interface ReportOrderedEmitted {
  type: 'report.ordered';
  /** yyyy-MM-dd */
  creditPullDate: string;
}
