import type { SettingsPort } from '../../../machines/settings/ports';
import { SETTINGS_ERROR_CODES } from '../../../machines/settings/ports';
import { toPortError, type AdapterError } from './errors';

// machines/settings/ports.ts over the identity provider's password change and re-authentication (spec 000 §4.6, §8),
// loaded with their first use: the Auth SDK's password calls come with its chunk (./authSdk), which a settings page
// has loaded already (the customer is signed in).
//
// Error codes the machines tell apart (the port's SETTINGS_ERROR_CODES): the provider's auth/requires-recent-login
// becomes 'requires-recent-login', a weak password 'password-requirements'. Every settings callable (the contact, the
// full SSN, the email change, the communications, the security flags, the loan goal and its readiness score) is a
// callable actor (src/app/callableActors.ts), not a call of this port.

/** The signed-in user's password calls, as the adapter needs them from the Auth SDK. */
export interface PasswordCalls {
  /** The signed-in user's email, or null when nobody (or an account without one) is signed in. */
  currentEmail(): Promise<string | null>;
  updatePassword(newPassword: string): Promise<void>;
  reauthenticate(email: string, password: string): Promise<void>;
}

async function signedInUser() {
  const { loadAuthSdk } = await import('./auth');
  const sdk = await loadAuthSdk();
  const user = sdk.firebaseAuth().currentUser;
  if (!user) throw { code: 'auth/no-current-user' };
  return { sdk, user };
}

/** The Auth SDK's updatePassword and reauthenticateWithCredential (EmailAuthProvider) for the signed-in user. */
export const firebasePasswordCalls: PasswordCalls = {
  async currentEmail() {
    return (await signedInUser()).user.email;
  },
  async updatePassword(newPassword) {
    const { sdk, user } = await signedInUser();
    await sdk.updatePassword(user, newPassword);
  },
  async reauthenticate(email, password) {
    const { sdk, user } = await signedInUser();
    await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(email, password));
  },
};

/** The identity provider's codes for a password it refuses by its policy. */
const WEAK_PASSWORD_CODES = new Set(['auth/weak-password', 'auth/password-does-not-meet-requirements']);

/** A password update's failure as the passwordChange machine reads it. */
export function passwordChangeError(error: unknown): AdapterError {
  const failure = toPortError(error);
  if (failure.code === 'auth/requires-recent-login') return { ...failure, code: SETTINGS_ERROR_CODES.requiresRecentLogin };
  if (WEAK_PASSWORD_CODES.has(failure.code)) return { ...failure, code: SETTINGS_ERROR_CODES.weakPassword };
  return failure;
}

export interface SettingsPortOptions {
  password?: PasswordCalls;
}

export function createSettingsPort({ password = firebasePasswordCalls }: SettingsPortOptions = {}): SettingsPort {
  return {
    changePassword: async ({ newPassword }) => {
      try {
        await password.updatePassword(newPassword);
      } catch (error) {
        throw passwordChangeError(error);
      }
    },
    reauthenticate: async (currentPassword) => {
      try {
        const email = await password.currentEmail();
        if (email === null) throw { code: 'auth/no-current-user' };
        await password.reauthenticate(email, currentPassword);
      } catch (error) {
        throw toPortError(error);
      }
    },
  };
}
