// Storage rules (security issue item 6; spec 000 §6, spec 001 §6, §9, spec 002 §5, §6): deny by default; a
// customer's documents under users/{uid}/; modify (DOCUMENT_MODIFY) and download as src/domain/permissions.ts
// canModifyDocuments / canDownloadDocuments decide; uploads at most 20,000,000 bytes of PDF, JPEG, PNG or HEIC/HEIF.
//
// These tests need the real Storage rules runtime. Offline machines run an allow-all stand-in
// (../shared/notes/local-firebase.md): the suite then is skipped and says why. tests/domain/storageRulesText.test.ts
// guards the rules text everywhere.
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { afterAll, beforeEach, describe, it } from 'vitest';
import type { ClaimsInput } from '../../src/domain/claims';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { startStorageRulesEnvironment } from '../support/rulesEnvironment';

const { env, notEnforcedReason } = await startStorageRulesEnvironment();
afterAll(() => env.cleanup());

if (notEnforcedReason) console.info(`[storage rules] skipped: ${notEnforcedReason}`);

const CUSTOMER = 'customer-alice';
const OTHER_CUSTOMER = 'customer-bob';
const CONTACT = '003RULESALICE0001';

const documentsFolder = (uid: string) => `users/${uid}/documents`;
const documentPath = (uid: string, id = 'doc-1') => `${documentsFolder(uid)}/${id}`;
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const pdf = { contentType: 'application/pdf' };

// A CRM session as createSalesforceToken signs it in: as the customer's uid, with crmSessionClaims
// (functions/src/callables/agent.ts); the other agent sessions differ in their flags.
const crmSession = (extra: ClaimsInput = {}): ClaimsInput => ({
  isSalesforceSession: true,
  isAgent: true,
  allowClientActions: false,
  customerContactId: CONTACT,
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

/** Reading as the app does: the file's metadata, its download URL, the listing of the customer's folder. */
async function canRead(context: RulesTestContext) {
  const ref = fileAt(context, documentPath(CUSTOMER));
  await ref.getMetadata();
  await ref.getDownloadURL();
  await fileAt(context, documentsFolder(CUSTOMER)).listAll();
}

describe.skipIf(notEnforcedReason !== null)(
  `storage rules${notEnforcedReason ? ` (skipped: ${notEnforcedReason})` : ''}`,
  () => {
    beforeEach(async () => {
      await env.clearStorage();
      await env.withSecurityRulesDisabled(async (context) => {
        await upload(context, documentPath(CUSTOMER), PDF, pdf);
        await upload(context, documentPath(OTHER_CUSTOMER), PDF, pdf);
      });
    });

    describe('the customer', () => {
      it('reads, lists, uploads, replaces and deletes their own documents', async () => {
        const customer = contexts.customer();
        await assertSucceeds(canRead(customer));
        await assertSucceeds(upload(customer, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
        await assertSucceeds(upload(customer, documentPath(CUSTOMER), PDF, pdf));
        await assertSucceeds(fileAt(customer, documentPath(CUSTOMER)).delete());
      });

      it.each(['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'])('may upload %s', async (contentType) => {
        await assertSucceeds(upload(contexts.customer(), documentPath(CUSTOMER, 'typed'), PDF, { contentType }));
      });

      it.each(['text/html', 'image/svg+xml', 'application/octet-stream', 'application/x-msdownload'])(
        'may not upload %s',
        async (contentType) => {
          await assertFails(upload(contexts.customer(), documentPath(CUSTOMER, 'typed'), PDF, { contentType }));
        },
      );

      it('may not turn a document into another content type by a metadata update', async () => {
        await assertFails(fileAt(contexts.customer(), documentPath(CUSTOMER)).updateMetadata({ contentType: 'text/html' }));
      });

      it('may upload exactly 20,000,000 bytes and not one byte more (spec 001 §9)', async () => {
        const customer = contexts.customer();
        await assertSucceeds(upload(customer, documentPath(CUSTOMER, 'large'), new Uint8Array(UPLOAD_MAX_BYTES), pdf));
        await assertFails(upload(customer, documentPath(CUSTOMER, 'large'), new Uint8Array(UPLOAD_MAX_BYTES + 1), pdf));
      });

      it("may not touch another customer's documents", async () => {
        const other = contexts.otherCustomer();
        await assertFails(canRead(other));
        await assertFails(upload(other, documentPath(CUSTOMER, 'planted'), PDF, pdf));
        await assertFails(fileAt(other, documentPath(CUSTOMER)).delete());
      });

      it('may not write outside users/{uid}/ (deny by default)', async () => {
        const customer = contexts.customer();
        await assertFails(upload(customer, 'public/flyer.pdf', PDF, pdf));
        await assertFails(upload(customer, `${CUSTOMER}/doc.pdf`, PDF, pdf));
        await assertFails(upload(customer, 'users/doc.pdf', PDF, pdf));
      });
    });

    it('refuses an unauthenticated client every read and write', async () => {
      const anonymous = contexts.anonymous();
      await assertFails(canRead(anonymous));
      await assertFails(upload(anonymous, documentPath(CUSTOMER, 'planted'), PDF, pdf));
      await assertFails(fileAt(anonymous, documentPath(CUSTOMER)).delete());
    });

    describe('an agent or CRM session on the customer account', () => {
      it('without allowClientActions may not upload, replace or delete', async () => {
        const agent = contexts.agent();
        await assertFails(upload(agent, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
        await assertFails(upload(agent, documentPath(CUSTOMER), PDF, pdf));
        await assertFails(fileAt(agent, documentPath(CUSTOMER)).delete());
      });

      it('without allowClientActions or allowPortalDownload may not read', async () => {
        await assertFails(canRead(contexts.agent()));
      });

      it('with allowPortalDownload may read but not modify', async () => {
        const agent = contexts.agentDownloading();
        await assertSucceeds(canRead(agent));
        await assertFails(upload(agent, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
        await assertFails(fileAt(agent, documentPath(CUSTOMER)).delete());
      });

      it.each(['agentActing', 'agentAdmin', 'agentDeveloper'] as const)(
        'as %s (allowClientActions, agentIsAdmin, agentIsDeveloper) may read, upload and delete',
        async (name) => {
          const agent = contexts[name]();
          await assertSucceeds(canRead(agent));
          await assertSucceeds(upload(agent, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
          await assertSucceeds(fileAt(agent, documentPath(CUSTOMER)).delete());
        },
      );

      it('with allowClientActions is still held to the upload limits', async () => {
        await assertFails(upload(contexts.agentActing(), documentPath(CUSTOMER, 'doc-2'), PDF, { contentType: 'text/html' }));
      });

      it('counts as an agent session when the token says isSalesforceSession without isAgent', async () => {
        const crm = contexts.crmWithoutAgentFlag();
        await assertFails(canRead(crm));
        await assertFails(upload(crm, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
      });

      it("signed in under the agent's own uid gets nothing under the customer's path", async () => {
        const agent = contexts.agentOwnUid();
        await assertFails(canRead(agent));
        await assertFails(upload(agent, documentPath(CUSTOMER, 'doc-2'), PDF, pdf));
      });
    });
  },
);
