// The documents locker's Firestore rules (spec 001 §3 "Upload progress record", §4 "Upload"): the upload flow listens
// to documentUploadProgress/{uploadId}; its customer (and an agent acting for that customer) may read it, nobody
// else, and nobody writes it. Everything else of the locker is server-only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, onSnapshot, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnvironment';
import { contextsOf, seedCustomers } from './people';

const PEOPLE = { customer: 'customer-dana', contact: '003RULESDANA00001', otherCustomer: 'customer-dario', otherContact: '003RULESDARIO0001', coach: 'coach-dora', otherCoach: 'coach-dina' };
const CUSTOMER = PEOPLE.customer;
const PROGRESS = 'documentUploadProgress/upload-dana-1';
const NOT_WRITTEN_YET = 'documentUploadProgress/upload-dana-2';

const record = {
  progressId: 'upload-dana-1',
  userId: CUSTOMER,
  documentId: 'doc-1',
  fileProcessed: true,
  documentValidationSuccessful: true,
  documentUploadedToSf: true,
  reason: null,
};

const env = rulesEnvironment(async (db) => {
  await seedCustomers(db, PEOPLE);
  await setDoc(doc(db, PROGRESS), record);
  for (const path of SERVER_ONLY) await setDoc(doc(db, path), { seeded: true });
});

const contexts = contextsOf(env, PEOPLE);

const SERVER_ONLY = [
  `documents/${CUSTOMER}/items/doc-1`,
  `documentChecklist/${CUSTOMER}/items/item-1`,
  'documentUploads/upload-dana-1',
  'documentUrlTokens/0123456789abcdef',
];

describe('upload progress rules', () => {
  it('lets the customer, and an agent acting for them, read the progress record of their upload', async () => {
    await assertSucceeds(getDoc(doc(contexts.customer().firestore(), PROGRESS)));
    await assertSucceeds(getDoc(doc(contexts.agentForCustomer().firestore(), PROGRESS)));
  });

  it('lets the upload flow listen before the record is written, and hears it once the trigger writes it', async () => {
    const db = contexts.customer().firestore();
    await assertSucceeds(getDoc(doc(db, NOT_WRITTEN_YET)));
    const snapshots: boolean[] = [];
    let heard: (data: unknown) => void = () => undefined;
    const written = new Promise<unknown>((resolve) => (heard = resolve));
    const failed = new Promise<never>((_, reject) => {
      const stop = onSnapshot(
        doc(db, NOT_WRITTEN_YET),
        (snapshot) => {
          snapshots.push(snapshot.exists());
          if (!snapshot.exists()) return;
          stop();
          heard(snapshot.data());
        },
        reject,
      );
    });
    // The listener is in place (its first answer: no record yet) before the trigger writes.
    await expect.poll(() => snapshots.length).toBeGreaterThan(0);
    await env().withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), NOT_WRITTEN_YET), { ...record, progressId: 'upload-dana-2' }));
    await expect(Promise.race([written, failed])).resolves.toMatchObject({ userId: CUSTOMER, documentUploadedToSf: true });
    expect(snapshots).toEqual([false, true]);
  });

  it('refuses another customer, an agent for someone else and visitors', async () => {
    for (const context of [contexts.otherCustomer, contexts.agentForSomeoneElse, contexts.anonymous]) {
      await assertFails(getDoc(doc(context().firestore(), PROGRESS)));
    }
  });

  it("refuses every client write, the customer's included (the upload trigger writes it)", async () => {
    const db = contexts.customer().firestore();
    await assertFails(setDoc(doc(db, PROGRESS), { ...record, reason: null }));
    await assertFails(setDoc(doc(db, NOT_WRITTEN_YET), record));
    await assertFails(deleteDoc(doc(db, PROGRESS)));
  });

  it('keeps the documents, the checklist, prepared uploads and file links server-only', async () => {
    const db = contexts.customer().firestore();
    for (const path of SERVER_ONLY) await assertFails(getDoc(doc(db, path)));
  });
});
