import type { QueryClient } from '@tanstack/query-core';
import { portErrorCode, type QueryCachePort } from '../../../machines/ports';
import { QUERY_CACHE_MS, QUERY_MAX_RETRIES, QUERY_STALE_MS } from '../../domain/constants';
import { isRetryableError } from '../../domain/errors';

// The spec's query caching (spec 000 §7, §8, §9) is @tanstack/query-core's job (ARCHITECTURE.md "Data"): stale
// after 2 minutes, kept 5 minutes, up to 3 retries except for the codes that retrying cannot fix. The library
// loads with the first cached read (signed-in pages), not on the sign-in page.

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_MAX_RETRIES && isRetryableError(portErrorCode(error));
}

export interface QueryCache extends QueryCachePort {
  /** The one QueryClient of the page, created on first use. */
  client(): Promise<QueryClient>;
}

export function createQueryCache(): QueryCache {
  let client: Promise<QueryClient> | null = null;
  return {
    client() {
      client ??= import('@tanstack/query-core').then(({ QueryClient }) => {
        const created = new QueryClient({
          defaultOptions: {
            queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_CACHE_MS, retry: shouldRetryQuery },
            mutations: { retry: false },
          },
        });
        created.mount();
        return created;
      });
      return client;
    },
    // spec 000 §4.1: all cached queries reset when the user changes or the claims are resynced. Before the first
    // cached read there is nothing to reset.
    async reset() {
      if (client) await (await client).resetQueries();
    },
  };
}
