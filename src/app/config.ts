import { z } from 'zod/mini';
import { DEFAULT_LENDER_NAME } from '../domain/companyAffiliation';
import type { SiteType } from '../domain/maintenance';
import { SIMULATOR_SANDBOX_APP_KEY } from '../domain/scoreSimulator';

// The app's environment, read once from the build's VITE_ settings and validated when the app is built (or the dev
// server starts; ./builtConfig.ts), so a wrong value fails loudly instead of half-working. Defaults make a fresh clone run against the local emulators (spec 000 §1:
// environments emulator, dev, stage, prod, restore); a build without VITE_ENV is prod.

const ENVIRONMENTS = ['emulator', 'dev', 'stage', 'prod', 'restore'] as const;
export type AppEnvironment = (typeof ENVIRONMENTS)[number];

const booleanFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value: 'true' | 'false' | '1' | '0') => value === 'true' || value === '1'),
);
const text = () => z.string().check(z.minLength(1));

const envSchema = z.object({
  VITE_FIREBASE_API_KEY: z._default(text(), 'demo-api-key'),
  VITE_FIREBASE_PROJECT_ID: z._default(text(), 'demo-credit-readiness'),
  VITE_FIREBASE_AUTH_DOMAIN: z.optional(text()),
  VITE_FIREBASE_STORAGE_BUCKET: z.optional(text()),
  VITE_FIREBASE_APP_ID: z.optional(text()),
  VITE_USE_EMULATORS: z.optional(booleanFlag),
  VITE_EMULATOR_HOST: z._default(text(), '127.0.0.1'),
  VITE_SITE_ID: z._default(text(), 'APP'),
  VITE_TENANT_ID: z._default(text(), 'customer'),
  VITE_ENV: z.optional(z.enum(ENVIRONMENTS)),
  // spec 000 §1: the customer-service phone ({phone}); on some sites it comes from site configuration.
  // spec 000 §8: the onboard modal links to onboarding (the onboarding portal; this app's quick sign-up by default).
  VITE_ONBOARDING_URL: z._default(text(), '/quick-sign-up'),
  // spec 000 §2.2, §8: the admin console hands agents their token from its window and shows CRM contacts
  // ('View in Admin Console'). Any URL of the console; only its origin is used.
  VITE_ADMIN_CONSOLE_ORIGIN: z._default(z.url(), 'https://admin.demo.test'),
  VITE_SUPPORT_PHONE: z._default(z.string().check(z.regex(/^\d{3}-\d{3}-\d{4}$/)), '800-555-0199'),
  // spec 001 §2 "Simulator": the score-simulator vendor's app key, handed to its widget with the display tokens. The
  // default is the local sandbox widget's key (functions/src/credit/simulatorSandboxPage.ts); production sets the vendor's.
  VITE_SIMULATOR_APP_KEY: z._default(text(), SIMULATOR_SANDBOX_APP_KEY),
  // spec 000 §6: the lender whose name in a contact's Broker_Company_Name__c makes the customer company-affiliated
  // (the functions read LENDER_NAME; both default to the same name).
  VITE_LENDER_NAME: z._default(text(), DEFAULT_LENDER_NAME),
  // spec 001 §4, §9: the card provider's browser script (Accept.js's API) and the site's login id and client key. The
  // defaults are the local sandbox's (functions/src/billing/cardGatewaySandboxPage.ts): under the emulators the functions
  // emulator serves the script; see cardGatewayScriptUrl for the other environments.
  VITE_CARD_GATEWAY_SCRIPT_URL: z.optional(z.url()),
  VITE_CARD_GATEWAY_LOGIN_ID: z._default(text(), 'sandbox-login'),
  VITE_CARD_GATEWAY_CLIENT_KEY: z._default(text(), 'sandbox-client-key'),
});

export interface AppConfig {
  firebase: {
    apiKey: string;
    projectId: string;
    authDomain: string;
    storageBucket: string;
    appId: string | undefined;
  };
  useEmulators: boolean;
  emulatorHost: string;
  siteId: string;
  siteType: SiteType;
  tenantId: string;
  environment: AppEnvironment;
  /** 000-000-0000, the spec's phone format (spec 000 §5). */
  supportPhone: string;
  onboardingUrl: string;
  /** The admin console's origin: trusted to post an agent's token to /agent (spec 000 §2.2). */
  adminConsoleOrigin: string;
  /** Overrides and dev tools exist only outside prod and restore (spec 000 §6). */
  isProductionLike: boolean;
  /** The score-simulator widget's app key (spec 001 §2 "Simulator"). */
  simulatorAppKey: string;
  /** The lender of the company-affiliated rule (spec 000 §6, src/domain/companyAffiliation.ts). */
  lenderName: string;
  /** The card provider's browser script and the site's credentials for it (spec 001 §4, §9). */
  cardGateway: CardGatewayConfig;
}

export interface CardGatewayConfig {
  /** The provider's script (an https URL, or the functions emulator's sandbox); the CSP allows exactly its origin. */
  scriptUrl: string;
  apiLoginId: string;
  clientKey: string;
}

/** The functions' region (spec 001 §9: us-west4). */
const FUNCTIONS_REGION = 'us-west4';
/** The card provider's production script (Authorize.net's Accept.js, whose API the sandbox mirrors). */
export const CARD_GATEWAY_PRODUCTION_SCRIPT_URL = 'https://js.authorize.net/v1/Accept.js';

/**
 * The card provider's script when VITE_CARD_GATEWAY_SCRIPT_URL does not say: the functions emulator's sandbox under
 * the emulators, the deployed sandbox function outside production, the vendor's script in production.
 */
export function cardGatewayScriptUrl(options: {
  useEmulators: boolean;
  emulatorHost: string;
  projectId: string;
  isProductionLike: boolean;
}): string {
  if (options.useEmulators) {
    return `http://${options.emulatorHost}:5001/${options.projectId}/${FUNCTIONS_REGION}/cardGatewaySandbox/v1/Accept.js`;
  }
  if (options.isProductionLike) return CARD_GATEWAY_PRODUCTION_SCRIPT_URL;
  return `https://${FUNCTIONS_REGION}-${options.projectId}.cloudfunctions.net/cardGatewaySandbox/v1/Accept.js`;
}

/**
 * The site type per site id (spec 000 §1): ADMIN is the admin console; the customer app site (the `{product}` id,
 * APP here) and the ids ending in CP are customer sites; the others are partner sites.
 */
export function siteTypeFor(siteId: string, customerAppSiteId = 'APP'): SiteType {
  if (siteId === 'ADMIN') return 'Admin';
  if (siteId === customerAppSiteId || siteId.endsWith('CP')) return 'Customer';
  return 'Partner';
}

/**
 * The settings whose defaults are the local sandbox's (or the demo project's): a production build for a real project
 * must set every one of them, with a value other than the sandbox's. Without them it would ship the simulator
 * sandbox's app key and the card sandbox's login, and fail later and quietly.
 */
export const PRODUCTION_REQUIRED_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_APP_ID',
  'VITE_SIMULATOR_APP_KEY',
  'VITE_CARD_GATEWAY_LOGIN_ID',
  'VITE_CARD_GATEWAY_CLIENT_KEY',
] as const;

const SANDBOX_VALUES: Readonly<Record<string, string>> = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_SIMULATOR_APP_KEY: SIMULATOR_SANDBOX_APP_KEY,
  VITE_CARD_GATEWAY_LOGIN_ID: 'sandbox-login',
  VITE_CARD_GATEWAY_CLIENT_KEY: 'sandbox-client-key',
};

/** A production build's configuration that still has sandbox values: the build (vite.config.ts reads it) and the app refuse it. */
export class ProductionConfigError extends Error {
  /** One entry per setting, shaped like a schema failure's issues (scripts/check-production.ts lists them). */
  readonly issues: { path: string[]; message: string }[];
  constructor(readonly missing: readonly string[]) {
    super(`A production build for a real project needs ${missing.join(', ')} (unset, the local sandbox's values would ship)`);
    this.name = 'ProductionConfigError';
    this.issues = missing.map((name) => ({ path: [name], message: "is unset or the local sandbox's value: a production build refuses it" }));
  }
}

export function readConfig(env: Record<string, unknown>): AppConfig {
  const parsed = envSchema.parse(env);
  const isDemoProject = parsed.VITE_FIREBASE_PROJECT_ID.startsWith('demo-');
  const useEmulators = parsed.VITE_USE_EMULATORS ?? (env.DEV === true || isDemoProject);
  // An unset VITE_ENV means production in a build (import.meta.env.DEV is false), so a deployment that forgets it
  // gets prod's behaviour (no dev tools, prod feature flags) rather than dev's; the Vite dev server keeps the local
  // defaults. Local builds for the e2e suite set VITE_ENV=emulator (scripts/e2e.mjs, scripts/test.mjs).
  const environment = parsed.VITE_ENV ?? (env.DEV === true ? (useEmulators ? 'emulator' : 'dev') : 'prod');
  // A demo project only ever talks to the local emulators; a real one in production must not carry sandbox values.
  if ((environment === 'prod' || environment === 'restore') && !isDemoProject) {
    const missing = PRODUCTION_REQUIRED_SETTINGS.filter((name) => {
      const value = env[name];
      return typeof value !== 'string' || value.trim() === '' || value === SANDBOX_VALUES[name];
    });
    if (missing.length > 0) throw new ProductionConfigError(missing);
  }
  return {
    firebase: {
      apiKey: parsed.VITE_FIREBASE_API_KEY,
      projectId: parsed.VITE_FIREBASE_PROJECT_ID,
      authDomain: parsed.VITE_FIREBASE_AUTH_DOMAIN ?? `${parsed.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
      storageBucket: parsed.VITE_FIREBASE_STORAGE_BUCKET ?? `${parsed.VITE_FIREBASE_PROJECT_ID}.appspot.com`,
      appId: parsed.VITE_FIREBASE_APP_ID,
    },
    useEmulators,
    emulatorHost: parsed.VITE_EMULATOR_HOST,
    siteId: parsed.VITE_SITE_ID,
    siteType: siteTypeFor(parsed.VITE_SITE_ID),
    tenantId: parsed.VITE_TENANT_ID,
    environment,
    supportPhone: parsed.VITE_SUPPORT_PHONE,
    onboardingUrl: parsed.VITE_ONBOARDING_URL,
    adminConsoleOrigin: new URL(parsed.VITE_ADMIN_CONSOLE_ORIGIN).origin,
    isProductionLike: environment === 'prod' || environment === 'restore',
    simulatorAppKey: parsed.VITE_SIMULATOR_APP_KEY,
    lenderName: parsed.VITE_LENDER_NAME,
    cardGateway: {
      scriptUrl:
        parsed.VITE_CARD_GATEWAY_SCRIPT_URL ??
        cardGatewayScriptUrl({
          useEmulators,
          emulatorHost: parsed.VITE_EMULATOR_HOST,
          projectId: parsed.VITE_FIREBASE_PROJECT_ID,
          isProductionLike: environment === 'prod' || environment === 'restore',
        }),
      apiLoginId: parsed.VITE_CARD_GATEWAY_LOGIN_ID,
      clientKey: parsed.VITE_CARD_GATEWAY_CLIENT_KEY,
    },
  };
}

// The browser's config is read here when the app is built: vite.config.ts calls readConfig with the build's
// environment and writes the result into the code (./builtConfig.ts), so the page checks nothing at start-up and its
// start-up code carries no schema library (docs/benchmarks.md §1).
