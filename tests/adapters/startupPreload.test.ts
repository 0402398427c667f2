import { describe, expect, it } from 'vitest';
import { startupPreload, type StartupPreloadPlan, type StartupPreloadResult } from '../../src/app/shell/startupPreload';
import { STARTUP_DOCUMENTS } from '../../src/adapters/firebase/configDocuments';
import { detectLanguage } from '../../src/i18n';

const PLAN: StartupPreloadPlan = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  namespaces: ['common', 'errors'],
  languages: ['en', 'es'],
  fallbackLanguage: 'en',
  languageStorageKey: 'lang',
  routes: { '/sign-in': ['/assets/SignInRoute-a.js', '/assets/sign-in-b.js'] },
  documents: [],
};
const MAINTENANCE_URL = 'http://127.0.0.1:8080/v1/projects/demo/databases/(default)/documents/config/maintenance';

interface Page {
  path: string;
  search?: string;
  stored?: string | null;
  browser?: string[];
}

/** Runs the script as index.html inlines it: its source text, evaluated on its own, against a small window. */
function runInlined(page: Page, plan: StartupPreloadPlan = PLAN) {
  const appended: Array<Record<string, string>> = [];
  const element = () => {
    const attrs: Record<string, string> = {};
    return new Proxy(attrs, {
      set: (_t, key, value) => ((attrs[String(key)] = String(value)), true),
      get: (_t, key) => (key === 'setAttribute' ? (name: string, value: string) => (attrs[name] = value) : attrs[String(key)]),
    });
  };
  const fetched: string[] = [];
  const win: Record<string, unknown> = {
    fetch: (href: string) => (fetched.push(href), Promise.resolve({ status: 404, ok: false })),
    location: { pathname: page.path, search: page.search ?? '' },
    localStorage: { getItem: () => page.stored ?? null },
    navigator: { languages: page.browser ?? ['en-US'] },
    document: { createElement: element, head: { appendChild: (node: Record<string, string>) => appended.push({ ...node }) } },
  };
  const source = `return (${startupPreload.toString()})(plan, win);`;
  const { links } = new Function('plan', 'win', source)(plan, win) as StartupPreloadResult;
  return { links, appended, fetched, win };
}

describe('startupPreload: the first requests of a page, started before the start-up code runs', () => {
  it('on /sign-in preloads the start-up translations and the sign-in route chunks', () => {
    const { links, appended } = runInlined({ path: '/sign-in' });
    expect(links).toEqual([
      { rel: 'preload', href: '/locales/en/common.json' },
      { rel: 'preload', href: '/locales/en/errors.json' },
      { rel: 'modulepreload', href: '/assets/SignInRoute-a.js' },
      { rel: 'modulepreload', href: '/assets/sign-in-b.js' },
    ]);
    // The translation hints match the backend's same-origin fetch, so the browser reuses their responses.
    expect(appended[0]).toEqual({ rel: 'preload', href: '/locales/en/common.json', as: 'fetch', crossorigin: 'anonymous' });
    expect(appended[2]).toEqual({ rel: 'modulepreload', href: '/assets/SignInRoute-a.js' });
  });

  it('asks for the maintenance flag on every page before the start-up code has run, and leaves the answer for the app', () => {
    for (const path of ['/sign-in', '/home']) {
      const { links, fetched, win } = runInlined({ path }, { ...PLAN, documents: [MAINTENANCE_URL] });
      expect(fetched).toEqual([MAINTENANCE_URL]);
      expect(links.map((link) => link.href)).not.toContain(MAINTENANCE_URL);
      // The adapter's first read takes it from there (src/adapters/firebase/configDocuments.ts).
      expect(Object.keys(win[STARTUP_DOCUMENTS] as object)).toEqual([MAINTENANCE_URL]);
    }
  });

  it('preloads no route chunk on a page that is not listed (a trailing slash is the same page)', () => {
    expect(runInlined({ path: '/home' }).links.filter((l) => l.rel === 'modulepreload')).toEqual([]);
    expect(runInlined({ path: '/sign-in/' }).links.filter((l) => l.rel === 'modulepreload')).toHaveLength(2);
  });

  it('in Spanish also preloads the English texts i18next falls back to', () => {
    const hrefs = runInlined({ path: '/sign-in', search: '?lang=es' }).links.map((l) => l.href);
    expect(hrefs).toContain('/locales/es/common.json');
    expect(hrefs).toContain('/locales/en/common.json');
  });

  it.each<Page>([
    { path: '/', search: '?lang=es', stored: 'en', browser: ['en-US'] },
    { path: '/', search: '?lang=fr', stored: 'es', browser: ['en-US'] },
    { path: '/', stored: 'xx', browser: ['fr-FR', 'es-MX'] },
    { path: '/', browser: ['de-DE'] },
    { path: '/', browser: [] },
  ])('picks the language the app will pick: %o', (page) => {
    const expected = detectLanguage({ search: page.search ?? '' }, { getItem: () => page.stored ?? null, setItem: () => undefined }, page.browser ?? []);
    expect(runInlined(page).links[0]?.href).toBe(`/locales/${expected}/common.json`);
  });
});
