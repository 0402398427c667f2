// firebase-admin lives in functions/node_modules (the root package does not depend on it); the seed and the
// emulator test helpers load it from there.
import { createRequire } from 'node:module';

type AdminAppModule = typeof import('../functions/node_modules/firebase-admin/lib/app/index');
type AdminAuthModule = typeof import('../functions/node_modules/firebase-admin/lib/auth/index');
type AdminFirestoreModule = typeof import('../functions/node_modules/firebase-admin/lib/firestore/index');
type AdminStorageModule = typeof import('../functions/node_modules/firebase-admin/lib/storage/index');

const requireFromFunctions = createRequire(new URL('../functions/package.json', import.meta.url));

export const adminApp = requireFromFunctions('firebase-admin/app') as AdminAppModule;
export const adminAuth = requireFromFunctions('firebase-admin/auth') as AdminAuthModule;
export const adminFirestore = requireFromFunctions('firebase-admin/firestore') as AdminFirestoreModule;

/**
 * Storage loads on first use (the seed's files): the e2e helpers that import this module for auth and Firestore
 * never load @google-cloud/storage.
 */
export function adminStorage(): AdminStorageModule {
  return requireFromFunctions('firebase-admin/storage') as AdminStorageModule;
}

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

/**
 * The Storage emulator must be named (FIREBASE_STORAGE_EMULATOR_HOST): without it the Admin SDK would write to the
 * real bucket. Answers the app's default bucket as src/app/config.ts names it (VITE_FIREBASE_STORAGE_BUCKET, else
 * `<projectId>.appspot.com`), which the functions' default bucket is in the emulators too.
 */
export function requireStorageEmulator(projectId: string): { storageHost: string; bucket: string } {
  const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  if (!storageHost) throw new Error('FIREBASE_STORAGE_EMULATOR_HOST must point at the local Storage emulator');
  return { storageHost, bucket: process.env.VITE_FIREBASE_STORAGE_BUCKET || `${projectId}.appspot.com` };
}

/** A named admin app per project id, so callers in one process share it. */
export function emulatorAdminApp(projectId: string): AdminApp {
  requireEmulatorHosts();
  const name = `emulator-${projectId}`;
  return adminApp.getApps().find((app) => app.name === name) ?? adminApp.initializeApp({ projectId }, name);
}
