import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appHarness, fakeAppPorts } from '../support/appHarness';

// A dialog whose form loads lazily shows only once the form is there (src/views/components/AppModal.tsx), so text
// typed as soon as the dialog shows, as a fast typist or a password manager does, lands in its autofocus field.

const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });
afterEach(stopApp);

describe('a dialog with a lazily loaded form', () => {
  it('keeps an email typed as soon as the forgot-password dialog shows, and sends the link to it', async () => {
    const requested: string[] = [];
    const fakes = fakeAppPorts({
      callables: {
        resetPasswordByEmail: async ({ email }) => {
          requested.push(email);
          return { sent: true };
        },
      },
    });
    await renderApp('/sign-in', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await userEvent.keyboard('fast@demo.test');

    expect(within(dialog).getByLabelText(/^Email/)).toHaveProperty('value', 'fast@demo.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Reset link sent')).toBeTruthy();
    expect(within(dialog).queryByText('Provide a valid email address.')).toBeNull();
    expect(requested).toEqual(['fast@demo.test']);
  });
});
