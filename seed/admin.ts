// firebase-admin lives in functions/node_modules (the root package does not depend on it); the seed and the
// emulator test helpers load it from there.
import { createRequire } from 'node:module';

type AdminAppModule = typeof import('../functions/node_modules/firebase-admin/lib/app/index');
type AdminAuthModule = typeof import('../functions/node_modules/firebase-admin/lib/auth/index');
type AdminFirestoreModule = typeof import('../functions/node_modules/firebase-admin/lib/firestore/index');

const requireFromFunctions = createRequire(new URL('../functions/package.json', import.meta.url));

export const adminApp = requireFromFunctions('firebase-admin/app') as AdminAppModule;
export const adminAuth = requireFromFunctions('firebase-admin/auth') as AdminAuthModule;
export const adminFirestore = requireFromFunctions('firebase-admin/firestore') as AdminFirestoreModule;

export type AdminApp = ReturnType<AdminAppModule['initializeApp']>;
export type AdminAuth = ReturnType<AdminAuthModule['getAuth']>;
export type AdminDb = ReturnType<AdminFirestoreModule['getFirestore']>;

/** The emulator hosts must be set: the seed and the test helpers never talk to a real project. */
export function requireEmulatorHosts(): { authHost: string; firestoreHost: string } {
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!authHost || !firestoreHost) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST must point at the local emulators');
  }
  return { authHost, firestoreHost };
}

/** A named admin app per project id, so callers in one process share it. */
export function emulatorAdminApp(projectId: string): AdminApp {
  requireEmulatorHosts();
  const name = `emulator-${projectId}`;
  return adminApp.getApps().find((app) => app.name === name) ?? adminApp.initializeApp({ projectId }, name);
}
