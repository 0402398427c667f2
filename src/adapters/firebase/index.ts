import type { QueryClient } from '@tanstack/query-core';
import type { AuthPort, CallablesPort, LiveDataPort, QueryCachePort } from '../../../machines/ports';
import type { CustomerContact } from '../../contract/contact';
import { createAuthPort } from './auth';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import { createCallablesPort, lazyCall, lazyCallAsSent } from './callablesPort';
import { subscribeContactIdMissing } from './contactIdErrors';
import { configureFirebase, type FirebaseAdapterConfig } from './firebaseSettings';
import { createLiveDataPort, subscribeUserDocument } from './liveData';
import { createQueryCache } from './queryCache';

// The Firebase implementation of machines/ports.ts and of the reads src/app declares in src/app/ports.ts;
// src/main.tsx hands it to the app.

export type { FirebaseAdapterConfig } from './firebaseSettings';
export type { Dated } from './callables';

export interface FirebasePorts {
  auth: AuthPort;
  callables: CallablesPort;
  /** Any callable by its contract name, the answer as sent (src/app/callableActors.ts provides the machines' actors with it). */
  call<N extends CallableName>(name: N, request: CallableRequest<N>): Promise<CallableResponse<N>>;
  liveData: LiveDataPort;
  /** The page's QueryClient, loaded with the first cached read. */
  queryClient: () => Promise<QueryClient>;
  queryCache: QueryCachePort;
  /** users/{uid} with the fields the shell shows (a superset of LiveDataPort's). */
  subscribeUserDocument: typeof subscribeUserDocument;
  getCustomerContact(): Promise<CustomerContact>;
  subscribeContactIdMissing: typeof subscribeContactIdMissing;
}

export function createFirebasePorts(config: FirebaseAdapterConfig): FirebasePorts {
  configureFirebase(config);
  const queryCache = createQueryCache();
  return {
    auth: withStashClearedWhenSessionEnds(createAuthPort()),
    callables: createCallablesPort(),
    call: lazyCallAsSent,
    liveData: createLiveDataPort(),
    queryClient: () => queryCache.client(),
    queryCache,
    subscribeUserDocument,
    getCustomerContact: () => lazyCall('getCustomerContact', null),
    subscribeContactIdMissing,
  };
}

/**
 * The files this user kept in the browser for an upload (src/adapters/firebase/documents.ts) go with their session:
 * signing out forgets them, and so does the session ending any other way (expired, revoked, signed out in another
 * tab: the user goes while this tab runs); when a user signs in, the files another user left behind are forgotten
 * too (their session ended), and every file is forgotten after UPLOAD_STASH_MAX_AGE_MS. On a shared computer the
 * next person must not find them. A browser without IndexedDB has nothing to forget. The stash's code loads for this
 * only after a sign-in or a sign-out (it is not part of the start-up code).
 */
function withStashClearedWhenSessionEnds(auth: AuthPort): AuthPort {
  const stash = () => import('./documentFiles');
  const clearFor = (uid: string) => stash().then(({ clearUploadStash }) => clearUploadStash(uid)).catch(() => undefined);
  return {
    ...auth,
    async signOut() {
      const uid = auth.currentUser()?.uid;
      if (uid) await clearFor(uid);
      return auth.signOut();
    },
    subscribeUser(listener) {
      let previous: string | null = null;
      return auth.subscribeUser((user) => {
        const uid = user?.uid ?? null;
        if (previous !== null && previous !== uid) void clearFor(previous);
        if (uid !== null && uid !== previous) void stash().then(({ clearStashOfEndedSessions }) => clearStashOfEndedSessions(uid)).catch(() => undefined);
        previous = uid;
        listener(user);
      });
    },
  };
}
