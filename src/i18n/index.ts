import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FetchBackend, type FetchBackendOptions } from './fetchBackend';
import { missingKeyHandler } from './missingKeys';

// i18next set-up (ARCHITECTURE.md "Views"): texts live in public/locales/{lang}/{namespace}.json and load over
// HTTP (spec 000 §7); English and Spanish are complete, English is the spec's wording.

export { INITIAL_NAMESPACES, LANGUAGES, NAMESPACES, NOTIFICATION_NAMESPACES, type Language, type Namespace, type NotificationNamespace } from './languages';
import { INITIAL_NAMESPACES, LANGUAGE_STORAGE_KEY, LANGUAGES, NAMESPACES, type Language } from './languages';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `?lang=es` (kept for the visit), then the stored choice, then the browser's language. */
export function detectLanguage(location: Pick<Location, 'search'>, storage: Pick<Storage, 'getItem' | 'setItem'> | null, browserLanguages: readonly string[]): Language {
  const fromQuery = new URLSearchParams(location.search).get('lang');
  if (isLanguage(fromQuery)) {
    storage?.setItem(LANGUAGE_STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = browserLanguages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return browser ?? 'en';
}

/** The language chosen in this browser, if any. */
export function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Remembers the language in this browser (the user's own choice is stored on the user, spec 000 §1). */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the language still applies to this visit.
  }
}

const sharedOptions = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  fallbackNS: ['common', 'errors'],
  ns: [...INITIAL_NAMESPACES],
  interpolation: { escapeValue: false },
  returnNull: false,
  // spec 000 §8: a key no language or namespace has is reported (src/i18n/missingKeys.ts), not only shown as is.
  saveMissing: true,
} as const;

/**
 * The instance's missing-key handler: a key of a namespace that has loaded (a namespace still loading is not
 * missing anything yet).
 */
function reportMissingOf(instance: I18n) {
  return (languages: readonly string[], namespace: string, key: string) => {
    if (instance.hasLoadedNamespace(namespace)) missingKeyHandler(languages, namespace, key);
  };
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where the translations are served; vite.config.ts preloads the same URLs. */
export const LOCALE_LOAD_PATH = `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json`;

/** The app's instance: HTTP backend, language detected from the URL, storage and browser. */
export async function initI18n(): Promise<I18n> {
  const lng = detectLanguage(window.location, browserStorage(), navigator.languages);
  await i18next
    .use(FetchBackend)
    .use(initReactI18next)
    .init<FetchBackendOptions>({
      ...sharedOptions,
      missingKeyHandler: reportMissingOf(i18next),
      lng,
      backend: { loadPath: LOCALE_LOAD_PATH },
    });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}

/** An instance with in-memory resources (tests). */
export async function createI18nWithResources(lng: Language, resources: Resource): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .init({ ...sharedOptions, missingKeyHandler: reportMissingOf(instance), lng, ns: [...NAMESPACES], resources, initAsync: false });
  return instance;
}
