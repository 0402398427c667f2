import { QueryObserver, type QueryClient, type QueryKey, type QueryObserverOptions } from '@tanstack/query-core';
import { use, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ErrorMeta } from '../../domain/errorPolicy';
import { useAppActors } from './appActors';

// Cached reads through the adapter's QueryClient (spec 000 §7, §9: stale 2 min, kept 5 min, retries), observed the
// way @tanstack/react-query does it, without pulling that package in.

export interface CachedQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  /** Asks again (a failed read's Try again). */
  refetch: () => void;
}

export interface CachedQueryOptions<T> {
  /** Polls while the answer is not there yet, e.g. a readiness score still being generated. */
  refetchInterval?: (data: T | undefined) => number | false;
  /** A read with its own cache policy (spec 001 §9 institutions): stale after, kept for, and no retries. */
  policy?: CachePolicy;
  /**
   * What a failure (its retries spent) shows and whether it is reported (spec 000 §8, src/app/shell/queryErrors.ts).
   * Default PAGE_SHOWS_FAILURE: reported, no toast, as the page shows `isError` itself; `{}` adds the default toast
   * 'errors.general-error' for a read whose page has no failure state of its own.
   */
  errors?: ErrorMeta;
}

/** A read whose page shows its failure itself (the load view's Try again): reported, without a toast. */
export const PAGE_SHOWS_FAILURE: ErrorMeta = { errorMessage: null };

/** Options for a read whose page has no failure state: its failure shows 'errors.general-error' (spec 000 §8). */
export const GENERAL_ERROR_TOAST = { errors: {} } as const satisfies Pick<CachedQueryOptions<unknown>, 'errors'>;

/** Replaces the client's defaults (stale 2 min, kept 5 min, up to 3 retries) for one read. */
export interface CachePolicy {
  staleMs: number;
  cacheMs: number;
  retry: false;
}

const PENDING: CachedQuery<never> = { data: undefined, isPending: true, isError: false, refetch: () => undefined };

function useObserver<T>(
  client: QueryClient | null,
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  enabled: boolean,
  options: CachedQueryOptions<T>,
): CachedQuery<T> {
  const { refetchInterval, policy, errors = PAGE_SHOWS_FAILURE } = options;
  const observerOptions = useMemo(
    (): QueryObserverOptions<T> => ({
      queryKey,
      queryFn,
      enabled,
      refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
      ...(policy ? { staleTime: policy.staleMs, gcTime: policy.cacheMs, retry: policy.retry } : {}),
      meta: { ...errors },
    }),
    [queryKey, queryFn, enabled, refetchInterval, policy, errors],
  );
  // One observer per client; its options follow the props.
  const [observers] = useState(() => new Map<QueryClient, QueryObserver<T>>());
  let observer: QueryObserver<T> | null = null;
  if (client !== null) {
    observer = observers.get(client) ?? new QueryObserver<T>(client, observerOptions);
    observers.set(client, observer);
  }
  useEffect(() => {
    observer?.setOptions(observerOptions);
  }, [observer, observerOptions]);
  // A stable subscription: subscribing again would start another fetch of a failed query on every render.
  const subscribe = useCallback(
    (onChange: () => void) => (observer ? observer.subscribe(onChange) : () => undefined),
    [observer],
  );
  const result = useSyncExternalStore(subscribe, () => (observer ? observer.getCurrentResult() : null));
  if (result === null || observer === null) return PENDING;
  const refetch = () => void observer.refetch();
  return { data: result.data, isPending: result.isPending, isError: result.isError, refetch };
}

/** A cached read; suspends until the query library has loaded (the route's Suspense shows the load view). */
export function useCachedQuery<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  enabled: boolean,
  options: CachedQueryOptions<T> = {},
): CachedQuery<T> {
  const { ports } = useAppActors();
  const client = use(ports.queryClient());
  return useObserver(client, queryKey, queryFn, enabled, options);
}

/** The page's QueryClient once loaded, without suspending (null until then). */
export function useQueryClient(): QueryClient | null {
  const { ports } = useAppActors();
  const [client, setClient] = useState<QueryClient | null>(null);
  useEffect(() => {
    let current = true;
    ports.queryClient().then(
      (loaded) => {
        if (current) setClient(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [ports]);
  return client;
}

/** A cached read for code that must not suspend (the app-wide guard facts): pending until the client loads. */
export function useObservedQuery<T>(
  client: QueryClient | null,
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  enabled: boolean,
  options: CachedQueryOptions<T> = {},
): CachedQuery<T> {
  return useObserver(client, queryKey, queryFn, enabled, options);
}

/** What a cached read holds at a moment: its data (undefined while there is none) and whether it last failed. */
export interface CachedQueryState<T> {
  data: T | undefined;
  isError: boolean;
}

/** A cached read to observe: its key and how to read it, its own cache policy if any, and whether to fetch it. */
export interface ObservedQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  policy?: CachePolicy;
  /** false: only what others put in the cache is seen (default true). */
  enabled?: boolean;
  /** As CachedQueryOptions.errors; default PAGE_SHOWS_FAILURE (the machine's failed state shows it). */
  errors?: ErrorMeta;
}

/**
 * A cached read observed outside React, for a machine's invoked actor: `onChange` hears what the cache holds at
 * once, then every change of its data or failure (not of its fetching), until the returned function is called.
 * The read is fetched, retried and refreshed as for a page observing it (spec 000 §9).
 */
export function observeCachedQuery<T>(
  client: Promise<QueryClient>,
  query: ObservedQuery<T>,
  onChange: (state: CachedQueryState<T>) => void,
): () => void {
  let stopped = false;
  let unsubscribe: () => void = () => undefined;
  let last: CachedQueryState<T> | null = null;
  const report = ({ data, isError }: CachedQueryState<T>) => {
    if (stopped || (last !== null && last.data === data && last.isError === isError)) return;
    last = { data, isError };
    onChange(last);
  };
  client.then(
    (loaded) => {
      if (stopped) return;
      const { queryKey, queryFn, policy, enabled = true, errors = PAGE_SHOWS_FAILURE } = query;
      const observer = new QueryObserver<T>(loaded, {
        queryKey,
        queryFn,
        enabled,
        meta: { ...errors },
        ...(policy ? { staleTime: policy.staleMs, gcTime: policy.cacheMs, retry: policy.retry } : {}),
      });
      unsubscribe = observer.subscribe(report);
      report(observer.getCurrentResult());
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}
