// Authentication claims (spec 000 §3.3, §3.6, §4.1): a violation of this schema signs the user out.
import { z } from 'zod';

export const ROLES = ['customer', 'sales', 'coach', 'partner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ids = z.array(z.string());

/**
 * Only the product's own claims are validated. Firebase adds standard keys (iss, aud, auth_time, user_id, sub,
 * iat, exp, email, email_verified, firebase, ...) which are accepted and dropped from the parsed value.
 */
export const claimsSchema = z.object({
  // customer is also the default when there is no role (spec 000 §3.6).
  role: z.enum(ROLES).default('customer'),
  customerOnboardingComplete: z.boolean().optional(),
  partnerOnboardingComplete: z.boolean().optional(),
  isAgent: z.boolean().optional(),
  agentIsDeveloper: z.boolean().optional(),
  agentIsAdmin: z.boolean().optional(),
  agentUid: z.string().optional(),
  partnerContactId: z.string().optional(),
  customerContactId: z.string().optional(),
  showMigrationModal: z.boolean().optional(),
  isDeveloper: z.boolean().optional(),
  isSalesforceSession: z.boolean().optional(),
  allowPortalDownload: z.boolean().optional(),
  allowClientActions: z.boolean().optional(),
  canViewLeadsOfContactIds: ids.optional(),
  canSubmitLeadsForContactIds: ids.optional(),
  canViewLeadsOfAccountIds: ids.optional(),
});

export type Claims = z.output<typeof claimsSchema>;
/** Claims as written by the server (role may be absent). */
export type ClaimsInput = z.input<typeof claimsSchema>;

export type ParseClaimsResult = { ok: true; claims: Claims } | { ok: false };

export function parseClaims(raw: unknown): ParseClaimsResult {
  const result = claimsSchema.safeParse(raw);
  return result.success ? { ok: true, claims: result.data } : { ok: false };
}
