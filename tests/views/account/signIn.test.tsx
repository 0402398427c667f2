import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser, PortError, ProviderIdentity, ProviderRedirectFlow, SignInFailureReason } from '../../../machines/ports';
import { providerSignOnMachine } from '../../../machines/account/providerSignOn.machine';
import { signInMachine } from '../../../machines/account/signIn.machine';
import type { SingleSignOnProvider } from '../../../src/domain/flags';
import { inspect } from '../../../src/inspect';
import { useNotify } from '../../../src/app/shell/notify';
import { SignInPage } from '../../../src/views/account/SignInPage';
import { renderView } from '../../support/render';

const user: AuthUser = { uid: 'u1', email: 'jane@example.com', emailVerified: true, tenantId: null, providerIds: ['password'] };

/** An account's identity from the provider (single sign-on). */
const accountIdentity = (providerId: SingleSignOnProvider): ProviderIdentity => ({ providerId, email: user.email, isNewUser: false, hasClaims: true });

interface SsoFakes {
  popup?: (providerId: SingleSignOnProvider) => Promise<ProviderIdentity>;
  startRedirect?: (providerId: SingleSignOnProvider) => Promise<void>;
  completeRedirect?: () => Promise<ProviderIdentity | null>;
  /** The server deleted the identity (it was no account's). */
  discarded?: boolean;
}

/** Single sign-on's actors over fakes of the auth port and the server. */
function ssoActors(fakes: SsoFakes = {}) {
  return {
    providerSignOn: providerSignOnMachine.provide({
      actors: {
        providerIdentityByPopup: fromPromise<ProviderIdentity, { providerId: SingleSignOnProvider }>(({ input }) =>
          (fakes.popup ?? (async (providerId) => accountIdentity(providerId)))(input.providerId),
        ),
        startProviderRedirect: fromPromise<void, { providerId: SingleSignOnProvider; flow: ProviderRedirectFlow }>(({ input }) =>
          (fakes.startRedirect ?? (async () => undefined))(input.providerId),
        ),
        completeProviderRedirect: fromPromise<ProviderIdentity | null, void>(fakes.completeRedirect ?? (async () => null)),
      },
    }),
    discardProviderIdentity: fromPromise<boolean, void>(async () => fakes.discarded ?? false),
    adoptProviderIdentity: fromPromise<AuthUser, void>(async () => ({ ...user, providerIds: ['google.com'] })),
  };
}

function signInActor(options: { signIn?: () => Promise<AuthUser>; reason?: SignInFailureReason; providerIds?: string[] } & SsoFakes = {}) {
  const machine = signInMachine.provide({
    actors: {
      signInWithEmail: fromPromise(options.signIn ?? (async () => user)),
      checkSignInFailureReason: fromPromise(async () => ({ reason: options.reason ?? 'other', providerIds: options.providerIds ?? [] })),
      ...ssoActors(options),
    },
  });
  return createActor(machine, { input: {}, inspect }).start();
}

const rejectWith = (code: string) => async (): Promise<never> => {
  const error: PortError = { code };
  throw error;
};

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('greets by the hour of day', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} hour={9} />);
    expect(screen.getByRole('heading', { name: 'Good morning' })).toBeTruthy();
  });

  it('greets in the evening from 17:00', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} hour={17} />);
    expect(screen.getByRole('heading', { name: 'Good evening' })).toBeTruthy();
  });

  it('shows the field messages when an empty form is submitted', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
  });

  it('says the password is wrong when the credentials do not sign in', async () => {
    const actor = signInActor({ signIn: rejectWith('auth/wrong-password') });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'nope');
    expect(await screen.findByText('Unable to authenticate. Please check your password and try again.')).toBeTruthy();
  });

  it('says too many attempts after the identity provider throttles', async () => {
    const actor = signInActor({ signIn: rejectWith('auth/too-many-requests') });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'nope');
    expect(
      await screen.findByText("You've exceeded the maximum number of sign-in attempts. Please try again momentarily."),
    ).toBeTruthy();
  });

  it('shows the reference code for other failures', async () => {
    const actor = signInActor({ signIn: rejectWith('auth/internal-error') });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'secret');
    expect(
      await screen.findByText(
        'Unable to authenticate. Record the following reference code and contact us for assistance. Code: auth/internal-error.',
      ),
    ).toBeTruthy();
  });

  it('names the single sign-on providers of an SSO-only account, joined with "and"', async () => {
    const actor = signInActor({ signIn: rejectWith('auth/invalid-credential'), reason: 'sso', providerIds: ['google.com', 'apple.com'] });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'secret');
    expect(
      await screen.findByText(
        'Your account has been configured to sign in with Google and Apple. Please use the desired provider button to sign in.',
      ),
    ).toBeTruthy();
  });

  it('opens the welcome modal for a migrated account', async () => {
    const actor = signInActor({ signIn: rejectWith('auth/invalid-credential'), reason: 'migration' });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'secret');
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(actor.getSnapshot().hasTag('dialog.resetLink')).toBe(true);
  });

  it('opens the reset-link dialog from the forgot-password link with the typed email', async () => {
    const actor = signInActor();
    await renderView(
      <SignInPage actor={actor} renderResetLinkRequest={({ email }) => <p>reset form for {email}</p>} />,
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByText('reset form for jane@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
  });

  it('shows the busy button while signing in, then reaches the signed-in state', async () => {
    let finish: (value: AuthUser) => void = () => undefined;
    const actor = signInActor({ signIn: () => new Promise<AuthUser>((resolve) => (finish = resolve)) });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} />);
    await fillAndSubmit('jane@example.com', 'secret');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('data-loading')).toBe('true');
    finish(user);
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('renders in Spanish', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} hour={20} />, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Buenas noches' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '¿Olvidó su contraseña?' })).toBeTruthy();
  });
});

describe('single sign-on buttons on the sign-in page', () => {
  it('shows none by default (single sign-on is off on the app site)', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} />);
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
  });

  it('shows one button per provider the flags allow, and each opens that provider’s popup', async () => {
    const opened: SingleSignOnProvider[] = [];
    const actor = signInActor({
      popup: async (providerId) => {
        opened.push(providerId);
        return accountIdentity(providerId);
      },
    });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} ssoProviders={['google.com', 'apple.com']} />);
    const group = screen.getByRole('group', { name: 'Sign in with another account' });
    expect(group).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with LinkedIn' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(opened).toEqual(['apple.com']));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('says which provider’s account is not linked when another account was picked', async () => {
    const actor = signInActor({ popup: rejectWith('auth/user-mismatch') });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} ssoProviders={['google.com']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(
      await screen.findByText('The Google account you selected is not linked to this app account. Try again with a different account.'),
    ).toBeTruthy();
  });

  it('says the account does not exist when the provider sign-in found no account of the app (spec 000 §4.3)', async () => {
    const actor = signInActor({ popup: async (providerId) => ({ ...accountIdentity(providerId), isNewUser: true, hasClaims: false }), discarded: true });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} ssoProviders={['google.com']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('This user has not yet created an account in the app.')).toBeTruthy();
  });

  it('keeps the buttons busy and the form quiet while the page leaves for the provider when the popup is blocked', async () => {
    const redirected: string[] = [];
    const actor = signInActor({
      popup: rejectWith('auth/popup-blocked'),
      startRedirect: async (providerId) => {
        redirected.push(providerId);
        await new Promise(() => undefined);
      },
    });
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} ssoProviders={['google.com', 'apple.com']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(redirected).toEqual(['apple.com']));
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the form busy on the return from the provider, then signs in', async () => {
    let finish: (identity: ProviderIdentity) => void = () => undefined;
    const machine = signInMachine.provide({
      actors: ssoActors({ completeRedirect: () => new Promise((resolve) => (finish = resolve)) }),
    });
    const actor = createActor(machine, { input: { redirectProvider: 'google.com' }, inspect }).start();
    await renderView(<SignInPage actor={actor} renderResetLinkRequest={() => null} ssoProviders={['google.com']} />);
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(true);
    finish(accountIdentity('google.com'));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('gives the reference code in a toast when the popup sign-in fails, and nothing when it is closed', async () => {
    const closed = signInActor({ popup: rejectWith('auth/popup-closed-by-user') });
    const { unmount } = await renderView(<SignInPage actor={closed} renderResetLinkRequest={() => null} ssoProviders={['google.com']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(closed.getSnapshot().value).toBe('editing'));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    const failing = signInActor({ popup: rejectWith('auth/internal-error') });
    // The route shows the machine's notices as toasts (src/app/account/SignInRoute.tsx).
    function WithToasts() {
      useNotify(failing);
      return <SignInPage actor={failing} renderResetLinkRequest={() => null} ssoProviders={['google.com']} />;
    }
    await renderView(<WithToasts />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    // Once: in the toast, not also above the form.
    expect(await screen.findByText(/Unable to sign in\. .*Code: auth\/internal-error\./)).toBeTruthy();
  });
});
