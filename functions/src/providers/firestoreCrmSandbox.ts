import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { CustomerContactRecord } from '../../../src/contract/contact';
import { COLLECTIONS } from '../platform/collections';
import { parseStored, storedContactOwnerSchema, storedContactSchema, storedCrmSessionSchema, storedCrmUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import type { ContactFields, CrmDocument, CrmFileVersion, CrmProvider, CrmSession } from './crm';

// Sandbox contact ids look like CRM contact ids (prefix 003) so nothing downstream depends on the sandbox.
const CONTACT_ID_PREFIX = '003SBX';
// A file version's id looks like a CRM ContentVersion id (prefix 068).
const CONTENT_VERSION_ID_PREFIX = '068SBX';

/** How long the sandbox CRM takes to take a document's file, like a vendor's file API (0 in unit use). */
export const CRM_SANDBOX_FILE_LATENCY_MS = 400;

/** The bytes of a stream counted and hashed as they pass (a file is never held whole in memory). */
async function digestOf(contents: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of contents) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function toRecord(id: string, data: unknown): CustomerContactRecord {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = parseStored(storedContactSchema, `${COLLECTIONS.crmContacts}/${id}`, data);
  return { ...fields, Id: id };
}

/** Ids Firestore refuses as document ids (empty, with '/', '.', '..', '__...__') name no session. */
function isDocumentId(id: string): boolean {
  return id.length > 0 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

function expiryMillis(value: unknown): number | null {
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return millisOf(value);
}

/**
 * The embedded CRM: contacts as documents in crm/sandbox/contacts/{contactId}, the documents filed on a contact in
 * crm/sandbox/contacts/{contactId}/files/{documentId} (the file's fields, its latest version id and the SHA-256 of
 * the bytes received) and CRM user sessions in crm/sandbox/sessions/{sessionId} (server-only).
 */
export class FirestoreCrmSandbox implements CrmProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly fileLatencyMs = CRM_SANDBOX_FILE_LATENCY_MS,
  ) {}

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

  private files(contactId: string) {
    return this.contacts().doc(contactId).collection('files');
  }

  async uploadDocument(contactId: string, document: CrmDocument, contents: () => Readable): Promise<CrmFileVersion> {
    if (!isDocumentId(contactId) || !isDocumentId(document.documentId)) throw new Error('sandbox CRM: not a record id');
    if (!(await this.contacts().doc(contactId).get()).exists) throw new Error(`sandbox CRM: no contact ${contactId}`);
    const [{ sha256, bytes }] = await Promise.all([
      digestOf(contents()),
      this.fileLatencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.fileLatencyMs)) : undefined,
    ]);
    const contentVersionId = `${CONTENT_VERSION_ID_PREFIX}${this.contacts().doc().id.slice(0, 12)}`;
    await this.files(contactId).doc(document.documentId).set(
      {
        ...document,
        contentVersionId,
        sha256,
        bytesReceived: bytes,
        versionNumber: FieldValue.increment(1),
        uploadedAt: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    return { contentVersionId, sha256 };
  }

  async removeDocument(contactId: string, documentId: string): Promise<void> {
    if (!isDocumentId(contactId) || !isDocumentId(documentId)) return;
    await this.files(contactId).doc(documentId).delete();
  }
}
