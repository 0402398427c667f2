// The secure billing pages' links (spec 001 §7 getSecureSFURL; spec 002 §7 getSecureBillingInformationURL,
// getSecureProcessPaymentURL): a short-lived, single-use token signed with the functions' secret and bound to the
// customer. The record secureBillingLinks/{id} (server-only) says whether it was used; the page consumes it when the
// card is saved, the payment made or the page cancelled. The return address is always the configured app origin.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { SECURE_PAGE_REQUESTS, type SecurePageRequest } from '../../../src/domain/payments';
import { db } from '../platform/admin';
import { APP_URL } from '../platform/config';
import { millisOf } from '../platform/timestamps';

export const SECURE_LINKS_COLLECTION = 'secureBillingLinks';
/** How long a secure page link is good for. */
export const SECURE_LINK_TTL_MS = 30 * 60_000;
export const SECURE_RESULTS = ['updated', 'paid', 'cancelled'] as const;
export type SecureResult = (typeof SECURE_RESULTS)[number];

export function secureLinkSecret(): string {
  return process.env.SECURE_BILLING_LINK_SECRET?.trim() || 'secure-billing-sandbox-signing-key';
}

interface LinkPayload {
  id: string;
  uid: string;
  request: SecurePageRequest;
  exp: number;
}

const sign = (body: string) => createHmac('sha256', secureLinkSecret()).update(body).digest('base64url');

export async function createSecureLink(uid: string, request: SecurePageRequest, returnPath: string, now = Date.now()): Promise<string> {
  const payload: LinkPayload = { id: randomBytes(16).toString('hex'), uid, request, exp: now + SECURE_LINK_TTL_MS };
  await db()
    .collection(SECURE_LINKS_COLLECTION)
    .doc(payload.id)
    .set({ uid, request, returnPath, used: false, createdAt: Timestamp.fromMillis(now), expiresAt: Timestamp.fromMillis(payload.exp) });
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

export interface SecureLink {
  id: string;
  uid: string;
  request: SecurePageRequest;
  returnPath: string;
}

/** The link a token names: signed by us, not expired, its record present and unused; null otherwise. */
export async function readSecureLink(token: string, now = Date.now()): Promise<SecureLink | null> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    return null;
  }
  if (typeof payload.exp !== 'number' || payload.exp <= now || !(SECURE_PAGE_REQUESTS as readonly string[]).includes(payload.request)) return null;
  if (typeof payload.id !== 'string' || !/^[0-9a-f]{32}$/.test(payload.id)) return null;
  const data = (await db().collection(SECURE_LINKS_COLLECTION).doc(payload.id).get()).data();
  if (!data || data.used === true || data.uid !== payload.uid || (millisOf(data.expiresAt) ?? 0) <= now) return null;
  return { id: payload.id, uid: payload.uid, request: payload.request, returnPath: String(data.returnPath) };
}

/** Marks the link used; false when it already was (a second tab, a replayed form). */
export async function consumeSecureLink(id: string): Promise<boolean> {
  const ref = db().collection(SECURE_LINKS_COLLECTION).doc(id);
  return db().runTransaction(async (transaction) => {
    const data = (await transaction.get(ref)).data();
    if (!data || data.used === true) return false;
    transaction.update(ref, { used: true, usedAt: Timestamp.now() });
    return true;
  });
}

/** Where the page sends the customer back: the app's own origin, the link's path, the result. */
export function returnUrl(returnPath: string, result: SecureResult, appUrl = APP_URL): string {
  const url = new URL(returnPath, `${new URL(appUrl).origin}/`);
  if (url.origin !== new URL(appUrl).origin) throw new Error('return path outside the app');
  url.searchParams.set('secure', result);
  return url.toString();
}
