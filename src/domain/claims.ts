// Authentication claims (spec 000 §3.3, §3.6, §4.1): a violation of this schema signs the user out.
import { z } from 'zod/mini';

export const ROLES = ['customer', 'sales', 'coach', 'partner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Only the product's own claims are validated. Firebase adds standard keys (iss, aud, auth_time, user_id, sub,
 * iat, exp, email, email_verified, firebase, ...) which are accepted and dropped from the parsed value. The server
 * writes and checks claims with this schema; the app reads them with parseClaims, the same schema checked by hand
 * (tests/domain/claims.test.ts holds the two to the same answers), because the session reads the claims at start-up
 * and the sign-in page's start-up code carries no schema library (docs/benchmarks.md §1). Built in a call marked
 * pure, so a bundle that does not use it leaves it, and zod, out.
 */
export const claimsSchema = /* @__PURE__ */ (() => {
  const ids = z.array(z.string());
  return z.object({
    // customer is also the default when there is no role (spec 000 §3.6).
    role: z._default(z.enum(ROLES), 'customer'),
    customerOnboardingComplete: z.optional(z.boolean()),
    partnerOnboardingComplete: z.optional(z.boolean()),
    isAgent: z.optional(z.boolean()),
    agentIsDeveloper: z.optional(z.boolean()),
    agentIsAdmin: z.optional(z.boolean()),
    agentUid: z.optional(z.string()),
    // The record of an agent or CRM session on a customer's account (src/domain/agentSession.ts).
    agentSessionId: z.optional(z.string()),
    partnerContactId: z.optional(z.string()),
    customerContactId: z.optional(z.string()),
    showMigrationModal: z.optional(z.boolean()),
    isDeveloper: z.optional(z.boolean()),
    isSalesforceSession: z.optional(z.boolean()),
    allowPortalDownload: z.optional(z.boolean()),
    allowClientActions: z.optional(z.boolean()),
    canViewLeadsOfContactIds: z.optional(ids),
    canSubmitLeadsForContactIds: z.optional(ids),
    canViewLeadsOfAccountIds: z.optional(ids),
    // Set while developer overrides (setUser, outside production) are applied to this account: the app marks them
    // and the developer may restore them even when an override took the developer flag away (spec 000 §6).
    overridesActive: z.optional(z.boolean()),
  });
})();

export type Claims = z.output<typeof claimsSchema>;
/** Claims as written by the server (role may be absent). */
export type ClaimsInput = z.input<typeof claimsSchema>;

export type ParseClaimsResult = { ok: true; claims: Claims } | { ok: false };

/** What each optional claim of claimsSchema holds (role, with its default, is read on its own). */
export const CLAIM_TYPES = {
  customerOnboardingComplete: 'boolean',
  partnerOnboardingComplete: 'boolean',
  isAgent: 'boolean',
  agentIsDeveloper: 'boolean',
  agentIsAdmin: 'boolean',
  agentUid: 'string',
  agentSessionId: 'string',
  partnerContactId: 'string',
  customerContactId: 'string',
  showMigrationModal: 'boolean',
  isDeveloper: 'boolean',
  isSalesforceSession: 'boolean',
  allowPortalDownload: 'boolean',
  allowClientActions: 'boolean',
  canViewLeadsOfContactIds: 'ids',
  canSubmitLeadsForContactIds: 'ids',
  canViewLeadsOfAccountIds: 'ids',
  overridesActive: 'boolean',
} as const satisfies Record<Exclude<keyof Claims, 'role'>, 'boolean' | 'string' | 'ids'>;

function holds(type: 'boolean' | 'string' | 'ids', value: unknown): boolean {
  if (type === 'ids') return Array.isArray(value) && value.every((id) => typeof id === 'string');
  return typeof value === type;
}

/** claimsSchema's reading of `raw`, by hand: the product's claims (role defaulted), or not ok when one is wrong. */
export function parseClaims(raw: unknown): ParseClaimsResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false };
  const record = raw as Record<string, unknown>;
  const role = record.role === undefined ? 'customer' : record.role;
  if (!(ROLES as readonly unknown[]).includes(role)) return { ok: false };
  const claims: Record<string, unknown> = { role };
  for (const [name, type] of Object.entries(CLAIM_TYPES)) {
    const value = record[name];
    if (value === undefined) continue;
    if (!holds(type, value)) return { ok: false };
    claims[name] = Array.isArray(value) ? [...(value as string[])] : value;
  }
  return { ok: true, claims: claims as Claims };
}
