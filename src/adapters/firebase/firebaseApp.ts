import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';

// One Firebase app per page, created on first use with the settings src/app passes to configureFirebase (the
// adapter does not read the environment itself). The emulator ports are the project's convention
// (firebase.json): auth 9099, firestore 8080, functions 5001, storage 9199.

export const EMULATOR_PORTS = { auth: 9099, firestore: 8080, functions: 5001, storage: 9199 } as const;

export interface FirebaseAdapterConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
  storageBucket: string;
  appId?: string;
  useEmulators: boolean;
  emulatorHost: string;
  /** The tenant of the project's default Auth pool: the site's tenant on the customer site (spec 000 §4.1). */
  defaultTenantId: string;
}

let settings: FirebaseAdapterConfig | undefined;

export function configureFirebase(config: FirebaseAdapterConfig): void {
  settings = config;
}

export function adapterConfig(): FirebaseAdapterConfig {
  if (!settings) throw new Error('configureFirebase() must run before the Firebase adapter is used');
  return settings;
}

export function firebaseApp(): FirebaseApp {
  if (getApps().length > 0) return getApp();
  const { apiKey, projectId, authDomain, storageBucket, appId } = adapterConfig();
  return initializeApp({ apiKey, projectId, authDomain, storageBucket, ...(appId ? { appId } : {}) });
}

let auth: Auth | undefined;
/**
 * initializeAuth with IndexedDB persistence only: single sign-on is off on the app site (spec 000 §6), so the
 * popup/redirect resolver stays out of the sign-in page's bundle.
 */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), { persistence: indexedDBLocalPersistence });
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectAuthEmulator(auth, `http://${emulatorHost}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  return auth;
}
