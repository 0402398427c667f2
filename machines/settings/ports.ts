// What the settings machines need from the outside world (conventions as in machines/ports.ts). A callable's request
// and answer are the contract's types (`callable('<name>')` in machines/actors.ts, provided by
// src/app/callableActors.ts): nothing here repeats them. Here: the identity provider's password change and
// re-authentication (not callables) and the error codes the machines branch on.
//
// Failures reject with a PortError. Codes the machines tell apart:
// - changePassword: 'requires-recent-login' (the login is too old: re-authenticate, then the change is retried),
//   'password-requirements' (the identity provider found the password weak); anything else is shown with its code.
// - reauthenticate: 'auth/wrong-password' or 'auth/invalid-credential' (the password is wrong),
//   'auth/too-many-requests'.
// - changeEmail: 'duplicate-email', 'invalid-email' (the server's details.key may carry them instead of the code).
// - changeEmail and getSocialSecurityNumber: 'recent-sign-in-required' (the sign-in is too old: re-authenticate, then try again).
// - every call: 'permission-denied' with key 'coach.toast.not-permitted' when the session may not act.
import type { PromiseActorSignature } from '../ports';

/** A PortError code the settings machines branch on. */
export const SETTINGS_ERROR_CODES = {
  /** The identity provider wants a fresh sign-in before the password changes (Firebase auth/requires-recent-login). */
  requiresRecentLogin: 'requires-recent-login',
  /** The identity provider refused the new password as weak (auth/weak-password). */
  weakPassword: 'password-requirements',
  wrongPassword: 'auth/wrong-password',
  invalidCredential: 'auth/invalid-credential',
  tooManyRequests: 'auth/too-many-requests',
  duplicateEmail: 'duplicate-email',
  invalidEmail: 'invalid-email',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Data

/** The contact fields the personal-info page edits inline (spec 000 §3.4, §2.5): src/domain/contactFields.ts. */
export { INLINE_CONTACT_FIELDS, type InlineContactField } from '../../src/domain/contactFields';

/** The communication toggles (spec 000 §2.5, §3.4): the contact's flags as the CRM keeps them. */
export { COMMUNICATION_TOGGLES, type CommunicationToggle } from '../../src/domain/communications';
import type { CommunicationToggle } from '../../src/domain/communications';
export type CommunicationValues = Record<CommunicationToggle, boolean>;

// ---------------------------------------------------------------------------------------------------------------
// Port

export interface SettingsPort {
  /** The identity provider's password update for the signed-in user. */
  changePassword(request: { newPassword: string }): Promise<void>;
  /** Re-authenticates the signed-in user with their current password (email and password accounts). */
  reauthenticate(password: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

/** The password prompt's re-authentication with the identity provider (not a callable). */
export type ReauthenticateSig = PromiseActorSignature<{ password: string }, void>;

/** The identity provider's password update for the signed-in user (not a callable). */
export type ChangePasswordSig = PromiseActorSignature<{ newPassword: string }, void>;
