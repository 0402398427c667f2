// Writing the customer's decisions on their dispute items (spec 001 §4 "Dispute item flow", "Wizard"), shared by
// the dispute callables (callables.ts) and the developer tools' test plans (devTools/testPlans.ts): the changed
// fields of the items a transition decided, and the submit with its letters and the review's action.
import type { Transaction } from 'firebase-admin/firestore';
import { recalculateActionsAfter } from '../hub/actionRules';
import { actionsRef, completesWithDisputes } from '../hub/actionStore';
import { db } from '../platform/admin';
import { letterRecord, writePendingLetters, type StoredDisputeLetter } from './disputeLetters';
import { planSubmit, type ItemEntry } from './disputeLifecycle';
import { disputeLettersRef, disputesToday, investigationItemsRef, readDisputes } from './disputeStore';

/** The fields the customer's transitions change on an item. */
function itemChanges({ item }: ItemEntry) {
  return {
    challengeReason: item.challengeReason,
    challengeReasonOptions: item.challengeReasonOptions,
    challengeReasonSelected: item.challengeReasonSelected,
    waiverAcceptedAt: item.waiverAcceptedAt ?? null,
    statuses: item.statuses,
    disputeIds: item.disputeIds,
  };
}

/** Writes the items' changed fields in the transaction that decided them. */
export function writeItems(transaction: Transaction, uid: string, entries: readonly ItemEntry[]) {
  for (const entry of entries) transaction.update(investigationItemsRef(uid).doc(entry.id), itemChanges(entry));
}

/**
 * Submits the decided items to the bureaus and completes the review's action (the investigation or dispute
 * action the customer had open), then writes one letter per bureau. A letter that cannot be written now stays
 * pending and is written on the next listDisputePdfs; the submit still answers. Shared with the dev tools' dispute
 * scheduler step (devTools/testPlans.ts), which sends what a tester decided the way the customer's submit does.
 */
export async function submitDisputes(uid: string, now: Date): Promise<{ submitted: number; letters: StoredDisputeLetter[] }> {
  const plan = await db().runTransaction(async (transaction) => {
    const { state, items } = await readDisputes(uid, transaction);
    const [letters, actions] = await Promise.all([
      transaction.get(disputeLettersRef(uid)),
      transaction.get(actionsRef(uid).where('status', '==', 'active')),
    ]);
    const submit = planSubmit(items, state, disputesToday(state, now), letters.docs.map((doc) => doc.id));
    writeItems(transaction, uid, submit.items);
    for (const action of actions.docs) {
      if (!completesWithDisputes(action.data())) continue;
      transaction.update(action.ref, { status: 'completed_by_user', completedAt: now, updating: false });
    }
    for (const letter of submit.letters) transaction.create(disputeLettersRef(uid).doc(letter.documentId), letterRecord(uid, letter, now));
    return submit;
  });
  const written = await writePendingLetters(
    uid,
    plan.letters.map((letter) => letter.documentId),
  );
  await recalculateActionsAfter(uid, 'disputes submitted');
  return { submitted: plan.submitted, letters: written };
}
