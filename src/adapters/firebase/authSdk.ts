import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// Firebase Auth, loaded by ./auth.ts when it is first needed (see loadAuthSdk there), so a signed-out visit's
// first page does not download or start it.

export {
  applyActionCode,
  confirmPasswordReset,
  EmailAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';

let auth: Auth | undefined;
/**
 * initializeAuth with IndexedDB persistence only: single sign-on is off on the app site (spec 000 §6), so the
 * popup/redirect resolver stays out of the bundle. ./persistedUser.ts reads what this persistence writes.
 */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), { persistence: indexedDBLocalPersistence });
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectAuthEmulator(auth, `http://${emulatorHost}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  return auth;
}
