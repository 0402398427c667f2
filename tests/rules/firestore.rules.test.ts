// Firestore rules (ARCHITECTURE.md "Data"; spec 000 §3): deny by default, a user reads only their own user
// document, the config flags are public reads, and every other collection is server-only.
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';
import { agentSessionRecord } from './agentSessions';

const CUSTOMER = 'customer-alice';
const OTHER_CUSTOMER = 'customer-bob';
const CONTACT = '003RULESALICE0001';

// Each role as its token would carry it (spec 000 §3.3, §3.6).
const roles = {
  customer: () => env().authenticatedContext(CUSTOMER, { role: 'customer', customerContactId: CONTACT }),
  agent: () =>
    env().authenticatedContext('coach-carol', {
      role: 'coach',
      isAgent: true,
      allowClientActions: true,
      customerContactId: CONTACT,
    }),
  partner: () => env().authenticatedContext('partner-pat', { role: 'partner', partnerContactId: '003RULESPARTNER01' }),
  admin: () => env().authenticatedContext('admin-ada', { role: 'admin', isDeveloper: true }),
  anonymous: () => env().unauthenticatedContext(),
};

const SERVER_ONLY_DOCUMENTS = [
  `crm/sandbox/contacts/${CONTACT}`,
  'mailOutbox/mail-1',
  'passwordResets/code-1',
  'emailRecoveries/recovery-1',
  'errorReports/report-1',
  'contactRequests/request-1',
  `userInfo/${CUSTOMER}`,
  // The encrypted SSN (spec 000 §3.1): the customer's own secrets included.
  `userSecrets/${CUSTOMER}`,
  `creditReports/${CUSTOMER}`,
  `investigations/${CUSTOMER}/items/inv-1`,
  `documents/${CUSTOMER}/items/doc-1`,
  `actions/${CUSTOMER}/items/act-1`,
  `creditScoreHistory/${CUSTOMER}/items/EQUIFAX-2026-11-02`,
  `reportOrders/${CUSTOMER}`,
  'creditDisplayTokens/token-1',
  'kbaSessions/kba-1',
  'config/secrets',
  // The developer tools' records: read through the devTools callable and setUser only, developers included.
  'testPlans/plan-dispute-round-3b',
  `devOverrides/${CUSTOMER}`,
];

const firestoreOf = (context: RulesTestContext) => context.firestore();

// Agent sessions on the customer's account (src/domain/agentSession.ts): signed in as the customer, with a record.
const SIGNED_IN_AT = Math.floor(Date.now() / 1_000);
const SESSION_OWNER = { customerUid: CUSTOMER, contactId: CONTACT, signedInAt: SIGNED_IN_AT, agentUid: 'coach-carol', allowClientActions: false };
const session = (fields: Record<string, unknown> = {}) => agentSessionRecord(SESSION_OWNER, fields);
const AGENT_SESSIONS = {
  live: session(),
  revoked: session({ revokedAtMs: Date.now() - 1_000 }),
  expired: session({ expiresAtMs: Date.now() - 1_000 }),
  otherSignIn: session({ boundAuthTime: SIGNED_IN_AT - 600 }),
};
const delegated = (sessionId: string, authTime = SIGNED_IN_AT) =>
  env().authenticatedContext(CUSTOMER, {
    role: 'customer',
    isAgent: true,
    agentUid: 'coach-carol',
    allowClientActions: false,
    customerContactId: CONTACT,
    agentSessionId: sessionId,
    auth_time: authTime,
  });

const env = rulesEnvironment(async (db) => {
  await setDoc(doc(db, `users/${CUSTOMER}`), { id: CUSTOMER, role: 'customer', customer: { contactId: CONTACT } });
  await setDoc(doc(db, `users/${OTHER_CUSTOMER}`), { id: OTHER_CUSTOMER, role: 'customer' });
  await setDoc(doc(db, 'config/featureFlags'), { bottomNavigation: true });
  await setDoc(doc(db, 'config/maintenance'), { Customer: false });
  for (const path of SERVER_ONLY_DOCUMENTS) await setDoc(doc(db, path), { seeded: true });
  for (const [id, record] of Object.entries(AGENT_SESSIONS)) await setDoc(doc(db, `agentSessions/${id}`), record);
  await setDoc(doc(db, `initialReportStatus/${CUSTOMER}`), { status: 'complete' });
  await setDoc(doc(db, 'documentUploadProgress/upload-1'), { userId: CUSTOMER, progress: 100 });
});

describe('firestore rules', () => {
  describe('users/{uid}', () => {
    it('lets a customer read their own user document', async () => {
      await assertSucceeds(getDoc(doc(firestoreOf(roles.customer()), `users/${CUSTOMER}`)));
    });

    it("refuses a customer another user's document and any listing of users", async () => {
      const db = firestoreOf(roles.customer());
      await assertFails(getDoc(doc(db, `users/${OTHER_CUSTOMER}`)));
      await assertFails(getDocs(collection(db, 'users')));
    });

    it('refuses a customer every write to their own user document (writes go through callables)', async () => {
      const db = firestoreOf(roles.customer());
      await assertFails(updateDoc(doc(db, `users/${CUSTOMER}`), { role: 'admin' }));
      await assertFails(setDoc(doc(db, `users/${CUSTOMER}`), { id: CUSTOMER }));
      await assertFails(deleteDoc(doc(db, `users/${CUSTOMER}`)));
    });

    it.each(['agent', 'partner', 'admin', 'anonymous'] as const)("refuses the %s a customer's user document", async (role) => {
      const db = firestoreOf(roles[role]());
      await assertFails(getDoc(doc(db, `users/${CUSTOMER}`)));
      await assertFails(setDoc(doc(db, `users/${CUSTOMER}`), { role: 'customer' }));
    });

    it('keeps the encrypted SSN from the browser: a user document that carries it is not read, not even by its owner', async () => {
      const owner = env().authenticatedContext(OTHER_CUSTOMER, { role: 'customer' });
      await assertSucceeds(getDoc(doc(owner.firestore(), `users/${OTHER_CUSTOMER}`)));
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), `users/${OTHER_CUSTOMER}`), { id: OTHER_CUSTOMER, role: 'customer', ssnEncrypted: 'v1.sealed' });
      });
      await assertFails(getDoc(doc(owner.firestore(), `users/${OTHER_CUSTOMER}`)));
      await assertFails(getDoc(doc(owner.firestore(), `userSecrets/${OTHER_CUSTOMER}`)));
    });

    it('lets a new user ask for their own user document before it is written', async () => {
      const newcomer = env().authenticatedContext('customer-new', { role: 'customer' });
      await assertSucceeds(getDoc(doc(newcomer.firestore(), 'users/customer-new')));
    });

    it('lets an agent and a partner read only their own user document', async () => {
      await assertSucceeds(getDoc(doc(firestoreOf(roles.agent()), 'users/coach-carol')));
      await assertSucceeds(getDoc(doc(firestoreOf(roles.partner()), 'users/partner-pat')));
    });
  });

  describe('config', () => {
    it.each(['customer', 'agent', 'partner', 'admin', 'anonymous'] as const)(
      'lets the %s read the feature flags and the maintenance flag, and write neither',
      async (role) => {
        const db = firestoreOf(roles[role]());
        await assertSucceeds(getDoc(doc(db, 'config/featureFlags')));
        await assertSucceeds(getDoc(doc(db, 'config/maintenance')));
        await assertFails(setDoc(doc(db, 'config/featureFlags'), { bottomNavigation: false }));
        await assertFails(updateDoc(doc(db, 'config/maintenance'), { Customer: true }));
      },
    );
  });

  describe('server-only collections', () => {
    it.each(['customer', 'agent', 'partner', 'admin', 'anonymous'] as const)(
      'refuses the %s every read and write',
      async (role) => {
        const db = firestoreOf(roles[role]());
        for (const path of SERVER_ONLY_DOCUMENTS) {
          await assertFails(getDoc(doc(db, path)));
          await assertFails(setDoc(doc(db, path), { written: true }));
        }
        await assertFails(getDocs(collection(db, 'mailOutbox')));
        await assertFails(getDocs(collection(db, `investigations/${CUSTOMER}/items`)));
        await assertFails(getDocs(collection(db, 'testPlans')));
      },
    );

    it("lets an agent session on the customer's account read while its record is live, and never the record itself", async () => {
      await assertSucceeds(getDoc(doc(firestoreOf(delegated('live')), `users/${CUSTOMER}`)));
      for (const id of ['revoked', 'expired', 'otherSignIn', 'unknown']) {
        await assertFails(getDoc(doc(firestoreOf(delegated(id)), `users/${CUSTOMER}`)));
      }
      // The same token signed in again later (a replayed launch link): another auth_time, refused.
      await assertFails(getDoc(doc(firestoreOf(delegated('live', SIGNED_IN_AT + 300)), `users/${CUSTOMER}`)));
      await assertFails(getDoc(doc(firestoreOf(delegated('live')), 'agentSessions/live')));
    });

    it("lets a delegated session read the customer's live status documents only while its record is live; a coach's own account still reads them", async () => {
      const crmSession = (sessionId: string) =>
        env().authenticatedContext(CUSTOMER, {
          role: 'customer',
          isAgent: true,
          isSalesforceSession: true,
          customerContactId: CONTACT,
          agentSessionId: sessionId,
          auth_time: SIGNED_IN_AT,
        });
      const statusDocuments = [`initialReportStatus/${CUSTOMER}`, 'documentUploadProgress/upload-1'];
      for (const path of statusDocuments) {
        await assertSucceeds(getDoc(doc(firestoreOf(delegated('live')), path)));
        await assertSucceeds(getDoc(doc(firestoreOf(roles.agent()), path)));
        for (const id of ['revoked', 'expired', 'otherSignIn', 'unknown']) {
          await assertFails(getDoc(doc(firestoreOf(delegated(id)), path)));
          await assertFails(getDoc(doc(firestoreOf(crmSession(id)), path)));
        }
        // A replayed launch link: the live record, another sign-in.
        await assertFails(getDoc(doc(firestoreOf(delegated('live', SIGNED_IN_AT + 300)), path)));
      }
    });

    it('refuses writes to new collections nobody declared', async () => {
      await assertFails(setDoc(doc(firestoreOf(roles.customer()), `anything/${CUSTOMER}`), { written: true }));
    });
  });
});
