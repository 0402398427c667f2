import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser, PortError } from '../../../machines/ports';
import { signUpMachine } from '../../../machines/account/signUp.machine';
import { inspect } from '../../../src/inspect';
import { SignUpPage } from '../../../src/views/account/SignUpPage';
import { renderView } from '../../support/render';
import { useNotify } from '../../../src/app/shell/notify';
import type { ProviderIdentity } from '../../../machines/ports';
import { providerSignOnMachine } from '../../../machines/account/providerSignOn.machine';
import type { SingleSignOnProvider } from '../../../src/domain/flags';

const user: AuthUser = { uid: 'u1', email: 'new@example.com', emailVerified: false, tenantId: 'customer', providerIds: ['password'] };

function signUpActor(createAccount: () => Promise<boolean>, isCustomerSite = true) {
  const machine = signUpMachine.provide({
    actors: {
      createAccount: fromPromise(createAccount),
      signInWithEmail: fromPromise(async () => user),
    },
  });
  return createActor(machine, { input: { isCustomerSite }, inspect }).start();
}

const failWith = (code: string) => async (): Promise<boolean> => {
  const error: PortError = { code };
  throw error;
};

async function fillForm(password = 'Str0ng!pass') {
  await userEvent.type(screen.getByLabelText(/^Email/), 'new@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up page', () => {
  it('ticks the password checklist as the password meets each rule', async () => {
    await renderView(<SignUpPage actor={signUpActor(async () => false)} onboardingUrl="/onboarding" />);
    await userEvent.type(screen.getByLabelText(/^Password/), 'abcD1');
    expect(screen.getByText('One lowercase').textContent).toContain('(met)');
    expect(screen.getByText('One uppercase').textContent).toContain('(met)');
    expect(screen.getByText('One number').textContent).toContain('(met)');
    expect(screen.getByText('One special character').textContent).toContain('(not met yet)');
    expect(screen.getByText('Eight characters').textContent).toContain('(not met yet)');
  });

  it('asks for a valid email, a strong password and the agreement', async () => {
    await renderView(<SignUpPage actor={signUpActor(async () => false)} onboardingUrl="/onboarding" />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(
      screen.getByText(
        'Password must contain one lowercase letter, one uppercase letter, one number, one special character and at least eight characters.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Please agree to continue.')).toBeTruthy();
  });

  it('shows the email-verification notice and leads to sign-in after creating the account', async () => {
    await renderView(<SignUpPage actor={signUpActor(async () => false)} onboardingUrl="/onboarding" />);
    await fillForm();
    expect(
      await screen.findByText(
        'We sent you an email verification link! If you do not see it in your inbox, please check your spam folder.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('says the email is in use when the account already exists', async () => {
    await renderView(<SignUpPage actor={signUpActor(failWith('already-exists'))} onboardingUrl="/onboarding" />);
    await fillForm();
    expect(
      await screen.findByText('This email is already in use. Sign in instead or use a different email address.'),
    ).toBeTruthy();
  });

  it("opens the onboard modal 'You're Almost There!' when the customer site does not know the email", async () => {
    await renderView(<SignUpPage actor={signUpActor(failWith('not-found'))} onboardingUrl="/onboarding" />);
    await fillForm();
    const dialog = await screen.findByRole('dialog', { name: "You're Almost There!" });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to onboarding' }).getAttribute('href')).toBe('/onboarding');
  });

  it('shows the reference code when the account cannot be created', async () => {
    await renderView(<SignUpPage actor={signUpActor(failWith('internal'))} onboardingUrl="/onboarding" />);
    await fillForm();
    expect(
      await screen.findByText(
        'Unable to create account. Record the following reference code and contact us for assistance. Code: internal.',
      ),
    ).toBeTruthy();
  });

  it('signs in directly when the server says so', async () => {
    const actor = signUpActor(async () => true);
    await renderView(<SignUpPage actor={actor} onboardingUrl="/onboarding" />);
    await fillForm();
    await waitFor(() => expect(actor.getSnapshot().matches('signedIn')).toBe(true));
  });
});

describe('sign-up by single sign-on (spec 000 §4.3, §8)', () => {
  function ssoActor(server: () => Promise<boolean>, calls: string[] = []) {
    const machine = signUpMachine.provide({
      actors: {
        providerSignOn: providerSignOnMachine.provide({
          actors: {
            providerIdentityByPopup: fromPromise<ProviderIdentity, { providerId: SingleSignOnProvider }>(async ({ input }) => {
              calls.push(`popup ${input.providerId}`);
              return { providerId: input.providerId, email: 'lead@example.com', isNewUser: true, hasClaims: false };
            }),
          },
        }),
        createProviderAccount: fromPromise<boolean, void>(server),
        adoptProviderIdentity: fromPromise<AuthUser, void>(async () => ({ ...user, emailVerified: true, providerIds: ['google.com'] })),
      },
    });
    return createActor(machine, { input: { isCustomerSite: true }, inspect }).start();
  }

  it('shows no provider buttons unless the flags allow some', async () => {
    await renderView(<SignUpPage actor={signUpActor(async () => false)} onboardingUrl="/onboarding" />);
    expect(screen.queryByRole('group', { name: 'Sign up with another account' })).toBeNull();
  });

  it('asks for the agreement before a provider button does anything', async () => {
    const calls: string[] = [];
    await renderView(<SignUpPage actor={ssoActor(async () => true, calls)} onboardingUrl="/onboarding" ssoProviders={['google.com', 'apple.com']} />);
    expect(screen.getByRole('group', { name: 'Sign up with another account' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Please agree to continue.')).toBeTruthy();
    // Only the agreement: the email and password are not the provider's to give.
    expect(screen.queryByText('Invalid email format')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('signs the new customer in directly once the provider and the server have said yes', async () => {
    const calls: string[] = [];
    const actor = ssoActor(async () => true, calls);
    await renderView(<SignUpPage actor={actor} onboardingUrl="/onboarding" ssoProviders={['google.com', 'apple.com']} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(calls).toEqual(['popup apple.com']);
  });

  it("opens 'You're Almost There!' when the CRM does not hold the provider's email", async () => {
    await renderView(<SignUpPage actor={ssoActor(failWith('not-found'))} onboardingUrl="/onboarding" ssoProviders={['google.com']} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('dialog', { name: "You're Almost There!" })).toBeTruthy();
  });

  it("says 'This email is already in use...' when the provider's email has an account", async () => {
    await renderView(<SignUpPage actor={ssoActor(failWith('already-exists'))} onboardingUrl="/onboarding" ssoProviders={['google.com']} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('This email is already in use. Sign in instead or use a different email address.')).toBeTruthy();
  });

  it("gives 'Unable to sign up' with the reference code in a toast for any other failure", async () => {
    const actor = ssoActor(failWith('internal'));
    function WithToasts() {
      useNotify(actor);
      return <SignUpPage actor={actor} onboardingUrl="/onboarding" ssoProviders={['google.com']} />;
    }
    await renderView(<WithToasts />);
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(/Unable to sign up\. .*Code: internal\./)).toBeTruthy();
  });
});
