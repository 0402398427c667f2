// The KBA identity check's sessions (spec 001 §2 "Identity check", §4 "KBA", §7 arrayKBA). A session is ours; the
// questions and the scoring are the identity vendor's (kba.ts). Sessions live in kbaSessions/{id}, a
// server-only collection (firestore.rules grants no client access): the customer only ever holds the session id
// (the /kba page's `id`) and the current question set's auth token.
//
// Velocity limits, as identity vendors apply them and as the /kba page tells the customer (an addition to spec 001 §4,
// which gives wrong answers new questions without a limit: unlimited sets would let whoever holds the session try
// until one passes, which is what the check exists to stop; docs/spec-status.md):
// - a session offers at most KBA_SETS_PER_SESSION (3) question sets; every wrong set brings new questions
//   (`retry: true`, `attemptsLeft` counts the sets still available, this one included);
// - after the third wrong set the identity check is locked for KBA_LOCKOUT_MS (24 hours): get-questions and
//   submit-answers answer 'locked' with `retryAt`, and the customer may call support meanwhile;
// - the lock is the customer's, not the session's: while it lasts openKbaSession hands back the locked session, so
//   ordering again cannot open a fresh session with fresh attempts. When it has passed, the same session opens again
//   with three new sets.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { kbaQuestionSchema } from '../../../src/contract/credit';
import { db } from '../platform/admin';
import { parseStored } from '../platform/storedDocuments';

/** Server-only: kbaSessions/{kbaLinkId}. */
export const KBA_SESSIONS_COLLECTION = 'kbaSessions';
/** Question sets one session offers before the check locks. */
export const KBA_SETS_PER_SESSION = 3;
/** How long the check stays locked after the last wrong set. */
export const KBA_LOCKOUT_MS = 24 * 60 * 60 * 1_000;

export type KbaSessionStatus = 'open' | 'passed' | 'locked';

/**
 * A session: `attempts` counts the wrong sets since the session opened (or its lock passed); `vendorSessionId` is the identity vendor's session (made when
 * the first questions are asked for); `authToken` and `questions` are the current set (null before it is asked
 * for, after a pass and while locked). The answer key is the vendor's: it never reaches this document.
 */
export const storedKbaSessionSchema = z.object({
  uid: z.string(),
  status: z.enum(['open', 'passed', 'locked']),
  attempts: z.number(),
  /** Question sets asked for in this session so far (the vendor's attempt number of the next set); never reset. */
  sets: z.number(),
  vendorSessionId: z.nullable(z.string()),
  authToken: z.nullable(z.string()),
  questions: z.nullable(z.array(kbaQuestionSchema)),
  lockedUntil: z.nullable(z.instanceof(Timestamp)),
  createdAt: z.instanceof(Timestamp),
  updatedAt: z.instanceof(Timestamp),
  passedAt: z.optional(z.nullable(z.instanceof(Timestamp))),
  /** The pull date of the report ordered when the check passed (null until that order went through). */
  creditPullDate: z.optional(z.nullable(z.string())),
});
export type StoredKbaSession = z.output<typeof storedKbaSessionSchema>;

export const kbaSessions = () => db().collection(KBA_SESSIONS_COLLECTION);

export function parseKbaSession(path: string, data: unknown): StoredKbaSession {
  return parseStored(storedKbaSessionSchema, path, data);
}

/** Whether a locked session's lock still holds at `nowMs`. */
export function stillLocked(session: Pick<StoredKbaSession, 'status' | 'lockedUntil'>, nowMs: number): boolean {
  return session.status === 'locked' && session.lockedUntil !== null && session.lockedUntil.toMillis() > nowMs;
}

/**
 * The KBA session the customer's order waits on (its id is the kbaLinkId of /kba?id=…): the customer's session that
 * is still locked (so a new order cannot reset the velocity limit), else an open session (or one whose lock has
 * passed), else a new one. Passed sessions are never reused.
 */
export async function openKbaSession(uid: string, now: Date = new Date()): Promise<string> {
  const nowMs = now.getTime();
  const sessions = kbaSessions();
  return db().runTransaction(async (transaction) => {
    const existing = await transaction.get(sessions.where('uid', '==', uid));
    // A document that is not a whole session (written by hand, or by an older build) is not one to reuse.
    const parsed = existing.docs.flatMap((doc) => {
      const session = storedKbaSessionSchema.safeParse(doc.data());
      return session.success ? [{ id: doc.id, session: session.data }] : [];
    });
    const locked = parsed.find(({ session }) => stillLocked(session, nowMs));
    if (locked) return locked.id;
    const reusable = parsed
      .filter(({ session }) => session.status !== 'passed')
      .sort((a, b) => b.session.createdAt.toMillis() - a.session.createdAt.toMillis())[0];
    if (reusable) return reusable.id;
    const id = randomBytes(16).toString('hex');
    const stamp = Timestamp.fromDate(now);
    const fresh: StoredKbaSession = {
      uid,
      status: 'open',
      attempts: 0,
      sets: 0,
      vendorSessionId: null,
      authToken: null,
      questions: null,
      lockedUntil: null,
      createdAt: stamp,
      updatedAt: stamp,
      passedAt: null,
      creditPullDate: null,
    };
    transaction.create(sessions.doc(id), fresh);
    return id;
  });
}
