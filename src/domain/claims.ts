// Authentication claims (spec 000 §3.3, §3.6, §4.1): a violation of this schema signs the user out.
import { z } from 'zod/mini';

export const ROLES = ['customer', 'sales', 'coach', 'partner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ids = z.array(z.string());

/**
 * Only the product's own claims are validated. Firebase adds standard keys (iss, aud, auth_time, user_id, sub,
 * iat, exp, email, email_verified, firebase, ...) which are accepted and dropped from the parsed value.
 */
export const claimsSchema = z.object({
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

export type Claims = z.output<typeof claimsSchema>;
/** Claims as written by the server (role may be absent). */
export type ClaimsInput = z.input<typeof claimsSchema>;

export type ParseClaimsResult = { ok: true; claims: Claims } | { ok: false };

export function parseClaims(raw: unknown): ParseClaimsResult {
  const result = claimsSchema.safeParse(raw);
  return result.success ? { ok: true, claims: result.data } : { ok: false };
}
