import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { CustomerContactRecord } from '../../../src/contract/contact';
import { COLLECTIONS } from '../collections';
import { parseStored, storedContactOwnerSchema, storedContactSchema, storedCrmSessionSchema, storedCrmUserSchema } from '../storedDocuments';
import { millisOf } from '../timestamps';
import type { ContactFields, CrmProvider, CrmSession } from './crm';

// Sandbox contact ids look like CRM contact ids (prefix 003) so nothing downstream depends on the sandbox.
const CONTACT_ID_PREFIX = '003SBX';

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function toRecord(id: string, data: unknown): CustomerContactRecord {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = parseStored(storedContactSchema, `${COLLECTIONS.crmContacts}/${id}`, data);
  return { ...fields, Id: id };
}

/** Ids Firestore refuses as document ids (with '/', '.', '..', '__...__') name no session. */
function isDocumentId(id: string): boolean {
  return !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

function expiryMillis(value: unknown): number | null {
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return millisOf(value);
}

/**
 * The embedded CRM: contacts as documents in crm/sandbox/contacts/{contactId} and CRM user sessions in
 * crm/sandbox/sessions/{sessionId} (server-only).
 */
export class FirestoreCrmSandbox implements CrmProvider {
  constructor(private readonly db: () => Firestore) {}

  private contacts() {
    return this.db().collection(COLLECTIONS.crmContacts);
  }

  async getContact(contactId: string): Promise<CustomerContactRecord | null> {
    const snapshot = await this.contacts().doc(contactId).get();
    const data = snapshot.data();
    return data ? toRecord(snapshot.id, data) : null;
  }

  async findContactByEmail(email: string): Promise<CustomerContactRecord | null> {
    const result = await this.contacts().where('Email', '==', email).limit(1).get();
    const first = result.docs[0];
    return first ? toRecord(first.id, first.data()) : null;
  }

  async createContact(fields: ContactFields): Promise<CustomerContactRecord> {
    const ref = this.contacts().doc(`${CONTACT_ID_PREFIX}${this.contacts().doc().id.slice(0, 12)}`);
    await ref.create({
      MailingCountry: 'US',
      ...withoutUndefined(fields),
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    const created = await this.getContact(ref.id);
    if (!created) throw new Error(`sandbox contact ${ref.id} vanished after create`);
    return created;
  }

  async validateSession(sessionId: string, userId: string, now: Date): Promise<CrmSession | null> {
    if (!isDocumentId(sessionId)) return null;
    // A sandbox CRM session: the CRM user it belongs to and when it expires, as the CRM's own session check answers.
    const stored = storedCrmSessionSchema.safeParse((await this.db().collection(COLLECTIONS.crmSessions).doc(sessionId).get()).data());
    if (!stored.success || stored.data.userId !== userId) return null;
    const expires = expiryMillis(stored.data.expiresAt);
    if (expires === null || expires <= now.getTime()) return null;
    return { userId };
  }

  /**
   * The CRM's sharing rule as the sandbox keeps it: crm/sandbox/users/{userId} with a profile; a 'System
   * Administrator' sees every contact (the CRM's "View All Data"), anyone else the contacts whose OwnerId they are.
   */
  async mayUserAccessContact(userId: string, contactId: string): Promise<boolean> {
    if (!isDocumentId(userId) || !isDocumentId(contactId)) return false;
    const [user, contact] = await Promise.all([
      this.db().collection(COLLECTIONS.crmUsers).doc(userId).get(),
      this.contacts().doc(contactId).get(),
    ]);
    if (!user.exists || !contact.exists) return false;
    const { profile } = storedCrmUserSchema.parse(user.data());
    return profile === 'System Administrator' || storedContactOwnerSchema.parse(contact.data()).OwnerId === userId;
  }

  async updateContact(contactId: string, fields: ContactFields): Promise<CustomerContactRecord> {
    const ref = this.contacts().doc(contactId);
    await ref.update({ ...withoutUndefined(fields), updatedAt: FieldValue.serverTimestamp() });
    const updated = await this.getContact(contactId);
    if (!updated) throw new Error(`sandbox contact ${contactId} vanished after update`);
    return updated;
  }
}
