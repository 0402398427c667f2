import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { AuthUser, SignInFailureReason } from '../../../machines/ports';
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

describe('single sign-on by popup (spec 000 §4.3, §8)', () => {
  async function signInWith(providerId: 'google.com' | 'apple.com', error?: string) {
    const calls: string[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: {
          signInWithProvider: fromPromise<AuthUser, { providerId: SingleSignOnProvider }>(async ({ input }) => {
            calls.push(`popup ${input.providerId}`);
            if (error) throw failure(error);
            return { ...user, providerIds: [input.providerId] };
          }),
        },
      }),
      { input: {}, inspect },
    );
    const notices: unknown[] = [];
    actor.on('notify', (notice) => notices.push(notice));
    actor.start();
    actor.send({ type: 'sso.start', providerId });
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return { calls, snapshot: actor.getSnapshot(), notices };
  }

  it("signs in through the provider's popup", async () => {
    const { calls, snapshot } = await signInWith('google.com');
    expect(calls).toEqual(['popup google.com']);
    expect(snapshot.status).toBe('done');
  });

  it('says nothing when the popup is closed or cancelled', async () => {
    for (const code of ['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']) {
      const { snapshot } = await signInWith('google.com', code);
      expect(snapshot.value).toBe('editing');
      expect(signInSelectors.errorKey(snapshot)).toBeNull();
    }
  });

  it('names the provider when the account picked is not the one linked (sso-user-mismatch)', async () => {
    const { snapshot } = await signInWith('apple.com', 'auth/user-mismatch');
    expect(signInSelectors.errorKey(snapshot)).toBe(ERROR_KEYS.ssoUserMismatch);
    expect(signInSelectors.providerIds(snapshot)).toEqual(['apple.com']);
  });

  it('gives the reference-code message in a toast shown 10 s for any other failure (sso-sign-in-failed), the form as it was', async () => {
    const { snapshot, notices } = await signInWith('google.com', 'auth/account-exists-with-different-credential');
    expect(notices).toEqual([
      {
        type: 'notify',
        level: 'error',
        key: ERROR_KEYS.ssoSignInFailed,
        values: { code: 'auth/account-exists-with-different-credential' },
        durationMs: SSO_ERROR_TOAST_MS,
      },
    ]);
    expect(snapshot.value).toBe('editing');
    expect(signInSelectors.errorKey(snapshot)).toBeNull();
  });
});

describe('single sign-on by redirect, and the return from it (spec 000 §4.3, §8)', () => {
  interface RedirectFakes {
    /** The popup's failure (a blocker). */
    popupError?: string;
    /** The redirect cannot start. */
    redirectError?: string;
    /** What the return from the provider gives: a user, none (not a return), or a failure code. */
    result?: AuthUser | null | { error: string };
  }

  async function page(input: { redirectProvider?: SingleSignOnProvider; preferRedirect?: boolean }, fakes: RedirectFakes, start?: SingleSignOnProvider) {
    const calls: string[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: {
          signInWithProvider: fromPromise<AuthUser, { providerId: SingleSignOnProvider }>(async ({ input: request }) => {
            calls.push(`popup ${request.providerId}`);
            if (fakes.popupError) throw failure(fakes.popupError);
            return user;
          }),
          startProviderRedirect: fromPromise<void, { providerId: SingleSignOnProvider }>(async ({ input: request }) => {
            calls.push(`redirect ${request.providerId}`);
            if (fakes.redirectError) throw failure(fakes.redirectError);
            // The page leaves for the provider: the promise never settles.
            await new Promise(() => undefined);
          }),
          completeProviderRedirect: fromPromise<AuthUser | null, void>(async () => {
            calls.push('redirect result');
            const result = fakes.result ?? null;
            if (result && 'error' in result) throw failure(result.error);
            return result;
          }),
        },
      }),
      { input, inspect },
    );
    const notices: unknown[] = [];
    actor.on('notify', (notice) => notices.push(notice));
    actor.start();
    if (start) actor.send({ type: 'sso.start', providerId: start });
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return { calls, snapshot: actor.getSnapshot(), notices };
  }

  it('signs in by redirect when the popup is blocked, busy while the page leaves for the provider', async () => {
    for (const code of ['auth/popup-blocked', 'auth/operation-not-supported-in-this-environment']) {
      const { calls, snapshot } = await page({}, { popupError: code }, 'apple.com');
      expect(calls).toEqual(['popup apple.com', 'redirect apple.com']);
      expect(snapshot.value).toBe('redirectingToProvider');
      expect(signInSelectors.busy(snapshot)).toBe(true);
      expect(signInSelectors.errorKey(snapshot)).toBeNull();
    }
  });

  it('goes by redirect from the start in an installed app, without trying the popup', async () => {
    const { calls, snapshot } = await page({ preferRedirect: true }, {}, 'google.com');
    expect(calls).toEqual(['redirect google.com']);
    expect(snapshot.value).toBe('redirectingToProvider');
  });

  it('gives the 10 s reference-code toast when the redirect cannot start, the form as it was', async () => {
    const { snapshot, notices } = await page({ preferRedirect: true }, { redirectError: 'auth/network-request-failed' }, 'google.com');
    expect(snapshot.value).toBe('editing');
    expect(notices).toEqual([
      { type: 'notify', level: 'error', key: ERROR_KEYS.ssoSignInFailed, values: { code: 'auth/network-request-failed' }, durationMs: SSO_ERROR_TOAST_MS },
    ]);
  });

  it('reads nothing from the provider on an ordinary visit', async () => {
    const { calls, snapshot } = await page({}, {});
    expect(calls).toEqual([]);
    expect(snapshot.value).toBe('editing');
    expect(signInSelectors.busy(snapshot)).toBe(false);
  });

  it('completes the sign-in on the return from the provider, busy until the result is in', async () => {
    const { calls, snapshot } = await page({ redirectProvider: 'google.com' }, { result: user });
    expect(calls).toEqual(['redirect result']);
    expect(snapshot.status).toBe('done');
  });

  it('shows the form when the return holds no sign-in (the person came back without signing in)', async () => {
    const { snapshot, notices } = await page({ redirectProvider: 'google.com' }, { result: null });
    expect(snapshot.value).toBe('editing');
    expect(notices).toEqual([]);
  });

  it("maps the return's failures as the popup's: cancelled is silent, another account names the provider, any other is the 10 s toast", async () => {
    const cancelled = await page({ redirectProvider: 'google.com' }, { result: { error: 'auth/user-cancelled' } });
    expect(cancelled.snapshot.value).toBe('editing');
    expect(cancelled.notices).toEqual([]);
    expect(signInSelectors.errorKey(cancelled.snapshot)).toBeNull();

    const mismatch = await page({ redirectProvider: 'apple.com' }, { result: { error: 'auth/user-mismatch' } });
    expect(signInSelectors.errorKey(mismatch.snapshot)).toBe(ERROR_KEYS.ssoUserMismatch);
    expect(signInSelectors.providerIds(mismatch.snapshot)).toEqual(['apple.com']);

    const other = await page({ redirectProvider: 'google.com' }, { result: { error: 'auth/internal-error' } });
    expect(other.snapshot.value).toBe('editing');
    expect(other.notices).toEqual([
      { type: 'notify', level: 'error', key: ERROR_KEYS.ssoSignInFailed, values: { code: 'auth/internal-error' }, durationMs: SSO_ERROR_TOAST_MS },
    ]);
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
