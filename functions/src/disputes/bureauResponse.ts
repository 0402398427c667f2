// What a credit bureau integration gives us about the disputes we sent (spec 001 §4
// "Investigation status"): for each item and bureau, when the bureau received the dispute (and so when its FCRA §611
// window ends), how it answered (removed, modified, verified as accurate), and whether it later put a removed item
// back (reinserted). A real integration reads the bureaus' dispute-status feeds; the sandbox
// (bureauResponseSandbox.ts) plays the bureaus deterministically. Chosen with BUREAU_RESPONSE_PROVIDER (providers/index.ts).
import type { Bureau } from '../../../src/domain/creditReportRecords';
import type { BureauOutcome } from '../../../src/domain/disputes';
import type { StoredInvestigationItem } from './disputeStore';

/** One item as stored (investigations/{uid}/items/{id}), with its id. */
export interface BureauResponseItem {
  id: string;
  item: StoredInvestigationItem;
}

/** Something a bureau did on a day (yyyy-MM-dd): the devTools callable's `events`. */
export interface BureauEvent {
  itemId: string;
  bureau: Bureau;
  event: 'received' | 'answered' | 'reinserted';
  /** The answer's outcome (answered), or the outcome put back (reinserted: the item had been REMOVED). */
  outcome?: BureauOutcome;
  on: string;
}

export interface BureauResponseRequest {
  /** Whose disputes; seeds the sandbox, names the customer to a real integration. */
  uid: string;
  items: readonly BureauResponseItem[];
  /** The customer's dispute clock before (exclusive) and after (inclusive) the move, yyyy-MM-dd. */
  from: string;
  to: string;
}

export interface BureauResponseResult {
  /** Every item the bureaus changed, in its new state (items they did not touch are left out). */
  items: BureauResponseItem[];
  /** What happened, in date order. */
  events: BureauEvent[];
}

/** The bureaus' side of the disputes (spec 001 §4): what each did with the items sent to it up to a day. */
export interface BureauResponseProvider {
  /**
   * What the bureaus did with `items` by `to`: letters received (the window starts), answers given, removed items
   * reinserted. Only items under review at a bureau, or removed by one, can change; the rest come back untouched.
   */
  responses(request: BureauResponseRequest): Promise<BureauResponseResult>;
}
