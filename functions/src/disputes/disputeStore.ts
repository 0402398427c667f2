// Where the disputes live in Firestore (spec 001 §3, §4), shared by the dispute callables, the
// bureau-response sandbox and the dev tools:
//   investigations/{uid}                 { isPaused, clockOffsetDays }: the customer's pause flag (spec 001 §4
//                                        "paused or resumed globally") and the sandbox clock's offset in days
//   investigations/{uid}/items/{id}      one item (src/contract/disputes.ts investigationItemSchema's fields)
//   disputeLetters/{uid}/items/{docId}   one letter (bureau, completionDate, documentId, round, itemIds, storagePath)
//   Storage disputeLetters/{uid}/{bureau}/{documentId}.pdf   the letter (server only: storage.rules deny it)
// Items written before a field existed read with that field's neutral value.
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { parseDisputesState, parseInvestigationItem, type StoredDisputesState, type StoredInvestigationItem } from './disputeRecords';

export * from './disputeRecords';

export function disputesStateRef(uid: string): DocumentReference {
  return db().collection(COLLECTIONS.investigations).doc(uid);
}

export function investigationItemsRef(uid: string) {
  return disputesStateRef(uid).collection('items');
}

export function disputeLettersRef(uid: string) {
  return db().collection(COLLECTIONS.disputeLetters).doc(uid).collection('items');
}

/** The customer's state and items, read together (in a transaction when one is given). */
export async function readDisputes(
  uid: string,
  transaction?: Transaction,
): Promise<{ state: StoredDisputesState; items: { id: string; item: StoredInvestigationItem }[] }> {
  const stateRef = disputesStateRef(uid);
  const itemsQuery = investigationItemsRef(uid);
  const [stateSnapshot, itemsSnapshot] = transaction
    ? await Promise.all([transaction.get(stateRef), transaction.get(itemsQuery)])
    : await Promise.all([stateRef.get(), itemsQuery.get()]);
  return {
    state: parseDisputesState(stateSnapshot.data(), stateRef.path),
    items: itemsSnapshot.docs.map((doc) => ({ id: doc.id, item: parseInvestigationItem(doc.ref.path, doc.data()) })),
  };
}
