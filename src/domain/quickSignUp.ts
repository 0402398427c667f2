// Quick sign-up (spec 002 §2 "Quick sign-up page", §3 "Quick sign-up contact", §4, §8, §9): a link with a
// contact id leads a lead to sign the contract and create an account. What the page shows is decided from the
// anonymous contact alone.
import { QUICK_SIGN_UP_LINK_TTL_MS } from './constants';
import { ROUTES } from './routes';

export interface QuickSignUpContact {
  contractSignLink: string | null;
  email: string | null;
  isContractSigned: boolean;
  /**
   * An account exists for this contact or its email (the spec's `userId`, reduced to a yes or no: the server never
   * tells an anonymous caller whose account it is, nor that account's email).
   */
  hasAccount: boolean;
  /** When the quick sign-up email (and so the link) was sent. */
  quickSignUpEmailTimestamp: Date | string | null;
}

export type QuickSignUpDecision =
  /** The 403 page. */
  | { kind: 'expired' }
  /** Sign-in, with the email filled in when the server told it ('' otherwise). */
  | { kind: 'signIn'; email: string }
  /** The sign-up form with the email predefined. */
  | { kind: 'signUp'; email: string }
  /** The contract signing prompt. */
  | { kind: 'signContract'; email: string; contractSignLink: string }
  /** The not-found page. */
  | { kind: 'notFound' }
  /** An error with the contact options. */
  | { kind: 'noContractLink'; email: string };

function timeOf(value: Date | string): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/** A link older than 3 days has expired (spec 002 §9: 259,200,000 ms); a link without a send time has not. */
export function isQuickSignUpLinkExpired(sentAt: Date | string | null, nowMs: number): boolean {
  if (sentAt === null) return false;
  const sentMs = timeOf(sentAt);
  return Number.isFinite(sentMs) && nowMs - sentMs > QUICK_SIGN_UP_LINK_TTL_MS;
}

/**
 * spec 002 §4: expired → 403; an account → sign-in (its email is not revealed, so not filled in); with an email: a
 * signed contract → sign-up form, otherwise the signing prompt (which needs the contract link: without it, the error
 * with contact options); no email → not found. `null` is a contact that does not exist.
 */
export function quickSignUpDecision(contact: QuickSignUpContact | null, nowMs: number): QuickSignUpDecision {
  if (contact === null) return { kind: 'notFound' };
  if (isQuickSignUpLinkExpired(contact.quickSignUpEmailTimestamp, nowMs)) return { kind: 'expired' };
  const email = contact.email?.trim() ?? '';
  if (contact.hasAccount) return { kind: 'signIn', email };
  if (email === '') return { kind: 'notFound' };
  if (contact.isContractSigned) return { kind: 'signUp', email };
  if (!contact.contractSignLink) return { kind: 'noContractLink', email };
  return { kind: 'signContract', email, contractSignLink: contact.contractSignLink };
}

export const QUICK_SIGN_UP_PATH = ROUTES.quickSignUp;

/** The quick sign-up page for a contact (spec 001 §4: contract-complete goes back there with the id). */
export function quickSignUpPath(contactId: string): string {
  return `${QUICK_SIGN_UP_PATH}?${new URLSearchParams({ id: contactId }).toString()}`;
}
