import type { StoredCreditReportDocument } from '../platform/storedDocuments';

// The identity-protection vendor (spec 000 §7 getArrayUserToken): it enrols a customer, gives
// the app a user token for its widget and monitors the customer's identity. The widget itself is the vendor's page,
// shown by the app in a sandboxed frame.

/** Who is enrolled: the customer as the vendor knows them (never the full SSN). */
export interface IdentitySubject {
  uid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface IdentityProtectionProvider {
  /**
   * Enrols the customer when they are not enrolled yet (idempotent: enrolling again keeps the first enrolment) and
   * answers a user token for the widget.
   */
  userToken(subject: IdentitySubject): Promise<string>;
  /** Where the vendor serves its widget. */
  widgetUrl(): string;
}

/** The credit data the sandbox's monitoring reads (the credit data sandbox's stored report). */
export type MonitoredReport = Pick<StoredCreditReportDocument, 'accounts' | 'inquiries' | 'personalInfo'>;
