import { QueryClient } from '@tanstack/query-core';
import { portErrorCode, type QueryCachePort } from '../../../machines/ports';
import { QUERY_CACHE_MS, QUERY_MAX_RETRIES, QUERY_STALE_MS } from '../../domain/constants';
import { isRetryableError } from '../../domain/errors';

// The spec's query caching (spec 000 §7, §8, §9) is @tanstack/query-core's job (ARCHITECTURE.md "Data"): stale
// after 2 minutes, kept 5 minutes, up to 3 retries except for the codes that retrying cannot fix.

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_MAX_RETRIES && isRetryableError(portErrorCode(error));
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_CACHE_MS, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
  client.mount();
  return client;
}

/** Keys of the cached reads (spec 000 §7); the identity token's entry never goes stale. */
export const QUERY_KEYS = {
  customerContact: ['customerContact'],
  userInfo: ['userInfo'],
  investigations: ['investigations'],
  authorizations: ['authorizations'],
  identityToken: ['identityToken'],
} as const;

export function createQueryCachePort(client: QueryClient): QueryCachePort {
  return {
    // spec 000 §4.1: all cached queries reset when the user changes or the claims are resynced.
    reset: () => client.resetQueries(),
  };
}
