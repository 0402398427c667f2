// Whether Firebase Auth has a signed-in user saved in this browser, read without loading the Auth SDK.
//
// Firebase Auth's IndexedDB persistence (the only one the app uses, ./authSdk.ts) keeps the signed-in user in the
// database `firebaseLocalStorageDb`, object store `firebaseLocalStorage`, under the key
// `firebase:authUser:{apiKey}:[DEFAULT]`. When nothing is stored there, the SDK would report "signed out" once it had
// loaded and started; ./auth.ts reports it at once and loads the SDK only when something needs it. Any doubt
// (no IndexedDB, an unexpected layout, an error) answers true, which loads the SDK as before: a wrong "true" costs
// speed, never a session. e2e/session.spec.ts checks the layout against the SDK the app ships.

export const AUTH_DB = { name: 'firebaseLocalStorageDb', version: 1, store: 'firebaseLocalStorage' } as const;

export function persistedUserKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

export function hasPersistedUser(apiKey: string, idb: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
  return probeStoredUser(idb, AUTH_DB.name, AUTH_DB.version, AUTH_DB.store, persistedUserKey(apiKey));
}

/**
 * The probe itself, self-contained: index.html's start-up script runs the same function (serialised, so it may use
 * nothing from outside its body) to decide whether to show the sign-in page before the app has loaded
 * (src/app/shell/startupPreload.ts).
 */
export function probeStoredUser(idb: IDBFactory | undefined, database: string, version: number, store: string, key: string): Promise<boolean> {
  if (!idb) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(database, version);
    } catch {
      resolve(true);
      return;
    }
    request.onupgradeneeded = () => {
      // No database yet (or an older one): nobody has signed in here. Abort so the probe creates nothing; the
      // open then fails with AbortError, handled below.
      request.transaction?.abort();
      resolve(false);
    };
    request.onerror = () => resolve(true);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      const done = (answer: boolean) => {
        db.close();
        resolve(answer);
      };
      try {
        if (!db.objectStoreNames.contains(store)) {
          done(true);
          return;
        }
        const read = db.transaction(store, 'readonly').objectStore(store).get(key);
        read.onsuccess = () => done(read.result !== undefined);
        read.onerror = () => done(true);
      } catch {
        done(true);
      }
    };
  });
}
