// `npm run check:production -- <env file>` (scripts/check-production.ts): a production configuration checked
// offline with the code's own rules. It refuses the demo configuration the emulators run (naming everything missing,
// one line each), a sandbox or demo value left in, a secret written into the file and the card vendor's test
// endpoints; it accepts the complete example in docs/production.env.example.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ADAPTERS, checkProduction, main, readEnvFiles, type Env } from '../../scripts/check-production';

vi.hoisted(() => {
  // functions/src/billing/gateway.ts reads the functions' settings when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const EXAMPLE = path.resolve('docs/production.env.example');
const example = (): Env => readEnvFiles([EXAMPLE]);

function run(argv: string[]): { code: number; lines: string[] } {
  const lines: string[] = [];
  const code = main(argv, (line) => lines.push(line));
  return { code, lines };
}

function envFile(contents: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-production-'));
  const file = path.join(dir, 'production.env');
  writeFileSync(file, contents);
  return file;
}

describe('check:production', () => {
  it('accepts the complete example, naming the secrets Secret Manager must hold and warning about adapters not written yet', () => {
    const { code, lines } = run([EXAMPLE]);
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^check-production: passed \(.*production\.env\.example\), \d+ warnings$/);
    expect(lines.filter((line) => line.startsWith('  ✗'))).toEqual([]);
    expect(lines).toContain(
      '  Secret Manager must hold: SALESFORCE_CONSUMER_KEY, SALESFORCE_PRIVATE_KEY, SMTP_PASSWORD, AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY (firebase functions:secrets:set NAME; see docs/deploy.md)',
    );
    expect(lines).toContain(
      "  ! KBA_PROVIDER is 'kba-vendor', which this code has no adapter for (only the sandbox exists; docs/deploy.md says what an adapter must implement)",
    );
  });

  it('with --strict refuses a provider whose adapter does not exist yet', () => {
    const { code, lines } = run([EXAMPLE, '--strict']);
    expect(code).toBe(1);
    expect(lines).toContain(
      "  ✗ ESIGN_PROVIDER is 'esign-vendor', which this code has no adapter for (only the sandbox exists; docs/deploy.md says what an adapter must implement)",
    );
  });

  it('refuses the demo configuration the emulators run, listing everything missing, one line each', () => {
    const { code, lines } = run([envFile('# npm start sets nothing: every default is a demo or sandbox value\n')]);
    expect(code).toBe(1);
    const problems = lines.filter((line) => line.startsWith('  ✗ ')).map((line) => line.slice(4));
    expect(problems).toEqual(
      expect.arrayContaining([
        'VITE_FIREBASE_PROJECT_ID is unset (the Firebase project to deploy to)',
        'CRM_PROVIDER is unset',
        'MAIL_PROVIDER is unset',
        'CARD_GATEWAY_PROVIDER is unset',
        'IDENTITY_PROTECTION_PROVIDER is unset',
        'APP_URL is unset',
        'VITE_CARD_GATEWAY_LOGIN_ID is unset (the card gateway’s public API login id)',
        'VITE_CARD_GATEWAY_CLIENT_KEY is unset (the card gateway’s public client key)',
        'the app would connect to the local emulators (VITE_USE_EMULATORS or a demo- project)',
      ]),
    );
    expect(new Set(problems).size).toBe(problems.length);
    expect(lines.at(-1)).toBe(`check-production: failed, ${problems.length} problems in ${lines.at(-1)?.split(' in ')[1]}`);
  });

  it('refuses the sandboxes and demo values when they are written out', () => {
    const { problems } = checkProduction({
      ...example(),
      VITE_FIREBASE_PROJECT_ID: 'demo-credit-readiness',
      CARD_GATEWAY_PROVIDER: 'sandbox',
      KBA_PROVIDER: 'sandbox',
      VITE_CARD_GATEWAY_LOGIN_ID: 'sandbox-login',
      VITE_CARD_GATEWAY_CLIENT_KEY: 'sandbox-client-key',
      VITE_SIMULATOR_APP_KEY: 'sbx-credit-readiness-simulator',
      VITE_ADMIN_CONSOLE_ORIGIN: 'https://admin.demo.test',
      VITE_FIREBASE_API_KEY: 'demo-api-key',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "VITE_FIREBASE_PROJECT_ID is 'demo-credit-readiness', a demo- project (the local emulators), not a production one",
        "CARD_GATEWAY_PROVIDER is 'sandbox'",
        "KBA_PROVIDER is 'sandbox'",
        "VITE_CARD_GATEWAY_LOGIN_ID is 'sandbox-login', the card sandbox’s",
        "VITE_CARD_GATEWAY_CLIENT_KEY is 'sandbox-client-key', the card sandbox’s",
        "VITE_SIMULATOR_APP_KEY is 'sbx-credit-readiness-simulator', the simulator sandbox’s",
        'VITE_ADMIN_CONSOLE_ORIGIN is https://admin.demo.test, the demo console',
        "VITE_FIREBASE_API_KEY is 'demo-api-key', the emulators’ key",
      ]),
    );
  });

  it('refuses Authorize.net’s test endpoint and test script, an unknown gateway, and a secret written into the file', () => {
    const sandboxVendor = checkProduction({
      ...example(),
      AUTHORIZE_NET_ENVIRONMENT: 'sandbox',
      VITE_CARD_GATEWAY_SCRIPT_URL: 'https://jstest.authorize.net/v1/Accept.js',
      AUTHORIZE_NET_TRANSACTION_KEY: '9aB8cD7eF6gH5iJ4',
    });
    expect(sandboxVendor.problems).toEqual([
      "CARD_GATEWAY_PROVIDER=authorizenet: AUTHORIZE_NET_ENVIRONMENT is 'sandbox' (the vendor's test endpoint)",
      'AUTHORIZE_NET_TRANSACTION_KEY is a secret: keep it in Secret Manager (firebase functions:secrets:set AUTHORIZE_NET_TRANSACTION_KEY), not in an env file',
      "VITE_CARD_GATEWAY_SCRIPT_URL is Authorize.net's test script (https://jstest.authorize.net/v1/Accept.js); production loads https://js.authorize.net/v1/Accept.js",
    ]);
    expect(checkProduction({ ...example(), CARD_GATEWAY_PROVIDER: 'stripe' }).problems).toEqual([
      "CARD_GATEWAY_PROVIDER is 'stripe', which this code has no adapter for (known: authorizenet)",
    ]);
  });

  it('checks the CRM’s and mail’s settings with their adapters’ own readers', () => {
    const { problems } = checkProduction({ ...example(), SALESFORCE_USERNAME: '', SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'no-address' });
    expect(problems).toEqual([
      expect.stringMatching(/^CRM_PROVIDER=salesforce: SALESFORCE_USERNAME is unset \(the integration user/),
      'MAIL_PROVIDER=smtp: MAIL_FROM must be an email address, optionally with a display name',
    ]);
    expect(checkProduction({ ...example(), SALESFORCE_LOGIN_URL: 'https://test.salesforce.com' }).problems).toEqual([
      'CRM_PROVIDER=salesforce: SALESFORCE_LOGIN_URL is https://test.salesforce.com, a Salesforce sandbox org',
    ]);
    expect(checkProduction({ ...example(), SALESFORCE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----x' }).problems).toEqual([
      'SALESFORCE_PRIVATE_KEY is a secret: keep it in Secret Manager (firebase functions:secrets:set SALESFORCE_PRIVATE_KEY), not in an env file',
    ]);
  });

  it('refuses a non-production APP_ENV or VITE_ENV, an http APP_URL and an invalid value, each by name', () => {
    const { problems } = checkProduction({ ...example(), APP_ENV: 'stage', VITE_ENV: 'emulator', APP_URL: 'http://app.example.com', VITE_SUPPORT_PHONE: '555' });
    expect(problems).toEqual([
      "APP_ENV is 'stage': production is prod (or restore)",
      'APP_URL is not an https address',
      'VITE_SUPPORT_PHONE must match /^\\d{3}-\\d{3}-\\d{4}$/',
    ]);
    expect(checkProduction({ ...example(), VITE_ENV: 'dev' }).problems).toEqual(["VITE_ENV is 'dev': a production build is prod (or restore)"]);
  });

  it('knows exactly the card gateways the functions can choose, besides the sandbox', async () => {
    const { CARD_GATEWAY_IMPLEMENTATIONS } = await import('../../functions/src/billing/gateway');
    expect(['sandbox', ...Object.keys(ADAPTERS.CARD_GATEWAY_PROVIDER ?? {})].sort()).toEqual(Object.keys(CARD_GATEWAY_IMPLEMENTATIONS).sort());
  });

  it('merges several env files, later ones winning, and explains its usage without one', () => {
    const build = envFile('VITE_FIREBASE_PROJECT_ID=demo-credit-readiness\n');
    const fixed = envFile('VITE_FIREBASE_PROJECT_ID=credit-readiness-prod\n');
    expect(run([EXAMPLE, build]).code).toBe(1);
    expect(run([EXAMPLE, build, fixed]).code).toBe(0);
    expect(run([])).toEqual({ code: 2, lines: [expect.stringMatching(/^usage: npm run check:production -- <env file>/)] });
    expect(run(['/nonexistent/production.env']).code).toBe(2);
  });
});
