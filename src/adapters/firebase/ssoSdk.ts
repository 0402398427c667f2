import { initializeApp, getApps } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getRedirectResult,
  GoogleAuthProvider,
  initializeAuth,
  OAuthProvider,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateCurrentUser,
  type Auth,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { SingleSignOnProvider } from '../../domain/flags';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// Single sign-on by popup or redirect (spec 000 §4.3), loaded by ./auth.ts only when a single sign-on button is pressed
// or the page comes back from the provider: the popup/redirect resolver and the providers stay out of the sign-in
// page's start-up code (./authSdk.ts initialises Auth without a resolver, so it is passed here). Against the Auth
// emulator the popup and the redirect go to the emulator's own sign-in page. In production the redirect needs the Auth
// domain (VITE_FIREBASE_AUTH_DOMAIN) to be the site's own domain, served by Firebase Hosting's /__/auth handler:
// browsers that partition third-party storage otherwise lose the redirect's result on the way back.
//
// Sign-up by single sign-on signs in with the provider on an Auth instance of its own (a second Firebase app, the
// identity kept in this tab's session storage only): the app's session does not see the person until the server
// has made their account (functions signUpWithProvider), and an email the CRM does not hold never becomes a session.

function providerFor(providerId: SingleSignOnProvider): GoogleAuthProvider | OAuthProvider {
  if (providerId === 'google.com') {
    const google = new GoogleAuthProvider();
    // The person picks the account each time, so a mismatch can be corrected by picking another.
    google.setCustomParameters({ prompt: 'select_account' });
    return google;
  }
  const provider = new OAuthProvider(providerId);
  provider.addScope('email');
  return provider;
}

export function signInWithProviderPopup(auth: Auth, providerId: SingleSignOnProvider): Promise<UserCredential> {
  return signInWithPopup(auth, providerFor(providerId), browserPopupRedirectResolver);
}

/** Leaves the page for the provider's sign-in; the provider sends the browser back to the same address. */
export function startProviderRedirect(auth: Auth, providerId: SingleSignOnProvider): Promise<never> {
  return signInWithRedirect(auth, providerFor(providerId), browserPopupRedirectResolver);
}

/** The sign-in the provider sent the browser back with; null when this page load is not such a return. */
export async function providerRedirectUser(auth: Auth): Promise<User | null> {
  return (await getRedirectResult(auth, browserPopupRedirectResolver))?.user ?? null;
}

const SIGN_UP_APP_NAME = 'single-sign-on-sign-up';
let signUpInstance: Auth | undefined;

/** The Auth instance of sign-up by single sign-on (same project, apart from the app's session). */
export function signUpAuth(): Auth {
  if (signUpInstance) return signUpInstance;
  const app = getApps().find((existing) => existing.name === SIGN_UP_APP_NAME) ?? initializeApp(firebaseApp().options, SIGN_UP_APP_NAME);
  signUpInstance = initializeAuth(app, { persistence: browserSessionPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectAuthEmulator(signUpInstance, `http://${emulatorHost}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  return signUpInstance;
}

/** The provider identity a sign-up holds, or a failure the page cannot get past. */
function signUpIdentity(): User {
  const user = signUpAuth().currentUser;
  if (!user) throw { code: 'auth/no-current-user' };
  return user;
}

/** The identity's Firebase ID token, which proves the provider's email to the server. */
export function signUpIdToken(): Promise<string> {
  return signUpIdentity().getIdToken();
}

/**
 * Once the server made the account: the identity becomes the app's session (with a fresh token carrying the new
 * account's claims), and the sign-up instance forgets it.
 */
export async function adoptSignUpIdentity(auth: Auth): Promise<User> {
  const identity = signUpIdentity();
  await identity.getIdToken(true);
  await updateCurrentUser(auth, identity);
  await signOut(signUpAuth());
  if (!auth.currentUser) throw { code: 'auth/no-current-user' };
  return auth.currentUser;
}

/** The server refused the sign-up: the identity is forgotten (the server removed it when it made no account). */
export function discardSignUpIdentity(): Promise<void> {
  return signOut(signUpAuth());
}
