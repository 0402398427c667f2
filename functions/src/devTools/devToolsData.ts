// What the developer tools' delete and setActions commands do to the signed-in customer's data (
// spec 001 §2 "Developer tools", §7 devTools). Each category names the records it clears, and counts one thing:
//   actions         actions/{uid}/items and actions/{uid} (the order the hub fixed)  (the actions)
//   documents       documents/{uid}/items with their Storage files (users/{uid}/documents/), their upload records,
//                   and the checklist's links to them (the checklist items stay, unanswered)   (the documents)
//   disputes        investigations/{uid} with its items and removed records, disputeLetters/{uid} with the letters'
//                   PDFs in Storage (disputeLetters/{uid}/)                    (the dispute items)
//   creditReport    creditReports/{uid}, creditScoreHistory/{uid}, reportOrders/{uid}, initialReportStatus/{uid},
//                   and users/{uid}.customer.creditPullDate                     (1 when there was a report)
//   readinessScore  readinessScores/{uid} with its history (the hub's chart)    (1 when there was a score)
//   testPlan        users/{uid}.testPlan                                       (1 when a plan was under way)
import { FieldValue, Timestamp, type DocumentReference, type Query } from 'firebase-admin/firestore';
import type { Action } from '../../../src/contract/disputes';
import type { DevDeleteCategory } from '../../../src/contract/devTools';
import { db } from '../platform/admin';
import { allActions } from '../hub/actionRules';
import { actionsRef } from '../hub/actionStore';
import { COLLECTIONS } from '../platform/collections';
import { disputeLettersRef, disputesStateRef, investigationItemsRef } from '../disputes/disputeStore';
import { checklistRef, documentsBucket, documentsRef } from '../documents/documentStore';

async function deleteQuery(query: Query): Promise<number> {
  const snapshot = await query.get();
  const writer = db().bulkWriter();
  for (const doc of snapshot.docs) void writer.delete(doc.ref);
  await writer.close();
  return snapshot.size;
}

async function deleteTree(ref: DocumentReference): Promise<void> {
  await db().recursiveDelete(ref);
}

async function deleteStoragePrefix(prefix: string): Promise<void> {
  await documentsBucket().deleteFiles({ prefix, force: true });
}

async function deleteDocuments(uid: string): Promise<number> {
  const count = (await documentsRef(uid).count().get()).data().count;
  await deleteStoragePrefix(`users/${uid}/documents/`);
  await Promise.all([
    deleteTree(db().collection(COLLECTIONS.documents).doc(uid)),
    deleteQuery(db().collection(COLLECTIONS.documentUploads).where('userId', '==', uid)),
    deleteQuery(db().collection(COLLECTIONS.documentUploadProgress).where('userId', '==', uid)),
    deleteQuery(db().collection(COLLECTIONS.documentUrlTokens).where('userId', '==', uid)),
  ]);
  const answered = await checklistRef(uid).where('documentId', '!=', null).get();
  const batch = db().batch();
  for (const item of answered.docs) batch.update(item.ref, { documentId: null });
  await batch.commit();
  return count;
}

async function deleteDisputes(uid: string): Promise<number> {
  const count = (await investigationItemsRef(uid).count().get()).data().count;
  await deleteStoragePrefix(`${COLLECTIONS.disputeLetters}/${uid}/`);
  await Promise.all([deleteTree(disputesStateRef(uid)), deleteTree(disputeLettersRef(uid).parent!)]);
  return count;
}

async function deleteCreditReport(uid: string): Promise<number> {
  const report = db().collection(COLLECTIONS.creditReports).doc(uid);
  const existed = (await report.get()).exists;
  await Promise.all([
    // With the pulls kept under it (credit/creditOrders.ts).
    deleteTree(report),
    deleteTree(db().collection(COLLECTIONS.creditScoreHistory).doc(uid)),
    db().collection(COLLECTIONS.reportOrders).doc(uid).delete(),
    db().collection(COLLECTIONS.initialReportStatus).doc(uid).delete(),
    deleteQuery(db().collection(COLLECTIONS.creditDisplayTokens).where('uid', '==', uid)),
  ]);
  await userRef(uid).set({ customer: { creditPullDate: FieldValue.delete() } }, { merge: true });
  return existed ? 1 : 0;
}

async function deleteReadinessScore(uid: string): Promise<number> {
  const ref = db().collection(COLLECTIONS.readinessScores).doc(uid);
  const existed = (await ref.get()).exists;
  await deleteTree(ref);
  return existed ? 1 : 0;
}

/** The actions, and the active order fixed from them: actions added afterwards get a fresh order. */
async function deleteActions(uid: string): Promise<number> {
  const count = await deleteQuery(actionsRef(uid));
  await actionsRef(uid).parent!.delete();
  return count;
}

function userRef(uid: string) {
  return db().collection(COLLECTIONS.users).doc(uid);
}

async function deleteTestPlan(uid: string): Promise<number> {
  const snapshot = await userRef(uid).get();
  const existed = snapshot.exists && snapshot.get('testPlan') !== undefined;
  if (existed) await userRef(uid).update({ testPlan: FieldValue.delete() });
  return existed ? 1 : 0;
}

const DELETERS: Readonly<Record<DevDeleteCategory, (uid: string) => Promise<number>>> = {
  actions: deleteActions,
  documents: deleteDocuments,
  disputes: deleteDisputes,
  creditReport: deleteCreditReport,
  readinessScore: deleteReadinessScore,
  testPlan: deleteTestPlan,
};

/** Clears the categories (each once, in the request's order) and answers how many records each lost. */
export async function deleteCategories(uid: string, categories: readonly DevDeleteCategory[]): Promise<Partial<Record<DevDeleteCategory, number>>> {
  const deleted: Partial<Record<DevDeleteCategory, number>> = {};
  for (const category of new Set(categories)) deleted[category] = await DELETERS[category](uid);
  return deleted;
}

/** The stored id of a set action: its position and a slug of its name, so the same list writes the same ids. */
export function setActionId(index: number, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `dev-${String(index + 1).padStart(2, '0')}${slug ? `-${slug}` : ''}`;
}

/** Replaces every action of the customer with these (completed ones completed now), and answers them. */
export async function setActions(
  uid: string,
  actions: readonly { name: string; type: Action['type']; status: Action['status'] }[],
  now: Date = new Date(),
): Promise<Action[]> {
  const existing = await actionsRef(uid).get();
  const batch = db().batch();
  for (const doc of existing.docs) batch.delete(doc.ref);
  actions.forEach((action, index) => {
    const completed = action.status.startsWith('completed_');
    batch.set(actionsRef(uid).doc(setActionId(index, action.name)), {
      name: action.name,
      type: action.type,
      status: action.status,
      completedAt: completed ? Timestamp.fromDate(now) : null,
      updating: false,
      properties: {},
      // Kept in the given order (allActions sorts by creation).
      createdAt: Timestamp.fromMillis(now.getTime() + index),
    });
  });
  await batch.commit();
  return allActions(uid);
}
