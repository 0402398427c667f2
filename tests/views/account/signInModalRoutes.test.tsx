import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AuthUser, PortError, SignInFailureReason } from '../../../machines/ports';
import { signInMachine } from '../../../machines/account/signIn.machine';
import { useRouteMachine } from '../../../src/app/shell/routeMachine';
import { SignInPage } from '../../../src/views/account/SignInPage';
import { renderView } from '../../support/render';

// The sign-in page's modal routes (spec 002 §2: welcome/*, reset-password) in a router, as /sign-in/* serves them
// (src/app/account/SignInRoute.tsx): the address follows the dialogs, Back closes them, and leaving the
// forgot-password flow goes back the 1 or 2 steps it added (spec 000 §4.4), so Forward can reopen them.

let goForward: (() => void) | null = null;

function SignInHost({ reason }: { reason: SignInFailureReason }) {
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signInWithEmail: fromPromise<AuthUser, { email: string; password: string }>(async () => {
            const error: PortError = { code: 'auth/invalid-credential' };
            throw error;
          }),
          checkSignInFailureReason: fromPromise<{ reason: SignInFailureReason; providerIds: string[] }, { email: string }>(async () => ({
            reason,
            providerIds: [],
          })),
        },
      }),
    [reason],
  );
  const actor = useActorRef(machine, { input: {} });
  useRouteMachine(actor);
  const location = useLocation();
  const navigate = useNavigate();
  goForward = () => navigate(1);
  return (
    <>
      <p data-testid="address">{location.pathname}</p>
      <SignInPage
        actor={actor}
        hour={9}
        renderResetLinkRequest={({ onClose }) => (
          <button type="button" onClick={onClose}>
            Back to sign in
          </button>
        )}
      />
    </>
  );
}

function renderAt(path: string, reason: SignInFailureReason = 'other') {
  return renderView(
    <Routes>
      <Route path="/sign-in/*" element={<SignInHost reason={reason} />} />
    </Routes>,
    { route: path },
  );
}

const address = () => screen.getByTestId('address').textContent;

describe("the sign-in page's modal routes", () => {
  it('opens the forgot-password dialog at /sign-in/reset-password and goes back one step to sign in', async () => {
    await renderAt('/sign-in');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(address()).toBe('/sign-in/reset-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(address()).toBe('/sign-in'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // It went back rather than adding /sign-in: Forward reopens the dialog.
    goForward?.();
    await waitFor(() => expect(address()).toBe('/sign-in/reset-password'));
    expect(await screen.findByRole('button', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('opens the welcome modal at /sign-in/welcome/migration and goes back two steps after the forgot-password dialog it opened', async () => {
    await renderAt('/sign-in', 'migration');
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat.doe@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Old-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(address()).toBe('/sign-in/welcome/migration'));
    await userEvent.click(await screen.findByRole('button', { name: 'Set my password' }));
    expect(address()).toBe('/sign-in/reset-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(address()).toBe('/sign-in'));
    expect(screen.queryByRole('dialog')).toBeNull();
    goForward?.();
    await waitFor(() => expect(address()).toBe('/sign-in/welcome/migration'));
    expect(await screen.findByText(/We have moved your account to our new app/)).toBeTruthy();
  });

  it('reopens the welcome modal from its address after a reload, with the reason the address names', async () => {
    await renderAt('/sign-in/welcome/newViaApi');
    expect(await screen.findByText(/An account was created for you/)).toBeTruthy();
    // The dialog's own Close (its title bar has a close button of the same name).
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(address()).toBe('/sign-in'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
