import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser, PortError } from '../../../machines/ports';
import { signUpMachine } from '../../../machines/account/signUp.machine';
import { inspect } from '../../../src/inspect';
import { SignUpPage } from '../../../src/views/account/SignUpPage';
import { renderView } from '../../support/render';

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
