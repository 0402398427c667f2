import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

// One admin app per function instance; under the emulators the SDK reads FIREBASE_AUTH_EMULATOR_HOST and
// FIRESTORE_EMULATOR_HOST that the Functions emulator sets.
function app() {
  return getApps()[0] ?? initializeApp();
}

export function auth(): Auth {
  return getAuth(app());
}

export function db(): Firestore {
  return getFirestore(app());
}
