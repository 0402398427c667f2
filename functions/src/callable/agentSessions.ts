// The server side of agent sessions on a customer's account (src/domain/agentSession.ts): records are made where
// the launch token is minted, and every call of such a session is checked against its record and written to the
// record's call log (who acted, what, when), so an agent's actions are told apart from the customer's.
import { randomBytes } from 'node:crypto';
import type { CallableName } from '../../../src/contract/callables';
import {
  AGENT_SESSIONS_COLLECTION,
  agentSessionRecordSchema,
  checkAgentSession,
  isDelegatedSession,
  newAgentSessionRecord,
  type AgentSessionRecord,
} from '../../../src/domain/agentSession';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { db } from '../platform/admin';
import type { SignedInCaller } from './caller';
import { callableError } from './errors';

function sessions() {
  return db().collection(AGENT_SESSIONS_COLLECTION);
}

/** Makes the record of a new session and returns its id (unguessable; the claims carry it). */
export async function createAgentSession(
  fields: Parameters<typeof newAgentSessionRecord>[0],
  endsAtMs?: number,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await sessions().doc(id).create(newAgentSessionRecord(fields, Date.now(), endsAtMs));
  return id;
}

/**
 * Refuses a call of a session on a customer's account unless its record allows it (src/domain/agentSession.ts);
 * binds the record to the sign-in on its first call, and logs the call. Other callers pass untouched.
 */
export async function assertAgentSession(caller: SignedInCaller, callable: CallableName): Promise<void> {
  if (!isDelegatedSession(caller.claims, caller.uid)) return;
  const id = caller.claims.agentSessionId;
  const refuse = (reason: string) =>
    callableError('permission-denied', `agent-session-ended: ${reason}`, { key: ERROR_KEYS.sessionExpired });
  if (!id || !/^[0-9a-f]{32}$/.test(id)) throw refuse('no-session');
  const ref = sessions().doc(id);
  const refusal = await db().runTransaction(async (transaction) => {
    const parsed = agentSessionRecordSchema.safeParse((await transaction.get(ref)).data());
    const record: AgentSessionRecord | null = parsed.success ? parsed.data : null;
    const nowMs = Date.now();
    const verdict = checkAgentSession(record, { uid: caller.uid, claims: caller.claims, authTime: caller.authTime }, nowMs);
    if (verdict.refusal !== null || !record) return verdict.refusal ?? 'no-session';
    if (verdict.bind) transaction.update(ref, { boundAuthTime: caller.authTime });
    transaction.create(ref.collection('calls').doc(), {
      callable,
      atMs: nowMs,
      agentUid: record.agentUid,
      crmUserId: record.crmUserId,
    });
    return null;
  });
  if (refusal !== null) throw refuse(refusal);
}
