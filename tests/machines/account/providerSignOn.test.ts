import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { ProviderSignOnInput } from '../../../machines/account/ports';
import { providerSignOnMachine } from '../../../machines/account/providerSignOn.machine';
import type { ProviderIdentity, ProviderRedirectFlow } from '../../../machines/ports';
import type { SingleSignOnProvider } from '../../../src/domain/flags';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// Single sign-on's own steps, shared by the sign-in and sign-up pages (spec 000 §4.3, §8): what each page does with
// the outcome is in signIn.test.ts and signUp.test.ts.

const entry = machineEntry('providerSignOn');
if (!entry) throw new Error('providerSignOn is not registered');
const INPUT = entry.testModel.input as ProviderSignOnInput;
runModelPaths(entry, {
  variants: [
    { name: 'on the return from a redirect', input: { ...INPUT, returning: true } },
    { name: 'in an installed app', input: { ...INPUT, preferRedirect: true } },
  ],
});

const failure = (code: string) => Object.assign(new Error(code), { code });
const identity = (providerId: SingleSignOnProvider): ProviderIdentity => ({ providerId, email: 'pat.doe@example.com', isNewUser: false, hasClaims: true });

interface Fakes {
  popupError?: string;
  redirectError?: string;
  /** What the return from the provider gives: an identity, none, or a failure code. */
  returned?: ProviderIdentity | null | { error: string };
}

async function signOn(input: Partial<ProviderSignOnInput>, fakes: Fakes = {}) {
  const calls: string[] = [];
  const running = run(
    providerSignOnMachine.provide({
      actors: {
        providerIdentityByPopup: fromPromise<ProviderIdentity, { providerId: SingleSignOnProvider }>(async ({ input: request }) => {
          calls.push(`popup ${request.providerId}`);
          if (fakes.popupError) throw failure(fakes.popupError);
          return identity(request.providerId);
        }),
        startProviderRedirect: fromPromise<void, { providerId: SingleSignOnProvider; flow: ProviderRedirectFlow }>(async ({ input: request }) => {
          calls.push(`redirect ${request.providerId} back to ${request.flow}`);
          if (fakes.redirectError) throw failure(fakes.redirectError);
          // The page leaves for the provider: the promise never settles.
          await new Promise(() => undefined);
        }),
        completeProviderRedirect: fromPromise<ProviderIdentity | null, void>(async () => {
          calls.push('redirect result');
          const returned = fakes.returned === undefined ? identity('google.com') : fakes.returned;
          if (returned && 'error' in returned) throw failure(returned.error);
          return returned;
        }),
      },
    }),
    { ...INPUT, ...input },
  );
  await settle();
  return { calls, snapshot: running.snapshot() };
}

describe('single sign-on by popup (spec 000 §4.3, §8)', () => {
  it("gives the provider's identity from its popup", async () => {
    const { calls, snapshot } = await signOn({ providerId: 'apple.com' });
    expect(calls).toEqual(['popup apple.com']);
    expect(snapshot.output).toEqual({ result: 'identified', identity: identity('apple.com') });
  });

  it('ends silently when the popup is closed or cancelled', async () => {
    for (const code of ['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']) {
      expect((await signOn({}, { popupError: code })).snapshot.output).toEqual({ result: 'cancelled' });
    }
  });

  it('says when the account picked is not the one linked, and carries any other failure with its code', async () => {
    expect((await signOn({}, { popupError: 'auth/user-mismatch' })).snapshot.output).toEqual({ result: 'mismatch', code: 'auth/user-mismatch' });
    const other = await signOn({}, { popupError: 'auth/account-exists-with-different-credential' });
    expect(other.snapshot.output).toEqual({ result: 'failed', code: 'auth/account-exists-with-different-credential' });
  });
});

describe('single sign-on by redirect, and the return from it (spec 000 §4.3, §8)', () => {
  it('goes by redirect, back to the page that started it, when the popup cannot open', async () => {
    for (const code of ['auth/popup-blocked', 'auth/operation-not-supported-in-this-environment']) {
      const { calls, snapshot } = await signOn({ providerId: 'apple.com', flow: 'signUp' }, { popupError: code });
      expect(calls).toEqual(['popup apple.com', 'redirect apple.com back to signUp']);
      expect(snapshot.status).toBe('active');
    }
  });

  it('goes by redirect from the start in an installed app, without trying the popup', async () => {
    const { calls } = await signOn({ preferRedirect: true, flow: 'signIn' });
    expect(calls).toEqual(['redirect google.com back to signIn']);
  });

  it('carries the code when the redirect cannot start', async () => {
    const { snapshot } = await signOn({ preferRedirect: true }, { redirectError: 'auth/network-request-failed' });
    expect(snapshot.output).toEqual({ result: 'failed', code: 'auth/network-request-failed' });
  });

  it("reads only the redirect's result on the return: the identity, or silence when the person came back without one", async () => {
    const back = await signOn({ returning: true, preferRedirect: true });
    expect(back.calls).toEqual(['redirect result']);
    expect(back.snapshot.output).toEqual({ result: 'identified', identity: identity('google.com') });
    expect((await signOn({ returning: true }, { returned: null })).snapshot.output).toEqual({ result: 'cancelled' });
  });

  it("maps the return's failures as the popup's: cancelled is silent, another account a mismatch, any other its code", async () => {
    expect((await signOn({ returning: true }, { returned: { error: 'auth/user-cancelled' } })).snapshot.output).toEqual({ result: 'cancelled' });
    expect((await signOn({ returning: true }, { returned: { error: 'auth/user-mismatch' } })).snapshot.output).toEqual({
      result: 'mismatch',
      code: 'auth/user-mismatch',
    });
    expect((await signOn({ returning: true }, { returned: { error: 'auth/internal-error' } })).snapshot.output).toEqual({
      result: 'failed',
      code: 'auth/internal-error',
    });
  });
});
