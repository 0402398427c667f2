// The page's first requests, started by a small script inlined into index.html (vite.config.ts, plugin
// `startupPreload`) while the browser is still downloading the start-up code: the translations every page reads, the
// maintenance flag's document (nothing shows before it is read, spec 001 §2) and, on the pages a signed-out visit
// opens on, that route's chunks. Without it each waits for the one before: the start-up code, then the translations
// and the flag, then the route's chunk (docs/benchmarks.md).
//
// `startupPreload` is serialised with Function.prototype.toString into the page, so it must not use anything from
// outside its own body: no imports, no closures, plain browser APIs only.

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
}

export interface PreloadLink {
  rel: 'preload' | 'modulepreload';
  href: string;
}

/** Adds the preload links for this page to document.head, and returns them. */
export function startupPreload(plan: StartupPreloadPlan, win: Window): PreloadLink[] {
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
  for (const href of plan.documents) links.push({ rel: 'preload', href });
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
  return links;
}
