import type { Readable } from 'node:stream';
import type { CustomerContactRecord } from '../../../src/contract/contact';

export type ContactFields = Omit<CustomerContactRecord, 'Id'>;

/** A CRM user's session, checked for the CRM link-in (spec 000 §2.2). */
export interface CrmSession {
  /** The CRM user the session belongs to. */
  userId: string;
}

/** A document of the customer's locker as the CRM files it on their contact (spec 001 §3 "Document"). */
export interface CrmDocument {
  /** The locker's id: the same document uploaded again (a replaced file) is a new version of one CRM file. */
  documentId: string;
  name: string;
  category: string;
  fileType: string;
  year: number | null;
  documentDate: string | null;
  mimeType: string;
  fileSize: number;
}

/** What the CRM answers for a stored file: its version id and the SHA-256 of the bytes it received (hex). */
export interface CrmFileVersion {
  contentVersionId: string;
  sha256: string;
}

/**
 * The CRM cannot answer now (its API limit is spent, it is down or it timed out): a retry later may succeed, so a
 * caller answers 'unavailable' rather than treating the record as missing.
 */
export class CrmUnavailableError extends Error {
  constructor(
    message: string,
    /** The CRM's own code when it gave one (e.g. REQUEST_LIMIT_EXCEEDED). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'CrmUnavailableError';
  }
}

/** The CRM that owns customer contact records (spec 000 §3.4). */
export interface CrmProvider {
  getContact(contactId: string): Promise<CustomerContactRecord | null>;
  findContactByEmail(email: string): Promise<CustomerContactRecord | null>;
  createContact(fields: ContactFields): Promise<CustomerContactRecord>;
  /** Applies the given fields and returns the whole record afterwards. */
  updateContact(contactId: string, fields: ContactFields): Promise<CustomerContactRecord>;
  /** The session when it exists, belongs to `userId` and has not expired at `now`; null otherwise. */
  validateSession(sessionId: string, userId: string, now: Date): Promise<CrmSession | null>;
  /** Whether the CRM lets this user see the contact (the CRM's own sharing rules: owner, or an administrator). */
  mayUserAccessContact(userId: string, contactId: string): Promise<boolean>;
  /**
   * Files a document's bytes on the contact (a new version when the document is already filed). `contents` is read
   * once, as a stream: a file may be up to 20,000,000 bytes.
   */
  uploadDocument(contactId: string, document: CrmDocument, contents: () => Readable): Promise<CrmFileVersion>;
  /** Removes a document from the contact (the customer deleted it from the locker); nothing when it is not filed. */
  removeDocument(contactId: string, documentId: string): Promise<void>;
}

// What billing writes to the CRM besides the contact (spec 001 §7 selfOnboardCard, requestCancellation): the
// payment Task staff work from, and the cancellation request (the sandbox and the choice: billing/crmRecords.ts).
export interface PaymentTask {
  contactId: string;
  /** Our idempotency key: one task per key. */
  idempotencyKey: string;
  /** The approved charge; null when charging is off and staff charge the card on file from the task. */
  transactionId: string | null;
  amount: number;
  itemId: string | null;
  cardType: string | null;
  last4: string | null;
}

export interface BillingCrm {
  /** Creates the payment Task on the contact; answers its id. */
  createPaymentTask(task: PaymentTask): Promise<string>;
  /** Files the customer's cancellation request; answers its id. */
  createCancellationRequest(contactId: string): Promise<string>;
}
