import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

// i18next's backend over fetch: public/locales/{lng}/{ns}.json (spec 000 §7). It replaces i18next-http-backend,
// whose XHR fallbacks and options the app does not use, to keep the start-up code small (the sign-in page's
// budget). The request is a plain same-origin GET, so the page's <link rel="preload" as="fetch" crossorigin> hints
// (vite.config.ts, startupPreload) answer it from the preload cache.

export interface FetchBackendOptions {
  /** `{{lng}}` and `{{ns}}` are replaced. */
  loadPath: string;
  fetch?: typeof globalThis.fetch;
}

export function localePath(loadPath: string, language: string, namespace: string): string {
  return loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
}

export class FetchBackend implements BackendModule<FetchBackendOptions> {
  static readonly type = 'backend' as const;
  readonly type = 'backend' as const;
  private options: FetchBackendOptions = { loadPath: '/locales/{{lng}}/{{ns}}.json' };

  init(_services: unknown, options: FetchBackendOptions): void {
    this.options = { ...this.options, ...options };
  }

  /**
   * A server error or a dropped connection asks i18next to retry (its own schedule); a missing file or a file that
   * is not JSON does not, as asking again would get the same answer.
   */
  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = localePath(this.options.loadPath, language, namespace);
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    doFetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}: ${response.status}`, response.status >= 500 || response.status === 408 || response.status === 429);
          return;
        }
        let data: ResourceKey;
        try {
          data = (await response.json()) as ResourceKey;
        } catch {
          callback(`failed parsing ${url} as JSON`, false);
          return;
        }
        callback(null, data);
      },
      (error: unknown) => callback(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`, true),
    );
  }
}
