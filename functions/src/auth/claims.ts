import { claimsSchema, type Claims, type ClaimsInput } from '../../../src/domain/claims';
import { auth } from '../platform/admin';

/** Custom claims are checked against the shared schema before they are set: a bad claim would sign users out. */
export async function setClaims(uid: string, claims: ClaimsInput): Promise<void> {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw new Error(`refusing claims that break the claims schema: ${parsed.error.message}`);
  await auth().setCustomUserClaims(uid, claims);
}

/** The product claims the server has set on the account; claims that break the schema count as none. */
export async function storedClaims(uid: string): Promise<Claims | null> {
  const parsed = claimsSchema.safeParse((await auth().getUser(uid)).customClaims ?? {});
  return parsed.success ? parsed.data : null;
}
