import { describe, expect, it } from 'vitest';
import type { AuthPort, AuthUser, CallablesPort, PortError, ProviderIdentity } from '../../machines/ports';
import { signInSelectors } from '../../machines/account/signIn.machine';
import { signUpSelectors } from '../../machines/account/signUp.machine';
import { ERROR_KEYS } from '../../src/domain/errors';
import { provideSignUpMachine } from '../../src/app/account/machines';
import { provideSignInMachine } from '../../src/app/account/signInMachine';
import { run } from '../support/machineTestKit';

// The seam of single sign-on (spec 000 §4.3): the sign-in and sign-up machines as the app provides them
// (src/app/account/singleSignOn.ts), over an auth port and a server that answer as Firebase and the functions do.
// What the machines decide is their own tests'; here, what reaches the server and what is forgotten.

const user: AuthUser = { uid: 'u-1', email: 'pat.doe@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['google.com'] };
const ID_TOKEN = 'provider-id-token';

/** A port whose other calls fail loudly: the test names what single sign-on may use. */
function only<T extends object>(known: Partial<T>): T {
  return new Proxy(known, {
    get: (target, key) =>
      key in target ? target[key as keyof typeof target] : key === 'then' ? undefined : () => Promise.reject(new Error(`unexpected ${String(key)}`)),
  }) as T;
}

function ports(identity: ProviderIdentity, server: Partial<CallablesPort>) {
  const heard: string[] = [];
  const auth = only<AuthPort>({
    providerIdentityByPopup: async (providerId) => {
      heard.push(`popup ${providerId}`);
      return identity;
    },
    providerIdentityToken: async () => ID_TOKEN,
    adoptProviderIdentity: async () => {
      heard.push('session');
      return user;
    },
    forgetProviderIdentity: async () => {
      heard.push('forgotten');
    },
  });
  return { heard, ports: { auth, callables: only<CallablesPort>(server) } };
}

const newIdentity: ProviderIdentity = { providerId: 'google.com', email: user.email, isNewUser: true, hasClaims: false };

describe('single sign-on over the ports', () => {
  it("sends a new identity's token to discardProviderIdentity at sign-in, forgets it once the server deleted it, and says the account does not exist", async () => {
    const requests: unknown[] = [];
    const { heard, ports: accountPorts } = ports(newIdentity, {
      discardProviderIdentity: async (request) => {
        requests.push(request);
        return { discarded: true };
      },
    });
    const page = run(provideSignInMachine(accountPorts), {});
    await page.send({ type: 'sso.start', providerId: 'google.com' });
    expect(requests).toEqual([{ idToken: ID_TOKEN }]);
    expect(heard).toEqual(['popup google.com', 'forgotten']);
    expect(signInSelectors.errorKey(page.snapshot())).toBe(ERROR_KEYS.sessionNotRegistered);
  });

  it("signs in the identity the server keeps as an account's, and an account's identity without asking", async () => {
    const kept = ports(newIdentity, { discardProviderIdentity: async () => ({ discarded: false }) });
    const keptPage = run(provideSignInMachine(kept.ports), {});
    await keptPage.send({ type: 'sso.start', providerId: 'google.com' });
    expect(kept.heard).toEqual(['popup google.com', 'session']);
    expect(keptPage.snapshot().status).toBe('done');

    const account = ports({ ...newIdentity, isNewUser: false, hasClaims: true }, {});
    const accountPage = run(provideSignInMachine(account.ports), {});
    await accountPage.send({ type: 'sso.start', providerId: 'google.com' });
    expect(account.heard).toEqual(['popup google.com', 'session']);
  });

  it("sends the identity's token to signUpWithProvider at sign-up, and forgets the identity the server refused", async () => {
    const requests: unknown[] = [];
    const refusal: PortError = { code: 'not-found' };
    const { heard, ports: accountPorts } = ports(newIdentity, {
      signUpWithProvider: async (request) => {
        requests.push(request);
        throw refusal;
      },
    });
    const page = run(provideSignUpMachine(accountPorts), { isCustomerSite: true });
    await page.send({ type: 'agreement.change', agreed: true });
    await page.send({ type: 'sso.start', providerId: 'google.com' });
    expect(requests).toEqual([{ idToken: ID_TOKEN }]);
    expect(heard).toEqual(['popup google.com', 'forgotten']);
    expect(signUpSelectors.onboardOpen(page.snapshot())).toBe(true);
  });
});
