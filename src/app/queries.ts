import { QueryObserver, type QueryKey } from '@tanstack/query-core';
import { use, useEffect, useState, useSyncExternalStore } from 'react';
import { useAppActors } from './appActors';

// Cached reads through the adapter's QueryClient (spec 000 §7, §9: stale 2 min, kept 5 min, retries), observed the
// way @tanstack/react-query does it, without pulling that package in.

export interface CachedQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

export function useCachedQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, enabled: boolean): CachedQuery<T> {
  const { ports } = useAppActors();
  // Suspends until the query library has loaded (once per page; the route's Suspense shows the load view).
  const client = use(ports.queryClient());
  const [observer] = useState(() => new QueryObserver<T>(client, { queryKey, queryFn, enabled }));
  useEffect(() => {
    observer.setOptions({ queryKey, queryFn, enabled });
  }, [observer, queryKey, queryFn, enabled]);
  const result = useSyncExternalStore(
    (onChange) => observer.subscribe(onChange),
    () => observer.getCurrentResult(),
  );
  return { data: result.data, isPending: result.isPending, isError: result.isError };
}
