// The developer tools do not exist in production (spec 000 §6 "only outside prod and
// restore", spec 001 §2): devTools and setUser refuse every call there, a developer's included, before reading
// anything, and write nothing. The emulators run a demo project (never production), so these callables are loaded
// here, in the test process, with the functions' environment as production reads it, and called as the Functions
// runtime calls them (their `run`), against the same emulated database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnvironment } from '../../functions/src/platform/environment';
import { TEST_PLAN_IDS } from '../../seed/testPlans';
import { ERROR_KEYS } from '../../src/domain/errors';
import { backendFingerprint, createCustomer, withSeededBackend } from '../support/emulator';

const PRODUCTION_SETTINGS = {
  CRM_PROVIDER: 'salesforce',
  MAIL_PROVIDER: 'sendgrid',
  ESIGN_PROVIDER: 'adobe',
  CREDIT_DATA_PROVIDER: 'idcs',
  BANK_LINK_PROVIDER: 'mx',
  KBA_PROVIDER: 'array',
  BUREAU_RESPONSE_PROVIDER: 'idcs',
  CARD_GATEWAY_PROVIDER: 'authorizenet',
  CONTENT_PROVIDER: 'contentful',
  IDENTITY_PROTECTION_PROVIDER: 'array',
  APP_URL: 'https://app.example.com',
};

// How the functions read production: APP_ENV prod, or restore (a restored copy of production). The callables read
// `environment` when called, so the environment the module answers is switched per suite.
const productionEnvironment = vi.hoisted(() => ({ value: null as object | null }));
vi.mock('../../functions/src/platform/environment', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../functions/src/platform/environment')>();
  const environment = new Proxy({}, { get: (_target, key) => Reflect.get(productionEnvironment.value ?? original.environment, key) });
  return { ...original, environment };
});

describe.each(['prod', 'restore'] as const)('the developer tools with APP_ENV %s', (appEnv) => {
  withSeededBackend();
  beforeAll(() => {
    const environment = readEnvironment({ ...PRODUCTION_SETTINGS, APP_ENV: appEnv, GCLOUD_PROJECT: 'demo-credit-readiness' });
    expect(environment.production).toBe(true);
    productionEnvironment.value = environment;
  });
  afterAll(() => {
    productionEnvironment.value = null;
  });

  /** A request as the Functions runtime hands it to a callable: a verified developer's token. */
  function requestOf(uid: string, contactId: string, data: unknown) {
    return {
      data,
      auth: {
        uid,
        token: { role: 'customer', isDeveloper: true, customerContactId: contactId, email_verified: true, auth_time: Math.floor(Date.now() / 1000) },
        rawToken: 'test',
      },
      // The HTTP request as the Functions framework hands it on (the caller's address is read from it).
      rawRequest: { headers: {}, socket: { remoteAddress: '127.0.0.1' } },
      acceptsStreaming: false,
    } as never;
  }

  /** What an HttpsError carries (firebase-functions resolves from functions/ only). */
  interface Refusal {
    code: string;
    message: string;
    details: unknown;
  }

  async function refusal(promise: Promise<unknown>): Promise<Refusal> {
    try {
      await promise;
    } catch (error) {
      return error as Refusal;
    }
    throw new Error('expected a refusal');
  }

  it('refuses every devTools command and setUser to a developer, and writes nothing', async () => {
    const developer = await createCustomer({ claims: { role: 'customer', isDeveloper: true, customerOnboardingComplete: true } });
    const [{ devTools }, { setUser }] = await Promise.all([
      import('../../functions/src/devTools/callables'),
      import('../../functions/src/devTools/setUserCallables'),
    ]);
    const before = await backendFingerprint();
    const calls: [typeof devTools | typeof setUser, unknown][] = [
      [devTools, { command: 'advanceDisputes', days: 5 }],
      [devTools, { command: 'getAllActions' }],
      [devTools, { command: 'delete', categories: ['actions', 'documents', 'disputes', 'creditReport', 'readinessScore', 'testPlan'] }],
      [devTools, { command: 'setActions', actions: [] }],
      [devTools, { command: 'repopulateReport' }],
      [devTools, { command: 'recalculateScore' }],
      [devTools, { command: 'recalculateActions' }],
      [devTools, { command: 'toggleV2' }],
      [devTools, { command: 'getTestPlans' }],
      [devTools, { command: 'startTestPlan', testPlanId: TEST_PLAN_IDS.disputeRound }],
      [devTools, { command: 'completeTestPlanStep', testPlanId: TEST_PLAN_IDS.disputeRound, step: 0 }],
      [setUser, { command: 'override', overrides: { role: 'admin', isDeveloper: true } }],
      [setUser, { command: 'restore' }],
    ];
    for (const [callable, data] of calls) {
      const error = await refusal(Promise.resolve(callable.run(requestOf(developer.uid, developer.contactId, data))));
      expect(error.code, JSON.stringify(data)).toBe('failed-precondition');
      expect(error.message).toBe('not-available-in-production');
      expect((error.details as { key?: string }).key).toBe(ERROR_KEYS.devToolsNotInProduction);
    }
    expect(await backendFingerprint()).toBe(before);
  });
});
