import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, runnerImport, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { ROUTES } from './src/domain/routes';
import { startupPreload, type StartupPagePlan, type StartupPreloadPlan } from './src/app/shell/startupPreload';
import { readConfig } from './src/app/config';
import { configDocumentUrl, restMaintenanceLeavesSiteUp } from './src/adapters/firebase/configDocuments';
import { AUTH_DB, persistedUserKey, probeStoredUser } from './src/adapters/firebase/persistedUser';
import { INITIAL_NAMESPACES, LANGUAGE_STORAGE_KEY, LANGUAGES, NAMESPACES } from './src/i18n/languages';

/**
 * The pages a signed-out visit opens on: their route chunks are fetched alongside the start-up code instead of
 * after it has run (src/app/shell/startupPreload.ts). Paths from the route table (src/domain/routes.ts).
 */
const PRELOADED_ROUTES: Record<string, string> = {
  [ROUTES.signIn]: 'src/app/account/SignInRoute.tsx',
  [ROUTES.signUp]: 'src/app/account/SignUpRoute.tsx',
};

/** reCAPTCHA Enterprise's script sources (App Check's provider in deployed builds), in both script policies. */
export const RECAPTCHA_SCRIPT_SOURCES = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';

/**
 * The page's own script policy, in a meta tag ahead of every script: same-origin scripts and this one inline script
 * (by its hash) only. firebase.json's header policy (frame-ancestors and the rest) allows inline scripts because it
 * cannot know the hash of a build; the browser enforces both policies, so only this script runs inline.
 */
export function inlineScriptPolicy(script: string, cardGatewayOrigin?: string): string {
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  // The payment form loads the card provider's browser script (spec 001 §4): exactly its origin, nothing
  // broader (src/app/config.ts cardGateway.scriptUrl; the functions emulator's sandbox in local builds).
  const gateway = cardGatewayOrigin ? ` ${cardGatewayOrigin}` : '';
  // Single sign-on by popup (spec 000 §4.3): Firebase Auth's popup resolver loads Google's gapi script (for every
  // provider, the Auth emulator included), so https://apis.google.com is the one other script origin allowed.
  // The documents locker converts HEIC photos in the browser (heic2any): its decoder runs in a worker made
  // from a blob: URL, and that worker (which inherits this policy) builds functions at start-up (emscripten's
  // embind), so blob: workers and 'unsafe-eval' are allowed. Only the hashed inline script runs inline.
  // App Check (src/adapters/firebase/appCheck.ts; production refuses a callable without it) loads reCAPTCHA
  // Enterprise's script from Google's two reCAPTCHA paths.
  return `script-src 'self'${gateway} https://apis.google.com ${RECAPTCHA_SCRIPT_SOURCES} 'sha256-${hash}' 'unsafe-eval'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'`;
}

/**
 * Inlines the start-up preload script into index.html, with the built file names of each route's chunks, and the
 * Content-Security-Policy meta tag that allows it.
 */
export function startupPreloadPlugin(
  options: {
    cardGatewayOrigin?: string;
    documents?: string[];
    /** The sign-in page shown before the start-up code has run, for this build's site (src/app/shell/startupPage.tsx). */
    signInPage?: { siteType: string; apiKey: string; maintenanceUrl: string; appConfig: string };
  } = {},
): Plugin {
  let base = '/';
  return {
    name: 'startup-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (!ctx.bundle) return undefined;
        const chunks = Object.values(ctx.bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (start: string[], skip: Set<string>) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file) || skip.has(file)) return;
            seen.add(file);
            byFile.get(file)?.imports.forEach(visit);
          };
          start.forEach(visit);
          return seen;
        };
        const initial = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName), new Set());
        const routes: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(PRELOADED_ROUTES)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
          if (!chunk) throw new Error(`startup-preload: no chunk for ${module}`);
          routes[path] = [...withImports([chunk.fileName], initial)].map((file) => `${base}${file}`);
        }
        const plan: StartupPreloadPlan = {
          loadPath: `${base}locales/{{lng}}/{{ns}}.json`,
          namespaces: [...INITIAL_NAMESPACES],
          languages: [...LANGUAGES],
          fallbackLanguage: 'en',
          languageStorageKey: LANGUAGE_STORAGE_KEY,
          routes,
          documents: options.documents ?? [],
        };
        const templates = options.signInPage ? await renderSignInTemplates(options.signInPage.appConfig) : [];
        if (options.signInPage) plan.page = signInPagePlan(options.signInPage, templates);
        const script = `(${startupPreload.toString()})(${JSON.stringify(plan)}, window, ${probeStoredUser.toString()}, ${restMaintenanceLeavesSiteUp.toString()});`;
        // Both first in <head>, the policy then the script: an inline script that came after the stylesheet would wait
        // for it to download before running, and the page's first requests with it.
        return [
          { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: inlineScriptPolicy(script, options.cardGatewayOrigin) }, injectTo: 'head-prepend' },
          { tag: 'script', children: script, injectTo: 'head-prepend' },
          ...templates.map(({ id, markup }) => ({ tag: 'template', attrs: { id }, children: markup.html, injectTo: 'body-prepend' as const })),
        ];
      },
    },
  };
}

/** The sign-in page's markup in each language, rendered from its view (src/app/shell/startupPage.tsx). */
async function renderSignInTemplates(appConfig: string) {
  const { module } = await runnerImport<typeof import('./src/app/shell/startupPage')>('./src/app/shell/startupPage.tsx', {
    configFile: false,
    logLevel: 'error',
    define: { __APP_CONFIG__: appConfig },
  });
  const texts = (language: string) =>
    Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(new URL(`public/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as object]));
  const resources = Object.fromEntries(LANGUAGES.map((language) => [language, texts(language)]));
  return LANGUAGES.map((language) => ({ language, id: `startup-page-${language}`, markup: module.renderSignInStartupPage(language, resources) }));
}

function signInPagePlan(
  { siteType, apiKey, maintenanceUrl }: { siteType: string; apiKey: string; maintenanceUrl: string },
  templates: Awaited<ReturnType<typeof renderSignInTemplates>>,
): StartupPagePlan {
  return {
    paths: [ROUTES.signIn],
    templates: Object.fromEntries(templates.map(({ language, id, markup }) => [language, { id, texts: markup.texts }])),
    maintenanceUrl,
    siteType,
    storedUser: { database: AUTH_DB.name, version: AUTH_DB.version, store: AUTH_DB.store, key: persistedUserKey(apiKey) },
    // Mantine's default, which the app's provider keeps (src/app/providers.tsx).
    colorScheme: 'light',
  };
}

/**
 * Marks the zod schemas of the forms (src/domain/validationSchemas.ts: each schema built in a call marked pure, nothing
 * else at its top level) as free of side effects, so a chunk that reaches them only through src/domain/validation.ts's
 * re-exports and uses none of them does not load them: the sign-in route (the sign-in page checks its form by hand and
 * does not download zod, docs/benchmarks.md §1).
 */
export function pureFormSchemasPlugin(): Plugin {
  return {
    name: 'pure-form-schemas',
    apply: 'build',
    transform: {
      filter: { id: /src[\\/]domain[\\/]validationSchemas\.ts$/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

// react-router's package exports always resolve to its development build (warnings and their texts included;
// remix-run/react-router#12532, #14102). Production builds take the production build it ships beside it; both
// entries point into the same directory, so react-router-dom and the app share one copy of the router.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The card provider script's origin as the built app will load it (the app's own config, read from this build's env). */
export function cardGatewayOrigin(command: 'build' | 'serve', mode: string, env: Record<string, string> = loadEnv(mode, process.cwd(), 'VITE_')): string {
  return new URL(readConfig({ ...env, DEV: command === 'serve' }).cardGateway.scriptUrl).origin;
}

/** The config/maintenance address the built app reads the maintenance flag from (src/adapters/firebase/configDocuments.ts). */
export function maintenanceDocumentUrl(command: 'build' | 'serve', mode: string, env: Record<string, string> = loadEnv(mode, process.cwd(), 'VITE_')): string {
  const appConfig = readConfig({ ...env, DEV: command === 'serve' });
  return configDocumentUrl({ ...appConfig.firebase, useEmulators: appConfig.useEmulators, emulatorHost: appConfig.emulatorHost }, 'config/maintenance');
}

const appConfigFor = (command: 'build' | 'serve', mode: string) => readConfig({ ...loadEnv(mode, process.cwd(), 'VITE_'), DEV: command === 'serve' });

// The app is a single-page app; the visualizer and the credit area are split into their own chunks by
// route-level lazy imports (see src/app/App.tsx).
export default defineConfig(({ command, mode }) => ({
  // The app's environment, read and validated here once (src/app/config.ts) and written into the code as a constant
  // (src/app/builtConfig.ts): a wrong value fails the build, and the page checks nothing at start-up.
  define: {
    __APP_CONFIG__: JSON.stringify(appConfigFor(command, mode)),
    // The statechart coverage recorder (src/inspect) is a test instrument: not in a production build.
    __RECORD_STATECHART_COVERAGE__: JSON.stringify(!appConfigFor(command, mode).isProductionLike),
  },
  plugins: [
    react(),
    pureFormSchemasPlugin(),
    startupPreloadPlugin({
      cardGatewayOrigin: cardGatewayOrigin(command, mode),
      documents: [maintenanceDocumentUrl(command, mode)],
      signInPage: {
        siteType: appConfigFor(command, mode).siteType,
        apiKey: appConfigFor(command, mode).firebase.apiKey,
        maintenanceUrl: maintenanceDocumentUrl(command, mode),
        appConfig: JSON.stringify(appConfigFor(command, mode)),
      },
    }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            // @xstate/react reads useSyncExternalStore through the package's shim for React before 18; React 19 has it,
            // so the package's own entries that take React's are used (the shim's fallback code is not downloaded).
            { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
          ]
        : [],
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    // No source maps in what is deployed: they would publish the app's source.
    sourcemap: false,
    // No modulepreload polyfill in the start-up code: a browser without <link rel="modulepreload"> (Safari before 17)
    // loads the same chunks as they are imported, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The sign-in page is the first page of every signed-out visit; its initial JavaScript has a budget (README
          // "Benchmarks"). Fewer, larger chunks compress better (one gzip stream each) and save the cross-chunk imports.
          groups: [
            {
              // Everything the entry imports statically runs on every page before the first render, so it ships as
              // two chunks: libraries (which change rarely; the Mantine core and the components the start-up code
              // renders included) and the app's start-up code, rather than the dozen shared pieces automatic
              // splitting makes of it.
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
            },
            { name: 'startup', tags: ['$initial'] },
            {
              // The zod schemas of the account and support forms (src/domain/validationSchemas.ts) with zod itself, in
              // a chunk of their own, taken before the sign-in group takes what the sign-in route imports (the route
              // reaches them through src/domain/validation.ts): the sign-in page checks its form by hand and never
              // loads them; the other forms' pages do.
              name: 'form-schemas',
              test: /node_modules[\\/]zod[\\/]|src[\\/]domain[\\/]validationSchemas\.ts$/,
              priority: 1,
              // Only these: what they import (the rules they are built on) stays with the sign-in route.
              includeDependenciesRecursively: false,
            },
            {
              // The sign-in route with what it imports beyond those two chunks (its page and machine, the account
              // form validation, the Mantine inputs and alert) in one chunk: the sign-in page then downloads one
              // route chunk instead of half a dozen small ones. Other pages take the inputs from it.
              name: 'sign-in',
              test: /src[\\/]app[\\/]account[\\/]SignInRoute\.tsx$/,
            },
          ],
        },
      },
    },
  },
}));
