// Who calls a callable, as the wrapper (defineCallable.ts) hands it to a handler and to the checks it runs before
// (agentSessions.ts, client.ts). Kept apart from the wrapper so those checks do not import it back.
import type { Claims } from '../../../src/domain/claims';

export interface SignedInCaller {
  uid: string;
  claims: Claims;
  email: string | null;
  emailVerified: boolean;
  /** When this sign-in happened (the token's auth_time, seconds); agent sessions are bound to it. */
  authTime: number | null;
}
export interface AnonymousCaller {
  uid: null;
  claims: null;
  email: null;
  emailVerified: false;
  authTime: null;
}
