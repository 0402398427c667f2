import type { CreditReport, ScoreHistoryItem } from '../../../src/contract/credit';

/** Who the bureaus are asked about. */
export interface CreditSubject {
  uid: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  birthdate: string | null;
  ssnLast4: string | null;
  street: string | null;
  city: string | null;
  stateCode: string | null;
  postalCode: string | null;
}

/**
 * A three-bureau report's records as the bureaus answer them (spec 001 §3), in the shape creditReports/{uid} stores
 * (with userId, createdAt and reportKey added by the writer, creditOrders.ts) and the callables answer.
 */
export type CreditReportRecords = Omit<CreditReport, 'source' | 'pulledAt'>;

/** One bureau's score on one day (spec 001 §3 "Score history item"). */
export type ScoreHistoryPoint = ScoreHistoryItem;

/** A three-bureau pull: the report, the items the customer may dispute (spec 001 §3) and the score history. */
export interface InitialCreditPull {
  report: CreditReportRecords;
  /** Stored as investigations/{uid}/items/{id}. */
  investigations: (Record<string, unknown> & { id: string })[];
  /** The bureaus' scores before this pull and on its day (24 months, oldest first). */
  scoreHistory: ScoreHistoryPoint[];
}

/** A report ordered again (spec 001 §4 "Report ordering"): the new report and the history points it adds. */
export interface RefreshedCreditPull {
  report: CreditReportRecords;
  /** The bureaus' scores on the new report's day. */
  scoreHistory: ScoreHistoryPoint[];
}

/** The credit bureaus: the initial report (spec 002 §4: completeIntake starts it) and later orders. */
export interface CreditDataProvider {
  pullInitialReport(subject: CreditSubject, pulledAt: Date): Promise<InitialCreditPull>;
  /** A new report for a customer who has one (`previous`, as stored), dated `pulledAt`. */
  refreshReport(subject: CreditSubject, previous: CreditReportRecords, pulledAt: Date): Promise<RefreshedCreditPull>;
  /** Where the vendor serves its score-simulator widget (spec 001 §2 "Simulator"), given the display tokens. */
  simulatorWidgetUrl(): string;
}
