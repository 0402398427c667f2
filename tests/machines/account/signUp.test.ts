import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { AuthUser } from '../../../machines/ports';
import { signUpMachine, signUpSelectors } from '../../../machines/account/signUp.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('signUp');
if (!entry) throw new Error('signUp is not registered');
runModelPaths(entry);

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
