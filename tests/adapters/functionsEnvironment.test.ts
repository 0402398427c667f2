// No sandbox in production (functions/src/platform/environment.ts): the functions' settings are checked once when they
// load. A production deployment (APP_ENV=prod, or a project that is not a demo- project) with a provider unset or
// 'sandbox', or without APP_URL, does not start; the local emulators' demo project keeps the sandboxes by default.
// Needs no emulator: the checks are pure, and functions/src/index.ts is imported as the functions runtime loads it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EnvironmentModule from '../../functions/src/platform/environment';

const PROVIDERS = ['CRM_PROVIDER', 'MAIL_PROVIDER', 'ESIGN_PROVIDER', 'CREDIT_DATA_PROVIDER', 'BANK_LINK_PROVIDER', 'KBA_PROVIDER', 'BUREAU_RESPONSE_PROVIDER', 'CARD_GATEWAY_PROVIDER', 'CONTENT_PROVIDER', 'IDENTITY_PROTECTION_PROVIDER'] as const;
const SETTINGS = ['APP_ENV', 'GCLOUD_PROJECT', 'GOOGLE_CLOUD_PROJECT', 'FIREBASE_CONFIG', 'APP_URL', ...PROVIDERS] as const;

/** A complete production configuration with real (non-sandbox) providers. */
const PRODUCTION = {
  GCLOUD_PROJECT: 'credit-readiness-prod',
  APP_URL: 'https://app.example.com/',
  CRM_PROVIDER: 'salesforce',
  MAIL_PROVIDER: 'sendgrid',
  ESIGN_PROVIDER: 'docusign',
  CREDIT_DATA_PROVIDER: 'bureau',
  BANK_LINK_PROVIDER: 'plaid',
  KBA_PROVIDER: 'lexisnexis',
  BUREAU_RESPONSE_PROVIDER: 'bureau',
  CARD_GATEWAY_PROVIDER: 'authorizenet',
  CONTENT_PROVIDER: 'contentful',
  IDENTITY_PROTECTION_PROVIDER: 'array',
};
const DEMO = { GCLOUD_PROJECT: 'demo-credit-readiness' };

/** Replaces the functions' settings in process.env (the rest stays) for the next module load. */
function useEnv(env: Record<string, string>) {
  for (const key of SETTINGS) vi.stubEnv(key, env[key]);
}

async function loadModule<T>(path: string, env: Record<string, string>): Promise<T> {
  useEnv(env);
  vi.resetModules();
  return (await import(path)) as T;
}

let environmentModule: typeof EnvironmentModule;
beforeAll(async () => {
  // The module checks process.env when it loads; the tests below pass their own settings to readEnvironment.
  environmentModule = await loadModule<typeof EnvironmentModule>('../../functions/src/platform/environment', DEMO);
  vi.unstubAllEnvs();
});
afterEach(() => vi.unstubAllEnvs());

const read = (env: Record<string, string>) => environmentModule.readEnvironment(env);
const refusal = (env: Record<string, string>): string => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(environmentModule.EnvironmentError);
    return (error as Error).message;
  }
  throw new Error('readEnvironment accepted the settings');
};

describe('functions environment: outside production (demo- project, the local emulators)', () => {
  it('defaults every provider to its sandbox and APP_URL to the local dev server', () => {
    const environment = read(DEMO);
    expect(environment.production).toBe(false);
    expect(environment.projectId).toBe('demo-credit-readiness');
    expect(environment.providers).toEqual(Object.fromEntries(PROVIDERS.map((name) => [name, 'sandbox'])));
    expect(environment.appUrl).toBe('http://127.0.0.1:5173');
  });

  it('takes a configured provider and APP_URL (without its trailing slash), and an http address', () => {
    const environment = read({ ...DEMO, ESIGN_PROVIDER: 'docusign', APP_URL: 'http://127.0.0.1:4173/' });
    expect(environment.providers.ESIGN_PROVIDER).toBe('docusign');
    expect(environment.providers.CRM_PROVIDER).toBe('sandbox');
    expect(environment.appUrl).toBe('http://127.0.0.1:4173');
  });

  it('reads the project id from FIREBASE_CONFIG when GCLOUD_PROJECT is unset', () => {
    expect(read({ FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-other' }) }).production).toBe(false);
  });

  it('both sandbox pages exist while their sandboxes are in use, and only those', () => {
    expect(environmentModule.sandboxPages(read(DEMO))).toEqual({ esignSandbox: true, bankLinkSandbox: true, creditSimulatorSandbox: true, identityWidgetSandbox: true });
    expect(environmentModule.sandboxPages(read({ ...DEMO, ESIGN_PROVIDER: 'docusign' }))).toEqual({ esignSandbox: false, bankLinkSandbox: true, creditSimulatorSandbox: true, identityWidgetSandbox: true });
    expect(environmentModule.sandboxPages(read({ ...DEMO, IDENTITY_PROTECTION_PROVIDER: 'array' })).identityWidgetSandbox).toBe(false);
  });

  it('rejects a malformed setting by name', () => {
    expect(refusal({ ...DEMO, APP_URL: 'not a url' })).toContain('APP_URL');
    expect(refusal({ ...DEMO, APP_ENV: 'production' })).toContain('APP_ENV');
  });
});

describe('functions environment: production refuses sandboxes and missing settings', () => {
  it('a non-demo project with no settings names every provider setting and APP_URL', () => {
    const message = refusal({ GCLOUD_PROJECT: 'credit-readiness-prod' });
    expect(message).toContain("project 'credit-readiness-prod' is not a demo- project");
    for (const name of PROVIDERS) expect(message).toContain(`${name} is unset`);
    expect(message).toContain('APP_URL is unset');
  });

  it("names a provider set to 'sandbox', and only the settings that are wrong", () => {
    const message = refusal({ ...PRODUCTION, ESIGN_PROVIDER: 'sandbox', BANK_LINK_PROVIDER: '' });
    expect(message).toContain("ESIGN_PROVIDER is 'sandbox'");
    expect(message).toContain('BANK_LINK_PROVIDER is unset');
    for (const name of ['CRM_PROVIDER', 'MAIL_PROVIDER', 'CREDIT_DATA_PROVIDER', 'APP_URL']) expect(message).not.toContain(`${name} is`);
  });

  it('APP_ENV=prod is production even on a demo project', () => {
    expect(refusal({ ...DEMO, APP_ENV: 'prod' })).toContain("APP_ENV is 'prod'");
    expect(read({ ...PRODUCTION, GCLOUD_PROJECT: 'demo-credit-readiness', APP_ENV: 'prod' }).production).toBe(true);
  });

  it('with no project id at all it cannot be a demo project, so it is production', () => {
    const message = refusal({});
    expect(message).toContain('no project id');
    expect(message).toContain('CRM_PROVIDER is unset');
  });

  it('needs an https APP_URL', () => {
    expect(refusal({ ...PRODUCTION, APP_URL: 'http://app.example.com' })).toContain('APP_URL is not an https address');
  });

  it('starts with every provider configured, and has no sandbox page', () => {
    const environment = read(PRODUCTION);
    expect(environment.production).toBe(true);
    expect(environment.appUrl).toBe('https://app.example.com');
    expect(Object.values(environment.providers)).not.toContain('sandbox');
    expect(environmentModule.sandboxPages(environment)).toEqual({ esignSandbox: false, bankLinkSandbox: false, creditSimulatorSandbox: false, identityWidgetSandbox: false });
  });
});

/**
 * What firebase-functions' loader registers (firebase-functions/lib/runtime/loader.js extractStack): exports that
 * are functions carrying an endpoint definition. The emulator and `firebase deploy` both discover functions so.
 */
function registeredFunctions(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([, value]) => typeof value === 'function' && typeof (value as { __endpoint?: unknown }).__endpoint === 'object')
    .map(([name]) => name);
}

describe('functions index: the sandbox HTTP pages exist only with their sandboxes, never in production', () => {
  const INDEX = '../../functions/src/index';

  it('production exports the callables and no sandbox page', async () => {
    const names = registeredFunctions(await loadModule<Record<string, unknown>>(INDEX, PRODUCTION));
    expect(names).toContain('signUp');
    expect(names).toContain('getWidgetUrl');
    expect(names).not.toContain('esignSandbox');
    expect(names).not.toContain('bankLinkSandbox');
    expect(names).not.toContain('identityWidgetSandbox');
    expect(names).toContain('getArrayUserToken');
  }, 60_000);

  it('the demo project (local emulators) exports both sandbox pages', async () => {
    const names = registeredFunctions(await loadModule<Record<string, unknown>>(INDEX, DEMO));
    expect(names).toEqual(expect.arrayContaining(['signUp', 'esignSandbox', 'bankLinkSandbox', 'identityWidgetSandbox']));
  }, 60_000);

  it('production with a sandbox provider does not load at all, naming the setting', async () => {
    await expect(loadModule(INDEX, { ...PRODUCTION, CREDIT_DATA_PROVIDER: 'sandbox' })).rejects.toThrow(/CREDIT_DATA_PROVIDER is 'sandbox'/);
  }, 60_000);
});

describe('the dev tools in production', () => {
  it('refuses advanceDisputes with not-available-in-production, before reading or writing anything', async () => {
    const module = await loadModule<typeof import('../../functions/src/devTools/callables')>('../../functions/src/devTools/callables', PRODUCTION);
    const request = {
      data: { command: 'advanceDisputes', days: 5 },
      auth: { uid: 'customer-uid', token: { role: 'customer', customerContactId: '003TESTCONTACT', email_verified: true }, rawToken: '' },
      // The HTTP request as the Functions framework hands it on (the caller's address is read from it).
      rawRequest: { headers: {}, socket: { remoteAddress: '127.0.0.1' } },
      acceptsStreaming: false,
    } as unknown as Parameters<typeof module.devTools.run>[0];
    // No admin app exists in this process: a read or a write would fail otherwise than with this refusal.
    await expect(module.devTools.run(request)).rejects.toMatchObject({ code: 'failed-precondition', message: 'not-available-in-production' });
  }, 60_000);
});
