import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { adapterConfig } from './firebaseSettings';

// One Firebase app per page, created on first use by whichever SDK module loads first (auth, functions,
// firestore, storage); none of them is in the start-up code.

export { adapterConfig, EMULATOR_PORTS } from './firebaseSettings';

export function firebaseApp(): FirebaseApp {
  if (getApps().length > 0) return getApp();
  const { apiKey, projectId, authDomain, storageBucket, appId } = adapterConfig();
  return initializeApp({ apiKey, projectId, authDomain, storageBucket, ...(appId ? { appId } : {}) });
}
