import { describe, expect, it } from 'vitest';
import { ROLES, claimsSchema, parseClaims } from '../../src/domain/claims';

const firebaseKeys = {
  iss: 'https://securetoken.google.com/demo-credit-readiness',
  aud: 'demo-credit-readiness',
  auth_time: 1_700_000_000,
  user_id: 'uid-1',
  sub: 'uid-1',
  iat: 1_700_000_000,
  exp: 1_700_003_600,
  email: 'jane@example.com',
  email_verified: true,
  firebase: { identities: { email: ['jane@example.com'] }, sign_in_provider: 'password' },
};

describe('claims', () => {
  it('lists the five roles', () => {
    expect(ROLES).toEqual(['customer', 'sales', 'coach', 'partner', 'admin']);
  });

  it('defaults the role to customer when there is none', () => {
    expect(parseClaims({})).toEqual({ ok: true, claims: { role: 'customer' } });
  });

  it("accepts Firebase's own token keys and leaves them out of the parsed claims", () => {
    const result = parseClaims({ ...firebaseKeys, role: 'coach', isAgent: true, customerContactId: 'C-1' });
    expect(result).toEqual({ ok: true, claims: { role: 'coach', isAgent: true, customerContactId: 'C-1' } });
  });

  it('parses every listed claim', () => {
    const claims = {
      role: 'partner',
      customerOnboardingComplete: true,
      partnerOnboardingComplete: false,
      isAgent: false,
      agentIsDeveloper: false,
      agentIsAdmin: false,
      agentUid: 'agent-1',
      partnerContactId: 'P-1',
      customerContactId: 'C-1',
      showMigrationModal: false,
      isDeveloper: false,
      isSalesforceSession: false,
      allowPortalDownload: true,
      allowClientActions: true,
      canViewLeadsOfContactIds: ['C-2'],
      canSubmitLeadsForContactIds: [],
      canViewLeadsOfAccountIds: ['A-1'],
    };
    expect(claimsSchema.parse(claims)).toEqual(claims);
  });

  it('rejects an unknown role', () => {
    expect(parseClaims({ role: 'superuser' })).toEqual({ ok: false });
  });

  it('rejects a listed claim of the wrong type', () => {
    expect(parseClaims({ isAgent: 'yes' })).toEqual({ ok: false });
    expect(parseClaims({ customerContactId: 42 })).toEqual({ ok: false });
    expect(parseClaims({ canViewLeadsOfContactIds: 'C-1' })).toEqual({ ok: false });
  });

  it('rejects something that is not an object', () => {
    expect(parseClaims(null)).toEqual({ ok: false });
    expect(parseClaims('customer')).toEqual({ ok: false });
  });
});
