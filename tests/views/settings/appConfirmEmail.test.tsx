import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, CallablesPort } from '../../../machines/ports';
import HandleRoute from '../../../src/app/account/HandleRoute';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The new address's link of an email change (spec 000 §7 changeEmail): /handle with mode
// verifyAndChangeEmail asks the server to make the change and says how it went; a session signed in on this browser
// reads its token again so it carries the new address.

const casey: AuthUser = { uid: 'u1', email: 'settings.customer@demo.test', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

async function openLink(answer: CallablesPort['confirmEmailChange'], signedIn = false) {
  const confirmEmailChange = vi.fn(answer);
  const refreshToken = vi.fn(async () => undefined);
  const fakes = fakeAppPorts({ ...(signedIn ? { user: casey } : {}), callables: { confirmEmailChange }, auth: () => ({ refreshToken }) });
  await renderCreditPage(<HandleRoute />, fakes, { path: '/handle?mode=verifyAndChangeEmail&oobCode=code-1&email=new%40demo.test', pattern: '/handle/*' });
  fakes.setMaintenance(false);
  if (signedIn) fakes.setUser(casey);
  return { confirmEmailChange, refreshToken };
}

afterEach(() => stopCreditApp());

describe('the email change link', { timeout: 20_000 }, () => {
  it('changes the email with the link\'s code and says which address signs in now', async () => {
    const { confirmEmailChange, refreshToken } = await openLink(async () => ({ result: 'success', email: 'new@demo.test' }), true);
    expect(await screen.findByRole('heading', { name: 'Your email was changed' })).toBeTruthy();
    expect(screen.getByText('Your sign-in email is now new@demo.test.')).toBeTruthy();
    expect(confirmEmailChange).toHaveBeenCalledWith({ oobCode: 'code-1' });
    expect(refreshToken).toHaveBeenCalled();
  });

  it('says the change could not be made when the link is unknown, used or undone from the old address', async () => {
    const { refreshToken } = await openLink(async () => ({ result: 'not-found' }));
    expect(await screen.findByRole('heading', { name: 'We could not change your email' })).toBeTruthy();
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('says so when another account took the address meanwhile', async () => {
    await openLink(async () => ({ result: 'email-in-use' }));
    expect(await screen.findByRole('heading', { name: 'We could not change your email' })).toBeTruthy();
    expect(screen.getByText('This email is already in use.')).toBeTruthy();
  });
});
