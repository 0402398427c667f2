import type { SettingsPort, SettingsUserInfo } from '../../../machines/settings/ports';
import { SETTINGS_ERROR_CODES } from '../../../machines/settings/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { IntakeGoal } from '../../domain/intake';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import { toPortError, type AdapterError } from './errors';

// machines/settings/ports.ts over the settings callables (spec 000 §2.5, §7; requests and answers parsed with the
// shared contract by `call`) and the identity provider's password change and re-authentication (spec 000 §4.6, §8),
// both loaded with their first use: the Auth SDK's password calls come with its chunk (./authSdk), which a settings
// page has loaded already (the customer is signed in).
//
// Error codes the machines tell apart (the port's SETTINGS_ERROR_CODES): the provider's auth/requires-recent-login
// becomes 'requires-recent-login', a weak password 'password-requirements'. The contact, the full SSN, the email
// change, the communications and the security flags are callable actors (src/app/callableActors.ts), not calls of this port.
// A goal saved through updateUserInfo has its readiness score recomputed by the server before it answers; the new
// score is read back for the page.

type Call = <N extends CallableName>(name: N, data: CallableRequest<N>) => Promise<Dated<CallableResponse<N>>>;

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

function goalOf(goal: { id: string; type: string; properties: IntakeGoal['properties'] }): IntakeGoal {
  return { id: goal.id, type: goal.type, properties: goal.properties };
}

export interface SettingsPortOptions {
  /** Unused: changeEmail's site comes with the request (the emailChange machine's input). */
  siteId?: string;
  call?: Call;
  password?: PasswordCalls;
}

export function createSettingsPort({ call = lazyCall, password = firebasePasswordCalls }: SettingsPortOptions): SettingsPort {
  return {
    getUserInfo: async (): Promise<SettingsUserInfo> => {
      const info = await call('getUserInfo', null);
      return { goal: info.goal ? goalOf(info.goal) : null, personalInfo: info.personalInfo };
    },
    updateGoal: async (request) => {
      await call('updateUserInfo', request as CallableRequest<'updateUserInfo'>);
      const score = await call('getReadinessScore', null);
      return { displayScore: score?.score.displayScore ?? null };
    },
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
    setLanguage: async (lang) => {
      await call('setUILang', { lang });
    },
  };
}
