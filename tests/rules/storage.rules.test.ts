// Storage rules (spec 000 §6, spec 001 §4, §6, §9, spec 002 §5, §6): deny by default; a session may create only
// the object of an upload it prepared (documentUploads/{uploadId}: that customer, document, size and type, before it
// expires), with the DOCUMENT_MODIFY claims of src/domain/permissions.ts; at most 20,000,000 bytes of PDF, JPEG, PNG
// or HEIC/HEIF. No client reads a file directly (getDocumentUrl's links do).
//
// These tests need the real Storage rules runtime. Offline machines run an allow-all stand-in
// (../shared/notes/local-firebase.md): the suite then is skipped and says why. tests/domain/storageRulesText.test.ts
// guards the rules text everywhere.
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { afterAll, beforeEach, describe, it } from 'vitest';
import type { ClaimsInput } from '../../src/domain/claims';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { adminDb, Timestamp } from '../support/emulator';
import { startStorageRulesEnvironment } from '../support/rulesEnvironment';
import { agentSessionRecord } from './agentSessions';

const { env, notEnforcedReason } = await startStorageRulesEnvironment();
afterAll(() => env.cleanup());

if (notEnforcedReason) console.info(`[storage rules] skipped: ${notEnforcedReason}`);

const CUSTOMER = 'customer-alice';
const OTHER_CUSTOMER = 'customer-bob';
const CONTACT = '003RULESALICE0001';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const pdf = { contentType: 'application/pdf' };
const DOCUMENT = 'doc-1';
const UPLOAD = 'upload-1';
const objectPath = (uid = CUSTOMER, documentId = DOCUMENT, uploadId = UPLOAD) => `users/${uid}/documents/${documentId}/${uploadId}`;

/** documentUploads/{uploadId} as createDocumentUpload writes it (functions/src/documents/callables.ts). */
async function prepareUpload(fields: Record<string, unknown> = {}, uploadId = UPLOAD) {
  await adminDb()
    .doc(`documentUploads/${uploadId}`)
    .set({
      userId: CUSTOMER,
      documentId: DOCUMENT,
      document: { category: 'other', fileType: 'other', year: null, documentDate: null, comments: '' },
      file: { name: 'letter.pdf', size: PDF.length, mimeType: 'application/pdf' },
      replaces: null,
      preparedBy: CUSTOMER,
      createdAt: Timestamp.now(),
      expiresAt: Timestamp.fromMillis(Date.now() + 60 * 60 * 1_000),
      ...fields,
    });
}

// Agent sessions on the customer's account (src/domain/agentSession.ts): the record the server keeps for each, live
// or revoked, bound to the sign-in that opened it.
const SIGNED_IN_AT = Math.floor(Date.now() / 1_000);
const SESSION_OWNER = { customerUid: CUSTOMER, contactId: CONTACT, signedInAt: SIGNED_IN_AT, agentUid: 'coach-carol', allowClientActions: true };
const sessionRecord = (fields: Record<string, unknown> = {}) => agentSessionRecord(SESSION_OWNER, fields);
const AGENT_SESSIONS = { live: sessionRecord(), revoked: sessionRecord({ revokedAtMs: Date.now() - 1_000 }) };

// A CRM session as createSalesforceToken signs it in: as the customer's uid, with crmSessionClaims
// (functions/src/agent/callables.ts) and its session's id; the other agent sessions differ in their flags.
const crmSession = (extra: ClaimsInput = {}): ClaimsInput & { auth_time: number } => ({
  isSalesforceSession: true,
  isAgent: true,
  allowClientActions: false,
  customerContactId: CONTACT,
  agentSessionId: 'live',
  auth_time: SIGNED_IN_AT,
  ...extra,
});

const contexts = {
  customer: () => env.authenticatedContext(CUSTOMER, { role: 'customer', customerContactId: CONTACT }),
  otherCustomer: () => env.authenticatedContext(OTHER_CUSTOMER, { role: 'customer' }),
  anonymous: () => env.unauthenticatedContext(),
  /** On the customer's account, without allowClientActions or allowPortalDownload. */
  agent: () => env.authenticatedContext(CUSTOMER, crmSession()),
  agentActing: () => env.authenticatedContext(CUSTOMER, crmSession({ allowClientActions: true })),
  agentDownloading: () => env.authenticatedContext(CUSTOMER, crmSession({ allowPortalDownload: true })),
  agentAdmin: () => env.authenticatedContext(CUSTOMER, crmSession({ agentIsAdmin: true })),
  agentDeveloper: () => env.authenticatedContext(CUSTOMER, crmSession({ agentIsDeveloper: true })),
  /** A CRM token that lacks isAgent: still an agent session for the rules. */
  crmWithoutAgentFlag: () =>
    env.authenticatedContext(CUSTOMER, { isSalesforceSession: true, allowClientActions: false, customerContactId: CONTACT }),
  /** An agent signed in under their own uid: the customer's per-user path is not theirs. */
  agentOwnUid: () =>
    env.authenticatedContext('coach-carol', { role: 'coach', isAgent: true, allowClientActions: true, allowPortalDownload: true, customerContactId: CONTACT }),
};

const fileAt = (context: RulesTestContext, path: string) => context.storage().ref(path);

/** An upload (an UploadTask is only thenable; assertSucceeds and assertFails take a promise). */
async function upload(context: RulesTestContext, path: string, data: Uint8Array, metadata: { contentType: string }) {
  await fileAt(context, path).put(data, metadata);
}

/** Every way the client SDK reads: the file's metadata, its download URL, the listing of the folder. */
async function canRead(context: RulesTestContext) {
  const ref = fileAt(context, objectPath());
  await ref.getMetadata();
  await ref.getDownloadURL();
  await fileAt(context, `users/${CUSTOMER}/documents/${DOCUMENT}`).listAll();
}

describe.skipIf(notEnforcedReason !== null)(
  `storage rules${notEnforcedReason ? ` (skipped: ${notEnforcedReason})` : ''}`,
  () => {
    beforeEach(async () => {
      await env.clearStorage();
      await adminDb().doc(`documentUploads/${UPLOAD}`).delete();
      for (const [id, record] of Object.entries(AGENT_SESSIONS)) await adminDb().doc(`agentSessions/${id}`).set(record);
      await env.withSecurityRulesDisabled(async (context) => {
        await upload(context, objectPath(CUSTOMER, 'stored', 'seed'), PDF, pdf);
      });
    });

    describe('the customer', () => {
      it('uploads the file of an upload they prepared: that path, size and type, before it expires', async () => {
        await prepareUpload();
        await assertSucceeds(upload(contexts.customer(), objectPath(), PDF, pdf));
      });

      it('may not upload without a prepared upload, to another path, another size or another type', async () => {
        const customer = contexts.customer();
        await assertFails(upload(customer, objectPath(), PDF, pdf));
        await prepareUpload();
        await assertFails(upload(customer, objectPath(CUSTOMER, 'doc-2'), PDF, pdf));
        await assertFails(upload(customer, objectPath(CUSTOMER, DOCUMENT, 'upload-2'), PDF, pdf));
        await assertFails(upload(customer, objectPath(), new Uint8Array([...PDF, 0x0a]), pdf));
        await assertFails(upload(customer, objectPath(), PDF, { contentType: 'image/png' }));
      });

      it('may not upload after the prepared upload expired', async () => {
        await prepareUpload({ expiresAt: Timestamp.fromMillis(Date.now() - 1_000) });
        await assertFails(upload(contexts.customer(), objectPath(), PDF, pdf));
      });

      it.each(['text/html', 'image/svg+xml', 'application/octet-stream'])('may not upload %s even when announced so', async (contentType) => {
        await prepareUpload({ file: { name: 'page', size: PDF.length, mimeType: contentType } });
        await assertFails(upload(contexts.customer(), objectPath(), PDF, { contentType }));
      });

      it('may not upload more than 20,000,000 bytes (spec 001 §9)', async () => {
        await prepareUpload({ file: { name: 'big.pdf', size: UPLOAD_MAX_BYTES + 1, mimeType: 'application/pdf' } });
        await assertFails(upload(contexts.customer(), objectPath(), new Uint8Array(UPLOAD_MAX_BYTES + 1), pdf));
      });

      it('may not read, list, replace or delete any file: reads go through getDocumentUrl', async () => {
        const customer = contexts.customer();
        await assertFails(canRead(customer));
        await assertFails(fileAt(customer, objectPath(CUSTOMER, 'stored', 'seed')).delete());
        await assertFails(upload(customer, objectPath(CUSTOMER, 'stored', 'seed'), PDF, pdf));
      });

      it("may not use another customer's prepared upload, nor write outside the documents path", async () => {
        await prepareUpload();
        const other = contexts.otherCustomer();
        await assertFails(upload(other, objectPath(), PDF, pdf));
        await assertFails(upload(other, objectPath(OTHER_CUSTOMER), PDF, pdf));
        await assertFails(upload(contexts.customer(), 'public/flyer.pdf', PDF, pdf));
        await assertFails(upload(contexts.customer(), `users/${CUSTOMER}/documents/${DOCUMENT}`, PDF, pdf));
      });
    });

    it('refuses an unauthenticated client every read and write', async () => {
      await prepareUpload();
      const anonymous = contexts.anonymous();
      await assertFails(canRead(anonymous));
      await assertFails(upload(anonymous, objectPath(), PDF, pdf));
    });

    describe('an agent or CRM session', () => {
      it('without allowClientActions may not upload even with a prepared upload', async () => {
        await prepareUpload();
        await assertFails(upload(contexts.agent(), objectPath(), PDF, pdf));
        await assertFails(upload(contexts.crmWithoutAgentFlag(), objectPath(), PDF, pdf));
      });

      it.each(['agentActing', 'agentAdmin', 'agentDeveloper'] as const)('as %s uploads the file of a prepared upload', async (name) => {
        await prepareUpload();
        await assertSucceeds(upload(contexts[name](), objectPath(), PDF, pdf));
      });

      it('with allowClientActions may not upload once its session is revoked, nor without a session record', async () => {
        await prepareUpload();
        await assertFails(upload(env.authenticatedContext(CUSTOMER, crmSession({ allowClientActions: true, agentSessionId: 'revoked' })), objectPath(), PDF, pdf));
        await assertFails(upload(env.authenticatedContext(CUSTOMER, crmSession({ allowClientActions: true, agentSessionId: 'missing' })), objectPath(), PDF, pdf));
      });

      it('signed in under their own uid uploads only the uploads they prepared for the customer', async () => {
        await prepareUpload();
        await assertFails(upload(contexts.agentOwnUid(), objectPath(), PDF, pdf));
        await prepareUpload({ preparedBy: 'coach-carol' });
        await assertSucceeds(upload(contexts.agentOwnUid(), objectPath(), PDF, pdf));
      });

      it('with allowPortalDownload still reads nothing directly', async () => {
        await assertFails(canRead(contexts.agentDownloading()));
      });
    });
  },
);
