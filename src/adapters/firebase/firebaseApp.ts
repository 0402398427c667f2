import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { config } from '../../app/config';
import { FUNCTIONS_REGION } from '../../domain/constants';

// One Firebase app per page, created on first use. The emulator ports are the project's convention
// (firebase.json): auth 9099, firestore 8080, functions 5001, storage 9199.
export const EMULATOR_PORTS = { auth: 9099, firestore: 8080, functions: 5001, storage: 9199 } as const;

export function firebaseApp(): FirebaseApp {
  if (getApps().length > 0) return getApp();
  return initializeApp({
    apiKey: config.firebase.apiKey,
    projectId: config.firebase.projectId,
    authDomain: config.firebase.authDomain,
    storageBucket: config.firebase.storageBucket,
    ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
  });
}

let auth: Auth | undefined;
/**
 * initializeAuth with IndexedDB persistence only: single sign-on is off on the app site (spec 000 §6), so the
 * popup/redirect resolver stays out of the sign-in page's bundle.
 */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), { persistence: indexedDBLocalPersistence });
  if (config.useEmulators) {
    connectAuthEmulator(auth, `http://${config.emulatorHost}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  }
  return auth;
}

let functions: Functions | undefined;
export function firebaseFunctions(): Functions {
  if (functions) return functions;
  functions = getFunctions(firebaseApp(), FUNCTIONS_REGION);
  if (config.useEmulators) connectFunctionsEmulator(functions, config.emulatorHost, EMULATOR_PORTS.functions);
  return functions;
}
