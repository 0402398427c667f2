import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import { createAppActors, type AppActors } from '../../../src/app/shell/appActors';
import { readConfig } from '../../../src/app/config';
import { fakeAppPorts } from '../../support/appHarness';

// spec 000 §4.1, §8: a callable that answers no-customer-contact-id (or no-partner-contact-id) starts the session's
// resync: the claims resynced on the server, the token refreshed, the cached queries reset. End to end on the client:
// the real callables adapter (src/adapters/firebase/callables.ts, only the network faked) and its contact-id
// subscription, wired to the app's session as src/app/shell/appActors.ts wires them.

const callFunction = vi.fn<(name: string, data: unknown) => Promise<unknown>>();
vi.mock('../../../src/adapters/firebase/functions', () => ({ callFunction }));

const { call } = await import('../../../src/adapters/firebase/callables');
const { subscribeContactIdMissing } = await import('../../../src/adapters/firebase/contactIdErrors');

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
/** A callable's failure as the Firebase SDK throws it (firebase 12 appends the HTTP status to the message). */
const callableFailure = (message: string) => Object.assign(new Error(`${message} [400]`), { code: 'functions/failed-precondition' });

let actors: AppActors | undefined;
afterEach(() => {
  for (const actor of [actors?.session, actors?.maintenance, actors?.guardChain, actors?.errorReporter]) actor?.stop();
  actors = undefined;
  callFunction.mockReset();
});

async function signedInApp() {
  const resyncCustomClaims = vi.fn(async () => ({ ok: true as const }));
  const fakes = fakeAppPorts({ user: maria, callables: { resyncCustomClaims } });
  fakes.ports.subscribeContactIdMissing = subscribeContactIdMissing;
  const refreshToken = vi.spyOn(fakes.ports.auth, 'refreshToken');
  const resetQueries = vi.spyOn(fakes.ports.queryCache, 'reset');
  const getClaims = vi.spyOn(fakes.ports.auth, 'getClaims');
  actors = createAppActors(readConfig({ VITE_ENV: 'emulator' }), fakes.ports, '/');
  fakes.setUser(maria);
  const session = actors.session;
  await waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
  return { session, resyncCustomClaims, refreshToken, resetQueries, getClaims };
}

describe('a callable answering a missing contact id', () => {
  it.each(['no-customer-contact-id', 'no-partner-contact-id'])(
    'answering %s resyncs the claims, refreshes the token, resets the queries and reads the claims again',
    async (code) => {
      const app = await signedInApp();
      const claimReadsBefore = app.getClaims.mock.calls.length;
      callFunction.mockRejectedValueOnce(callableFailure(code));
      await expect(call('getUserInfo', null)).rejects.toEqual({ code, callableCode: 'failed-precondition' });
      await waitFor(() => expect(app.resetQueries).toHaveBeenCalledOnce());
      expect(app.resyncCustomClaims).toHaveBeenCalledOnce();
      expect(app.refreshToken).toHaveBeenCalledOnce();
      // In that order: resync, then token, then queries.
      expect(app.resyncCustomClaims.mock.invocationCallOrder[0]!).toBeLessThan(app.refreshToken.mock.invocationCallOrder[0]!);
      expect(app.refreshToken.mock.invocationCallOrder[0]!).toBeLessThan(app.resetQueries.mock.invocationCallOrder[0]!);
      await waitFor(() => expect(app.session.getSnapshot().hasTag('signedIn')).toBe(true));
      expect(app.getClaims.mock.calls.length).toBeGreaterThan(claimReadsBefore);
    },
  );

  it('any other failure leaves the session alone', async () => {
    const app = await signedInApp();
    const before = app.session.getSnapshot().value;
    callFunction.mockRejectedValueOnce(Object.assign(new Error('not-found [404]'), { code: 'functions/not-found' }));
    await expect(call('getUserInfo', null)).rejects.toEqual({ code: 'not-found', callableCode: 'not-found' });
    // A failure is reported as the call fails: the session would have left its state at once.
    expect(app.session.getSnapshot().value).toEqual(before);
    expect(app.resyncCustomClaims).not.toHaveBeenCalled();
    expect(app.resetQueries).not.toHaveBeenCalled();
  });
});
