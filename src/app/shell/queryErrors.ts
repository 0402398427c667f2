import type { Query, QueryClient } from '@tanstack/query-core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { portErrorCode } from '../../../machines/ports';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
import { loadFailureOutcome, type ErrorMeta } from '../../domain/errorPolicy';
import type { ErrorKey } from '../../domain/errors';
import { useAppActors } from './appActors';
import { showToast } from './NotificationsHost';
import { TOAST_COLORS } from './notify';
import { useQueryClient } from './queries';

// spec 000 §8 for every cached read and every mutation of the page's QueryClient: once its retries are spent
// (src/adapters/firebase/queryCache.ts), a failure shows a toast unless its meta's errorMessage is null, and is
// reported unless its meta's reportError is false; a load that failed offline is not reported
// (src/domain/errorPolicy.ts). A read's meta comes from `useCachedQuery(..., { errors })`.

export interface LoadFailureHandlers {
  toast: (key: ErrorKey) => void;
  report: (report: { message: string; extra: Record<string, unknown> }) => void;
  /** Whether the browser says it is offline now. */
  browserOffline: () => boolean;
}

function errorMeta(meta: Record<string, unknown> | undefined): ErrorMeta {
  const result: ErrorMeta = {};
  if (meta && 'errorMessage' in meta && (meta.errorMessage === null || typeof meta.errorMessage === 'string')) {
    result.errorMessage = meta.errorMessage as ErrorKey | null;
  }
  if (meta && typeof meta.reportError === 'boolean') result.reportError = meta.reportError;
  return result;
}

function queryName(query: Query): string {
  return JSON.stringify(query.queryKey);
}

/** Follows the client's queries and mutations until the returned function is called. */
export function watchLoadFailures(client: QueryClient, handlers: LoadFailureHandlers): () => void {
  const handle = (kind: 'query' | 'mutation', error: unknown, meta: Record<string, unknown> | undefined, name: string) => {
    const code = portErrorCode(error) || null;
    const outcome = loadFailureOutcome({ kind, code, meta: errorMeta(meta), browserOffline: handlers.browserOffline() });
    if (outcome.toastKey !== null) handlers.toast(outcome.toastKey);
    if (outcome.report) handlers.report({ message: `${kind}-error`, extra: { [kind]: name, code } });
  };
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') handle('query', event.action.error, event.query.meta, queryName(event.query));
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && event.mutation) {
      handle('mutation', event.action.error, event.mutation.meta, JSON.stringify(event.mutation.options.mutationKey ?? null));
    }
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

/** The app's watch over its QueryClient (src/app/App.tsx), from the moment the client loads. */
export function useLoadFailures(): void {
  const client = useQueryClient();
  const { errorReporter } = useAppActors();
  // Not suspending: the watch must not hold up the signed-in facts while the errors texts load; a toast waits for them.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  useEffect(() => {
    if (client === null) return undefined;
    return watchLoadFailures(client, {
      toast: (key) => {
        void i18n.loadNamespaces(['errors', 'common']).then(() =>
          showToast({
            color: TOAST_COLORS.error,
            message: i18n.t(key, { ns: ['errors', 'common'] }),
            autoClose: TOAST_DEFAULT_MS,
            withCloseButton: true,
          }),
        );
      },
      report: (report) => errorReporter.send({ type: 'report.add', report }),
      browserOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
    });
  }, [client, errorReporter, i18n]);
}
