import type { QueryClient } from '@tanstack/query-core';
import { identityWidgetMachine } from '../../../machines/identity/identityWidget.machine';
import type { IdentityWidgetActorSignatures as Sig } from '../../../machines/identity/ports';
import { promiseActor, type AppPorts } from '../ports';
import { PAGE_SHOWS_FAILURE, type CachePolicy } from '../shell/queries';

// The identity widget's machine with the app's token reads: the user token lives in the query cache without expiry
// (spec 000 §9), so every identity page of the visit, and a later one, shows the widget without asking again; after
// the widget refused it, it is read anew and the cache holds the new one.

/** The identity token's cache key (spec 000 §9). */
export const IDENTITY_TOKEN_QUERY_KEY = ['identity', 'arrayUserToken'] as const;

/** Never stale, never dropped while the app lives, no retries: a refused token is renewed by the machine. */
const NEVER_STALE: CachePolicy = {
  staleMs: Number.POSITIVE_INFINITY,
  cacheMs: Number.POSITIVE_INFINITY,
  retry: false,
};

export function provideIdentityWidgetMachine(ports: Pick<AppPorts, 'identity'>, client: QueryClient) {
  const queryFn = async () => (await ports.identity()).getArrayUserToken();
  return identityWidgetMachine.provide({
    actors: {
      readToken: promiseActor<Sig['readToken']>(({ fresh }) =>
        client.fetchQuery({
          queryKey: IDENTITY_TOKEN_QUERY_KEY,
          queryFn,
          // A renewal is always a new read, whatever the cache holds; it replaces the cached token.
          staleTime: fresh ? 0 : NEVER_STALE.staleMs,
          gcTime: NEVER_STALE.cacheMs,
          retry: NEVER_STALE.retry,
          // The page shows the failure itself (spec 000 §8 'Unable to retrieve {name}…'), with Try again.
          meta: { ...PAGE_SHOWS_FAILURE },
        }),
      ),
    },
  });
}
