import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { passwordResetMachine } from '../../../machines/account/passwordReset.machine';
import type { AuthUser, PortError, RecoverEmailResult, ResetCodeStatus } from '../../../machines/ports';
import { recoverEmailMachine } from '../../../machines/account/recoverEmail.machine';
import { resetLinkRequestMachine } from '../../../machines/account/resetLinkRequest.machine';
import { verifyEmailMachine } from '../../../machines/account/verifyEmail.machine';
import { PASSWORD_RESET_LOOKUP_TIMEOUT_MS } from '../../../src/domain/constants';
import { inspect } from '../../../src/inspect';
import { ResetLinkRequestForm } from '../../../src/views/account/ResetLinkRequestForm';
import { RecoverEmailView } from '../../../src/views/account/RecoverEmailView';
import { ResetPasswordView } from '../../../src/views/account/ResetPasswordView';
import { VerifyEmailView } from '../../../src/views/account/VerifyEmailView';
import { BadRequestPage } from '../../../src/views/status/BadRequestPage';
import { appHarness, fakeAppPorts } from '../../support/appHarness';
import { renderView } from '../../support/render';

const user = (emailVerified: boolean): AuthUser => ({
  uid: 'u1',
  email: 'jane@example.com',
  emailVerified,
  tenantId: 'customer',
  providerIds: ['password'],
});
const never = <T,>() => new Promise<T>(() => undefined);
const reject = (code: string) => async (): Promise<never> => {
  const error: PortError = { code };
  throw error;
};

function resetActor(options: { status?: () => Promise<{ status: ResetCodeStatus }>; confirm?: () => Promise<void>; verified?: boolean; clock?: SimulatedClock } = {}) {
  const machine = passwordResetMachine.provide({
    actors: {
      validateResetCode: fromPromise(options.status ?? (async () => ({ status: 'current' as const }))),
      confirmPasswordReset: fromPromise(options.confirm ?? (async () => undefined)),
      signInWithEmail: fromPromise(async () => user(options.verified ?? true)),
      sendEmailVerification: fromPromise<void, void>(async () => undefined),
    },
  });
  const input = { email: 'jane@example.com', oobCode: 'code' };
  return createActor(machine, options.clock ? { input, inspect, clock: options.clock } : { input, inspect }).start();
}

describe('/handle resetPassword', () => {
  it('rejects a weak password with the reset page wording', async () => {
    await renderView(<ResetPasswordView actor={resetActor()} renderResetLinkRequest={() => null} />);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Invalid password format.')).toBeTruthy();
  });

  it('resets the password and signs in', async () => {
    const actor = resetActor();
    await renderView(<ResetPasswordView actor={actor} renderResetLinkRequest={() => null} />);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'N3w!password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(actor.getSnapshot().matches('done')).toBe(true));
  });

  it('warns that a verification email was sent when the email is not verified', async () => {
    await renderView(<ResetPasswordView actor={resetActor({ verified: false })} renderResetLinkRequest={() => null} />);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'N3w!password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/We sent you an email verification link!/)).toBeTruthy();
  });

  it('shows the reference code when the reset fails', async () => {
    await renderView(<ResetPasswordView actor={resetActor({ confirm: reject('auth/internal-error') })} renderResetLinkRequest={() => null} />);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'N3w!password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText(
        'Unable to reset password. Record the following reference code and contact us for assistance. Code: auth/internal-error.',
      ),
    ).toBeTruthy();
  });

  it('says an expired link has expired and offers a new link in a dialog', async () => {
    const actor = resetActor({ status: async () => ({ status: 'expired' }) });
    await renderView(
      <ResetPasswordView actor={actor} renderResetLinkRequest={({ email }) => <p>new link for {email}</p>} />,
    );
    expect(await screen.findByText('The password reset link has expired.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send New Reset Link' }));
    expect(await screen.findByRole('dialog', { name: 'Send New Reset Link' })).toBeTruthy();
    expect(screen.getByText('new link for jane@example.com')).toBeTruthy();
  });

  it('says an invalid link is no longer valid, and Cancel leaves', async () => {
    const actor = resetActor({ status: async () => ({ status: 'invalid' }) });
    await renderView(<ResetPasswordView actor={actor} renderResetLinkRequest={() => null} />);
    expect(await screen.findByText('This password reset link is no longer valid.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
  });

  it('shows the bad-request page when the lookup takes longer than 15 s', async () => {
    const clock = new SimulatedClock();
    const actor = resetActor({ status: never, clock });
    await renderView(<ResetPasswordView actor={actor} renderResetLinkRequest={() => null} />);
    act(() => clock.increment(PASSWORD_RESET_LOOKUP_TIMEOUT_MS));
    expect(await screen.findByRole('heading', { name: '400 Error - Bad request' })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please click the email link again.')).toBeTruthy();
  });
});

describe('reset-link request form', () => {
  function requestActor(request: () => Promise<void>) {
    const machine = resetLinkRequestMachine.provide({ actors: { requestResetLink: fromPromise(request) } });
    return createActor(machine, { input: { email: 'jane@example.com' }, inspect }).start();
  }

  it("says 'Reset link sent' once the link is on its way", async () => {
    await renderView(<ResetLinkRequestForm actor={requestActor(async () => undefined)} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Reset link sent')).toBeTruthy();
  });

  it('says the email does not exist for an unknown account', async () => {
    await renderView(<ResetLinkRequestForm actor={requestActor(reject('not-found'))} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('This email does not exist in the system.')).toBeTruthy();
  });

  it('asks for a valid email address', async () => {
    await renderView(<ResetLinkRequestForm actor={requestActor(async () => undefined)} onClose={() => undefined} />);
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Provide a valid email address.')).toBeTruthy();
  });

  it('shows the reference code for other failures', async () => {
    await renderView(<ResetLinkRequestForm actor={requestActor(reject('internal'))} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Unable to reset password. Record the following reference code and contact us for assistance. Code: internal.'),
    ).toBeTruthy();
  });
});

describe('/handle verifyEmail', () => {
  function verifyActor(apply: () => Promise<void>) {
    const machine = verifyEmailMachine.provide({ actors: { applyActionCode: fromPromise(apply) } });
    return createActor(machine, { input: { oobCode: 'code', email: 'jane@example.com', tenantId: null }, inspect }).start();
  }

  it('confirms the verification and leads to sign-in', async () => {
    const actor = verifyActor(async () => undefined);
    await renderView(<VerifyEmailView actor={actor} />);
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(actor.getSnapshot().matches('toSignIn')).toBe(true);
  });

  it("asks 'Need a new link?' when the link has expired", async () => {
    await renderView(<VerifyEmailView actor={verifyActor(reject('auth/expired-action-code'))} />);
    expect(await screen.findByRole('heading', { name: 'Need a new link?' })).toBeTruthy();
  });
});

describe('/handle recoverEmail', () => {
  function recoverActor(result: RecoverEmailResult) {
    const machine = recoverEmailMachine.provide({
      actors: { recoverEmail: fromPromise(async () => ({ result, email: result === 'success' ? 'old@example.com' : null })) },
    });
    return createActor(machine, { input: { oobCode: 'code' }, inspect }).start();
  }

  it('restores the email', async () => {
    await renderView(<RecoverEmailView actor={recoverActor('success')} />);
    expect(await screen.findByRole('heading', { name: 'Your email was restored' })).toBeTruthy();
    expect(screen.getByText(/old@example.com/)).toBeTruthy();
  });

  it('says the email is in use', async () => {
    await renderView(<RecoverEmailView actor={recoverActor('email-in-use')} />);
    expect(
      await screen.findByText('The email address you are trying to restore is already in use. Contact us if this is unexpected.'),
    ).toBeTruthy();
  });

  it.each([
    ['expired', 'This link has expired.'],
    ['not-found', 'This link is no longer valid.'],
  ] as const)('shows the %s page', async (result, text) => {
    await renderView(<RecoverEmailView actor={recoverActor(result)} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('/handle with any other mode', () => {
  it("shows '400 Error - Bad request' with the advice to retype the address or go home", async () => {
    await renderView(<BadRequestPage />);
    expect(screen.getByRole('heading', { name: '400 Error - Bad request' })).toBeTruthy();
    expect(screen.getByText(/typed correctly/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('/handle/reset-password, the send-new-reset-link dialog (spec 000 §2.2)', () => {
  const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });
  afterEach(stopApp);
  const query = '?mode=resetPassword&oobCode=old-code&email=jane%40example.com';

  async function openHandle(path: string) {
    const fakes = fakeAppPorts({ callables: { validateResetPassword: async () => ({ status: 'expired' }) } });
    await renderApp(`${path}${query}`, fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByText('The password reset link has expired.')).toBeTruthy();
  }
  const address = () => `${window.location.pathname}${window.location.search}`;

  it('opens the dialog on its sub-route, and closing it returns to /handle', async () => {
    await openHandle('/handle');
    await userEvent.click(screen.getByRole('button', { name: 'Send New Reset Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send New Reset Link' });
    expect(address()).toBe(`/handle/reset-password${query}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(address()).toBe(`/handle${query}`);
  });

  it('closes the dialog when the browser goes back', async () => {
    await openHandle('/handle');
    await userEvent.click(screen.getByRole('button', { name: 'Send New Reset Link' }));
    await screen.findByRole('dialog', { name: 'Send New Reset Link' });
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe(`/handle${query}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the dialog when the page is opened on the sub-route', async () => {
    await openHandle('/handle/reset-password');
    expect(await screen.findByRole('dialog', { name: 'Send New Reset Link' })).toBeTruthy();
    expect(address()).toBe(`/handle/reset-password${query}`);
  });
});
