import type { KbaQuestion } from '../../../src/contract/credit';

/** Who the vendor matches on: the customer as the CRM knows them. */
export interface KbaIdentity {
  firstName: string | null;
  lastName: string | null;
  /** yyyy-MM-dd. */
  birthdate: string | null;
  ssnLast4: string | null;
  city: string | null;
  stateCode: string | null;
}

/**
 * Who the identity vendor asks about: the identity it matches to its own consumer file (the customer as the CRM knows
 * them). The questions come from the vendor's file only, never from the credit report the app shows: a session that
 * can read the report (a taken-over account, an agent) must not be able to answer them.
 */
export interface KbaSubject extends KbaIdentity {
  uid: string;
}

/** The language the vendor asks in (the customer's app language: spec 000 settings.ui.lang). */
export type KbaLanguage = 'en' | 'es';

/** One question set as the vendor hands it out: the auth token names the set when its answers come back. */
export interface KbaQuestionSet {
  authToken: string;
  questions: KbaQuestion[];
}

/** The vendor's verdict on one set: `passed` only when every question was answered correctly. */
export interface KbaScore {
  passed: boolean;
  correct: number;
  total: number;
}

/** The vendor's refusals (its error codes); arrayKBA turns them into callable errors. */
export type KbaVendorErrorCode =
  /** No consumer file matches the subject's identity (or it holds too little to ask about): the check cannot run. */
  | 'subject-not-found'
  /** The vendor session or question set is unknown or belongs to another session. */
  | 'session-not-found'
  | 'set-not-found'
  /** The set was already scored: a set is answered once. */
  | 'set-used'
  /** The vendor is unavailable (a timeout or an outage): worth trying again later. */
  | 'unavailable';

export class KbaVendorError extends Error {
  constructor(
    readonly code: KbaVendorErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'KbaVendorError';
  }
}

/**
 * An identity vendor's knowledge-based authentication (spec 001 §2 "Identity check", §4 "KBA"): a session for a
 * subject, question sets built from the vendor's own file on the subject (deterministic per session and attempt), and the
 * scoring of answers. The answer key never leaves the vendor: the caller only learns whether a set passed.
 */
export interface KbaProvider {
  /** Opens a vendor session for the subject; throws 'subject-not-found' when no file matches the identity. */
  createSession(subject: KbaSubject): Promise<string>;
  /** The question set for the session's `attempt` (0 for the first set, 1 after one wrong set, ...), in `language`. */
  questionSet(vendorSessionId: string, attempt: number, language: KbaLanguage): Promise<KbaQuestionSet>;
  /** Scores the answers (question id → answer id) of the set named by `authToken`; a set is scored once. */
  score(vendorSessionId: string, authToken: string, answers: Readonly<Record<string, string>>): Promise<KbaScore>;
}
