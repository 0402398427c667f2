import type { StoragePort } from '../../../machines/ports';

// machines/ports.ts StoragePort over localStorage: when last sign-in was stored for a user from this browser
// (spec 000 §4.1, at most once per hour). Storage can be unavailable (private mode): then nothing is remembered
// and the server call simply happens again.

const key = (uid: string): string => `lastSignIn:${uid}`;

export function createBrowserStoragePort(storage: () => Storage | null = () => window.localStorage): StoragePort {
  const safely = <T>(run: (store: Storage) => T, fallback: T): T => {
    try {
      const store = storage();
      return store ? run(store) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    readLastSignInMs(uid) {
      return safely((store) => {
        const value = Number(store.getItem(key(uid)));
        return Number.isFinite(value) && value > 0 ? value : null;
      }, null);
    },
    writeLastSignInMs(uid, atMs) {
      safely((store) => store.setItem(key(uid), String(atMs)), undefined);
    },
  };
}
