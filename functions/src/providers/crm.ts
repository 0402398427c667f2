import type { CustomerContactRecord } from '../../../src/contract/contact';

export type ContactFields = Omit<CustomerContactRecord, 'Id'>;

/** A CRM user's session, checked for the CRM link-in (spec 000 §2.2). */
export interface CrmSession {
  /** The CRM user the session belongs to. */
  userId: string;
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
}
