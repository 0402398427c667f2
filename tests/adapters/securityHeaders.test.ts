// What a production build and its hosting send to the browser: firebase.json's security headers, the meta
// Content-Security-Policy that allows index.html's one inline script by its hash (vite.config.ts,
// startupPreloadPlugin), no source maps, and a build without VITE_ENV being prod.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, IndexHtmlTransformHook, Rolldown, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { CARD_GATEWAY_PRODUCTION_SCRIPT_URL, ProductionConfigError, readConfig } from '../../src/app/config';
import viteConfig, { cardGatewayOrigin, RECAPTCHA_SCRIPT_SOURCES, startupPreloadPlugin } from '../../vite.config';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface HostingHeaders {
  source: string;
  headers: Array<{ key: string; value: string }>;
}
const firebaseJson = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting?: { public?: string; rewrites?: Array<{ source: string; destination: string }>; headers?: HostingHeaders[] };
};

/** The headers hosting sends with every path (source "**"). */
function headersForAllRoutes(): Map<string, string> {
  const all = (firebaseJson.hosting?.headers ?? []).find((entry) => entry.source === '**');
  return new Map((all?.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]));
}

/** A policy's directives: name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** A real project's production settings: every value a production build must set (src/app/config.ts). */
const REAL_PROJECT = {
  VITE_FIREBASE_PROJECT_ID: 'real-project',
  VITE_USE_EMULATORS: 'false',
  VITE_FIREBASE_API_KEY: 'AIza-real-key',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_SIMULATOR_APP_KEY: 'vendor-app-key',
  VITE_CARD_GATEWAY_LOGIN_ID: 'RealLogin',
  VITE_CARD_GATEWAY_CLIENT_KEY: 'RealClientKey',
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('firebase.json hosting', () => {
  it('serves the built app as a single-page app', () => {
    expect(firebaseJson.hosting?.public).toBe('dist');
    expect(firebaseJson.hosting?.rewrites).toContainEqual({ source: '**', destination: '/index.html' });
  });

  it('sends a Content-Security-Policy on every route that no other site can frame and that loads no plugins', () => {
    const policy = headersForAllRoutes().get('content-security-policy');
    expect(policy).toBeDefined();
    const csp = directives(policy!);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    // The app talks to Firebase Auth, Firestore, Storage (*.googleapis.com) and its callables (*.cloudfunctions.net).
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.cloudfunctions.net']));
    // No emulator address in what production sends.
    expect(policy).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('lets the documents locker convert HEIC photos in production as it does in the meta policy (a blob: worker that evaluates its decoder)', () => {
    // Both policies apply in the cloud and the stricter wins: without these the conversion would work under
    // `npm start` and fail on Firebase Hosting.
    const csp = directives(headersForAllRoutes().get('content-security-policy')!);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('script-src')).toContain("'unsafe-eval'");
  });

  it("lets the payment form load the card provider's production script and reach its token endpoint, and no other host", () => {
    const csp = directives(headersForAllRoutes().get('content-security-policy')!);
    const production = readConfig(REAL_PROJECT);
    expect(production.cardGateway.scriptUrl).toBe(CARD_GATEWAY_PRODUCTION_SCRIPT_URL);
    // script-src: 'self', the provider's script origin, Google's gapi (Firebase Auth's single sign-on popup),
    // reCAPTCHA Enterprise (App Check), and the inline/eval allowances the meta policy narrows.
    expect(csp.get('script-src')).toEqual([
      "'self'",
      new URL(CARD_GATEWAY_PRODUCTION_SCRIPT_URL).origin,
      'https://apis.google.com',
      ...RECAPTCHA_SCRIPT_SOURCES.split(' '),
      "'unsafe-inline'",
      "'unsafe-eval'",
    ]);
    // connect-src: Firebase, the callables and the provider's token endpoint (Accept.js posts the card fields there).
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.googleapis.com', 'https://*.cloudfunctions.net', 'https://api2.authorize.net']);
  });

  it('frames only what the app frames: its own pages, Firebase Auth’s helper, the functions’ widget pages (outside production) and reCAPTCHA, never any https: page', () => {
    const csp = directives(headersForAllRoutes().get('content-security-policy')!);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://*.firebaseapp.com',
      'https://*.web.app',
      'https://*.cloudfunctions.net',
      'https://www.google.com',
      'https://recaptcha.google.com',
    ]);
  });

  it('sends Referrer-Policy, X-Content-Type-Options and Permissions-Policy on every route', () => {
    const headers = headersForAllRoutes();
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });
});

/** A bundle as Rolldown hands it to transformIndexHtml: an entry chunk and the two preloaded route chunks. */
function fakeBundle(): Record<string, Rolldown.OutputChunk> {
  const chunk = (fileName: string, isEntry: boolean, facadeModuleId: string | null, imports: string[] = []) =>
    ({ type: 'chunk', fileName, isEntry, facadeModuleId, imports }) as unknown as Rolldown.OutputChunk;
  const chunks = [
    chunk('assets/startup-a.js', true, '/app/src/main.tsx', ['assets/vendor-b.js']),
    chunk('assets/vendor-b.js', false, null),
    chunk('assets/sign-in-c.js', false, '/app/src/app/account/SignInRoute.tsx', ['assets/vendor-b.js']),
    chunk('assets/SignUpRoute-d.js', false, '/app/src/app/account/SignUpRoute.tsx', ['assets/sign-in-c.js']),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const EMULATOR_GATEWAY_ORIGIN = 'http://127.0.0.1:5001';

async function injectedTags(options: Parameters<typeof startupPreloadPlugin>[0] = {}): Promise<HtmlTagDescriptor[]> {
  const plugin = startupPreloadPlugin({ cardGatewayOrigin: EMULATOR_GATEWAY_ORIGIN, ...options });
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  const context = { path: '/index.html', filename: 'index.html', bundle: fakeBundle() } as unknown as IndexHtmlTransformContext;
  return (await hook.handler.call({} as never, '<html><head></head><body></body></html>', context)) as HtmlTagDescriptor[];
}

describe('index.html: the inline start-up script runs under a hash-based script policy', () => {
  it('the plugin puts a meta CSP first in <head> whose hash is that of the script it inlines', async () => {
    const tags = await injectedTags();
    const meta = tags.find((tag) => tag.tag === 'meta');
    const script = tags.find((tag) => tag.tag === 'script');
    expect(meta?.injectTo).toBe('head-prepend');
    expect(meta?.attrs?.['http-equiv']).toBe('Content-Security-Policy');
    expect(typeof script?.children).toBe('string');
    const csp = directives(String(meta?.attrs?.content));
    // Inline: only the hashed script. 'unsafe-eval' and blob: workers are for the documents locker's HEIC decoder
    // (heic2any runs libheif in a blob: worker that builds functions at start-up; the worker inherits this policy).
    // And the card provider's script origin, exactly (the payment form).
    expect(csp.get('script-src')).toEqual([
      "'self'",
      EMULATOR_GATEWAY_ORIGIN,
      'https://apis.google.com',
      ...RECAPTCHA_SCRIPT_SOURCES.split(' '),
      sha256(script!.children as string),
      "'unsafe-eval'",
    ]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The meta policy says nothing about connections: the emulators (127.0.0.1) stay reachable in local builds.
    expect(csp.has('connect-src')).toBe(false);
  });

  it('the plugin writes the sign-in page, rendered from its view, into the page in each language, outside the hashed script', async () => {
    const appConfig = JSON.stringify(readConfig({ VITE_ENV: 'emulator' }));
    const tags = await injectedTags({ signInPage: { siteType: 'Customer', apiKey: 'demo-api-key', maintenanceUrl: 'http://127.0.0.1:8080/m', appConfig } });
    const templates = tags.filter((tag) => tag.tag === 'template');
    expect(templates.map((tag) => [tag.attrs?.id, tag.injectTo])).toEqual([
      ['startup-page-en', 'body-prepend'],
      ['startup-page-es', 'body-prepend'],
    ]);
    const [en, es] = templates.map((tag) => String(tag.children));
    // The page's heading (the greeting), its labelled fields and its submit button, in each language.
    expect(en).toMatch(/<h1[^>]*>Good morning<\/h1>/);
    expect(en).toContain('>Email<');
    expect(en).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Sign in/);
    expect(es).toMatch(/<h1[^>]*>Buenos días<\/h1>/);
    expect(es).toContain('>Correo electrónico<');
    const script = String(tags.find((tag) => tag.tag === 'script')?.children);
    expect(script).not.toContain('Good morning<');
    expect(script).toContain('"templates":{"en":{"id":"startup-page-en"');
    expect(script).toContain('firebase:authUser:demo-api-key:[DEFAULT]');
  }, 30_000);

  // The real build's output, when `vite build` has been run with this plugin (npm test builds before e2e).
  const built = path.join(ROOT, 'dist', 'index.html');
  const html = existsSync(built) ? readFileSync(built, 'utf8') : '';
  const metaMatch = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/.exec(html);
  it.skipIf(!metaMatch)('dist/index.html: the meta comes before any script and its hash matches the inline script', () => {
    const policy = metaMatch![1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const scriptSrc = directives(policy).get('script-src')!;
    // 'self', the card provider's origin, Google's gapi and reCAPTCHA's two paths (no wildcard), the inline
    // script's hash, 'unsafe-eval'.
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.slice(-2)).toEqual([sha256(inline[0]!), "'unsafe-eval'"]);
    expect(scriptSrc.slice(1, -2).every((source) => /^https?:\/\/[^*/]+(\/[^*]*)?$/.test(source))).toBe(true);
    expect(scriptSrc.length).toBeLessThanOrEqual(7);
    expect(html.indexOf('<meta http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  });
});

describe("the card provider's script origin in the page's policy", () => {
  it('is the functions emulator for a local build, the vendor for production, a configured script otherwise', () => {
    expect(cardGatewayOrigin('build', 'production', { VITE_ENV: 'emulator' })).toBe('http://127.0.0.1:5001');
    expect(cardGatewayOrigin('build', 'production', REAL_PROJECT)).toBe(
      'https://js.authorize.net',
    );
    expect(
      cardGatewayOrigin('build', 'production', { VITE_CARD_GATEWAY_SCRIPT_URL: 'https://jstest.authorize.net/v1/Accept.js' }),
    ).toBe('https://jstest.authorize.net');
    expect(
      readConfig({ VITE_FIREBASE_PROJECT_ID: 'stage-project', VITE_USE_EMULATORS: 'false', VITE_ENV: 'stage' }).cardGateway.scriptUrl,
    ).toBe('https://us-west4-stage-project.cloudfunctions.net/cardGatewaySandbox/v1/Accept.js');
    expect(readConfig({}).cardGateway).toMatchObject({ apiLoginId: 'sandbox-login', clientKey: 'sandbox-client-key' });
  });
});

describe('production build', () => {
  it('ships no source maps', () => {
    const resolved = (viteConfig as (env: { command: 'build'; mode: string }) => UserConfig)({ command: 'build', mode: 'production' });
    expect(resolved.build?.sourcemap).toBe(false);
  });

  it("refuses a real project's production build that would ship a sandbox value (the build fails, vite.config.ts reads it), and names each setting", () => {
    const { VITE_SIMULATOR_APP_KEY: _key, ...withoutSimulatorKey } = REAL_PROJECT;
    expect(() => readConfig(withoutSimulatorKey)).toThrow(ProductionConfigError);
    expect(() => cardGatewayOrigin('build', 'production', { ...REAL_PROJECT, VITE_CARD_GATEWAY_LOGIN_ID: 'sandbox-login' })).toThrow(
      /VITE_CARD_GATEWAY_LOGIN_ID/,
    );
    const refusal = (() => {
      try {
        readConfig({ VITE_FIREBASE_PROJECT_ID: 'real-project', VITE_USE_EMULATORS: 'false', VITE_ENV: 'restore' });
        return null;
      } catch (error) {
        return error as ProductionConfigError;
      }
    })();
    expect(refusal?.missing).toEqual([
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_APP_ID',
      'VITE_SIMULATOR_APP_KEY',
      'VITE_CARD_GATEWAY_LOGIN_ID',
      'VITE_CARD_GATEWAY_CLIENT_KEY',
    ]);
    // The local builds keep their defaults: a demo project (npm start, the e2e build, the production-build check)
    // and a real project's stage or dev build.
    expect(readConfig({}).cardGateway.apiLoginId).toBe('sandbox-login');
    expect(readConfig({ VITE_FIREBASE_PROJECT_ID: 'stage-project', VITE_USE_EMULATORS: 'false', VITE_ENV: 'stage' }).environment).toBe('stage');
  });

  it('a build without VITE_ENV is prod; the dev server and explicit settings keep theirs', () => {
    expect(readConfig({}).environment).toBe('prod');
    expect(readConfig({}).isProductionLike).toBe(true);
    expect(readConfig({ VITE_ENV: 'emulator' }).environment).toBe('emulator');
    expect(readConfig({ DEV: true }).environment).toBe('emulator');
    expect(readConfig({ DEV: true, VITE_USE_EMULATORS: 'false', VITE_FIREBASE_PROJECT_ID: 'real-project' }).environment).toBe('dev');
  });
});
