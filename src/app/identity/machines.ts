import type { QueryClient } from '@tanstack/query-core';
import { identityWidgetMachine } from '../../../machines/identity/identityWidget.machine';
import type { IdentityWidgetActorSignatures as Sig } from '../../../machines/identity/ports';
import { promiseActor, type AppPorts } from '../ports';

// The identity widget's machine with the app's token reads (issue 16 item 8): the user token lives in the query
// cache without expiry (spec 000 §9), so every identity page of the visit, and a later one, shows the widget without
// asking again; after the widget refused it, it is read anew and the cache holds the new one.

/** The identity token's cache key: never stale, never dropped while the app lives (spec 000 §9). */
export const IDENTITY_TOKEN_QUERY_KEY = ['identity', 'arrayUserToken'] as const;

export function provideIdentityWidgetMachine(ports: Pick<AppPorts, 'identity'>, client: QueryClient) {
  const queryFn = async () => (await ports.identity()).getArrayUserToken();
  return identityWidgetMachine.provide({
    actors: {
      readToken: promiseActor<Sig['readToken']>(({ fresh }) =>
        client.fetchQuery({
          queryKey: IDENTITY_TOKEN_QUERY_KEY,
          queryFn,
          // A renewal is always a new read; otherwise the cached token never goes stale.
          staleTime: fresh ? 0 : Number.POSITIVE_INFINITY,
          gcTime: Number.POSITIVE_INFINITY,
          retry: false,
          // The page shows the failure itself (spec 000 §8 'Unable to retrieve {name}…').
          meta: { errorMessage: null },
        }),
      ),
    },
  });
}
