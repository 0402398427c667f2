import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { passwordResetMachine } from '../../../machines/account/passwordReset.machine';
import type { AuthUser, ResetCodeStatus } from '../../../machines/ports';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('passwordReset');
if (!entry) throw new Error('passwordReset is not registered');
runModelPaths(entry);

const user: AuthUser = { uid: 'u-1', email: 'pat.doe@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const never = () => new Promise<never>(() => undefined);
const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));

interface Fakes {
  status?: () => Promise<{ status: ResetCodeStatus }>;
  confirm?: () => Promise<void>;
  signIn?: () => Promise<AuthUser>;
}

function startReset(fakes: Fakes = {}) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        validateResetCode: fromPromise<{ status: ResetCodeStatus }, { email: string; oobCode: string }>(async ({ input }) => {
          calls.push(`validate ${input.email} ${input.oobCode}`);
          return (fakes.status ?? (async () => ({ status: 'current' as const })))();
        }),
        confirmPasswordReset: fromPromise<void, { oobCode: string; password: string }>(async ({ input }) => {
          calls.push(`confirm ${input.oobCode} ${input.password}`);
          return (fakes.confirm ?? (async () => undefined))();
        }),
        signInWithEmail: fromPromise<AuthUser, { email: string; password: string }>(async ({ input }) => {
          calls.push(`sign in ${input.email}`);
          return (fakes.signIn ?? (async () => user))();
        }),
        sendEmailVerification: fromPromise<void, void>(async () => {
          calls.push('send verification');
        }),
      },
    }),
    { input: { email: ' Pat.Doe@Example.com ', oobCode: 'code-1' }, clock, inspect },
  );
  actor.start();
  const settle = async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return { actor, calls, clock, settle };
}

describe('password reset page (spec 000 §4.4, §8)', () => {
  it('is loading while the link is checked, then shows the form for a current code', async () => {
    const page = startReset();
    expect(page.actor.getSnapshot().hasTag('loading')).toBe(true);
    await page.settle();
    expect(page.calls).toEqual(['validate pat.doe@example.com code-1']);
    expect(page.actor.getSnapshot().hasTag('form')).toBe(true);
  });

  it("says 'The password reset link has expired.' for an expired code", async () => {
    const page = startReset({ status: async () => ({ status: 'expired' }) });
    await page.settle();
    expect(page.actor.getSnapshot().hasTag('link.expired')).toBe(true);
    expect(page.actor.getSnapshot().context.errorKey).toBe(ERROR_KEYS.resetLinkExpired);
  });

  it("says 'This password reset link is no longer valid.' for any other status or a failed check", async () => {
    for (const status of [async () => ({ status: 'invalid' as const }), () => fail('internal')]) {
      const page = startReset({ status });
      await page.settle();
      expect(page.actor.getSnapshot().hasTag('link.invalid')).toBe(true);
      expect(page.actor.getSnapshot().context.errorKey).toBe(ERROR_KEYS.resetLinkInvalid);
    }
  });

  it('shows the bad-request page when the check takes 15 s', async () => {
    const page = startReset({ status: never });
    page.clock.increment(14_999);
    expect(page.actor.getSnapshot().value).toBe('loading');
    page.clock.increment(1);
    expect(page.actor.getSnapshot().value).toBe('badRequest');
    expect(page.actor.getSnapshot().context.errorKey).toBe(ERROR_KEYS.resetClickEmailLinkAgain);
  });

  it("refuses a weak password with 'Invalid password format.'", async () => {
    const page = startReset();
    await page.settle();
    page.actor.send({ type: 'field.change', field: 'password', value: 'password' });
    page.actor.send({ type: 'form.submit' });
    expect(page.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(page.actor.getSnapshot().context.errorKey).toBe(ERROR_KEYS.passwordInvalidFormat);
    expect(page.calls).toHaveLength(1);
  });

  it('sets the password, signs in and goes home when the email is verified', async () => {
    const page = startReset();
    await page.settle();
    page.actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    page.actor.send({ type: 'form.submit' });
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(true);
    await page.settle();
    expect(page.calls.slice(1)).toEqual(['confirm code-1 Secret-123', 'sign in pat.doe@example.com']);
    expect(page.actor.getSnapshot().value).toBe('done');
  });

  it('sends a verification email and shows the warning when the email is unverified', async () => {
    const page = startReset({ signIn: async () => ({ ...user, emailVerified: false }) });
    await page.settle();
    page.actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    page.actor.send({ type: 'form.submit' });
    await page.settle();
    expect(page.calls.at(-1)).toBe('send verification');
    expect(page.actor.getSnapshot().hasTag('notice.verification')).toBe(true);
  });

  it('shows the reference code when the reset or the sign-in after it fails', async () => {
    const resetFails = startReset({ confirm: () => fail('auth/internal-error') });
    await resetFails.settle();
    resetFails.actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    resetFails.actor.send({ type: 'form.submit' });
    await resetFails.settle();
    expect(resetFails.actor.getSnapshot().context).toMatchObject({ errorKey: ERROR_KEYS.resetFailed, errorCode: 'auth/internal-error' });
    expect(resetFails.actor.getSnapshot().hasTag('form')).toBe(true);

    const signInFails = startReset({ signIn: () => fail('auth/network-request-failed') });
    await signInFails.settle();
    signInFails.actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    signInFails.actor.send({ type: 'form.submit' });
    await signInFails.settle();
    expect(signInFails.actor.getSnapshot().context).toMatchObject({
      errorKey: ERROR_KEYS.signInAfterResetFailed,
      errorCode: 'auth/network-request-failed',
    });
  });

  it('opens the send-new-reset-link dialog from an expired link, and cancels', async () => {
    const page = startReset({ status: async () => ({ status: 'expired' }) });
    await page.settle();
    page.actor.send({ type: 'resetLink.open' });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(false);
    page.actor.send({ type: 'reset.cancel' });
    expect(page.actor.getSnapshot().value).toBe('cancelled');
  });
});

describe('the send-new-reset-link sub-route (spec 000 §2.2 /handle/reset-password)', () => {
  const search = '?mode=resetPassword&oobCode=code-1';
  function startOn(path: string, status: ResetCodeStatus = 'expired') {
    const page = startReset({ status: async () => ({ status }) });
    const navigations: Array<{ to: string; replace?: boolean }> = [];
    page.actor.on('navigate', ({ to, replace }) => navigations.push({ to, replace }));
    page.actor.send({ type: 'route.changed', path, search });
    return { ...page, navigations };
  }

  it('adds the sub-route to the history when the dialog opens, and returns to /handle when it closes', async () => {
    const page = startOn('/handle');
    await page.settle();
    page.actor.send({ type: 'resetLink.open' });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
    expect(page.navigations).toEqual([{ to: `/handle/reset-password${search}`, replace: false }]);
    page.actor.send({ type: 'route.changed', path: '/handle/reset-password', search });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(false);
    expect(page.navigations.at(-1)).toEqual({ to: `/handle${search}`, replace: true });
  });

  it('opens the dialog on arrival at the sub-route once the link proves expired or invalid', async () => {
    for (const status of ['expired', 'invalid'] as const) {
      const page = startOn('/handle/reset-password', status);
      expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(false);
      await page.settle();
      expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
      expect(page.navigations).toEqual([]);
    }
  });

  it('keeps the form on the sub-route when the link is current', async () => {
    const page = startOn('/handle/reset-password', 'current');
    await page.settle();
    expect(page.actor.getSnapshot().hasTag('form')).toBe(true);
    expect(page.navigations).toEqual([]);
  });

  it('closes the dialog when the address leaves the sub-route (back), and reopens it going forward', async () => {
    const page = startOn('/handle/reset-password');
    await page.settle();
    page.actor.send({ type: 'route.changed', path: '/handle', search });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(false);
    page.actor.send({ type: 'route.changed', path: '/handle/reset-password/', search });
    expect(page.actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
    expect(page.navigations).toEqual([]);
  });

  it('goes home after the reset and to sign-in on Cancel, replacing /handle', async () => {
    const reset = startOn('/handle', 'current');
    await reset.settle();
    reset.actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    reset.actor.send({ type: 'form.submit' });
    await reset.settle();
    expect(reset.navigations).toEqual([{ to: '/', replace: true }]);

    const cancel = startOn('/handle', 'invalid');
    await cancel.settle();
    cancel.actor.send({ type: 'reset.cancel' });
    expect(cancel.navigations).toEqual([{ to: '/sign-in', replace: true }]);
  });
});
