// The rules of the functions' deployment environment, free of side effects so that scripts/check-production.ts can
// run them over a production env file offline; environment.ts applies them to this process when it loads (and so
// when the functions start: the Functions emulator, a deployed instance and `firebase deploy`'s discovery all load
// index.ts).
//
// Production is APP_ENV=prod (or restore), or any Google Cloud project whose id does not start with `demo-` (the
// local emulators run the demo project demo-credit-readiness; a demo project cannot reach any real service), or a
// project that cannot be told at all. In production every outside service must be configured with a real
// provider and APP_URL must be the app's https address: a missing or 'sandbox' setting stops the functions from
// starting, with one message naming every such setting, instead of silently faking e-signatures, credit data,
// bank links, the CRM and mail. Outside production the sandboxes stay the default, so a fresh clone runs on the
// emulators with no settings at all.
import { z } from 'zod/mini';
import { ENVIRONMENTS } from '../../../src/domain/flags';

/** The settings that choose an outside service's implementation (providers/index.ts). */
export const PROVIDER_SETTINGS = [
  'CRM_PROVIDER',
  'MAIL_PROVIDER',
  'ESIGN_PROVIDER',
  'CREDIT_DATA_PROVIDER',
  'BANK_LINK_PROVIDER',
  'KBA_PROVIDER',
  'BUREAU_RESPONSE_PROVIDER',
  'CARD_GATEWAY_PROVIDER',
  'CONTENT_PROVIDER',
  'IDENTITY_PROTECTION_PROVIDER',
] as const;
export type ProviderSetting = (typeof PROVIDER_SETTINGS)[number];

/** The embedded implementation of every provider, with realistic fake data; never allowed in production. */
export const SANDBOX = 'sandbox';

/** Where links point outside production when APP_URL is unset: the Vite dev server of `npm start`. */
export const LOCAL_APP_URL = 'http://127.0.0.1:5173';

const PRODUCTION_APP_ENVS: readonly string[] = ['prod', 'restore'];

const providerName = z.string().check(z.regex(/^[a-z][a-z0-9_-]*$/, 'must be a provider name such as sandbox (lower case)'));

const schema = z.object({
  APP_ENV: z.optional(z.enum(ENVIRONMENTS, `must be one of ${ENVIRONMENTS.join(', ')}`)),
  GCLOUD_PROJECT: z.optional(z.string()),
  GOOGLE_CLOUD_PROJECT: z.optional(z.string()),
  FIREBASE_CONFIG: z.optional(z.string()),
  APP_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' })),
  CRM_PROVIDER: z.optional(providerName),
  MAIL_PROVIDER: z.optional(providerName),
  ESIGN_PROVIDER: z.optional(providerName),
  CREDIT_DATA_PROVIDER: z.optional(providerName),
  BANK_LINK_PROVIDER: z.optional(providerName),
  KBA_PROVIDER: z.optional(providerName),
  BUREAU_RESPONSE_PROVIDER: z.optional(providerName),
  CARD_GATEWAY_PROVIDER: z.optional(providerName),
  CONTENT_PROVIDER: z.optional(providerName),
  IDENTITY_PROTECTION_PROVIDER: z.optional(providerName),
});
type Settings = z.infer<typeof schema>;

export interface FunctionsEnvironment {
  /** True in production (see the top of this file): no sandbox, every setting required. */
  production: boolean;
  /** Why this counts as production or not, for messages. */
  reason: string;
  projectId: string | undefined;
  /** The app's address, without a trailing slash (links in emails, the e-sign return address). */
  appUrl: string;
  /** The implementation chosen per outside service; 'sandbox' only outside production. */
  providers: Readonly<Record<ProviderSetting, string>>;
}

export class EnvironmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvironmentError';
  }
}

/** FIREBASE_CONFIG is JSON ({ projectId, ... }) on deployed functions and in the emulator. */
function projectIdFromFirebaseConfig(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const parsed = z.object({ projectId: z.string() }).safeParse(JSON.parse(value));
    return parsed.success && parsed.data.projectId ? parsed.data.projectId : undefined;
  } catch {
    return undefined;
  }
}

function productionRule(settings: Pick<Settings, 'APP_ENV'>, projectId: string | undefined): { production: boolean; reason: string } {
  if (settings.APP_ENV && PRODUCTION_APP_ENVS.includes(settings.APP_ENV)) return { production: true, reason: `APP_ENV is '${settings.APP_ENV}'` };
  if (projectId === undefined) return { production: true, reason: 'no project id is set (GCLOUD_PROJECT), so it cannot be a demo project' };
  if (!projectId.startsWith('demo-')) return { production: true, reason: `project '${projectId}' is not a demo- project` };
  return { production: false, reason: `project '${projectId}' is a demo project (local emulators)` };
}

/** The settings' problems, one message each (readEnvironment's checks; scripts/check-production.ts reports them too). */
export interface EnvironmentReview {
  production: boolean;
  reason: string;
  projectId: string | undefined;
  /** Values that are not valid anywhere ('APP_URL must be an http(s) URL …'). */
  invalid: string[];
  /** What production refuses: a provider unset or 'sandbox', APP_URL unset or not https (empty outside production). */
  refusedInProduction: string[];
  settings: Settings | undefined;
}

/** Checks the settings without throwing. Unset and empty variables count as unset. */
export function reviewEnvironment(env: Record<string, string | undefined>): EnvironmentReview {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) raw[key] = env[key]?.trim() || undefined;
  const parsed = schema.safeParse(raw);
  const invalid = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // The production rule still applies when a value is invalid: it depends on APP_ENV and the project only.
  const settings = parsed.success ? parsed.data : undefined;
  const projectEnv = { APP_ENV: ENVIRONMENTS.find((name) => name === raw.APP_ENV), GCLOUD_PROJECT: raw.GCLOUD_PROJECT, GOOGLE_CLOUD_PROJECT: raw.GOOGLE_CLOUD_PROJECT };
  const projectId = projectEnv.GCLOUD_PROJECT ?? projectEnv.GOOGLE_CLOUD_PROJECT ?? projectIdFromFirebaseConfig(raw.FIREBASE_CONFIG);
  const { production, reason } = productionRule(projectEnv, projectId);

  const refusedInProduction: string[] = [];
  if (production) {
    for (const name of PROVIDER_SETTINGS) {
      const value = raw[name];
      if (value === undefined) refusedInProduction.push(`${name} is unset`);
      else if (value === SANDBOX) refusedInProduction.push(`${name} is '${SANDBOX}'`);
    }
    if (raw.APP_URL === undefined) refusedInProduction.push('APP_URL is unset');
    else if (settings?.APP_URL !== undefined && new URL(settings.APP_URL).protocol !== 'https:') refusedInProduction.push('APP_URL is not an https address');
  }
  return { production, reason, projectId, invalid, refusedInProduction, settings };
}

/**
 * Reads and checks the settings. Unset and empty variables count as unset. Throws an EnvironmentError naming every
 * invalid, missing or forbidden setting.
 */
export function readEnvironment(env: Record<string, string | undefined>): FunctionsEnvironment {
  const review = reviewEnvironment(env);
  const { settings, production, reason, projectId } = review;
  if (review.invalid.length > 0 || !settings) throw new EnvironmentError(`Invalid functions settings: ${review.invalid.join('; ')}.`);
  if (review.refusedInProduction.length > 0) {
    throw new EnvironmentError(
      `Refusing to start the functions in production (${reason}): ${review.refusedInProduction.join(', ')}. ` +
        `Production needs a real (non-sandbox) provider in each of ${PROVIDER_SETTINGS.join(', ')} and APP_URL set to the ` +
        "app's https address; the sandboxes run only on demo- projects (the local emulators).",
    );
  }

  const providers = Object.fromEntries(PROVIDER_SETTINGS.map((name) => [name, settings[name] ?? SANDBOX])) as Record<ProviderSetting, string>;
  return Object.freeze({
    production,
    reason,
    projectId,
    appUrl: (settings.APP_URL ?? LOCAL_APP_URL).replace(/\/+$/, ''),
    providers: Object.freeze(providers),
  });
}

/**
 * Which sandbox HTTP pages exist: a sandbox's page only while that sandbox is the chosen provider, never in
 * production. index.ts exports a page only when it is on here, so no other deployment has the endpoint at all.
 */
export function sandboxPages(environment: FunctionsEnvironment): {
  esignSandbox: boolean;
  bankLinkSandbox: boolean;
  creditSimulatorSandbox: boolean;
  identityWidgetSandbox: boolean;
} {
  const inUse = (setting: ProviderSetting) => !environment.production && environment.providers[setting] === SANDBOX;
  // The score simulator widget belongs to the credit data vendor (its display tokens name the vendor's report).
  return {
    esignSandbox: inUse('ESIGN_PROVIDER'),
    bankLinkSandbox: inUse('BANK_LINK_PROVIDER'),
    creditSimulatorSandbox: inUse('CREDIT_DATA_PROVIDER'),
    identityWidgetSandbox: inUse('IDENTITY_PROTECTION_PROVIDER'),
  };
}
