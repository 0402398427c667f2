// The CRM port on Salesforce (CRM_PROVIDER=salesforce; spec 000 §3.4 contacts, §2.2 and §7 createSalesforceToken
// link-in, spec 001 §7 payment task and cancellation request, spec 001 §3 documents filed on the contact). Field
// names come from the one table in crmSalesforceFields.ts; the wire work is crmSalesforceClient.ts.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CustomerContactRecord } from '../../../src/contract/contact';
import type { BillingCrm, ContactFields, CrmDocument, CrmFileVersion, CrmProvider, CrmSession, PaymentTask } from './crm';
import { isSalesforceId, sameSalesforceId, SalesforceApiError, SalesforceClient, soqlString } from './crmSalesforceClient';
import { readSalesforceConfig, type SalesforceConfig } from './crmSalesforceConfig';
import {
  CANCELLATION_REQUEST,
  cancellationRequestRecord,
  CONTACT_FIELDS,
  contactFromSalesforce,
  contactSelectList,
  contactToSalesforce,
  DOCUMENT_FIELDS,
  documentRecord,
  MISSING_LAST_NAME,
  paymentTaskRecord,
  TASK_FIELDS,
} from './crmSalesforceFields';

/** Errors that mean "no such record" for a well-formed id of the wrong kind or an unknown one. */
const NO_SUCH_RECORD = ['MALFORMED_ID', 'INVALID_CROSS_REFERENCE_KEY', 'INVALID_QUERY_FILTER_OPERATOR', 'NOT_FOUND'];

function noSuchRecord(error: unknown): boolean {
  return error instanceof SalesforceApiError && NO_SUCH_RECORD.some((code) => error.has(code));
}

/** A session id as Salesforce issues them (00D…!…): printable, no spaces, bounded. */
function looksLikeSessionId(value: string): boolean {
  return value.length > 0 && value.length <= 512 && /^[\x21-\x7e]+$/.test(value);
}

/** The multipart body of a ContentVersion insert, streamed; the digests of the file's bytes as they pass. */
function contentVersionBody(fields: Record<string, unknown>, fileName: string, contents: Readable) {
  const boundary = `boundary_${createHash('sha256').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 24)}`;
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const safeName = fileName.replace(/["\r\n]/g, '_');
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="entity_content"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(fields)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="VersionData"; filename="${safeName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    for await (const chunk of contents) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      sha256.update(buffer);
      md5.update(buffer);
      yield buffer;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Readable.toWeb(Readable.from(parts())) as WebReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>,
    digests: () => ({ sha256: sha256.digest('hex'), md5: md5.digest('hex') }),
  };
}

export class SalesforceCrm implements CrmProvider, BillingCrm {
  readonly client: SalesforceClient;

  constructor(config: SalesforceConfig | SalesforceClient = readSalesforceConfig()) {
    this.client = config instanceof SalesforceClient ? config : new SalesforceClient(config);
  }

  private async contactWhere(condition: string): Promise<CustomerContactRecord | null> {
    try {
      const [row] = await this.client.query<Record<string, unknown>>(
        `SELECT ${contactSelectList().join(', ')} FROM Contact WHERE ${condition} ORDER BY CreatedDate ASC LIMIT 1`,
        1,
      );
      return row ? contactFromSalesforce(row) : null;
    } catch (error) {
      if (noSuchRecord(error)) return null;
      throw error;
    }
  }

  async getContact(contactId: string): Promise<CustomerContactRecord | null> {
    if (!isSalesforceId(contactId)) return null;
    return this.contactWhere(`Id = ${soqlString(contactId)}`);
  }

  async findContactByEmail(email: string): Promise<CustomerContactRecord | null> {
    if (!email) return null;
    return this.contactWhere(`${CONTACT_FIELDS.Email.api} = ${soqlString(email)}`);
  }

  async createContact(fields: ContactFields): Promise<CustomerContactRecord> {
    const body = contactToSalesforce(fields);
    body[CONTACT_FIELDS.LastName.api] ||= MISSING_LAST_NAME;
    body[CONTACT_FIELDS.MailingCountry.api] ??= 'US';
    const id = await this.client.create('Contact', body);
    const created = await this.getContact(id);
    if (!created) throw new Error(`Salesforce contact ${id} cannot be read after create`);
    return created;
  }

  async updateContact(contactId: string, fields: ContactFields): Promise<CustomerContactRecord> {
    const body = contactToSalesforce(fields);
    if (body[CONTACT_FIELDS.LastName.api] === null) body[CONTACT_FIELDS.LastName.api] = MISSING_LAST_NAME;
    if (Object.keys(body).length > 0) await this.client.update('Contact', contactId, body);
    const updated = await this.getContact(contactId);
    if (!updated) throw new Error(`Salesforce contact ${contactId} cannot be read after update`);
    return updated;
  }

  /**
   * Asks the org whether the session is current and whose it is (UserInfo with the session id as the bearer token):
   * Salesforce decides expiry, so `now` is not needed. A session of another org or another user is no session here.
   */
  async validateSession(sessionId: string, userId: string, _now: Date): Promise<CrmSession | null> {
    if (!looksLikeSessionId(sessionId) || !isSalesforceId(userId)) return null;
    const [info, token] = await Promise.all([this.client.userInfo(sessionId), this.client.currentToken()]);
    if (!info || !sameSalesforceId(info.orgId, token.orgId) || !sameSalesforceId(info.userId, userId)) return null;
    return { userId };
  }

  /** The org's own sharing answer for the user and the record (UserRecordAccess.HasReadAccess). */
  async mayUserAccessContact(userId: string, contactId: string): Promise<boolean> {
    if (!isSalesforceId(userId) || !isSalesforceId(contactId)) return false;
    try {
      const [access] = await this.client.query<{ RecordId: string; HasReadAccess: boolean }>(
        `SELECT RecordId, HasReadAccess FROM UserRecordAccess WHERE UserId = ${soqlString(userId)} AND RecordId = ${soqlString(contactId)}`,
        1,
      );
      return access?.HasReadAccess === true;
    } catch (error) {
      if (noSuchRecord(error)) return false;
      throw error;
    }
  }

  /** The ContentDocument holding the contact's copy of a locker document, if it is filed. */
  private async filedDocumentId(contactId: string, documentId: string): Promise<string | null> {
    const [row] = await this.client.query<{ ContentDocumentId: string }>(
      `SELECT ContentDocumentId FROM ContentVersion WHERE ${DOCUMENT_FIELDS.key} = ${soqlString(`${contactId}/${documentId}`)} AND IsLatest = true LIMIT 1`,
      1,
    );
    return row?.ContentDocumentId ?? null;
  }

  async uploadDocument(contactId: string, document: CrmDocument, contents: () => Readable): Promise<CrmFileVersion> {
    if (!isSalesforceId(contactId)) throw new Error('Salesforce CRM: not a record id');
    const existing = await this.filedDocumentId(contactId, document.documentId);
    // A first version is published on the contact; a later one joins the same ContentDocument.
    const fields = { ...documentRecord(contactId, document), ...(existing ? { ContentDocumentId: existing } : { FirstPublishLocationId: contactId }) };
    let digests: (() => { sha256: string; md5: string }) | null = null;
    const contentVersionId = await this.client.createMultipart('ContentVersion', () => {
      const body = contentVersionBody(fields, document.name, contents());
      digests = body.digests;
      return { body: body.body, contentType: body.contentType };
    });
    const sent = (digests as (() => { sha256: string; md5: string }) | null)?.();
    const stored = await this.client.retrieve<{ Checksum?: string }>('ContentVersion', contentVersionId, ['Checksum']);
    // Salesforce keeps the MD5 of the bytes it stored: the file arrived whole only when it matches what was sent.
    if (!sent || !stored?.Checksum || stored.Checksum.toLowerCase() !== sent.md5) {
      throw new Error(`Salesforce stored file ${contentVersionId} does not match the bytes sent`);
    }
    return { contentVersionId, sha256: sent.sha256 };
  }

  async removeDocument(contactId: string, documentId: string): Promise<void> {
    if (!isSalesforceId(contactId)) return;
    const filed = await this.filedDocumentId(contactId, documentId);
    if (filed) await this.client.remove('ContentDocument', filed);
  }

  /** One Task per idempotency key: a retry after a lost answer finds the Task made the first time. */
  async createPaymentTask(task: PaymentTask): Promise<string> {
    const [found] = await this.client.query<{ Id: string }>(
      `SELECT Id FROM Task WHERE ${TASK_FIELDS.idempotencyKey} = ${soqlString(task.idempotencyKey)} LIMIT 1`,
      1,
    );
    if (found) return found.Id;
    return this.client.create('Task', paymentTaskRecord(task));
  }

  async createCancellationRequest(contactId: string): Promise<string> {
    return this.client.create(CANCELLATION_REQUEST.object, cancellationRequestRecord(contactId));
  }
}
