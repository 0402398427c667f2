import { describe, expect, it, vi } from 'vitest';
import { parseUserDocument } from '../../src/adapters/firebase/userDocument';
import { createSettingsPort, type PasswordCalls } from '../../src/adapters/firebase/settings';
import { languageToFollow } from '../../src/app/shell/sync';

// The settings adapter at its boundary (machines/settings/ports.ts): what each call sends to the callables and the
// identity provider, and the error codes the settings machines branch on.

type Calls = Record<string, (data: unknown) => unknown>;

/** A port over fake callables (`answers` by name; a name without an answer is a test failure) and password calls. */
function port(answers: Calls = {}, password: Partial<PasswordCalls> = {}) {
  const sent: { name: string; data: unknown }[] = [];
  const call = vi.fn(async (name: string, data: unknown) => {
    sent.push({ name, data });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer(data);
  });
  const passwordCalls: PasswordCalls = {
    currentEmail: async () => 'settings.customer@demo.test',
    updatePassword: async () => undefined,
    reauthenticate: async () => undefined,
    ...password,
  };
  return { settings: createSettingsPort({ call: call as never, password: passwordCalls }), sent };
}

const firebaseError = (code: string, message = code, details?: unknown) => Object.assign(new Error(message), { code, details });

describe('the settings adapter: password change and re-authentication', () => {
  it("asks the machine to re-authenticate when the identity provider finds the login too old", async () => {
    const { settings } = port({}, { updatePassword: async () => Promise.reject(firebaseError('auth/requires-recent-login')) });
    await expect(settings.changePassword({ newPassword: 'Harbor-Lights-2027' })).rejects.toMatchObject({ code: 'requires-recent-login' });
  });

  it("answers 'password-requirements' when the provider refuses the password as weak, by either of its codes", async () => {
    for (const code of ['auth/weak-password', 'auth/password-does-not-meet-requirements']) {
      const { settings } = port({}, { updatePassword: async () => Promise.reject(firebaseError(code)) });
      await expect(settings.changePassword({ newPassword: 'weak' })).rejects.toMatchObject({ code: 'password-requirements' });
    }
  });

  it('passes any other failure on with its own code (the reference-code message shows it)', async () => {
    const { settings } = port({}, { updatePassword: async () => Promise.reject(firebaseError('auth/network-request-failed')) });
    await expect(settings.changePassword({ newPassword: 'Harbor-Lights-2027' })).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  });

  it("re-authenticates the signed-in user with their own address and the password typed, and reports a wrong one by the provider's code", async () => {
    const reauthenticate = vi.fn(async (_email: string, password: string) => {
      if (password !== 'Demo-Credit-2026!') throw firebaseError('auth/invalid-credential');
    });
    const { settings } = port({}, { reauthenticate });
    await settings.reauthenticate('Demo-Credit-2026!');
    expect(reauthenticate).toHaveBeenCalledWith('settings.customer@demo.test', 'Demo-Credit-2026!');
    await expect(settings.reauthenticate('nope')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });

  it('refuses to re-authenticate when nobody with an address is signed in', async () => {
    const reauthenticate = vi.fn();
    const { settings } = port({}, { currentEmail: async () => null, reauthenticate });
    await expect(settings.reauthenticate('Demo-Credit-2026!')).rejects.toMatchObject({ code: 'auth/no-current-user' });
    expect(reauthenticate).not.toHaveBeenCalled();
  });
});

// The contact, the full SSN, the email change and the communications are callable actors now
// (tests/adapters/settingsCallables.test.ts takes them from the server's answer to the machine).
describe('the settings adapter: goal and language', () => {
  it('saves the goal and answers the readiness score the server recomputed', async () => {
    const { settings, sent } = port({
      updateUserInfo: () => ({ goal: null, personalInfo: null }),
      getReadinessScore: () => ({ score: { displayScore: 72 }, previousScore: { displayScore: 64 }, components: [], createdAt: new Date() }),
    });
    const request = { goal: { id: 'g1', properties: { purchasePrice: 420_000 } } };
    await expect(settings.updateGoal(request)).resolves.toEqual({ displayScore: 72 });
    expect(sent.map((entry) => entry.name)).toEqual(['updateUserInfo', 'getReadinessScore']);
    expect(sent[0]?.data).toEqual(request);
  });

  it('stores the language choice with setUILang', async () => {
    const { settings, sent } = port({ setUILang: () => ({ ok: true }) });
    await settings.setLanguage('es');
    expect(sent).toEqual([{ name: 'setUILang', data: { lang: 'es' } }]);
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
