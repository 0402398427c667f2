import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { AuthUser } from '../../../machines/ports';
import { signUpMachine, signUpSelectors } from '../../../machines/account/signUp.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { SSO_ERROR_TOAST_MS } from '../../../src/domain/constants';
import type { SingleSignOnProvider } from '../../../src/domain/flags';
import type { ProviderIdentity } from '../../../machines/ports';
import type { ProviderSignOnOutput } from '../../../machines/account/ports';
import { providerSignOnEnding } from '../../support/providerSignOn';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('signUp');
if (!entry) throw new Error('signUp is not registered');
// The page as it loads on the return from a sign-up redirect, and in an installed app (single sign-on by redirect).
runModelPaths(entry, {
  variants: [
    { name: 'on the return from a sign-up redirect', input: { isCustomerSite: true, redirectProvider: 'google.com' } },
    { name: 'in an installed app', input: { isCustomerSite: true, preferRedirect: true } },
  ],
});

const user: AuthUser = { uid: 'u-1', email: 'new@example.com', emailVerified: false, tenantId: 'customer', providerIds: ['password'] };
const failure = (code: string) => Object.assign(new Error(code), { code });

interface Options {
  result?: boolean;
  errorCode?: string;
  isCustomerSite?: boolean;
  agreed?: boolean;
  password?: string;
  onNavigate?: (event: unknown) => void;
}

async function signUp({ result = false, errorCode, isCustomerSite = true, agreed = true, password = 'Secret-123', onNavigate }: Options) {
  const calls: string[] = [];
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        createAccount: fromPromise<boolean, { email: string; password: string }>(async ({ input }) => {
          calls.push(`create ${input.email}`);
          if (errorCode) throw failure(errorCode);
          return result;
        }),
        signInWithEmail: fromPromise<AuthUser, { email: string; password: string }>(async ({ input }) => {
          calls.push(`sign in ${input.email}`);
          return user;
        }),
      },
    }),
    { input: { isCustomerSite }, inspect },
  );
  if (onNavigate) actor.on('navigate', onNavigate);
  actor.start();
  actor.send({ type: 'field.change', field: 'email', value: ' New@Example.com' });
  actor.send({ type: 'field.change', field: 'password', value: password });
  actor.send({ type: 'agreement.change', agreed });
  actor.send({ type: 'form.submit' });
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { actor, calls, snapshot: actor.getSnapshot() };
}

describe('sign-up (spec 000 §4.3, §8)', () => {
  it('needs the agreement and a strong password before it creates anything', async () => {
    for (const options of [{ agreed: false }, { password: 'password' }]) {
      const { calls, snapshot } = await signUp(options);
      expect(calls).toEqual([]);
      expect(snapshot.value).toBe('editing');
    }
  });

  it('shows the email-verification notice, then sign-in, when the call returns false', async () => {
    const { calls, snapshot } = await signUp({ result: false });
    expect(calls).toEqual(['create new@example.com']);
    expect(snapshot.hasTag('notice.verification')).toBe(true);
  });

  it('signs the new customer in directly when the call returns true', async () => {
    const { calls, snapshot } = await signUp({ result: true });
    expect(calls).toEqual(['create new@example.com', 'sign in new@example.com']);
    expect(snapshot.value).toBe('signedIn');
  });

  it("says 'This email is already in use...' for an existing account", async () => {
    const { snapshot } = await signUp({ errorCode: 'already-exists' });
    expect(snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.emailInUse, errorCode: null });
  });

  it("opens the 'You're Almost There!' onboard modal for not-found on a customer site", async () => {
    const { actor, snapshot } = await signUp({ errorCode: 'not-found' });
    expect(snapshot.hasTag('dialog.onboard')).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('opens the onboard modal at its address /sign-up/onboard; Close goes back to /sign-up, and so does Back (spec 002 §2)', async () => {
    const navigations: unknown[] = [];
    const { actor } = await signUp({ errorCode: 'not-found', onNavigate: (event) => navigations.push(event) });
    actor.send({ type: 'route.changed', path: '/sign-up/onboard', search: '' });
    expect(signUpSelectors.onboardOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(navigations).toEqual([
      { type: 'navigate', to: '/sign-up/onboard', replace: false },
      { type: 'navigate', to: '/sign-up', back: 1 },
    ]);
    const again = await signUp({ errorCode: 'not-found' });
    again.actor.send({ type: 'route.changed', path: '/sign-up', search: '' });
    expect(again.actor.getSnapshot().value).toBe('editing');
  });

  it('reopens the onboard modal from its address after a reload, and then replaces the address with /sign-up', () => {
    const navigations: unknown[] = [];
    const actor = createActor(signUpMachine, { input: { isCustomerSite: true }, inspect });
    actor.on('navigate', (event) => navigations.push(event));
    actor.start();
    actor.send({ type: 'route.changed', path: '/sign-up/onboard', search: '' });
    expect(signUpSelectors.onboardOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/sign-up', replace: true }]);
  });

  it('gives the reference-code message for not-found elsewhere and for any other failure', async () => {
    const partnerSite = await signUp({ errorCode: 'not-found', isCustomerSite: false });
    expect(partnerSite.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.createAccountFailed, errorCode: 'not-found' });
    const other = await signUp({ errorCode: 'internal' });
    expect(other.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.createAccountFailed, errorCode: 'internal' });
  });
});

describe('sign-up field errors (spec 000 §5)', () => {
  it('names each field to correct once submitted, and clears them as they are corrected', async () => {
    const { actor, snapshot } = await signUp({ agreed: false, password: 'password' });
    expect(signUpSelectors.fieldErrors(snapshot)).toEqual({
      password: ERROR_KEYS.passwordRequirements,
      agreed: ERROR_KEYS.agreementRequired,
    });
    actor.send({ type: 'agreement.change', agreed: true });
    actor.send({ type: 'field.change', field: 'email', value: 'nope' });
    expect(signUpSelectors.fieldErrors(actor.getSnapshot())).toEqual({
      email: ERROR_KEYS.emailInvalid,
      password: ERROR_KEYS.passwordRequirements,
    });
  });
});

describe('sign-up by single sign-on (spec 000 §4.3, §8; spec 002 §8)', () => {
  // How the provider's identity is had (popup, redirect, the return) is providerSignOn.test.ts's; here, what sign-up
  // does with each outcome.
  interface SsoFakes {
    isCustomerSite?: boolean;
    agreed?: boolean;
    redirectProvider?: SingleSignOnProvider;
    preferRedirect?: boolean;
    outcome?: ProviderSignOnOutput;
    /** The server's answer: true (signed in directly) or a failure code. */
    server?: true | string;
    adoptError?: string;
  }

  async function ssoSignUp(fakes: SsoFakes, providerId: SingleSignOnProvider | null = 'google.com') {
    const calls: string[] = [];
    const identity = (id: SingleSignOnProvider): ProviderIdentity => ({ providerId: id, email: 'lead@example.com', isNewUser: true, hasClaims: false });
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          providerSignOn: providerSignOnEnding(fakes.outcome ?? ((providerId) => ({ result: 'identified', identity: identity(providerId) })), calls),
          createProviderAccount: fromPromise<boolean, void>(async () => {
            calls.push('create account');
            if (fakes.server !== undefined && fakes.server !== true) throw failure(fakes.server);
            return true;
          }),
          adoptProviderIdentity: fromPromise<AuthUser, void>(async () => {
            calls.push('sign in');
            if (fakes.adoptError) throw failure(fakes.adoptError);
            return { ...user, emailVerified: true, providerIds: ['google.com'] };
          }),
        },
      }),
      {
        input: { isCustomerSite: fakes.isCustomerSite ?? true, redirectProvider: fakes.redirectProvider ?? null, preferRedirect: fakes.preferRedirect },
        inspect,
      },
    );
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    if (fakes.agreed ?? true) actor.send({ type: 'agreement.change', agreed: true });
    if (providerId) actor.send({ type: 'sso.start', providerId });
    for (let turn = 0; turn < 8; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return { calls, snapshot: actor.getSnapshot(), emitted };
  }

  const toast = (code: string) => ({
    type: 'notify',
    level: 'error',
    key: ERROR_KEYS.ssoSignUpFailed,
    values: { code },
    durationMs: SSO_ERROR_TOAST_MS,
  });

  it('needs the agreement before a provider button does anything, and says so on the agreement alone', async () => {
    const { calls, snapshot } = await ssoSignUp({ agreed: false });
    expect(calls).toEqual([]);
    expect(snapshot.value).toBe('editing');
    expect(signUpSelectors.fieldErrors(snapshot)).toEqual({ agreed: ERROR_KEYS.agreementRequired });
  });

  it("gets the provider's identity, has the server make the account, and signs in directly", async () => {
    const { calls, snapshot } = await ssoSignUp({}, 'apple.com');
    expect(calls).toEqual(['popup apple.com', 'create account', 'sign in']);
    expect(snapshot.value).toBe('signedIn');
  });

  it('asks for the redirect from the start in an installed app', async () => {
    const { calls } = await ssoSignUp({ preferRedirect: true });
    expect(calls).toEqual(['redirect google.com back to signUp']);
  });

  it('completes the sign-up on the return from the provider (the agreement was given before leaving), and reads nothing on an ordinary visit', async () => {
    const back = await ssoSignUp({ redirectProvider: 'google.com', agreed: false }, null);
    expect(back.calls).toEqual(['redirect result', 'create account', 'sign in']);
    expect(back.snapshot.value).toBe('signedIn');

    const ordinary = await ssoSignUp({}, null);
    expect(ordinary.calls).toEqual([]);
    expect(ordinary.snapshot.value).toBe('editing');
  });

  it("opens 'You're Almost There!' when the CRM does not hold the provider's email, on a customer site", async () => {
    const { snapshot, emitted } = await ssoSignUp({ server: 'not-found' });
    expect(signUpSelectors.onboardOpen(snapshot)).toBe(true);
    expect(emitted).toContainEqual({ type: 'navigate', to: '/sign-up/onboard', replace: false });
  });

  it("says 'This email is already in use...' when the provider's email has an account", async () => {
    const { calls, snapshot } = await ssoSignUp({ server: 'already-exists' });
    expect(calls.slice(1)).toEqual(['create account']);
    expect(signUpSelectors.errorKey(snapshot)).toBe(ERROR_KEYS.emailInUse);
  });

  it('gives sso-sign-up-failed with its code in a toast shown 10 s for any other failure, the form as it was', async () => {
    for (const [fakes, code] of [
      [{ outcome: { result: 'failed', code: 'auth/network-request-failed' } }, 'auth/network-request-failed'],
      [{ outcome: { result: 'mismatch', code: 'auth/user-mismatch' } }, 'auth/user-mismatch'],
      [{ server: 'internal' }, 'internal'],
      [{ isCustomerSite: false, server: 'not-found' }, 'not-found'],
      [{ adoptError: 'auth/network-request-failed' }, 'auth/network-request-failed'],
    ] as const) {
      const { snapshot, emitted } = await ssoSignUp(fakes);
      expect(emitted.filter((event) => (event as { type: string }).type === 'notify')).toEqual([toast(code)]);
      expect(snapshot.value).toBe('editing');
      expect(signUpSelectors.errorKey(snapshot)).toBeNull();
    }
  });

  it('says nothing when the person cancelled', async () => {
    const { snapshot, emitted } = await ssoSignUp({ outcome: { result: 'cancelled' } });
    expect(snapshot.value).toBe('editing');
    expect(emitted.filter((event) => (event as { type: string }).type !== 'agreement.change')).toEqual([]);
  });
});
