import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { AuthUser, ProviderIdentity, SignInFailureReason } from '../../../machines/ports';
import type { ProviderSignOnOutput } from '../../../machines/account/ports';
import { providerSignOnEnding } from '../../support/providerSignOn';
import { run, settle } from '../../support/machineTestKit';
import { signInMachine, signInSelectors } from '../../../machines/account/signIn.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { SSO_ERROR_TOAST_MS } from '../../../src/domain/constants';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';
import type { SingleSignOnProvider } from '../../../src/domain/flags';

const entry = machineEntry('signIn');
if (!entry) throw new Error('signIn is not registered');
// The page as it loads on the return from a redirect sign-in, and in an installed app (single sign-on by redirect).
runModelPaths(entry, {
  variants: [
    { name: 'on the return from a redirect sign-in', input: { redirectProvider: 'google.com' } },
    { name: 'in an installed app', input: { preferRedirect: true } },
  ],
});

const user: AuthUser = { uid: 'u-1', email: 'pat.doe@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const failure = (code: string) => Object.assign(new Error(code), { code });

interface Fakes {
  signInError?: string;
  reason?: { reason: SignInFailureReason; providerIds: string[] } | 'fails';
}

async function submit(fakes: Fakes, email = 'Pat.Doe@Example.com ', password = 'Secret-123') {
  const calls: string[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        signInWithEmail: fromPromise<AuthUser, { email: string; password: string }>(async ({ input }) => {
          calls.push(`sign in ${input.email}`);
          if (fakes.signInError) throw failure(fakes.signInError);
          return user;
        }),
        checkSignInFailureReason: fromPromise<{ reason: SignInFailureReason; providerIds: string[] }, { email: string }>(
          async ({ input }) => {
            calls.push(`why ${input.email}`);
            if (fakes.reason === 'fails' || fakes.reason === undefined) throw failure('unavailable');
            return fakes.reason;
          },
        ),
      },
    }),
    { input: {}, inspect },
  );
  actor.start();
  actor.send({ type: 'field.change', field: 'email', value: email });
  actor.send({ type: 'field.change', field: 'password', value: password });
  actor.send({ type: 'form.submit' });
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { actor, calls, snapshot: actor.getSnapshot() };
}

describe('sign-in (spec 000 §4.3, §8)', () => {
  it('needs a valid email and a password before it calls anyone', async () => {
    for (const [email, password] of [['pat', 'Secret-123'], ['pat.doe@example.com', '']]) {
      const { calls, snapshot } = await submit({}, email, password);
      expect(calls).toEqual([]);
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.submitted).toBe(true);
    }
  });

  it('signs in with the trimmed, lowercased email', async () => {
    const { calls, snapshot } = await submit({});
    expect(calls).toEqual(['sign in pat.doe@example.com']);
    expect(snapshot.status).toBe('done');
  });

  it("says 'Unable to authenticate. Please check your password...' for a wrong password", async () => {
    for (const code of ['auth/wrong-password', 'auth/invalid-credential']) {
      const { calls, snapshot } = await submit({ signInError: code, reason: { reason: 'other', providerIds: [] } });
      expect(calls).toEqual(['sign in pat.doe@example.com', 'why pat.doe@example.com']);
      expect(snapshot.hasTag('error')).toBe(true);
      expect(snapshot.context.errorKey).toBe(ERROR_KEYS.wrongPassword);
    }
  });

  it('keeps the wrong-password message when the reason cannot be fetched', async () => {
    const { snapshot } = await submit({ signInError: 'auth/invalid-credential', reason: 'fails' });
    expect(snapshot.context.errorKey).toBe(ERROR_KEYS.wrongPassword);
  });

  it('says too many attempts without asking why', async () => {
    const { calls, snapshot } = await submit({ signInError: 'auth/too-many-requests' });
    expect(calls).toHaveLength(1);
    expect(snapshot.context.errorKey).toBe(ERROR_KEYS.tooManyAttempts);
  });

  it('shows a deleted user with the code', async () => {
    const disabled = await submit({ signInError: 'auth/user-disabled' });
    expect(disabled.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.userDeleted, errorCode: 'auth/user-disabled' });
    const missing = await submit({ signInError: 'auth/user-not-found', reason: { reason: 'other', providerIds: [] } });
    expect(missing.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.userDeleted, errorCode: 'auth/user-not-found' });
  });

  it('shows any other failure with the reference code', async () => {
    const { snapshot } = await submit({ signInError: 'auth/network-request-failed' });
    expect(snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.signInFailed, errorCode: 'auth/network-request-failed' });
  });

  it('tells single-sign-on accounts which provider to use, in the plural form for several', async () => {
    const one = await submit({ signInError: 'auth/invalid-credential', reason: { reason: 'sso', providerIds: ['google.com'] } });
    expect(one.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.ssoOnlyAccount, providerIds: ['google.com'] });
    const two = await submit({
      signInError: 'auth/invalid-credential',
      reason: { reason: 'sso', providerIds: ['google.com', 'apple.com'] },
    });
    expect(two.snapshot.context).toMatchObject({ errorKey: ERROR_KEYS.ssoOnlyAccountMany, providerIds: ['google.com', 'apple.com'] });
  });

  it('opens the welcome migration modal for migrated and API-created accounts (spec 000 §4.1)', async () => {
    for (const reason of ['migration', 'newViaApi'] as const) {
      const { actor, snapshot } = await submit({ signInError: 'auth/invalid-credential', reason: { reason, providerIds: [] } });
      expect(snapshot.hasTag('dialog.welcome')).toBe(true);
      expect(snapshot.context.migrationReason).toBe(reason);
      expect(snapshot.context.password).toBe('');
      actor.send({ type: 'resetLink.open' });
      expect(actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
      actor.send({ type: 'dialog.close' });
      expect(actor.getSnapshot().value).toBe('editing');
    }
  });

  it('clears the message when the person edits the form, and lets them try again', async () => {
    const { actor } = await submit({ signInError: 'auth/too-many-requests' });
    actor.send({ type: 'field.change', field: 'password', value: 'Other-456' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorKey).toBeNull();
  });
});

describe('sign-in field errors (spec 000 §5)', () => {
  it('shows none before the first submit, then follows every change', async () => {
    const actor = createActor(signInMachine, { input: {}, inspect }).start();
    actor.send({ type: 'field.change', field: 'email', value: 'pat' });
    expect(signInSelectors.fieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(signInSelectors.fieldErrors(actor.getSnapshot())).toEqual({
      email: ERROR_KEYS.emailInvalid,
      password: ERROR_KEYS.passwordRequired,
    });
    actor.send({ type: 'field.change', field: 'email', value: ' Pat.Doe@Example.com' });
    expect(signInSelectors.fieldErrors(actor.getSnapshot())).toEqual({ password: ERROR_KEYS.passwordRequired });
  });

  it('asks for the password again after the welcome modal cleared it', async () => {
    const { snapshot } = await submit({ signInError: 'auth/invalid-credential', reason: { reason: 'migration', providerIds: [] } });
    expect(signInSelectors.fieldErrors(snapshot)).toEqual({ password: ERROR_KEYS.passwordRequired });
  });
});

describe('single sign-on (spec 000 §4.3, §8)', () => {
  // How the provider's identity is had (popup, redirect, the return) is providerSignOn.test.ts's; here, what sign-in
  // does with each outcome.
  interface SsoFakes {
    outcome?: ProviderSignOnOutput;
    /** The server's answer to an identity that may be no account's: deleted, kept, or a failure code. */
    discard?: boolean | string;
    adoptError?: string;
  }
  const identity = (facts: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
    providerId: 'google.com',
    email: 'pat.doe@example.com',
    isNewUser: false,
    hasClaims: true,
    ...facts,
  });

  async function signOn(fakes: SsoFakes, input: { redirectProvider?: SingleSignOnProvider; preferRedirect?: boolean } = {}, start: SingleSignOnProvider | null = 'google.com') {
    const calls: string[] = [];
    const running = run(
      signInMachine.provide({
        actors: {
          providerSignOn: providerSignOnEnding(fakes.outcome ?? ((providerId) => ({ result: 'identified', identity: identity({ providerId }) })), calls),
          discardProviderIdentity: fromPromise<boolean, void>(async () => {
            calls.push('discard');
            if (typeof fakes.discard === 'string') throw failure(fakes.discard);
            return fakes.discard ?? true;
          }),
          adoptProviderIdentity: fromPromise<AuthUser, void>(async () => {
            calls.push('adopt');
            if (fakes.adoptError) throw failure(fakes.adoptError);
            return { ...user, providerIds: ['google.com'] };
          }),
        },
      }),
      input,
    );
    if (start) await running.send({ type: 'sso.start', providerId: start });
    else await settle();
    return { calls, running, snapshot: running.snapshot(), notices: running.emitted.filter((event) => event.type === 'notify') };
  }

  const toast = (code: string) => ({ type: 'notify', level: 'error', key: ERROR_KEYS.ssoSignInFailed, values: { code }, durationMs: SSO_ERROR_TOAST_MS });

  it("signs an account's identity in", async () => {
    const { calls, snapshot } = await signOn({}, {}, 'apple.com');
    expect(calls).toEqual(['popup apple.com', 'adopt']);
    expect(snapshot.status).toBe('done');
  });

  it('says the account does not exist when the provider sign-in made a new identity, which the server deletes', async () => {
    for (const facts of [{ isNewUser: true, hasClaims: false }, { isNewUser: false, hasClaims: false }]) {
      const { calls, snapshot } = await signOn({ outcome: { result: 'identified', identity: identity(facts) }, discard: true });
      expect(calls.slice(1)).toEqual(['discard']);
      expect(snapshot.value).toBe('failed');
      expect(signInSelectors.errorKey(snapshot)).toBe(ERROR_KEYS.sessionNotRegistered);
    }
  });

  it('signs in an identity without claims that the server keeps as an account', async () => {
    const { calls, snapshot } = await signOn({ outcome: { result: 'identified', identity: identity({ hasClaims: false }) }, discard: false });
    expect(calls.slice(1)).toEqual(['discard', 'adopt']);
    expect(snapshot.status).toBe('done');
  });

  it('says nothing when the person cancelled', async () => {
    const { snapshot, notices } = await signOn({ outcome: { result: 'cancelled' } });
    expect(snapshot.value).toBe('editing');
    expect(signInSelectors.errorKey(snapshot)).toBeNull();
    expect(notices).toEqual([]);
  });

  it('names the provider when the account picked is not the one linked (sso-user-mismatch)', async () => {
    const { snapshot } = await signOn({ outcome: { result: 'mismatch', code: 'auth/user-mismatch' } }, {}, 'apple.com');
    expect(signInSelectors.errorKey(snapshot)).toBe(ERROR_KEYS.ssoUserMismatch);
    expect(signInSelectors.providerIds(snapshot)).toEqual(['apple.com']);
  });

  it('gives the reference-code message in a toast shown 10 s for any other failure (sso-sign-in-failed), the form as it was', async () => {
    for (const [fakes, code] of [
      [{ outcome: { result: 'failed', code: 'auth/network-request-failed' } }, 'auth/network-request-failed'],
      [{ outcome: { result: 'identified', identity: identity({ isNewUser: true }) }, discard: 'unavailable' }, 'unavailable'],
      [{ adoptError: 'auth/internal-error' }, 'auth/internal-error'],
    ] as const satisfies readonly (readonly [SsoFakes, string])[]) {
      const { snapshot, notices } = await signOn(fakes);
      expect(notices).toEqual([toast(code)]);
      expect(snapshot.value).toBe('editing');
      expect(signInSelectors.errorKey(snapshot)).toBeNull();
    }
  });

  it("completes the return from the provider's redirect first, busy until the result is in, and reads nothing on an ordinary visit", async () => {
    const back = await signOn({}, { redirectProvider: 'apple.com' }, null);
    expect(back.calls).toEqual(['redirect result', 'adopt']);
    expect(back.snapshot.status).toBe('done');

    const ordinary = await signOn({}, {}, null);
    expect(ordinary.calls).toEqual([]);
    expect(signInSelectors.busy(ordinary.snapshot)).toBe(false);
  });

  it('asks for the redirect from the start in an installed app, and a later button is no return', async () => {
    const installed = await signOn({}, { preferRedirect: true });
    expect(installed.calls).toEqual(['redirect google.com back to signIn']);
    expect(signInSelectors.busy(installed.snapshot)).toBe(true);

    const cancelledReturn = await signOn({ outcome: { result: 'cancelled' } }, { redirectProvider: 'google.com' }, null);
    await cancelledReturn.running.send({ type: 'sso.start', providerId: 'apple.com' });
    expect(cancelledReturn.calls).toEqual(['redirect result', 'popup apple.com']);
  });
});

describe("the sign-in page's modal routes and the forgot-password flow's way back (spec 002 §2, spec 000 §4.4)", () => {
  /** A sign-in page whose router follows the machine like the app's (a history stack, Back and Forward). */
  function pageAt(path: string, reason?: SignInFailureReason) {
    const actor = createActor(
      signInMachine.provide({
        actors: {
          signInWithEmail: fromPromise<AuthUser, { email: string; password: string }>(async () => {
            throw failure('auth/invalid-credential');
          }),
          checkSignInFailureReason: fromPromise<{ reason: SignInFailureReason; providerIds: string[] }, { email: string }>(async () => ({
            reason: reason ?? 'other',
            providerIds: [],
          })),
        },
      }),
      { input: {}, inspect },
    );
    const history = [path];
    let index = 0;
    const tell = () => actor.send({ type: 'route.changed', path: history[index] ?? '/', search: '' });
    const moves: string[] = [];
    actor.on('navigate', (event) => {
      if (event.back !== undefined) {
        moves.push(`back ${event.back}`);
        index -= event.back;
      } else if (event.replace) {
        moves.push(`replace ${event.to}`);
        history[index] = event.to;
      } else {
        moves.push(`push ${event.to}`);
        history.splice(index + 1, history.length, event.to);
        index += 1;
      }
      tell();
    });
    actor.start();
    tell();
    return {
      actor,
      moves,
      address: () => history[index],
      back: () => {
        index -= 1;
        tell();
      },
      forward: () => {
        index += 1;
        tell();
      },
    };
  }

  const settle = async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it('opens the forgot-password dialog at /sign-in/reset-password and goes back one step to sign in', () => {
    const page = pageAt('/sign-in');
    page.actor.send({ type: 'resetLink.open' });
    expect(page.address()).toBe('/sign-in/reset-password');
    expect(signInSelectors.resetLinkOpen(page.actor.getSnapshot())).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.moves).toEqual(['push /sign-in/reset-password', 'back 1']);
    expect(page.address()).toBe('/sign-in');
    expect(page.actor.getSnapshot().value).toBe('editing');
  });

  it('goes back two steps when the dialog was opened from the welcome modal', async () => {
    const page = pageAt('/sign-in', 'newViaApi');
    page.actor.send({ type: 'field.change', field: 'email', value: 'pat.doe@example.com' });
    page.actor.send({ type: 'field.change', field: 'password', value: 'Old-pass-1' });
    page.actor.send({ type: 'form.submit' });
    await settle();
    expect(page.address()).toBe('/sign-in/welcome/newViaApi');
    expect(signInSelectors.welcomeOpen(page.actor.getSnapshot())).toBe(true);
    page.actor.send({ type: 'resetLink.open' });
    expect(page.address()).toBe('/sign-in/reset-password');
    page.actor.send({ type: 'dialog.close' });
    expect(page.moves).toEqual(['push /sign-in/welcome/newViaApi', 'push /sign-in/reset-password', 'back 2']);
    expect(page.address()).toBe('/sign-in');
    expect(page.actor.getSnapshot().value).toBe('editing');
  });

  it("closes the dialogs with the browser's Back, one at a time, and reopens them with Forward", async () => {
    const page = pageAt('/sign-in', 'migration');
    page.actor.send({ type: 'field.change', field: 'email', value: 'pat.doe@example.com' });
    page.actor.send({ type: 'field.change', field: 'password', value: 'Old-pass-1' });
    page.actor.send({ type: 'form.submit' });
    await settle();
    page.actor.send({ type: 'resetLink.open' });
    page.back();
    expect(signInSelectors.welcomeOpen(page.actor.getSnapshot())).toBe(true);
    expect(signInSelectors.migrationReason(page.actor.getSnapshot())).toBe('migration');
    page.back();
    expect(page.actor.getSnapshot().value).toBe('editing');
    page.forward();
    page.forward();
    expect(signInSelectors.resetLinkOpen(page.actor.getSnapshot())).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.moves.at(-1)).toBe('back 2');
    expect(page.address()).toBe('/sign-in');
  });

  it('reopens a dialog from its address after a reload, and then replaces the address with /sign-in rather than leave the app', () => {
    const reset = pageAt('/sign-in/reset-password');
    expect(signInSelectors.resetLinkOpen(reset.actor.getSnapshot())).toBe(true);
    reset.actor.send({ type: 'dialog.close' });
    expect(reset.moves).toEqual(['replace /sign-in']);
    const welcome = pageAt('/sign-in/welcome/newViaApi');
    expect(signInSelectors.welcomeOpen(welcome.actor.getSnapshot())).toBe(true);
    expect(signInSelectors.migrationReason(welcome.actor.getSnapshot())).toBe('newViaApi');
    welcome.actor.send({ type: 'resetLink.open' });
    welcome.actor.send({ type: 'dialog.close' });
    expect(welcome.moves).toEqual(['push /sign-in/reset-password', 'replace /sign-in']);
  });
});
