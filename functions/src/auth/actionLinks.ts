import { APP_URL, SITE_ID } from '../platform/config';
import type { AccountMailKind } from '../providers';

/** The admin SDK returns the identity provider's own action link; the code is its oobCode parameter. */
export function oobCodeFromLink(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('action link without an oobCode');
  return code;
}

/** The app's account action handler (spec 000 §2.2: /handle reads mode, oobCode, siteId, email). */
export function appActionLink(mode: AccountMailKind, oobCode: string, email: string): string {
  const query = new URLSearchParams({ mode, oobCode, email, siteId: SITE_ID });
  return `${APP_URL}/handle?${query.toString()}`;
}

/** Firestore document ids cannot contain '/' nor be '.' or '..'; such a code is simply unknown. */
export function isUsableDocumentId(id: string): boolean {
  return !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
