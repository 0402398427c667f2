import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { loadViewMachine } from '../../machines/shell/loadView.machine';
import { LOAD_VIEW_ERROR_AFTER_SLOW_MS, LOAD_VIEW_SLOW_MS } from '../../src/domain/constants';
import { inspect } from '../../src/inspect';
import { NotVerifiedPage } from '../../src/views/account/NotVerifiedPage';
import { LoadView } from '../../src/views/status/LoadView';
import { MaintenanceScreen } from '../../src/views/status/MaintenanceScreen';
import { NotFoundPage } from '../../src/views/status/NotFoundPage';
import { SessionErrorScreen } from '../../src/views/status/SessionErrorScreen';
import { renderView } from '../support/render';

describe('load view', () => {
  function loadActor() {
    const clock = new SimulatedClock();
    return { clock, actor: createActor(loadViewMachine, { clock, inspect }).start() };
  }

  it("says 'Loading', then 'loaded momentarily' after 5 s", async () => {
    const { clock, actor } = loadActor();
    await renderView(<LoadView actor={actor} />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    act(() => clock.increment(LOAD_VIEW_SLOW_MS));
    expect(screen.getByRole('status').textContent).toBe('Your page will be loaded momentarily');
  });

  it('shows the error view with Try again and Request assistance after 15 s more', async () => {
    const { clock, actor } = loadActor();
    await renderView(<LoadView actor={actor} />);
    act(() => clock.increment(LOAD_VIEW_SLOW_MS));
    act(() => clock.increment(LOAD_VIEW_ERROR_AFTER_SLOW_MS));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Request assistance' }));
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});

describe('session error screen', () => {
  it('tells a not-found user they have not registered', async () => {
    await renderView(<SessionErrorScreen errorCode="not-found" onSignIn={() => undefined} onTryAgain={() => undefined} />);
    expect(screen.getByText('This user has not yet created an account in the app.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tells everyone else the session expired, and offers sign-in', async () => {
    const onSignIn = vi.fn();
    await renderView(<SessionErrorScreen errorCode="unavailable" onSignIn={onSignIn} onTryAgain={() => undefined} />);
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('offers Try again after a failure that may pass, so a network blip does not sign the user out', async () => {
    const onSignIn = vi.fn();
    const onTryAgain = vi.fn();
    await renderView(<SessionErrorScreen errorCode="unavailable" onSignIn={onSignIn} onTryAgain={onTryAgain} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledOnce();
    expect(onSignIn).not.toHaveBeenCalled();
  });
});

describe('maintenance screen', () => {
  it('shows the planned-maintenance text, the hours, the phone and Call now', async () => {
    await renderView(<MaintenanceScreen phone="800-555-0199" showPhone />);
    expect(screen.getByRole('heading', { name: 'Planned maintenance' })).toBeTruthy();
    expect(screen.getByText('Monday through Friday 8 a.m. to 5:30 p.m. MST')).toBeTruthy();
    expect(screen.getByText('(800) 555-0199')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call now' }).getAttribute('href')).toBe('tel:+18005550199');
  });

  it('omits the phone section on the admin site', async () => {
    await renderView(<MaintenanceScreen phone="800-555-0199" showPhone={false} />);
    expect(screen.queryByRole('link', { name: 'Call now' })).toBeNull();
    expect(screen.queryByText('(800) 555-0199')).toBeNull();
  });
});

describe('account pages', () => {
  it('the 404 page leads home', async () => {
    await renderView(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('/not-verified resends the verification email and confirms it', async () => {
    const onResend = vi.fn();
    const { rerender } = await renderView(
      <NotVerifiedPage email="jane@example.com" resendStatus="idle" onResend={onResend} onSignOut={() => undefined} />,
    );
    expect(screen.getByText(/jane@example.com/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(onResend).toHaveBeenCalledOnce();
    rerender(<NotVerifiedPage email="jane@example.com" resendStatus="sent" onResend={onResend} onSignOut={() => undefined} />);
    expect(screen.getByText(/We sent you an email verification link!/)).toBeTruthy();
  });

});
