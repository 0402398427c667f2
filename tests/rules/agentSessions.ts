// The record the server keeps for each agent session on a customer's account (src/domain/agentSession.ts), as the
// rules suites seed it: live for an hour from now, bound to the customer's sign-in, not revoked; each suite changes
// the fields its case is about (revoked, expired, bound to another sign-in, a CRM user instead of a coach).
const HOUR_MS = 60 * 60 * 1_000;

export interface SessionOwner {
  customerUid: string;
  contactId: string;
  /** The sign-in the session is bound to, in seconds (the token's auth_time). */
  signedInAt: number;
  /** The coach the session acts for the customer as. */
  agentUid: string;
  allowClientActions: boolean;
}

export function agentSessionRecord(owner: SessionOwner, fields: Record<string, unknown> = {}, nowMs = Date.now()): Record<string, unknown> {
  return {
    agentUid: owner.agentUid,
    crmUserId: null,
    customerUid: owner.customerUid,
    contactId: owner.contactId,
    allowClientActions: owner.allowClientActions,
    createdAtMs: owner.signedInAt * 1_000 - 1_000,
    expiresAtMs: nowMs + HOUR_MS,
    boundAuthTime: owner.signedInAt,
    revokedAtMs: null,
    ...fields,
  };
}
