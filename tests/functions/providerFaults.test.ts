// Outside providers can fail (security review "faults"; functions/src/providers/faults.ts): a developer switches a
// provider's sandbox to fail with the vendor's own error or to time out past its deadline (setUser's providerFaults,
// the developer tools' Overrides). For each provider, a callable that uses it answers a clear 'unavailable' and
// writes nothing while the fault is on, and the same call succeeds once the fault is off again.
import type { FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallableName } from '../../src/contract/callables';
import type { FaultProvider, ProviderFault } from '../../src/contract/devTools';
import { ERROR_KEYS } from '../../src/domain/errors';
import { openKbaSession } from '../../functions/src/credit/kbaSessions';
import { creditReport } from '../../seed/data/creditReport';
import { adminDb, backendFingerprint, call, closeClientApps, createCustomer, failureOf, signIn, startCallableWorkers, type TestCustomer, withSeededBackend } from '../support/emulator';
import { cardToken, profileRequest } from './cardGateway.support';

afterAll(closeClientApps);

/** The deadline of a timed-out provider in these tests: the call fails after it, not after the vendor's 20 s. */
const TEST_DEADLINE_MS = 300;
const DAY_MS = 24 * 60 * 60 * 1_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

interface Subject {
  customer: TestCustomer;
  app: FirebaseApp;
  /** Makes the provider's call once (fresh inputs each time) and answers its result. */
  run: () => Promise<unknown>;
}

interface ProviderCase {
  provider: FaultProvider;
  callable: CallableName;
  /** The refusal's message (the SDK appends the status: 'crm-unavailable [503]'). */
  message: string;
  /** The spec's error key the callable gives, where the spec has one. */
  key?: string;
  /** A developer account set up so the call succeeds with no fault. */
  subject: () => Promise<Subject>;
  /** Documents the call writes by design before it reaches the provider (a budget counted first). */
  ignoredPaths?: RegExp;
}

/** A customer who may switch their own overrides (the developer flag), signed in. */
async function developer(contact: Record<string, unknown> = {}) {
  const customer = await createCustomer({ claims: { isDeveloper: true }, contact });
  return { customer, app: await signIn(customer) };
}

async function withReport(customer: TestCustomer, pulledDaysAgo = 45) {
  const pulledAt = new Date(`${daysAgo(pulledDaysAgo)}T12:00:00.000Z`);
  await adminDb().doc(`creditReports/${customer.uid}`).set({ ...creditReport(customer.uid).data, createdAt: pulledAt });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { creditPullDate: pulledAt } }, { merge: true });
}

/** A developer account with nothing else set up, making one call. */
const developerCalling = (run: (app: FirebaseApp) => Promise<unknown>) => async (): Promise<Subject> => {
  const { customer, app } = await developer();
  return { customer, app, run: () => run(app) };
};

const CASES: ProviderCase[] = [
  {
    provider: 'crm',
    callable: 'updateCustomerContact',
    message: 'crm-unavailable',
    subject: developerCalling((app) => call(app, 'updateCustomerContact', { FirstName: 'Renamed' })),
  },
  {
    provider: 'mail',
    callable: 'changeEmail',
    message: 'mail-unavailable',
    // The request is counted against the account's email-change budget before anything is looked up.
    ignoredPaths: /^rateLimits\//,
    subject: async () => {
      const { customer, app } = await developer();
      return {
        customer,
        app,
        run: () => call(app, 'changeEmail', { siteId: 'APP', newEmail: `moved.${Math.random().toString(36).slice(2, 10)}@test.example` }),
      };
    },
  },
  {
    provider: 'creditData',
    callable: 'orderReport',
    message: 'credit-data-unavailable',
    subject: async () => {
      const { customer, app } = await developer({ Credit_Pull_Date__c: daysAgo(45) });
      await withReport(customer);
      return { customer, app, run: () => call(app, 'orderReport') };
    },
  },
  {
    provider: 'kba',
    callable: 'arrayKBA',
    message: 'kba-vendor-unavailable',
    subject: async () => {
      const { customer, app } = await developer({ Birthdate: '1990-03-02', Social_Security_Number__c: '666554321', MailingCity: 'Reno', MailingStateCode: 'NV' });
      await withReport(customer);
      const id = await openKbaSession(customer.uid);
      return { customer, app, run: () => call(app, 'arrayKBA', { command: 'get-questions', id }) };
    },
  },
  {
    provider: 'cardGateway',
    callable: 'updateCustomerPaymentProfile',
    message: 'card-gateway-unavailable',
    key: ERROR_KEYS.paymentProfileUpdateError,
    subject: async () => {
      const { customer, app } = await developer({ MailingStreet: '1 Main St', MailingPostalCode: '89509', MailingStateCode: 'NV' });
      // The card fields go to the vendor's token endpoint first, as in the browser; the fault is on our call after it.
      const opaqueValue = await cardToken();
      const request = profileRequest(customer, opaqueValue);
      return { customer, app, run: () => call(app, 'updateCustomerPaymentProfile', request) };
    },
  },
  {
    provider: 'esign',
    callable: 'getContractSigningUrl',
    message: 'esign-unavailable',
    subject: developerCalling((app) => call(app, 'getContractSigningUrl')),
  },
  {
    provider: 'content',
    callable: 'getContentHome',
    message: 'content-unavailable',
    subject: developerCalling((app) => call(app, 'getContentHome', { area: 'learning', lang: 'en' })),
  },
  {
    provider: 'bankLink',
    callable: 'getWidgetUrl',
    message: 'bank-link-unavailable',
    subject: developerCalling((app) => call(app, 'getWidgetUrl', { widgetName: 'transactions' })),
  },
  {
    provider: 'identityProtection',
    callable: 'getArrayUserToken',
    message: 'identity-protection-unavailable',
    subject: async () => {
      const { customer, app } = await developer();
      await withReport(customer);
      return { customer, app, run: () => call(app, 'getArrayUserToken') };
    },
  },
];

/** Every document and account, less the paths the call writes by design before the provider. */
async function fingerprint(ignored?: RegExp): Promise<string> {
  const all = JSON.parse(await backendFingerprint()) as { documents: [string, string][]; users: unknown[] };
  return JSON.stringify({ ...all, documents: ignored ? all.documents.filter(([path]) => !ignored.test(path)) : all.documents });
}

async function setFault(app: FirebaseApp, provider: FaultProvider, fault: ProviderFault) {
  const overrides = fault === 'timeout' ? { providerFaults: { [provider]: fault }, providerDeadlineMs: TEST_DEADLINE_MS } : { providerFaults: { [provider]: fault } };
  return call(app, 'setUser', { command: 'override', overrides });
}

const messageOf = (failure: { message: string }) => failure.message.replace(/ \[\d+\]$/, '');

describe('provider faults', () => {
  withSeededBackend();

  beforeAll(async () => {
    // A call's first use starts its function's worker, slow on a busy machine: start them before the timed calls.
    await startCallableWorkers(['setUser', ...CASES.map((entry) => entry.callable)]);
  }, 180_000);

  it('keeps the switch in the developer overrides: set per provider, merged, and cleared by restore', async () => {
    const { customer, app } = await developer();
    await setFault(app, 'crm', 'fail');
    const { active } = await call(app, 'setUser', { command: 'override', overrides: { providerFaults: { kba: 'timeout' }, providerDeadlineMs: 500 } });
    expect(active).toEqual({ providerFaults: { crm: 'fail', kba: 'timeout' }, providerDeadlineMs: 500 });
    expect((await adminDb().doc(`devOverrides/${customer.uid}`).get()).get('active.providerFaults')).toEqual({ crm: 'fail', kba: 'timeout' });
    expect(await call(app, 'setUser', { command: 'restore' })).toEqual({ active: {} });
    expect((await adminDb().doc(`devOverrides/${customer.uid}`).get()).exists).toBe(false);
  });

  it("applies a fault only to the account that set it: another customer's call succeeds", async () => {
    const { app } = await developer();
    const other = await developer();
    await setFault(app, 'content', 'fail');
    expect(messageOf(await failureOf(call(app, 'getContentHome', { area: 'learning', lang: 'en' })))).toBe('content-unavailable');
    expect((await call(other.app, 'getContentHome', { area: 'learning', lang: 'en' })).hero).toBeDefined();
  });

  describe.each(CASES)('$provider ($callable)', ({ provider, message, key, subject, ignoredPaths }) => {
    it('fails with the vendor error as a clear unavailable, writes nothing, and succeeds once the fault is off', async () => {
      const { app, run } = await subject();
      await setFault(app, provider, 'fail');
      const before = await fingerprint(ignoredPaths);
      const failure = await failureOf(run());
      expect(failure.code).toBe('functions/unavailable');
      expect(messageOf(failure)).toBe(message);
      if (key) expect(failure.details?.key).toBe(key);
      expect(await fingerprint(ignoredPaths)).toBe(before);

      await setFault(app, provider, 'off');
      await expect(run()).resolves.toBeDefined();
    });

    it('times out at its deadline as a clear unavailable, writes nothing, and succeeds once the fault is off', async () => {
      const { app, run } = await subject();
      await setFault(app, provider, 'timeout');
      const before = await fingerprint(ignoredPaths);
      const started = Date.now();
      const failure = await failureOf(run());
      expect(failure.code).toBe('functions/unavailable');
      expect(messageOf(failure)).toBe(message);
      if (key) expect(failure.details?.key).toBe(key);
      // Ended by the deadline set (300 ms), sooner than any provider's own (10 s to 45 s) or the callable's 60 s.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await fingerprint(ignoredPaths)).toBe(before);

      await call(app, 'setUser', { command: 'restore' });
      await expect(run()).resolves.toBeDefined();
    });
  });
});
