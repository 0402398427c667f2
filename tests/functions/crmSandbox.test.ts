// The CRM port's behaviour suite (tests/support/crmBehaviour.ts) on the Firestore sandbox CRM, under the emulators:
// the same behaviours the Salesforce adapter passes against the local Salesforce org (tests/server/crmSalesforce.test.ts),
// so `npm start` and a real deployment answer alike (spec 000 §2.2, §3.4; 001 §3).
import { randomBytes } from 'node:crypto';
import { COLLECTIONS } from '../../functions/src/platform/collections';
import { FirestoreCrmSandbox } from '../../functions/src/providers/firestoreCrmSandbox';
import { describeCrmPort } from '../support/crmBehaviour';
import { adminDb, Timestamp } from '../support/emulator';

/** The functions' Firestore type, as the sandbox takes it (firebase-admin is the functions' dependency, not the app's). */
type Firestore = ReturnType<ConstructorParameters<typeof FirestoreCrmSandbox>[0]>;

const sandboxId = (prefix: string) => `${prefix}SBX${randomBytes(6).toString('hex').toUpperCase()}`;
const db = () => adminDb() as unknown as Firestore;

async function session(userId: string, expiresInMs: number): Promise<string> {
  const id = sandboxId('SESSION');
  await adminDb().collection(COLLECTIONS.crmSessions).doc(id).set({ userId, expiresAt: Timestamp.fromMillis(Date.now() + expiresInMs) });
  return id;
}

describeCrmPort('Firestore sandbox', () => ({
  // No file latency: the sandbox's 400 ms imitates the vendor for the demo only.
  crm: new FirestoreCrmSandbox(db, 0),
  addUser: async (profile) => {
    const id = sandboxId('005');
    await adminDb().collection(COLLECTIONS.crmUsers).doc(id).set({ profile });
    return id;
  },
  openSession: (userId) => session(userId, 60 * 60 * 1000),
  expiredSession: (userId) => session(userId, -60 * 1000),
  setOwner: async (contactId, userId) => {
    await adminDb().collection(COLLECTIONS.crmContacts).doc(contactId).update({ OwnerId: userId });
  },
  unknownContactId: '003SBX000000000000',
}));
