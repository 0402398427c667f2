// arrayKBA (spec 001 §2 "Identity check", §4 "KBA", §7, §8): the /kba page's questions and answers for a KBA session
// (functions/src/credit/kbaSessions.ts, where the velocity limits are described). The vendor (kba.ts) builds the sets from
// its own file on the customer's identity, never from the report the app shows, and scores them; the answer key
// never reaches this function or the customer. A pass marks the contact and the
// user as KBA-completed and orders the report the session was opened for.
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { ArrayKbaResponse, KbaQuestion } from '../../../src/contract/credit';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { requireCreditAccess } from './creditAccess';
import { creditSubjectOf, orderNewReport } from './creditOrders';
import {
  KBA_LOCKOUT_MS,
  KBA_SETS_PER_SESSION,
  kbaSessions,
  parseKbaSession,
  stillLocked,
  type StoredKbaSession,
} from './kbaSessions';
import { crm, kba, KbaVendorError } from '../providers';
import type { KbaLanguage } from './kba';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';

/** The refusals' message keys (details.key), which the /kba page shows. */
export const KBA_ERROR_KEYS = {
  /** No such session for this customer. */
  notFound: 'kba-session-not-found',
  /** The answers are for a set that is no longer the current one (answered already, or replaced). */
  stale: 'kba-stale',
  /** Answers naming questions or answers the set does not have, or leaving a question out. */
  invalidAnswers: 'kba-answers-invalid',
  /** The vendor has no file matching this customer's identity; support can verify by phone. */
  unavailable: 'kba-unavailable',
} as const;

type KbaSessionRef = DocumentReference;

function questionsResponse(session: StoredKbaSession): ArrayKbaResponse {
  return {
    status: 'questions',
    questions: session.questions ?? [],
    authToken: session.authToken ?? '',
    retry: session.attempts > 0,
    attemptsLeft: KBA_SETS_PER_SESSION - session.attempts,
  };
}

const lockedResponse = (session: StoredKbaSession): ArrayKbaResponse => ({
  status: 'locked',
  retryAt: (session.lockedUntil ?? Timestamp.now()).toDate().toISOString(),
});

/** The customer's session, or 'not-found' when there is none or it is another customer's. */
async function sessionOf(id: string, uid: string): Promise<{ ref: KbaSessionRef; session: StoredKbaSession }> {
  const ref = kbaSessions().doc(id);
  const snapshot = await ref.get();
  const session = snapshot.exists ? parseKbaSession(ref.path, snapshot.data()) : null;
  if (!session || session.uid !== uid) throw callableError('not-found', KBA_ERROR_KEYS.notFound, { key: KBA_ERROR_KEYS.notFound });
  return { ref, session };
}

function vendorRefusal(error: unknown): never {
  if (error instanceof KbaVendorError) {
    if (error.code === 'subject-not-found') {
      throw callableError('failed-precondition', KBA_ERROR_KEYS.unavailable, { key: KBA_ERROR_KEYS.unavailable });
    }
    if (error.code === 'set-used' || error.code === 'set-not-found') {
      throw callableError('failed-precondition', KBA_ERROR_KEYS.stale, { key: KBA_ERROR_KEYS.stale });
    }
    if (error.code === 'unavailable') throw callableError('unavailable', 'kba-vendor-unavailable');
  }
  throw error;
}

/** The customer's app language (setUILang's settings.ui.lang): the vendor asks in it. */
async function languageOf(uid: string): Promise<KbaLanguage> {
  const lang: unknown = (await db().doc(`${COLLECTIONS.users}/${uid}`).get()).get('settings.ui.lang');
  return lang === 'es' ? 'es' : 'en';
}

/** The vendor's next set for the session, stored as the current one (a set another call stored meanwhile wins). */
async function nextSet(
  ref: KbaSessionRef,
  session: StoredKbaSession,
  uid: string,
  changes: Partial<StoredKbaSession>,
  freshVendorSession = false,
): Promise<StoredKbaSession> {
  // A fresh vendor session matches the identity as the CRM has it now (after a lock, it may have been corrected). The
  // vendor asks from its own file only: nothing of the stored report goes to it (the session can read the report).
  let vendorSessionId = freshVendorSession ? null : session.vendorSessionId;
  let set: { authToken: string; questions: KbaQuestion[] };
  try {
    if (vendorSessionId === null) {
      const { subject } = await creditSubjectOf(uid);
      vendorSessionId = await kba().createSession({
        uid,
        firstName: subject.firstName,
        lastName: subject.lastName,
        birthdate: subject.birthdate,
        ssnLast4: subject.ssnLast4,
        city: subject.city,
        stateCode: subject.stateCode,
      });
    }
    set = await kba().questionSet(vendorSessionId, session.sets, await languageOf(uid));
  } catch (error) {
    vendorRefusal(error);
  }
  const now = Timestamp.now();
  return db().runTransaction(async (transaction) => {
    const current = parseKbaSession(ref.path, (await transaction.get(ref)).data());
    if (current.sets !== session.sets || current.status !== session.status) return current;
    const next: StoredKbaSession = {
      ...current,
      ...changes,
      vendorSessionId,
      sets: current.sets + 1,
      authToken: set.authToken,
      questions: set.questions,
      updatedAt: now,
    };
    transaction.set(ref, next);
    return next;
  });
}

/** A passed session's report order: KBA_Status__c and kbaCompleted, then the order; remembered on the session. */
async function completePassed(ref: KbaSessionRef, uid: string): Promise<string> {
  const userPath = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, userPath, (await db().doc(userPath).get()).data() ?? {});
  const contactId = user.customer?.contactId;
  if (contactId) await crm().updateContact(contactId, { KBA_Status__c: true });
  await db().doc(userPath).set({ customer: { kbaCompleted: true } }, { merge: true });
  const { creditPullDate } = await orderNewReport(uid, new Date());
  await ref.update({ creditPullDate, updatedAt: Timestamp.now() });
  return creditPullDate;
}

async function getQuestions(id: string, uid: string): Promise<ArrayKbaResponse> {
  const { ref, session } = await sessionOf(id, uid);
  if (session.status === 'passed') {
    // A pass whose order did not go through (an outage between the two) orders now.
    return { status: 'passed', creditPullDate: session.creditPullDate ?? (await completePassed(ref, uid)) };
  }
  if (stillLocked(session, Date.now())) return lockedResponse(session);
  if (session.status === 'locked') {
    // The lock has passed: the session opens again with its full number of sets, new questions first.
    return respond(ref, uid, await nextSet(ref, session, uid, { status: 'open', attempts: 0, lockedUntil: null }, true));
  }
  if (session.authToken !== null && session.questions !== null) return questionsResponse(session);
  return respond(ref, uid, await nextSet(ref, session, uid, {}));
}

/** The answer for a session as it now stands (another call may have moved it on meanwhile). */
async function respond(ref: KbaSessionRef, uid: string, session: StoredKbaSession): Promise<ArrayKbaResponse> {
  if (session.status === 'passed') return { status: 'passed', creditPullDate: session.creditPullDate ?? (await completePassed(ref, uid)) };
  if (session.status === 'locked') return lockedResponse(session);
  if (session.authToken === null || session.questions === null) throw callableError('aborted', KBA_ERROR_KEYS.stale, { key: KBA_ERROR_KEYS.stale });
  return questionsResponse(session);
}

/** Every question of the set answered once, with one of its own answers; anything else is refused. */
function assertAnswersFit(questions: readonly KbaQuestion[], answers: Readonly<Record<string, string>>): void {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answered = Object.keys(answers);
  const fits =
    answered.length === questions.length &&
    answered.every((questionId) => byId.get(questionId)?.answers.some((answer) => answer.id === answers[questionId]) === true);
  if (!fits) throw callableError('invalid-argument', KBA_ERROR_KEYS.invalidAnswers, { key: KBA_ERROR_KEYS.invalidAnswers });
}

async function submitAnswers(id: string, uid: string, authToken: string, answers: Readonly<Record<string, string>>): Promise<ArrayKbaResponse> {
  const { ref, session } = await sessionOf(id, uid);
  if (stillLocked(session, Date.now())) return lockedResponse(session);
  if (session.status !== 'open' || session.authToken === null || session.questions === null || session.authToken !== authToken) {
    throw callableError('failed-precondition', KBA_ERROR_KEYS.stale, { key: KBA_ERROR_KEYS.stale });
  }
  assertAnswersFit(session.questions, answers);
  let passed: boolean;
  try {
    ({ passed } = await kba().score(session.vendorSessionId ?? '', authToken, answers));
  } catch (error) {
    vendorRefusal(error);
  }
  const now = Timestamp.now();
  // The set is used up at the vendor: record the outcome unless another call already did.
  const outcome = await db().runTransaction(async (transaction) => {
    const current = parseKbaSession(ref.path, (await transaction.get(ref)).data());
    if (current.authToken !== authToken) return null;
    const attempts = passed ? current.attempts : current.attempts + 1;
    const cleared = { authToken: null, questions: null, updatedAt: now };
    if (passed) {
      const next: StoredKbaSession = { ...current, ...cleared, status: 'passed', passedAt: now };
      transaction.set(ref, next);
      return next;
    }
    if (attempts >= KBA_SETS_PER_SESSION) {
      const next: StoredKbaSession = {
        ...current,
        ...cleared,
        attempts,
        status: 'locked',
        lockedUntil: Timestamp.fromMillis(now.toMillis() + KBA_LOCKOUT_MS),
      };
      transaction.set(ref, next);
      return next;
    }
    const next: StoredKbaSession = { ...current, ...cleared, attempts };
    transaction.set(ref, next);
    return next;
  });
  if (outcome === null) throw callableError('failed-precondition', KBA_ERROR_KEYS.stale, { key: KBA_ERROR_KEYS.stale });
  if (outcome.status === 'passed') return { status: 'passed', creditPullDate: await completePassed(ref, uid) };
  if (outcome.status === 'locked') return lockedResponse(outcome);
  return respond(ref, uid, await nextSet(ref, outcome, uid, {}));
}

/**
 * spec 001 §7 arrayKBA. Open to an agent only with allowClientActions (the contract's 'clientAction': spec 001 §5 lets
 * such an agent refresh the report, and a refresh goes through this check); since the questions come from the
 * vendor's file and not from anything the agent can read, the agent passes only with the customer answering. Refuses
 * the free product line. get-questions: the current set, 'passed' or 'locked'. submit-answers: the current set's auth
 * token and one answer per question; all correct passes (and orders the report), a wrong set brings the next set or
 * locks the check for a day.
 */
export const arrayKBA = defineCallable('arrayKBA', async (caller) => {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const request = caller.data;
  if (request.command === 'get-questions') return getQuestions(request.id, uid);
  return submitAnswers(request.id, uid, request.authToken, request.answers);
});
