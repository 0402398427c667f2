import { describe, expect, it } from 'vitest';
import { CLAIM_TYPES, ROLES, claimsSchema, parseClaims } from '../../src/domain/claims';

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

describe("the app's reading of the claims", () => {
  // parseClaims checks by hand what claimsSchema (the server's) checks: the same claims, the same answers.
  const viaSchema = (raw: unknown) => {
    const result = claimsSchema.safeParse(raw);
    return result.success ? { ok: true, claims: result.data } : { ok: false };
  };

  it('knows every claim of the schema', () => {
    expect(['role', ...Object.keys(CLAIM_TYPES)].sort()).toEqual(Object.keys(claimsSchema.shape).sort());
  });

  it('answers as the claims schema does, whatever a claim holds', () => {
    const values: unknown[] = [true, false, 'x', '', 0, 1, null, undefined, {}, [], ['a', 'b'], ['a', 1], 'customer', 'admin', 'boss'];
    for (const raw of [null, undefined, 1, 'x', [], [{ role: 'admin' }], {}, firebaseKeys]) {
      expect(parseClaims(raw), JSON.stringify(raw)).toEqual(viaSchema(raw));
    }
    for (const name of Object.keys(claimsSchema.shape)) {
      for (const value of values) {
        const raw = { ...firebaseKeys, [name]: value };
        expect(parseClaims(raw), `${name}: ${JSON.stringify(value)}`).toEqual(viaSchema(raw));
      }
    }
    // Many claims at once, drawn from a fixed seed.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const names = Object.keys(claimsSchema.shape);
    for (let i = 0; i < 400; i += 1) {
      const raw: Record<string, unknown> = {};
      for (let k = 0; k < 1 + next(6); k += 1) raw[names[next(names.length)] as string] = values[next(values.length)];
      expect(parseClaims(raw), JSON.stringify(raw)).toEqual(viaSchema(raw));
    }
  });

  it('hands back a copy of the id lists', () => {
    const ids = ['c-1'];
    const parsed = parseClaims({ canViewLeadsOfContactIds: ids });
    expect(parsed).toEqual({ ok: true, claims: { role: 'customer', canViewLeadsOfContactIds: ['c-1'] } });
    if (parsed.ok) expect(parsed.claims.canViewLeadsOfContactIds).not.toBe(ids);
  });
});
