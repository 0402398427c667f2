import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { AuthUser, ErrorReport, RawClaims } from '../../../machines/ports';
import { sessionMachine } from '../../../machines/shell/session.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('session');
if (!entry) throw new Error('session is not registered');
runModelPaths(entry);

const HOUR_MS = 60 * 60 * 1_000;

const customer: AuthUser = {
  uid: 'customer-1',
  email: 'pat.doe@example.com',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['password'],
};

interface Options {
  /** Claims returned by successive reads (the last one repeats). */
  claims?: RawClaims[];
  lastSignInMs?: number | null;
}

/** The session machine with recording fakes for its actors, on a simulated clock. */
function startSession({ claims = [{ role: 'customer', customerContactId: 'C-1' }], lastSignInMs = null }: Options = {}) {
  const calls: string[] = [];
  const claimsReads: boolean[] = [];
  const reports: ErrorReport[][] = [];
  const tokens: string[] = [];
  let sendUser: (user: AuthUser | null) => void = () => undefined;
  let storedLastSignInMs = lastSignInMs;
  const call = (name: string) =>
    fromPromise<void, void>(async () => {
      calls.push(name);
    });
  const machine = sessionMachine.provide({
    actors: {
      watchAuthUser: fromCallback<EventObject, void>(({ sendBack }) => {
        sendUser = (user) => sendBack({ type: 'auth.userChanged', user });
      }),
      readClaims: fromPromise<RawClaims, { forceRefresh: boolean }>(async ({ input }) => {
        claimsReads.push(input.forceRefresh);
        return claims[Math.min(claimsReads.length - 1, claims.length - 1)] ?? {};
      }),
      elevatePermissions: fromPromise<{ token: string }, void>(async () => {
        calls.push('elevatePermissions');
        return { token: 'elevated-token' };
      }),
      signInWithToken: fromPromise<AuthUser, { token: string }>(async ({ input }) => {
        tokens.push(input.token);
        return customer;
      }),
      signOut: call('signOut'),
      resyncClaims: call('resyncClaims'),
      refreshToken: call('refreshToken'),
      resetQueries: call('resetQueries'),
      readLastSignIn: fromPromise<{ lastSignInMs: number | null; checkedAtMs: number }, { uid: string }>(async () => ({
        lastSignInMs: storedLastSignInMs,
        checkedAtMs: Date.now(),
      })),
      storeLastSignIn: fromPromise<void, { uid: string }>(async () => {
        calls.push('storeLastSignIn');
        storedLastSignInMs = Date.now();
      }),
      reportError: fromPromise<void, ErrorReport[]>(async ({ input }) => {
        reports.push(input);
      }),
      removeMigrationClaim: call('removeMigrationClaim'),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { siteTenantId: 'customer' }, clock, inspect });
  const notifications: string[] = [];
  actor.on('notify', (event) => notifications.push(event.key));
  actor.start();
  const settle = async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    actor,
    calls,
    claimsReads,
    reports,
    tokens,
    notifications,
    settle,
    async signIn(user: AuthUser | null) {
      sendUser(user);
      await settle();
    },
    async advance(ms: number) {
      clock.increment(ms);
      await settle();
    },
  };
}

describe('session and claims resolution (spec 000 §4.1)', () => {
  it('is loading until the identity provider reports, then signed out without a user', async () => {
    const session = startSession();
    expect(session.actor.getSnapshot().hasTag('loading')).toBe(true);
    await session.signIn(null);
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('signs a customer in with the parsed claims', async () => {
    const session = startSession();
    await session.signIn(customer);
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.hasTag('signedIn')).toBe(true);
    expect(snapshot.context.claims).toMatchObject({ role: 'customer', customerContactId: 'C-1' });
    expect(snapshot.context.user).toEqual(customer);
  });

  it('signs out a user of another tenant', async () => {
    const session = startSession();
    await session.signIn({ ...customer, tenantId: 'partner' });
    expect(session.calls).toEqual(['signOut']);
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(session.actor.getSnapshot().context.errorCode).toBe('tenant-mismatch');
  });

  it('stays loading while a CRM link-in or agent sign-in runs, then resolves the session', async () => {
    const session = startSession();
    await session.signIn(null);
    session.actor.send({ type: 'externalSignIn.start' });
    await session.signIn(customer);
    expect(session.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(session.claimsReads).toEqual([]);
    session.actor.send({ type: 'externalSignIn.finish' });
    await session.settle();
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  describe('claims', () => {
    it('asks the server once to bind the contact of a verified email, then retries 5 times, 1 s apart, reports and goes on', async () => {
      const session = startSession({ claims: [{ role: 'customer' }] });
      await session.signIn(customer);
      expect(session.calls).toEqual(['resyncClaims', 'refreshToken', 'resetQueries']);
      // The claims are read before the resync and again after it, from the refreshed token.
      expect(session.claimsReads).toEqual([false, false]);
      for (let retry = 1; retry <= 5; retry += 1) {
        await session.advance(999);
        expect(session.claimsReads).toHaveLength(retry + 1);
        await session.advance(1);
        expect(session.claimsReads).toHaveLength(retry + 2);
      }
      // Retries read a fresh token.
      expect(session.claimsReads).toEqual([false, false, true, true, true, true, true]);
      await session.advance(10_000);
      expect(session.claimsReads).toHaveLength(7);
      expect(session.calls.filter((name) => name === 'resyncClaims')).toHaveLength(1);
      expect(session.reports).toEqual([
        [{ message: 'no-customer-contact-id', extra: { uid: 'customer-1', retries: 5 } }],
      ]);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });

    it('binds the contact on the resync when the email is verified, without waiting or reporting', async () => {
      const session = startSession({ claims: [{ role: 'customer' }, { role: 'customer', customerContactId: 'C-1' }] });
      await session.signIn(customer);
      expect(session.calls).toContain('resyncClaims');
      expect(session.reports).toEqual([]);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(session.actor.getSnapshot().context.claims?.customerContactId).toBe('C-1');
    });

    it('lets an account whose email is not verified on without a contact, neither retrying nor reporting', async () => {
      const session = startSession({ claims: [{ role: 'customer' }] });
      await session.signIn({ ...customer, emailVerified: false });
      await session.advance(10_000);
      expect(session.claimsReads).toEqual([false]);
      expect(session.calls).not.toContain('resyncClaims');
      expect(session.reports).toEqual([]);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });

    it('stops retrying as soon as the contact id arrives', async () => {
      const session = startSession({ claims: [{ role: 'customer' }, { role: 'customer' }, { role: 'customer', customerContactId: 'C-1' }] });
      await session.signIn(customer);
      await session.advance(1_000);
      await session.advance(1_000);
      expect(session.claimsReads).toHaveLength(3);
      expect(session.reports).toEqual([]);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(session.actor.getSnapshot().context.claims?.customerContactId).toBe('C-1');
    });

    it("shows 'Authentication error: custom claims' and signs out when the claims break the schema", async () => {
      const session = startSession({ claims: [{ role: 'wizard' }] });
      await session.signIn(customer);
      expect(session.notifications).toEqual([ERROR_KEYS.claimsInvalid]);
      expect(session.calls).toContain('signOut');
      expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    });

    it('elevates a partner session once and signs in again with the token', async () => {
      const session = startSession({ claims: [{ role: 'partner', partnerContactId: 'P-1' }] });
      await session.signIn(customer);
      expect(session.calls.filter((name) => name === 'elevatePermissions')).toHaveLength(1);
      expect(session.tokens).toEqual(['elevated-token']);
      expect(session.claimsReads).toEqual([false, true]);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });

    it.each(['no-customer-contact-id', 'no-partner-contact-id'] as const)(
      'on %s resyncs the claims, refreshes the token, resets the queries and reads the claims again',
      async (code) => {
        const session = startSession();
        await session.signIn(customer);
        session.calls.length = 0;
        session.actor.send({ type: 'claims.contactIdMissing', code });
        await session.settle();
        expect(session.calls).toEqual(['resyncClaims', 'refreshToken', 'resetQueries']);
        expect(session.claimsReads).toEqual([false, false]);
        expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
      },
    );
  });

  describe('claims.refresh (the developer overrides and their restore)', () => {
    it('reads the claims from a fresh token and resets the queries, staying signed in throughout', async () => {
      const session = startSession({
        claims: [{ role: 'customer', customerContactId: 'C-1' }, { role: 'customer', customerContactId: 'C-1', overridesActive: true }],
      });
      await session.signIn(customer);
      const tags: boolean[] = [];
      session.actor.subscribe((snapshot) => tags.push(snapshot.hasTag('signedIn')));
      session.actor.send({ type: 'claims.refresh' });
      await session.settle();
      expect(session.claimsReads).toEqual([false, true]);
      expect(session.calls).toContain('resetQueries');
      expect(session.actor.getSnapshot().context.claims?.overridesActive).toBe(true);
      expect(tags.every(Boolean)).toBe(true);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });

    it('signs out when the refreshed claims break the schema', async () => {
      const session = startSession({ claims: [{ role: 'customer', customerContactId: 'C-1' }, { role: 'wizard' }] });
      await session.signIn(customer);
      session.actor.send({ type: 'claims.refresh' });
      await session.settle();
      expect(session.notifications).toEqual([ERROR_KEYS.claimsInvalid]);
      expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    });

    it('shows the welcome modal when the refreshed claims ask for it', async () => {
      const session = startSession({
        claims: [{ role: 'customer', customerContactId: 'C-1' }, { role: 'customer', customerContactId: 'C-1', showMigrationModal: true }],
      });
      await session.signIn(customer);
      session.actor.send({ type: 'claims.refresh' });
      await session.settle();
      expect(session.actor.getSnapshot().hasTag('dialog.welcome')).toBe(true);
    });
  });

  describe('no-contact-id resync cap', () => {
    it('resyncs at most once for the same user and claims, however often the server answers no-contact-id', async () => {
      const session = startSession();
      await session.signIn(customer);
      session.calls.length = 0;
      for (let error = 0; error < 4; error += 1) {
        session.actor.send({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' });
        await session.settle();
      }
      expect(session.calls.filter((name) => name === 'resyncClaims')).toHaveLength(1);
      expect(session.claimsReads).toHaveLength(2);
      expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });

    it('resyncs again once the claims have changed', async () => {
      const session = startSession({
        claims: [{ role: 'customer', customerContactId: 'C-1' }, { role: 'customer', customerContactId: 'C-2' }],
      });
      await session.signIn(customer);
      session.actor.send({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' });
      await session.settle();
      expect(session.actor.getSnapshot().context.claims?.customerContactId).toBe('C-2');
      session.actor.send({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' });
      await session.settle();
      session.actor.send({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' });
      await session.settle();
      expect(session.calls.filter((name) => name === 'resyncClaims')).toHaveLength(2);
    });
  });

  describe('last sign-in (spec 000 §4.1, §9)', () => {
    it('is stored when it never was', async () => {
      const session = startSession({ lastSignInMs: null });
      await session.signIn(customer);
      expect(session.calls).toContain('storeLastSignIn');
    });

    it('is stored again after an hour, not before', async () => {
      const recent = startSession({ lastSignInMs: Date.now() - HOUR_MS + 60_000 });
      await recent.signIn(customer);
      expect(recent.calls).not.toContain('storeLastSignIn');
      const old = startSession({ lastSignInMs: Date.now() - HOUR_MS });
      await old.signIn(customer);
      expect(old.calls).toContain('storeLastSignIn');
    });

    it('is never stored for agents or CRM sessions', async () => {
      const agent = startSession({ claims: [{ role: 'customer', customerContactId: 'C-1', isAgent: true }] });
      await agent.signIn(customer);
      const crm = startSession({ claims: [{ role: 'customer', customerContactId: 'C-1', isSalesforceSession: true }] });
      await crm.signIn(customer);
      expect(agent.calls).not.toContain('storeLastSignIn');
      expect(crm.calls).not.toContain('storeLastSignIn');
      expect(agent.actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(crm.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    });
  });

  describe('cached queries', () => {
    it('are reset when the user signs out and when another user signs in', async () => {
      const session = startSession();
      await session.signIn(customer);
      expect(session.calls.filter((name) => name === 'resetQueries')).toHaveLength(0);
      await session.signIn(null);
      expect(session.calls.filter((name) => name === 'resetQueries')).toHaveLength(1);
      await session.signIn({ ...customer, uid: 'customer-2' });
      expect(session.calls.filter((name) => name === 'resetQueries')).toHaveLength(2);
    });

    it('are kept when the same user is reported again', async () => {
      const session = startSession();
      await session.signIn(customer);
      await session.signIn({ ...customer, emailVerified: true });
      expect(session.calls).not.toContain('resetQueries');
      expect(session.claimsReads).toHaveLength(1);
    });
  });

  it('signs out on request', async () => {
    const session = startSession();
    await session.signIn(customer);
    session.actor.send({ type: 'session.signOut' });
    await session.settle();
    expect(session.calls).toContain('signOut');
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('shows the welcome migration modal when the claims ask for it; dismissing removes the claim and refreshes', async () => {
    const session = startSession({
      claims: [{ role: 'customer', customerContactId: 'C-1', showMigrationModal: true }, { role: 'customer', customerContactId: 'C-1' }],
    });
    await session.signIn(customer);
    expect(session.actor.getSnapshot().hasTag('dialog.welcome')).toBe(true);
    session.actor.send({ type: 'welcome.dismiss' });
    await session.settle();
    expect(session.calls).toContain('removeMigrationClaim');
    expect(session.claimsReads).toEqual([false, true]);
    expect(session.actor.getSnapshot().hasTag('dialog.welcome')).toBe(false);
    expect(session.actor.getSnapshot().context.claims?.showMigrationModal).toBeUndefined();
  });
});
