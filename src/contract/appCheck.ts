import type { CallableName } from './callables';

// App Check replay protection (docs/security.md): the public callables that send mail to an address or create
// records for a stranger spend the App Check token they carry, so one attestation buys one call. The client asks
// for a limited-use token for these calls (src/adapters/firebase/functions.ts) and the server consumes it and refuses
// a token already spent (functions/src/callable/defineCallable.ts). Enforced where App Check is (production).

export const SINGLE_USE_APP_CHECK_CALLABLES: ReadonlySet<CallableName> = new Set<CallableName>([
  'signUp',
  'signUpWithProvider',
  'resetPasswordByEmail',
  'createContactRequest',
]);

export function spendsAppCheckToken(name: string): boolean {
  return (SINGLE_USE_APP_CHECK_CALLABLES as ReadonlySet<string>).has(name);
}
