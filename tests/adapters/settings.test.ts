import { describe, expect, it, vi } from 'vitest';
import { parseUserDocument } from '../../src/adapters/firebase/userDocument';
import { createSettingsPort, type PasswordCalls } from '../../src/adapters/firebase/settings';
import { languageToFollow } from '../../src/app/shell/sync';

// The settings adapter at its boundary (machines/settings/ports.ts): what it asks of the identity provider, and the
// error codes the settings machines branch on. Every settings callable is a callable actor
// (tests/adapters/settingsCallables.test.ts takes them from the server's answer to the machine).

/** A port over fake password calls. */
function port(password: Partial<PasswordCalls> = {}) {
  const passwordCalls: PasswordCalls = {
    currentEmail: async () => 'settings.customer@demo.test',
    updatePassword: async () => undefined,
    reauthenticate: async () => undefined,
    ...password,
  };
  return { settings: createSettingsPort({ password: passwordCalls }) };
}

const firebaseError = (code: string, message = code, details?: unknown) => Object.assign(new Error(message), { code, details });

describe('the settings adapter: password change and re-authentication', () => {
  it("asks the machine to re-authenticate when the identity provider finds the login too old", async () => {
    const { settings } = port({ updatePassword: async () => Promise.reject(firebaseError('auth/requires-recent-login')) });
    await expect(settings.changePassword({ newPassword: 'Harbor-Lights-2027' })).rejects.toMatchObject({ code: 'requires-recent-login' });
  });

  it("answers 'password-requirements' when the provider refuses the password as weak, by either of its codes", async () => {
    for (const code of ['auth/weak-password', 'auth/password-does-not-meet-requirements']) {
      const { settings } = port({ updatePassword: async () => Promise.reject(firebaseError(code)) });
      await expect(settings.changePassword({ newPassword: 'weak' })).rejects.toMatchObject({ code: 'password-requirements' });
    }
  });

  it('passes any other failure on with its own code (the reference-code message shows it)', async () => {
    const { settings } = port({ updatePassword: async () => Promise.reject(firebaseError('auth/network-request-failed')) });
    await expect(settings.changePassword({ newPassword: 'Harbor-Lights-2027' })).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  });

  it("re-authenticates the signed-in user with their own address and the password typed, and reports a wrong one by the provider's code", async () => {
    const reauthenticate = vi.fn(async (_email: string, password: string) => {
      if (password !== 'Demo-Credit-2026!') throw firebaseError('auth/invalid-credential');
    });
    const { settings } = port({ reauthenticate });
    await settings.reauthenticate('Demo-Credit-2026!');
    expect(reauthenticate).toHaveBeenCalledWith('settings.customer@demo.test', 'Demo-Credit-2026!');
    await expect(settings.reauthenticate('nope')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });

  it('refuses to re-authenticate when nobody with an address is signed in', async () => {
    const reauthenticate = vi.fn();
    const { settings } = port({ currentEmail: async () => null, reauthenticate });
    await expect(settings.reauthenticate('Demo-Credit-2026!')).rejects.toMatchObject({ code: 'auth/no-current-user' });
    expect(reauthenticate).not.toHaveBeenCalled();
  });
});

describe('the user document: security flags and language', () => {
  it('reads the security flags, an absent or malformed one as not set', () => {
    expect(parseUserDocument('u-1', { security: { weakPassword: true } }).security).toEqual({ weakPassword: true, passwordResetRequired: false });
    expect(parseUserDocument('u-1', { security: { passwordResetRequired: 'yes' } }).security).toEqual({ weakPassword: false, passwordResetRequired: false });
    expect(parseUserDocument('u-1', {}).security).toEqual({ weakPassword: false, passwordResetRequired: false });
  });
});

describe('the stored language followed on every device (languageToFollow)', () => {
  const facts = { stored: 'es' as const, current: 'en', signedInHere: true, browserHasChoice: true, isAgent: false };

  it("switches to the user's stored language after a sign-in on this page, over the browser's own choice", () => {
    expect(languageToFollow(facts)).toBe('es');
  });

  it("keeps a restored session's page in the browser's own choice (an address with ?lang=, a choice made here)", () => {
    expect(languageToFollow({ ...facts, signedInHere: false })).toBeNull();
    expect(languageToFollow({ ...facts, signedInHere: false, browserHasChoice: false })).toBe('es');
  });

  it('changes nothing when the page is in that language already, nothing is stored, or an agent is signed in', () => {
    expect(languageToFollow({ ...facts, current: 'es' })).toBeNull();
    expect(languageToFollow({ ...facts, stored: null })).toBeNull();
    expect(languageToFollow({ ...facts, isAgent: true })).toBeNull();
  });
});
