// The dispute callables (spec 001 §2, §4, §7): the customer's items and their dispute clock,
// saving reasons, submitting (with the letters), starting and cancelling a challenge, pausing, the letters, and
// recording views. Each works on the customer whose data the session reads (clientUid), refuses the free product
// line, and (the calls that change the disputes) a subscription outside the acceptable set (disputeAccess.ts). The
// transitions themselves are disputeLifecycle.ts; each call reads, decides and writes in one transaction, so a
// refusal writes nothing and two calls at once cannot both pass on the same items.
import type { InvestigationItem } from '../../../src/contract/disputes';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { requireDisputeAccess, type DisputeAccess } from './disputeAccess';
import { submitDisputes, writeItems } from './disputeSubmit';
import { readLetterPdf, storedDisputeLetterSchema, toPdfResult, writePendingLetters, writtenLetters, type StoredDisputeLetter } from './disputeLetters';
import { applyChallenged, applyReasons, itemsToMarkViewed, sortedForDetails, type ItemEntry } from './disputeLifecycle';
import { disputeLettersRef, disputesStateRef, disputesToday, investigationItemsRef, readDisputes, toInvestigationItem, type StoredInvestigationItem } from './disputeStore';
import { parseStored } from '../platform/storedDocuments';
import { runBureaus } from './bureauResponses';
import { isDocumentId } from '../hub/actionStore';

/** The customer whose disputes the session works on, once their product line (and for `act`, subscription) allow it. */
async function disputeCustomer(caller: SignedInCaller, access: DisputeAccess): Promise<string> {
  const uid = await clientUid(caller);
  await requireDisputeAccess(caller, uid, access);
  return uid;
}

/** Whether a bureau can still do something with the item: it is with them, or they removed it and may put it back. */
function bureausMayAct(item: StoredInvestigationItem): boolean {
  return item.statuses.some(
    (status) =>
      status.status === 'UNDER_REVIEW_PENDING' ||
      status.status === 'UNDER_REVIEW_ACTIVE' ||
      (status.status === 'CORRECTED' && status.outcome === 'REMOVED' && status.reinsertedAt === null),
  );
}

const answerItems = (entries: readonly ItemEntry[]): { items: InvestigationItem[] } => ({
  items: entries.map((entry) => toInvestigationItem(entry.id, entry.item)),
});

/** The customer's items in the dashboard's order, and the day their bureaus' windows are counted from. */
export const getInvestigationDetails = defineCallable('getInvestigationDetails', async (caller) => {
  const uid = await disputeCustomer(caller, 'read');
  let { state, items } = await readDisputes(uid);
  // The bureaus work while nobody looks: before answering, catch up with what they did by today (a sent letter
  // arrived, an answer came, a removed item came back), the way a status feed would be read.
  if (items.some(({ item }) => bureausMayAct(item))) {
    const { events } = await runBureaus(uid, 0);
    if (events.length > 0) ({ state, items } = await readDisputes(uid));
  }
  return {
    asOf: disputesToday(state),
    items: sortedForDetails(items.map((entry) => toInvestigationItem(entry.id, entry.item))),
  };
});

/** Saves the wizard step's reasons (every entry checked first; a refusal writes nothing). */
export const updateInvestigationReasons = defineCallable('updateInvestigationReasons', async (caller) => {
  const uid = await disputeCustomer(caller, 'act');
  const now = new Date();
  const updated = await db().runTransaction(async (transaction) => {
    const { items } = await readDisputes(uid, transaction);
    const changed = applyReasons(items, caller.data.investigations, now);
    writeItems(transaction, uid, changed);
    return changed;
  });
  if (updated.length > 0) await recalculateActionsAfter(uid, 'dispute decisions');
  return answerItems(updated);
});

export const challengeAllInvestigations = defineCallable('challengeAllInvestigations', async (caller) => {
  const uid = await disputeCustomer(caller, 'act');
  const { submitted, letters } = await submitDisputes(uid, new Date());
  return { submitted, letters: letters.map(toPdfResult) };
});

/** Starts (challengeReasonSelected false) or cancels (true) challenges; every entry checked first. */
export const updateInvestigationsChallenged = defineCallable('updateInvestigationsChallenged', async (caller) => {
  const uid = await disputeCustomer(caller, 'act');
  const now = new Date();
  const updated = await db().runTransaction(async (transaction) => {
    const { state, items } = await readDisputes(uid, transaction);
    const changed = applyChallenged(items, caller.data.investigations, state, disputesToday(state, now));
    writeItems(transaction, uid, changed);
    return changed;
  });
  if (updated.length > 0) await recalculateActionsAfter(uid, 'dispute decisions');
  return answerItems(updated);
});

export const checkIfDisputesPaused = defineCallable('checkIfDisputesPaused', async (caller) => {
  const uid = await disputeCustomer(caller, 'read');
  return { isPaused: (await readDisputes(uid)).state.isPaused };
});

/** Pauses or resumes every investigation of the customer (spec 001 §4: paused or resumed globally). */
export const setIsDisputesPaused = defineCallable('setIsDisputesPaused', async (caller) => {
  // Pausing changes the disputes, so the subscription gate applies as to every other change (spec 001 §6).
  const uid = await disputeCustomer(caller, 'act');
  await disputesStateRef(uid).set({ isPaused: caller.data.isPaused }, { merge: true });
  return { isPaused: caller.data.isPaused };
});

/** The customer's letters, newest first (a letter left pending by a failed write is written first). */
export const listDisputePdfs = defineCallable('listDisputePdfs', async (caller) => {
  const uid = await disputeCustomer(caller, 'read');
  await writePendingLetters(uid);
  return { pdfs: (await writtenLetters(uid)).map(toPdfResult) };
});

const letterNotFound = () => callableError('not-found', 'letter-not-found', { key: 'letter-not-found' });

async function letterOf(uid: string, data: { contentVersionId: string } | { bureau: string; documentId: string }): Promise<StoredDisputeLetter> {
  if ('contentVersionId' in data) {
    // The older flow's id: only a letter recorded with it.
    const found = (await disputeLettersRef(uid).where('contentVersionId', '==', data.contentVersionId).limit(1).get()).docs[0];
    if (!found) throw letterNotFound();
    return parseStored(storedDisputeLetterSchema, found.ref.path, found.data());
  }
  if (!isDocumentId(data.documentId)) throw letterNotFound();
  const ref = disputeLettersRef(uid).doc(data.documentId);
  const snapshot = await ref.get();
  if (!snapshot.exists) throw letterNotFound();
  let letter = parseStored(storedDisputeLetterSchema, ref.path, snapshot.data());
  if (letter.bureau !== data.bureau) throw letterNotFound();
  if (letter.status === 'pending') {
    letter = (await writePendingLetters(uid, [letter.documentId]))[0] ?? letter;
    if (letter.status !== 'written') throw callableError('unavailable', 'letter-not-ready', { key: 'letter-not-ready' });
  }
  return letter;
}

/** One of this customer's letters, inline (base64): by bureau and document id (v2), or the older contentVersionId. */
export const getDisputePdf = defineCallable('getDisputePdf', async (caller) => {
  const uid = await disputeCustomer(caller, 'read');
  const letter = await letterOf(uid, caller.data);
  let contents: Buffer;
  try {
    contents = await readLetterPdf(letter);
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) throw letterNotFound();
    throw error;
  }
  return {
    fileName: `dispute-letter-${letter.bureau.toLowerCase()}-${letter.completionDate}.pdf`,
    contentType: 'application/pdf' as const,
    base64: contents.toString('base64'),
  };
});

/** Records that the customer saw these items (the welcome flow's resolved disputes); ids of this customer only. */
export const markInvestigationsViewed = defineCallable('markInvestigationsViewed', async (caller) => {
  const uid = await disputeCustomer(caller, 'read');
  await db().runTransaction(async (transaction) => {
    const { items } = await readDisputes(uid, transaction);
    for (const id of itemsToMarkViewed(items, caller.data.ids)) transaction.update(investigationItemsRef(uid).doc(id), { viewed: true });
  });
  return { ok: true as const };
});
