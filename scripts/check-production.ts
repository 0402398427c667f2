// Checks a production configuration offline, before a deploy (docs/deploy.md): `npm run check:production -- <env
// file> [<env file> …] [--strict]`. The files are dotenv files (the app's VITE_* build settings and the functions'
// settings may be in one file or several; later files win). It prints one line per problem and exits 1 when there is
// any, 0 when the configuration is complete; it never reads a secret's value (secrets live in Secret Manager) and
// refuses a file that holds one.
//
// The rules are the code's own, so they cannot drift: the functions' production rule and provider settings
// (functions/src/platform/environmentRules.ts: a provider unset or 'sandbox', APP_URL), each adapter's settings and secrets
// (cardGatewayAuthorizeNet.ts, crmSalesforceConfig.ts, mailSmtpConfig.ts in functions/src/providers) and the app's
// env schema and defaults (src/app/config.ts
// readConfig): a value left at a default is a sandbox or demo value there (the demo- project, demo-api-key, the
// sandbox card keys and simulator key, the demo admin console).
//
// A provider whose chosen implementation this code does not have yet (every provider but the card gateway, the CRM
// and mail keeps only its sandbox today; docs/deploy.md says what each adapter must implement) is a warning, and a problem with --strict.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { PROVIDER_SETTINGS, reviewEnvironment, SANDBOX, type ProviderSetting } from '../functions/src/platform/environmentRules';
import { AUTHORIZE_NET_PROVIDER, AUTHORIZE_NET_SECRETS, authorizeNetOptionsFrom } from '../functions/src/billing/cardGatewayAuthorizeNet';
import { readSalesforceConfig, SALESFORCE_PROVIDER, SALESFORCE_SETTINGS, type DeploymentSetting } from '../functions/src/providers/crmSalesforceConfig';
import { readSmtpConfig, SMTP_PROVIDER, SMTP_SETTINGS } from '../functions/src/providers/mailSmtpConfig';
import { CARD_GATEWAY_PRODUCTION_SCRIPT_URL, readConfig } from '../src/app/config';
import { SIMULATOR_SANDBOX_APP_KEY } from '../src/domain/scoreSimulator';

export type Env = Record<string, string | undefined>;

interface Adapter {
  /** The Secret Manager secrets it reads with these settings (bound with defineSecret). */
  secrets(env: Env): string[];
  /** Its non-secret settings' problems in production. */
  problems(env: Env): string[];
}

/**
 * An adapter described by its settings list (the CRM's and mail's): each required plain setting unset is a problem,
 * then its own reader checks the values, with a placeholder of the right shape for each secret (the file never holds
 * a secret's value).
 */
function settingsAdapter(settings: readonly DeploymentSetting[], read: (env: Env) => unknown, placeholders: Env, extra: (env: Env) => string[] = () => []): Adapter {
  return {
    secrets: (env) =>
      settings.filter((setting) => setting.secret && (setting.required || (setting.name === 'SMTP_PASSWORD' && isSet(env, 'SMTP_USER')))).map((setting) => setting.name),
    problems(env) {
      const unset = settings.filter((setting) => !setting.secret && setting.required && !isSet(env, setting.name));
      if (unset.length > 0) return unset.map((setting) => `${setting.name} is unset (${setting.description})`);
      try {
        read({ ...env, ...placeholders });
      } catch (error) {
        // The readers name every problem in one message ("MAIL_PROVIDER=smtp needs its settings: A; B."): one line each.
        const message = error instanceof Error ? error.message : String(error);
        return message.replace(/^[A-Z_]+=[\w-]+ needs its settings: /, '').replace(/\.$/, '').split('; ');
      }
      return extra(env);
    },
  };
}

/** A placeholder for each secret's value: the file never holds it, the adapter's other rules still run. */
const SECRET_PLACEHOLDERS: Env = { AUTHORIZE_NET_API_LOGIN_ID: 'SecretManager', AUTHORIZE_NET_TRANSACTION_KEY: 'SecretManager000' };

/** The production adapters this code has, per provider setting (the sandbox is never one). */
export const ADAPTERS: Partial<Record<ProviderSetting, Record<string, Adapter>>> = {
  CARD_GATEWAY_PROVIDER: {
    [AUTHORIZE_NET_PROVIDER]: {
      secrets: () => AUTHORIZE_NET_SECRETS.map((secret) => secret.name),
      problems(env) {
        const settings = authorizeNetOptionsFrom({ ...env, ...SECRET_PLACEHOLDERS }, true);
        return settings.ok ? [] : settings.problems;
      },
    },
  },
  CRM_PROVIDER: {
    [SALESFORCE_PROVIDER]: settingsAdapter(
      SALESFORCE_SETTINGS,
      readSalesforceConfig,
      { SALESFORCE_CONSUMER_KEY: 'secret-manager', SALESFORCE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----' },
      (env) =>
        /^https:\/\/test\.salesforce\.com\/?$/.test(env.SALESFORCE_LOGIN_URL?.trim() ?? '')
          ? ['SALESFORCE_LOGIN_URL is https://test.salesforce.com, a Salesforce sandbox org']
          : [],
    ),
  },
  MAIL_PROVIDER: {
    [SMTP_PROVIDER]: settingsAdapter(SMTP_SETTINGS, readSmtpConfig, { SMTP_PASSWORD: 'secret-manager' }),
  },
};

/** The app's sandbox and demo values, which a production build must not keep (src/app/config.ts's defaults). */
const DEMO_API_KEY = 'demo-api-key';
const SANDBOX_CARD_LOGIN_ID = 'sandbox-login';
const SANDBOX_CARD_CLIENT_KEY = 'sandbox-client-key';
const DEMO_ADMIN_CONSOLE = 'https://admin.demo.test';
const AUTHORIZE_NET_TEST_SCRIPT_ORIGIN = 'https://jstest.authorize.net';

export interface CheckResult {
  problems: string[];
  warnings: string[];
  /** The secrets the chosen providers read from Secret Manager. */
  secrets: string[];
}

const isSet = (env: Env, key: string) => (env[key]?.trim() ?? '') !== '';

export function checkProduction(env: Env, options: { strict?: boolean } = {}): CheckResult {
  const problems: string[] = [];
  const warnings: string[] = [];
  const secrets: string[] = [];

  // --- the project
  const projectId = env.GCLOUD_PROJECT?.trim() || env.VITE_FIREBASE_PROJECT_ID?.trim() || undefined;
  if (!projectId) problems.push('VITE_FIREBASE_PROJECT_ID is unset (the Firebase project to deploy to)');
  else if (projectId.startsWith('demo-')) problems.push(`VITE_FIREBASE_PROJECT_ID is '${projectId}', a demo- project (the local emulators), not a production one`);
  if (isSet(env, 'GCLOUD_PROJECT') && isSet(env, 'VITE_FIREBASE_PROJECT_ID') && env.GCLOUD_PROJECT?.trim() !== env.VITE_FIREBASE_PROJECT_ID?.trim()) {
    problems.push(`GCLOUD_PROJECT '${env.GCLOUD_PROJECT?.trim()}' is not VITE_FIREBASE_PROJECT_ID '${env.VITE_FIREBASE_PROJECT_ID?.trim()}'`);
  }
  const appEnv = env.APP_ENV?.trim();
  if (appEnv && appEnv !== 'prod' && appEnv !== 'restore') problems.push(`APP_ENV is '${appEnv}': production is prod (or restore)`);

  // --- the functions: the same review that stops them from starting (as a production project sees it)
  const review = reviewEnvironment({ ...env, APP_ENV: appEnv || 'prod', GCLOUD_PROJECT: projectId ?? 'unset-project' });
  problems.push(...review.invalid, ...review.refusedInProduction);
  if (!isSet(env, 'WEB_API_KEY') || env.WEB_API_KEY?.trim() === DEMO_API_KEY) {
    problems.push('WEB_API_KEY is unset (the functions call the Identity Toolkit with the project’s Web API key; the default is the emulators’)');
  }

  // --- each provider: a real adapter, configured
  for (const setting of PROVIDER_SETTINGS) {
    const name = env[setting]?.trim();
    if (!name || name === SANDBOX) continue; // already a problem above
    const adapters = ADAPTERS[setting] ?? {};
    const adapter = adapters[name];
    if (!adapter) {
      const known = Object.keys(adapters);
      const message = `${setting} is '${name}', which this code has no adapter for (${known.length > 0 ? `known: ${known.join(', ')}` : 'only the sandbox exists; docs/deploy.md says what an adapter must implement'})`;
      if (known.length > 0 || options.strict) problems.push(message);
      else warnings.push(message);
      continue;
    }
    problems.push(...adapter.problems(env).map((problem) => `${setting}=${name}: ${problem}`));
    for (const secret of adapter.secrets(env)) {
      secrets.push(secret);
      if (isSet(env, secret)) problems.push(`${secret} is a secret: keep it in Secret Manager (firebase functions:secrets:set ${secret}), not in an env file`);
    }
  }

  // --- the app's build settings (src/app/config.ts), as a production build reads them
  const required: [string, string][] = [
    ['VITE_FIREBASE_API_KEY', 'the project’s Web API key'],
    ['VITE_FIREBASE_APP_ID', 'the web app’s id, which App Check and Analytics need'],
    // src/app/appCheckConfig.ts: production callables require App Check (functions/src/callable/callableOptions.ts).
    ['VITE_APP_CHECK_SITE_KEY', 'the reCAPTCHA Enterprise site key for App Check, which every production callable requires'],
    ['VITE_CARD_GATEWAY_LOGIN_ID', 'the card gateway’s public API login id'],
    ['VITE_CARD_GATEWAY_CLIENT_KEY', 'the card gateway’s public client key'],
    ['VITE_SIMULATOR_APP_KEY', 'the score-simulator vendor’s app key'],
    ['VITE_ADMIN_CONSOLE_ORIGIN', 'the admin console’s address'],
    ['VITE_SUPPORT_PHONE', 'the customer-service phone'],
  ];
  for (const [key, what] of required) if (!isSet(env, key)) problems.push(`${key} is unset (${what})`);
  if (isSet(env, 'VITE_APP_CHECK_DEBUG_TOKEN')) problems.push('VITE_APP_CHECK_DEBUG_TOKEN is set: a debug token in a production build passes App Check from any script');
  let config: ReturnType<typeof readConfig> | undefined;
  try {
    config = readConfig({ ...env, DEV: false });
  } catch (error) {
    const issues = (error as { issues?: { path: PropertyKey[]; message: string; pattern?: string }[] }).issues;
    if (!issues) throw error;
    // A pattern's message depends on the zod locale loaded; the pattern itself says it plainly.
    problems.push(...issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.pattern ? `must match ${issue.pattern}` : `is invalid: ${issue.message}`}`));
  }
  if (config) {
    if (!config.isProductionLike) problems.push(`VITE_ENV is '${config.environment}': a production build is prod (or restore)`);
    if (config.useEmulators) problems.push('the app would connect to the local emulators (VITE_USE_EMULATORS or a demo- project)');
    if (isSet(env, 'VITE_FIREBASE_API_KEY') && config.firebase.apiKey === DEMO_API_KEY) problems.push(`VITE_FIREBASE_API_KEY is '${DEMO_API_KEY}', the emulators’ key`);
    if (isSet(env, 'VITE_CARD_GATEWAY_LOGIN_ID') && config.cardGateway.apiLoginId === SANDBOX_CARD_LOGIN_ID) problems.push(`VITE_CARD_GATEWAY_LOGIN_ID is '${SANDBOX_CARD_LOGIN_ID}', the card sandbox’s`);
    if (isSet(env, 'VITE_CARD_GATEWAY_CLIENT_KEY') && config.cardGateway.clientKey === SANDBOX_CARD_CLIENT_KEY) problems.push(`VITE_CARD_GATEWAY_CLIENT_KEY is '${SANDBOX_CARD_CLIENT_KEY}', the card sandbox’s`);
    if (isSet(env, 'VITE_SIMULATOR_APP_KEY') && config.simulatorAppKey === SIMULATOR_SANDBOX_APP_KEY) problems.push(`VITE_SIMULATOR_APP_KEY is '${SIMULATOR_SANDBOX_APP_KEY}', the simulator sandbox’s`);
    if (isSet(env, 'VITE_ADMIN_CONSOLE_ORIGIN') && config.adminConsoleOrigin === DEMO_ADMIN_CONSOLE) problems.push(`VITE_ADMIN_CONSOLE_ORIGIN is ${DEMO_ADMIN_CONSOLE}, the demo console`);
    const scriptOrigin = new URL(config.cardGateway.scriptUrl).origin;
    if (env.CARD_GATEWAY_PROVIDER?.trim() === AUTHORIZE_NET_PROVIDER && config.cardGateway.scriptUrl !== CARD_GATEWAY_PRODUCTION_SCRIPT_URL) {
      problems.push(
        scriptOrigin === AUTHORIZE_NET_TEST_SCRIPT_ORIGIN
          ? `VITE_CARD_GATEWAY_SCRIPT_URL is Authorize.net's test script (${config.cardGateway.scriptUrl}); production loads ${CARD_GATEWAY_PRODUCTION_SCRIPT_URL}`
          : `VITE_CARD_GATEWAY_SCRIPT_URL is ${config.cardGateway.scriptUrl}; Authorize.net's production script is ${CARD_GATEWAY_PRODUCTION_SCRIPT_URL}`,
      );
    }
    if (config.cardGateway.scriptUrl.includes('cardGatewaySandbox')) problems.push('VITE_CARD_GATEWAY_SCRIPT_URL is the card sandbox’s script');
  }
  if (isSet(env, 'APP_URL') && isSet(env, 'VITE_ADMIN_CONSOLE_ORIGIN') && env.APP_URL?.trim() === env.VITE_ADMIN_CONSOLE_ORIGIN?.trim()) {
    warnings.push('APP_URL and VITE_ADMIN_CONSOLE_ORIGIN are the same address');
  }

  return { problems: [...new Set(problems)], warnings, secrets };
}

/** The merged settings of dotenv files (later files win). */
export function readEnvFiles(paths: string[]): Env {
  return Object.assign({}, ...paths.map((path) => parseEnv(readFileSync(path, 'utf8')))) as Env;
}

export function main(argv: string[], out: (line: string) => void = console.log): number {
  const strict = argv.includes('--strict');
  const files = argv.filter((arg) => arg !== '--strict');
  if (files.length === 0) {
    out('usage: npm run check:production -- <env file> [<env file> …] [--strict]   (docs/production.env.example is a complete example)');
    return 2;
  }
  let env: Env;
  try {
    env = readEnvFiles(files);
  } catch (error) {
    out(`check-production: cannot read ${files.join(', ')}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const result = checkProduction(env, { strict });
  for (const problem of result.problems) out(`  ✗ ${problem}`);
  for (const warning of result.warnings) out(`  ! ${warning}`);
  if (result.secrets.length > 0) {
    out(`  Secret Manager must hold: ${result.secrets.join(', ')} (firebase functions:secrets:set NAME; see docs/deploy.md)`);
  }
  out(
    result.problems.length > 0
      ? `check-production: failed, ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${files.join(', ')}`
      : `check-production: passed (${files.join(', ')})${result.warnings.length > 0 ? `, ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` : ''}`,
  );
  return result.problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
