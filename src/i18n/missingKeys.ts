// spec 000 §8: missing translations are reported. i18next's missingKeyHandler (src/i18n/index.ts, saveMissing) hands
// each key it cannot find in any language or namespace here, once per language, namespace and key; the app sends them
// to the error reporter (src/app/shell/appActors.ts). Keys missed before the app listens wait for it (a few at most).

export interface MissingTranslation {
  language: string;
  namespace: string;
  key: string;
}

const MAX_WAITING = 50;
const seen = new Set<string>();
const waiting: MissingTranslation[] = [];
const listeners = new Set<(missing: MissingTranslation) => void>();

export function reportMissingTranslation(missing: MissingTranslation): void {
  const id = `${missing.language}/${missing.namespace}:${missing.key}`;
  if (seen.has(id)) return;
  seen.add(id);
  if (listeners.size === 0) {
    if (waiting.length < MAX_WAITING) waiting.push(missing);
    return;
  }
  listeners.forEach((listener) => listener(missing));
}

export function subscribeMissingTranslations(listener: (missing: MissingTranslation) => void): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach((missing) => listener(missing));
  return () => listeners.delete(listener);
}

/** i18next's missingKeyHandler: (languages, namespace, key) for every key it could not translate. */
export function missingKeyHandler(languages: readonly string[], namespace: string, key: string): void {
  reportMissingTranslation({ language: languages.join(','), namespace, key });
}
