import type { ArrayUserToken } from '../../contract/identity';

// The identity-protection call the /identity pages make (spec 000 §7 getArrayUserToken; issue 16 item 8),
// implemented by src/adapters/firebase/identity.ts. Failures are PortErrors ({ code, key? }): 'failed-precondition'
// with key 'upgrade-required' for the free product line.

export interface IdentityPort {
  /** The customer's user token for the identity-protection widget and where the widget is served. */
  getArrayUserToken(): Promise<ArrayUserToken>;
}
