import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { RECENT_SIGN_IN_REQUIRED_CODE } from '../../src/domain/recentSignIn';
import { portErrorCode } from '../ports';
import { SETTINGS_ERROR_CODES } from './ports';
import { spec } from '../spec';

// The password prompt of the steps that need a recent sign-in (spec 000 §2.5: the full SSN, the email change, the
// password change; src/domain/recentSignIn.ts): the server refuses an older sign-in with recent-sign-in-required,
// the customer types the password again, the identity provider re-authenticates it, and the step is tried once more.
// One definition for every machine that asks: its guards, and its two states (asking, checking) placed under the
// machine's own `reauthenticating` state. Each machine provides the `reauthenticate` actor and the two actions
// `assignReauthError` (params { key, error? }) and `clearReauthError` over its own context.

const WRONG_PASSWORD_CODES: readonly string[] = [SETTINGS_ERROR_CODES.wrongPassword, SETTINGS_ERROR_CODES.invalidCredential];

/** The guards the prompt's states name, for the machine's `setup({ guards })`. */
export const reauthenticationGuards = {
  needsRecentSignIn: (_: unknown, params: { error: unknown }) => portErrorCode(params.error) === RECENT_SIGN_IN_REQUIRED_CODE,
  isEmptyPassword: (_: unknown, params: { password: string }) => params.password === '',
  isWrongPassword: (_: unknown, params: { error: unknown }) => WRONG_PASSWORD_CODES.includes(portErrorCode(params.error)),
  isTooManyAttempts: (_: unknown, params: { error: unknown }) => portErrorCode(params.error) === SETTINGS_ERROR_CODES.tooManyRequests,
};

/** The params of the machine's `assignReauthError` action: why the prompt refused the last try. */
export interface ReauthErrorParams {
  key: ErrorKey;
  /** The identity provider's refusal, when it was none of the named ones (a page may show its code). */
  error?: unknown;
}

type ErrorEvent = { event: { error: unknown } };
type SubmitEvent = { event: { type: string; password?: string } };

const refusedBecause = (key: ErrorKey) => ({ target: 'asking', actions: { type: 'assignReauthError', params: { key } } }) as const;

/**
 * The prompt's states, for the machine's `reauthenticating: { initial: 'asking', states: reauthenticationStates(...) }`:
 * an empty password is refused on the spot; the identity provider's refusal (wrong password, too many tries, any other)
 * is named and the prompt asks again; once re-authenticated the machine goes to `retry` (the step tried once more).
 */
export function reauthenticationStates<const Retry extends string, const Done extends string = never>(retry: Retry, onReauthenticated: readonly Done[] = []) {
  return {
    asking: {
      meta: spec('000 §2.5', '000 §8'),
      on: {
        'reauth.submit': [
          {
            guard: { type: 'isEmptyPassword', params: ({ event }: SubmitEvent) => ({ password: event.password ?? '' }) },
            actions: { type: 'assignReauthError', params: { key: ERROR_KEYS.passwordRequired } },
          },
          { target: 'checking', actions: 'clearReauthError' },
        ],
      },
    },
    checking: {
      meta: spec('000 §2.5'),
      tags: ['busy'],
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ event }: SubmitEvent) => ({ password: event.type === 'reauth.submit' ? (event.password ?? '') : '' }),
        onDone: { target: retry, actions: [...onReauthenticated] },
        onError: [
          { guard: { type: 'isWrongPassword', params: ({ event }: ErrorEvent) => ({ error: event.error }) }, ...refusedBecause(ERROR_KEYS.wrongPassword) },
          { guard: { type: 'isTooManyAttempts', params: ({ event }: ErrorEvent) => ({ error: event.error }) }, ...refusedBecause(ERROR_KEYS.tooManyAttempts) },
          {
            target: 'asking',
            actions: { type: 'assignReauthError', params: ({ event }: ErrorEvent): ReauthErrorParams => ({ key: ERROR_KEYS.signInFailed, error: event.error }) },
          },
        ],
      },
    },
  } as const;
}
