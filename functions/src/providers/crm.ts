import type { CustomerContactRecord } from '../../../src/contract/contact';

export type ContactFields = Omit<CustomerContactRecord, 'Id'>;

/** The CRM that owns customer contact records (spec 000 §3.4). */
export interface CrmProvider {
  getContact(contactId: string): Promise<CustomerContactRecord | null>;
  findContactByEmail(email: string): Promise<CustomerContactRecord | null>;
  createContact(fields: ContactFields): Promise<CustomerContactRecord>;
  /** Applies the given fields and returns the whole record afterwards. */
  updateContact(contactId: string, fields: ContactFields): Promise<CustomerContactRecord>;
}
