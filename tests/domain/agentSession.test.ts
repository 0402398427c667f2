import { describe, expect, it } from 'vitest';
import { AGENT_LAUNCH_TTL_MS, AGENT_SESSION_TTL_MS, checkAgentSession, isDelegatedSession, newAgentSessionRecord } from '../../src/domain/agentSession';
import type { Claims } from '../../src/domain/claims';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const SIGNED_IN = Math.floor(NOW / 1_000) + 10;
const record = (fields: Partial<ReturnType<typeof newAgentSessionRecord>> = {}) => ({
  ...newAgentSessionRecord({ agentUid: 'coach-1', crmUserId: null, customerUid: 'customer-1', contactId: 'C-1', allowClientActions: false }, NOW),
  ...fields,
});
const claims = (fields: Partial<Claims> = {}): Claims => ({
  role: 'customer',
  isAgent: true,
  agentUid: 'coach-1',
  customerContactId: 'C-1',
  allowClientActions: false,
  agentSessionId: 's-1',
  ...fields,
});
const call = (fields: Partial<{ uid: string; claims: Claims; authTime: number | null }> = {}) => ({
  uid: 'customer-1',
  claims: claims(),
  authTime: SIGNED_IN,
  ...fields,
});

describe('agent sessions on a customer account', () => {
  it('are the CRM sessions and agents signed in as somebody else, not a coach on their own account', () => {
    expect(isDelegatedSession(claims(), 'customer-1')).toBe(true);
    expect(isDelegatedSession(claims({ isAgent: true, agentUid: undefined, isSalesforceSession: true }), 'customer-1')).toBe(true);
    expect(isDelegatedSession(claims({ agentUid: 'coach-1' }), 'coach-1')).toBe(false);
    expect(isDelegatedSession(claims({ agentUid: undefined }), 'coach-1')).toBe(false);
    expect(isDelegatedSession({ role: 'customer' }, 'customer-1')).toBe(false);
  });

  it('last a working day at most, and never beyond the end they were given', () => {
    expect(record().expiresAtMs).toBe(NOW + AGENT_SESSION_TTL_MS);
    expect(newAgentSessionRecord(record(), NOW, NOW + 60_000).expiresAtMs).toBe(NOW + 60_000);
    expect(newAgentSessionRecord(record(), NOW, NOW + 10 * AGENT_SESSION_TTL_MS).expiresAtMs).toBe(NOW + AGENT_SESSION_TTL_MS);
  });

  it('bind to the first sign-in within the launch window, then allow only that sign-in', () => {
    expect(checkAgentSession(record(), call(), NOW)).toEqual({ refusal: null, bind: true });
    const bound = record({ boundAuthTime: SIGNED_IN });
    expect(checkAgentSession(bound, call(), NOW + 60_000)).toEqual({ refusal: null, bind: false });
    expect(checkAgentSession(bound, call({ authTime: SIGNED_IN + 1 }), NOW).refusal).toBe('other-sign-in');
    const late = Math.floor((NOW + AGENT_LAUNCH_TTL_MS) / 1_000) + 1;
    expect(checkAgentSession(record(), call({ authTime: late }), NOW).refusal).toBe('launch-expired');
    expect(checkAgentSession(record(), call({ authTime: null }), NOW).refusal).toBe('other-sign-in');
  });

  it('refuse a missing, revoked, expired or mismatched record', () => {
    expect(checkAgentSession(null, call(), NOW).refusal).toBe('no-session');
    expect(checkAgentSession(record({ revokedAtMs: NOW }), call(), NOW).refusal).toBe('revoked');
    expect(checkAgentSession(record(), call(), NOW + AGENT_SESSION_TTL_MS).refusal).toBe('expired');
    expect(checkAgentSession(record(), call({ uid: 'customer-2' }), NOW).refusal).toBe('mismatch');
    expect(checkAgentSession(record(), call({ claims: claims({ customerContactId: 'C-2' }) }), NOW).refusal).toBe('mismatch');
    expect(checkAgentSession(record(), call({ claims: claims({ allowClientActions: true }) }), NOW).refusal).toBe('mismatch');
  });
});
