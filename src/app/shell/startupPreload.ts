// The page's first requests, started by a small script inlined into index.html (vite.config.ts, plugin
// `startupPreload`) while the browser is still downloading the start-up code: the translations every page reads, the
// maintenance flag's document (nothing shows before it is read, spec 001 §2) and, on the pages a signed-out visit
// opens on, that route's chunks. Without it each waits for the one before: the start-up code, then the translations
// and the flag, then the route's chunk (docs/benchmarks.md).
//
// On /sign-in the same script also shows the page before the start-up code has arrived: the sign-in page's markup,
// rendered from its view when the app was built (./startupPage.tsx) and kept in index.html as a <template> per
// language, goes on screen once the maintenance flag's document has answered that the site is up and no signed-in
// user is stored in this browser, inert (it takes no input) until the app renders its own page into #root, which
// replaces it in the same frame.
//
// `startupPreload` and the two functions it is given are serialised with Function.prototype.toString into the page,
// so none may use anything from outside its own body: no imports, no closures, plain browser APIs only.

export interface StartupPreloadPlan {
  /** e.g. '/locales/{{lng}}/{{ns}}.json' */
  loadPath: string;
  /** Namespaces every page loads before it shows anything. */
  namespaces: string[];
  languages: string[];
  fallbackLanguage: string;
  /** Key under which the chosen language is kept in localStorage (src/i18n). */
  languageStorageKey: string;
  /** Path (no trailing slash) → the built files of that route's chunk and what it imports beyond the start-up code. */
  routes: Record<string, string[]>;
  /**
   * Documents every page reads before it shows anything, as the app fetches them (the maintenance flag's
   * config/maintenance over Firestore's REST API, src/adapters/firebase/configDocuments.ts).
   */
  documents: string[];
  /** The page shown before the start-up code has run, on the paths it is for. */
  page?: StartupPagePlan;
}

/** A text of the page that depends on when it is shown, as rendered at build time and as the script writes it. */
export interface StartupPageText {
  rendered: string;
  /** The greeting by the hour (spec 000 §4.3): before 12, before 17, after. */
  byHour?: string[];
  /** The same text with `{year}` for the visitor's year. */
  withYear?: string;
}

export interface StartupPageMarkup {
  html: string;
  texts: StartupPageText[];
}

export interface StartupPagePlan {
  /** Paths (no trailing slash) the page is. */
  paths: string[];
  /** Each language's <template> id, and the texts to fill in. */
  templates: Record<string, { id: string; texts: StartupPageText[] }>;
  /** The maintenance flag's document (one of `documents`) and the site type whose flag counts. */
  maintenanceUrl: string;
  siteType: string;
  /** Where Firebase Auth keeps a signed-in user (src/adapters/firebase/persistedUser.ts). */
  storedUser: { database: string; version: number; store: string; key: string };
  /** Mantine's colour scheme attribute, set on <html> as the app's provider sets it. */
  colorScheme: string;
}

/** Self-contained probe of IndexedDB for a stored user (persistedUser.ts): true when one is or may be stored. */
export type StoredUserProbe = (idb: IDBFactory | undefined, database: string, version: number, store: string, key: string) => Promise<boolean>;
/** Self-contained reading of the maintenance document's REST body: true when the site is surely up for `siteType`. */
export type MaintenanceCheck = (body: unknown, siteType: string, now: number) => boolean;

export interface PreloadLink {
  rel: 'preload' | 'modulepreload';
  href: string;
}

export interface StartupPreloadResult {
  links: PreloadLink[];
  /** Whether the page's markup went on screen (false at once where the page has none). */
  page: Promise<boolean>;
}

/**
 * Adds the preload links for this page to document.head and returns them; fetches the documents into
 * `window[STARTUP_DOCUMENTS]`; shows the page's markup when it has one and may.
 */
export function startupPreload(
  plan: StartupPreloadPlan,
  win: Window,
  hasStoredUser?: StoredUserProbe,
  siteIsUp?: MaintenanceCheck,
): StartupPreloadResult {
  const links: PreloadLink[] = [];
  const isLanguage = (value: string | null | undefined): value is string => !!value && plan.languages.indexOf(value) >= 0;
  // The same order as src/i18n detectLanguage: ?lang=, the stored choice, the browser's languages, the fallback.
  let language: string | null = null;
  try {
    const fromQuery = new URLSearchParams(win.location.search).get('lang');
    if (isLanguage(fromQuery)) language = fromQuery;
  } catch {
    // An unreadable query leaves the other sources.
  }
  if (!language) {
    try {
      const stored = win.localStorage.getItem(plan.languageStorageKey);
      if (isLanguage(stored)) language = stored;
    } catch {
      // Storage can be unavailable (private mode).
    }
  }
  if (!language) {
    const browser = (win.navigator.languages || []).map((tag) => tag.slice(0, 2).toLowerCase());
    for (const tag of browser) {
      if (isLanguage(tag)) {
        language = tag;
        break;
      }
    }
  }
  const chosen = language || plan.fallbackLanguage;
  // i18next also loads the fallback language's texts (missing keys fall back to them).
  const languages = chosen === plan.fallbackLanguage ? [chosen] : [chosen, plan.fallbackLanguage];
  for (const lng of languages) {
    for (const ns of plan.namespaces) {
      links.push({ rel: 'preload', href: plan.loadPath.replace('{{lng}}', lng).replace('{{ns}}', ns) });
    }
  }
  // The documents are fetched here rather than preloaded: the page below reads the maintenance flag's answer too. The
  // app's first read of each takes the response left here (a plain fetch: cors mode, same-origin credentials).
  const documents: Record<string, Promise<Response>> = {};
  for (const href of plan.documents) {
    documents[href] = win.fetch(href);
    // A failed fetch is the app's to report when it reads it.
    documents[href].catch(() => undefined);
  }
  // STARTUP_DOCUMENTS (src/adapters/firebase/configDocuments.ts), written out: the script is serialised.
  (win as unknown as Record<string, unknown>)['__startupDocuments'] = documents;
  const path = win.location.pathname.replace(/\/+$/, '') || '/';
  const files = plan.routes[path] || [];
  for (const file of files) links.push({ rel: 'modulepreload', href: file });
  for (const link of links) {
    const element = win.document.createElement('link');
    element.rel = link.rel;
    element.href = link.href;
    if (link.rel === 'preload') {
      // Matches the fetch() of src/i18n/fetchBackend.ts and of the configuration documents (a plain fetch: cors mode,
      // same-origin credentials), so the response is reused.
      element.setAttribute('as', 'fetch');
      element.setAttribute('crossorigin', 'anonymous');
    }
    win.document.head.appendChild(element);
  }
  const page = plan.page;
  const template = page && page.paths.indexOf(path) >= 0 ? page.templates[chosen] : undefined;
  const maintenance = page ? documents[page.maintenanceUrl] : undefined;
  let shown: Promise<boolean> = Promise.resolve(false);
  if (page && template && maintenance && hasStoredUser && siteIsUp) {
    const doc = win.document;
    const show = (): boolean => {
      const root = doc.getElementById('root');
      const source = doc.getElementById(template.id) as HTMLTemplateElement | null;
      // The app has rendered already, or the page is not in this build's index.html.
      if (!root || root.firstChild || !source || !root.parentNode) return false;
      const holder = doc.createElement('div');
      holder.id = 'startup-page';
      holder.setAttribute('inert', '');
      holder.appendChild(source.content.cloneNode(true));
      const now = new Date();
      const hour = now.getHours();
      const walker = doc.createTreeWalker(holder, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const text of template.texts) {
          if (node.nodeValue !== text.rendered) continue;
          if (text.byHour) node.nodeValue = text.byHour[hour < 12 ? 0 : hour < 17 ? 1 : 2] || text.rendered;
          else if (text.withYear) node.nodeValue = text.withYear.replace('{year}', String(now.getFullYear()));
        }
      }
      doc.documentElement.lang = chosen;
      if (!doc.documentElement.hasAttribute('data-mantine-color-scheme')) doc.documentElement.setAttribute('data-mantine-color-scheme', page.colorScheme);
      root.parentNode.insertBefore(holder, root);
      // The app's first render into #root takes the page's place, in the same frame.
      const observer = new MutationObserver(() => {
        if (!root.firstChild) return;
        holder.remove();
        observer.disconnect();
      });
      observer.observe(root, { childList: true });
      return true;
    };
    const stored = page.storedUser;
    shown = Promise.all([
      hasStoredUser(win.indexedDB, stored.database, stored.version, stored.store, stored.key),
      maintenance.then(
        (response) => {
          if (response.status === 404) return true;
          // The app treats an unreadable flag as no maintenance (src/app/shell/machines.ts): so does the page.
          if (!response.ok) return true;
          return response
            .clone()
            .json()
            .then((body: unknown) => siteIsUp(body, page.siteType, Date.now()));
        },
        () => true,
      ),
    ]).then(
      ([userStored, up]) => {
        if (userStored || !up) return false;
        if (doc.readyState !== 'loading') return show();
        // The parser has not reached #root yet: once it has (before the deferred start-up code runs).
        return new Promise<boolean>((resolve) => doc.addEventListener('readystatechange', () => resolve(show()), { once: true }));
      },
      () => false,
    );
  }
  return { links, page: shown };
}
