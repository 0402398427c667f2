// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restMaintenanceLeavesSiteUp, fromRestFields, STARTUP_DOCUMENTS } from '../../src/adapters/firebase/configDocuments';
import { startupPreload, type StartupPreloadPlan, type StartupPreloadResult, type StoredUserProbe } from '../../src/app/shell/startupPreload';
import { maintenanceFlagForSite, maintenanceStatus, parseMaintenanceDoc } from '../../src/domain/maintenance';

// index.html's start-up script shows the sign-in page's markup (rendered at build time) before the app's code has
// arrived, only when the app would show the sign-in page too: the maintenance flag leaves the site up, no signed-in
// user is stored, and the app has not rendered yet; the app's first render takes its place (docs/benchmarks.md §1).

const MAINTENANCE_URL = 'http://127.0.0.1:8080/v1/projects/demo/databases/(default)/documents/config/maintenance';

const PLAN: StartupPreloadPlan = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  namespaces: ['common'],
  languages: ['en', 'es'],
  fallbackLanguage: 'en',
  languageStorageKey: 'lang',
  routes: {},
  documents: [MAINTENANCE_URL],
  page: {
    paths: ['/sign-in'],
    templates: {
      en: {
        id: 'startup-page-en',
        texts: [
          { rendered: 'Good morning', byHour: ['Good morning', 'Good afternoon', 'Good evening'] },
          { rendered: '© 2026 Credit Readiness.', withYear: '© {year} Credit Readiness.' },
        ],
      },
      es: { id: 'startup-page-es', texts: [{ rendered: 'Buenos días', byHour: ['Buenos días', 'Buenas tardes', 'Buenas noches'] }] },
    },
    maintenanceUrl: MAINTENANCE_URL,
    siteType: 'Customer',
    storedUser: { database: 'firebaseLocalStorageDb', version: 1, store: 'firebaseLocalStorage', key: 'firebase:authUser:k:[DEFAULT]' },
    colorScheme: 'light',
  },
};

const restFlag = (flag: Record<string, unknown>) => ({ fields: { Customer: flag } });
const UP = restFlag({ booleanValue: false });
const DOWN = restFlag({ booleanValue: true });

interface Visit {
  path?: string;
  maintenance?: { status: number; body?: unknown } | 'offline';
  userStored?: boolean;
  appRenderedFirst?: boolean;
}

/** Loads index.html's body as built, then runs the script as the page inlines it: its source text, on its own. */
async function visit({ path = '/sign-in', maintenance = { status: 200, body: UP }, userStored = false, appRenderedFirst = false }: Visit = {}) {
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.body.innerHTML = [
    '<template id="startup-page-en"><header>Credit Readiness</header><h1>Good morning</h1><form><label>Email<input></label></form><p>© 2026 Credit Readiness.</p></template>',
    '<template id="startup-page-es"><h1>Buenos días</h1></template>',
    '<div id="root"></div>',
  ].join('');
  if (appRenderedFirst) document.getElementById('root')!.append(document.createElement('main'));
  window.history.replaceState(null, '', path);
  const fetches: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetches.push(url);
    if (maintenance === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify(maintenance.body ?? {}), { status: maintenance.status }));
  });
  const probes: string[] = [];
  const probe: StoredUserProbe = (_idb, _database, _version, _store, key) => (probes.push(key), Promise.resolve(userStored));
  const run = new Function('plan', 'win', 'probe', 'check', `return (${startupPreload.toString()})(plan, win, probe, check);`);
  const result = run(PLAN, window, probe, restMaintenanceLeavesSiteUp) as StartupPreloadResult;
  const shown = await result.page;
  return { shown, fetches, probes, page: () => document.getElementById('startup-page') };
}

describe('the sign-in page before the app has loaded', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 5, 15, 30));
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the page, inert, with the greeting of the visitor’s hour and this year in the footer', async () => {
    const { shown, page } = await visit();
    expect(shown).toBe(true);
    const holder = page()!;
    expect(holder.hasAttribute('inert')).toBe(true);
    expect(holder.querySelector('h1')!.textContent).toBe('Good afternoon');
    expect(holder.querySelector('p')!.textContent).toBe('© 2027 Credit Readiness.');
    // Before #root, with the colour scheme the app's theme reads and the page's language.
    expect(holder.nextElementSibling?.id).toBe('root');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(document.documentElement.lang).toBe('en');
  });

  it('greets in the evening after 17:00 and in the morning before 12:00', async () => {
    vi.setSystemTime(new Date(2027, 0, 5, 17, 0));
    expect((await visit()).page()!.querySelector('h1')!.textContent).toBe('Good evening');
    vi.setSystemTime(new Date(2027, 0, 5, 11, 59));
    expect((await visit()).page()!.querySelector('h1')!.textContent).toBe('Good morning');
  });

  it('shows the Spanish page to a visitor who chose Spanish', async () => {
    localStorage.setItem('lang', 'es');
    const { page } = await visit();
    expect(page()!.querySelector('h1')!.textContent).toBe('Buenas tardes');
    expect(document.documentElement.lang).toBe('es');
  });

  it('gives way to the app in the same step as the app’s first render into #root', async () => {
    const { page } = await visit();
    document.getElementById('root')!.append(document.createElement('main'));
    await vi.waitFor(() => expect(page()).toBeNull());
  });

  it('reads the maintenance flag once, and leaves the response for the app’s own first read', async () => {
    const { fetches } = await visit();
    expect(fetches).toEqual([MAINTENANCE_URL]);
    const left = (window as unknown as Record<string, Record<string, Promise<Response>>>)[STARTUP_DOCUMENTS]![MAINTENANCE_URL]!;
    expect(await (await left).json()).toEqual(UP);
  });

  it('shows nothing while the site is in maintenance: the app shows the maintenance screen', async () => {
    const { shown, page } = await visit({ maintenance: { status: 200, body: DOWN } });
    expect(shown).toBe(false);
    expect(page()).toBeNull();
  });

  it('shows the page when the flag cannot be read, as the app does (an unreadable flag is no maintenance)', async () => {
    expect((await visit({ maintenance: 'offline' })).shown).toBe(true);
    expect((await visit({ maintenance: { status: 503 } })).shown).toBe(true);
    expect((await visit({ maintenance: { status: 404 } })).shown).toBe(true);
  });

  it('shows nothing to a browser with a signed-in user stored: the app goes on to the signed-in pages', async () => {
    const { shown, probes, page } = await visit({ userStored: true });
    expect(shown).toBe(false);
    expect(probes).toEqual(['firebase:authUser:k:[DEFAULT]']);
    expect(page()).toBeNull();
  });

  it('shows nothing once the app has rendered, and nothing on other pages', async () => {
    expect((await visit({ appRenderedFirst: true })).shown).toBe(false);
    const other = await visit({ path: '/home' });
    expect(other.shown).toBe(false);
    expect(other.probes).toEqual([]);
  });
});

describe('restMaintenanceLeavesSiteUp: the start-up script’s reading of the maintenance flag', () => {
  const NOW = Date.parse('2027-01-05T15:30:00Z');
  const time = (iso: string) => ({ timestampValue: iso });
  const windowFlag = (fields: Record<string, unknown>) => ({ mapValue: { fields } });
  const cases: Array<[string, unknown]> = [
    ['no document fields', {}],
    ['no flag for the site', { fields: { Admin: { booleanValue: true } } }],
    ['false', UP],
    ['null', restFlag({ nullValue: null })],
    ['true', DOWN],
    ['an open window', restFlag(windowFlag({ startTime: time('2027-01-05T15:00:00Z'), endTime: time('2027-01-05T16:00:00Z') }))],
    ['a window with no end', restFlag(windowFlag({ startTime: time('2027-01-05T15:00:00Z') }))],
    ['a window with no start', restFlag(windowFlag({ endTime: time('2027-01-05T16:00:00Z') }))],
    ['an empty window', restFlag(windowFlag({}))],
    ['an upcoming window', restFlag(windowFlag({ startTime: time('2027-01-05T16:00:00Z'), endTime: time('2027-01-05T17:00:00Z') }))],
    ['a window that ended', restFlag(windowFlag({ startTime: time('2027-01-05T14:00:00Z'), endTime: time('2027-01-05T15:30:00Z') }))],
    ['a window that ends before it starts', restFlag(windowFlag({ startTime: time('2027-01-05T16:00:00Z'), endTime: time('2027-01-05T12:00:00Z') }))],
    ['a window with a null end', restFlag(windowFlag({ startTime: time('2027-01-05T15:00:00Z'), endTime: { nullValue: null } }))],
  ];

  it.each(cases)('answers as the app’s maintenance rules do for the site’s flag: %s', (_name, body) => {
    const doc = parseMaintenanceDoc(fromRestFields((body as { fields?: Record<string, never> }).fields ?? {}));
    const appSaysUp = maintenanceStatus(doc ? maintenanceFlagForSite(doc, 'Customer') : false, new Date(NOW)) !== 'active';
    expect(restMaintenanceLeavesSiteUp(body, 'Customer', NOW)).toBe(appSaysUp);
  });

  it.each<[string, unknown]>([
    ['a flag of another type', restFlag({ stringValue: 'yes' })],
    ['a time written as text', restFlag(windowFlag({ startTime: { stringValue: '2027-01-05T15:00:00Z' } }))],
    ['a time that is not one', restFlag(windowFlag({ endTime: time('not a time') }))],
    ['no body', null],
  ])('leaves anything it does not know to the app (no early page): %s', (_name, body) => {
    expect(restMaintenanceLeavesSiteUp(body, 'Customer', NOW)).toBe(false);
  });
});
