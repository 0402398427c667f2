// The settings of the Salesforce CRM adapter (CRM_PROVIDER=salesforce): the connected app's JWT bearer flow (OAuth
// 2.0, server to server: no user interaction, no refresh token) and the REST API version. Secrets are Secret
// Manager secrets bound to the functions (`defineSecret`); Firebase exposes a bound secret to the function as an
// environment variable of the same name, so both kinds are read from the environment here.
import { defineSecret } from 'firebase-functions/params';
import { z } from 'zod/mini';

/** The name CRM_PROVIDER takes for this adapter. */
export const SALESFORCE_PROVIDER = 'salesforce';

/** The REST API version used when SALESFORCE_API_VERSION is unset. */
export const DEFAULT_SALESFORCE_API_VERSION = '62.0';

export interface DeploymentSetting {
  name: string;
  /** A Secret Manager secret (`firebase functions:secrets:set NAME`) rather than a plain environment variable. */
  secret: boolean;
  required: boolean;
  description: string;
}

/** Every setting the adapter reads (scripts/check-production reads this list). */
export const SALESFORCE_SETTINGS: readonly DeploymentSetting[] = [
  {
    name: 'SALESFORCE_LOGIN_URL',
    secret: false,
    required: true,
    description: 'the org\'s login host and the JWT audience: https://login.salesforce.com (https://test.salesforce.com for a sandbox org)',
  },
  { name: 'SALESFORCE_CONSUMER_KEY', secret: true, required: true, description: "the connected app's consumer key (the JWT's iss)" },
  { name: 'SALESFORCE_USERNAME', secret: false, required: true, description: 'the integration user the app acts as (the JWT\'s sub); pre-authorized for the connected app' },
  {
    name: 'SALESFORCE_PRIVATE_KEY',
    secret: true,
    required: true,
    description: "PEM private key whose certificate is uploaded to the connected app ('Use digital signatures'); RS256",
  },
  { name: 'SALESFORCE_API_VERSION', secret: false, required: false, description: `REST API version, e.g. ${DEFAULT_SALESFORCE_API_VERSION} (the default)` },
];

/** The setting names (for scripts/check-production). */
export const SALESFORCE_SETTING_NAMES = SALESFORCE_SETTINGS.map((setting) => setting.name);

/**
 * The secrets as Firebase params, for a function's `secrets: [...]` option. Made on first call, not at import, so
 * the emulators and the sandbox deployments declare no Salesforce secret.
 */
export function salesforceSecrets() {
  return SALESFORCE_SETTINGS.filter((setting) => setting.secret).map((setting) => defineSecret(setting.name));
}

export interface SalesforceConfig {
  /** e.g. https://login.salesforce.com, without a trailing slash: the token endpoint's host and the JWT audience. */
  loginUrl: string;
  consumerKey: string;
  username: string;
  privateKeyPem: string;
  apiVersion: string;
}

const schema = z.object({
  SALESFORCE_LOGIN_URL: z.url({ protocol: /^https?$/, error: 'must be the login URL, e.g. https://login.salesforce.com' }),
  SALESFORCE_CONSUMER_KEY: z.string().check(z.minLength(1)),
  SALESFORCE_USERNAME: z.string().check(z.minLength(1)),
  SALESFORCE_PRIVATE_KEY: z.string().check(z.regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, 'must be a PEM private key')),
  SALESFORCE_API_VERSION: z.optional(z.string().check(z.regex(/^\d{2,3}\.0$/, 'must look like 62.0'))),
});

/** Reads and checks the settings; throws naming every missing or invalid one. */
export function readSalesforceConfig(env: Record<string, string | undefined> = process.env): SalesforceConfig {
  const raw: Record<string, string | undefined> = {};
  for (const { name } of SALESFORCE_SETTINGS) raw[name] = env[name]?.trim() || undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${raw[String(issue.path[0])] === undefined ? 'is unset' : issue.message}`);
    throw new Error(`CRM_PROVIDER=${SALESFORCE_PROVIDER} needs its settings: ${problems.join('; ')}.`);
  }
  const settings = parsed.data;
  return {
    loginUrl: settings.SALESFORCE_LOGIN_URL.replace(/\/+$/, ''),
    consumerKey: settings.SALESFORCE_CONSUMER_KEY,
    username: settings.SALESFORCE_USERNAME,
    // A PEM pasted into a one-line variable keeps its line breaks as \n.
    privateKeyPem: settings.SALESFORCE_PRIVATE_KEY.replace(/\\n/g, '\n'),
    apiVersion: settings.SALESFORCE_API_VERSION ?? DEFAULT_SALESFORCE_API_VERSION,
  };
}
