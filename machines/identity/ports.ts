import type { PromiseActorSignature } from '../ports';

// The identity-protection call the /identity pages make (spec 000 §7 getArrayUserToken), implemented by
// src/adapters/firebase/identity.ts, which the app's AppPorts.identity loads with the first identity page. Failures
// are PortErrors ({ code, key? }): 'failed-precondition' with key 'upgrade-required' for the free product line.

/** getArrayUserToken's answer (src/contract/identity.ts): the vendor's user token and the widget's address. */
export interface ArrayUserToken {
  userToken: string;
  widgetUrl: string;
}

export interface IdentityPort {
  /** The customer's user token for the identity-protection widget and where the widget is served. */
  getArrayUserToken(): Promise<ArrayUserToken>;
}

/**
 * What the identity widget's machine needs (ARCHITECTURE.md "Machines"): the user token, from the cache (spec 000 §9:
 * cached without expiry) or, after the widget refused it, read anew (and cached again).
 */
export interface IdentityWidgetActorSignatures {
  readToken: PromiseActorSignature<{ fresh: boolean }, ArrayUserToken>;
}
