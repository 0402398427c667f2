// Agent sessions on a customer's account (spec 000 §2.2 /agent and the CRM link-in, §3.3 agent claims): a coach or
// a CRM user signed in as the customer with agent claims. Such a session is only as good as its record,
// agentSessions/{id}, which names who acts, for whom, with which rights and until when, and which sign-in uses it:
// - the launch token is short-lived: it must be used within AGENT_LAUNCH_TTL_MS of the record's creation;
// - it is single-use: the first sign-in that calls the server binds the record to its auth_time, and any other
//   sign-in with the same token (a replay of a leaked link) is refused;
// - the record can be revoked (revokedAtMs) or run out (expiresAtMs) without signing the customer out.
import { z } from 'zod/mini';
import type { Claims } from './claims';

export const AGENT_SESSIONS_COLLECTION = 'agentSessions';
/** From the record's creation to the sign-in with its token. */
export const AGENT_LAUNCH_TTL_MS = 2 * 60 * 1_000;
/** A working day: an agent session ends after this whatever happens. */
export const AGENT_SESSION_TTL_MS = 8 * 60 * 60 * 1_000;

export const agentSessionRecordSchema = z.object({
  /** The coach's account, or null for a CRM user. */
  agentUid: z.nullable(z.string()),
  /** The CRM user of a link-in, or null for a coach. */
  crmUserId: z.nullable(z.string()),
  customerUid: z.string(),
  contactId: z.string(),
  allowClientActions: z.boolean(),
  createdAtMs: z.number(),
  expiresAtMs: z.number(),
  /** The auth_time (seconds) of the sign-in bound to this session; null until its first call. */
  boundAuthTime: z.nullable(z.number()),
  revokedAtMs: z.nullable(z.number()),
});
export type AgentSessionRecord = z.output<typeof agentSessionRecordSchema>;

export function newAgentSessionRecord(
  fields: Pick<AgentSessionRecord, 'agentUid' | 'crmUserId' | 'customerUid' | 'contactId' | 'allowClientActions'>,
  nowMs: number,
  endsAtMs: number = nowMs + AGENT_SESSION_TTL_MS,
): AgentSessionRecord {
  return { ...fields, createdAtMs: nowMs, expiresAtMs: Math.min(endsAtMs, nowMs + AGENT_SESSION_TTL_MS), boundAuthTime: null, revokedAtMs: null };
}

/**
 * A session on somebody else's account: a CRM session, or an agent whose claims name another account as theirs.
 * (A coach signed in to their own account with agent claims is not one: revoking it is revoking that account.)
 */
export function isDelegatedSession(claims: Claims, uid: string): boolean {
  if (claims.isSalesforceSession === true) return true;
  return claims.isAgent === true && typeof claims.agentUid === 'string' && claims.agentUid !== uid;
}

export type AgentSessionRefusal = 'no-session' | 'revoked' | 'expired' | 'launch-expired' | 'other-sign-in' | 'mismatch';

/**
 * Whether a call with these claims, from the sign-in at `authTime` (seconds), may use the session: null when it
 * may, the reason otherwise. `bind` says the record should now be bound to this sign-in.
 */
export function checkAgentSession(
  record: AgentSessionRecord | null,
  call: { uid: string; claims: Claims; authTime: number | null },
  nowMs: number,
): { refusal: AgentSessionRefusal; bind: false } | { refusal: null; bind: boolean } {
  if (!record) return { refusal: 'no-session', bind: false };
  if (record.customerUid !== call.uid || record.contactId !== call.claims.customerContactId) return { refusal: 'mismatch', bind: false };
  if (record.allowClientActions !== (call.claims.allowClientActions === true)) return { refusal: 'mismatch', bind: false };
  if (record.revokedAtMs !== null) return { refusal: 'revoked', bind: false };
  if (nowMs >= record.expiresAtMs) return { refusal: 'expired', bind: false };
  if (call.authTime === null) return { refusal: 'other-sign-in', bind: false };
  if (record.boundAuthTime === null) {
    // The sign-in must have happened within the launch window of the record.
    const signedInMs = call.authTime * 1_000;
    if (signedInMs < record.createdAtMs - 5_000 || signedInMs > record.createdAtMs + AGENT_LAUNCH_TTL_MS) {
      return { refusal: 'launch-expired', bind: false };
    }
    return { refusal: null, bind: true };
  }
  return record.boundAuthTime === call.authTime ? { refusal: null, bind: false } : { refusal: 'other-sign-in', bind: false };
}
