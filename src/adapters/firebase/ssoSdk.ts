import { initializeApp, getApps } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getAdditionalUserInfo,
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
import type { ProviderIdentity } from '../../../machines/ports';
import type { SingleSignOnProvider } from '../../domain/flags';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// Single sign-on by popup or redirect (spec 000 §4.3), loaded by ./auth.ts only when a single sign-on button is pressed
// or the page comes back from the provider: the popup/redirect resolver and the providers stay out of the sign-in
// page's start-up code (./authSdk.ts initialises Auth without a resolver, so it is passed here). Against the Auth
// emulator the popup and the redirect go to the emulator's own sign-in page. In production the redirect needs the Auth
// domain (VITE_FIREBASE_AUTH_DOMAIN) to be the site's own domain, served by Firebase Hosting's /__/auth handler:
// browsers that partition third-party storage otherwise lose the redirect's result on the way back.
//
// Single sign-on, at sign-in and at sign-up, signs in with the provider on an Auth instance of its own (a second
// Firebase app, the identity kept in this tab's session storage only): the app's session does not see the person
// until the page has decided what the identity is. At sign-up the server first makes the account (functions
// signUpWithProvider: an email the CRM does not hold never becomes a session); at sign-in an identity the provider
// sign-in just made, or one without an account's claims, goes to the server, which deletes it when it has no account
// (functions discardProviderIdentity), so no bare identity is left behind and none becomes a session.

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

// The claims every Firebase ID token carries; any other is a custom claim the server set on an account.
const TOKEN_CLAIMS: ReadonlySet<string> = new Set(['iss', 'aud', 'auth_time', 'user_id', 'sub', 'iat', 'exp', 'email', 'email_verified', 'firebase', 'name', 'picture', 'phone_number']);

async function toProviderIdentity(providerId: SingleSignOnProvider, credential: UserCredential): Promise<ProviderIdentity> {
  const { claims } = await credential.user.getIdTokenResult();
  return {
    providerId,
    email: credential.user.email,
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false,
    hasClaims: Object.keys(claims).some((claim) => !TOKEN_CLAIMS.has(claim)),
  };
}

const IDENTITY_APP_NAME = 'single-sign-on';
let identityInstance: Auth | undefined;

/** The Auth instance of single sign-on (same project, apart from the app's session). */
function identityAuth(): Auth {
  if (identityInstance) return identityInstance;
  const app = getApps().find((existing) => existing.name === IDENTITY_APP_NAME) ?? initializeApp(firebaseApp().options, IDENTITY_APP_NAME);
  identityInstance = initializeAuth(app, { persistence: browserSessionPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectAuthEmulator(identityInstance, `http://${emulatorHost}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  return identityInstance;
}

/** The provider's identity by popup. */
export async function providerIdentityByPopup(providerId: SingleSignOnProvider): Promise<ProviderIdentity> {
  return toProviderIdentity(providerId, await signInWithPopup(identityAuth(), providerFor(providerId), browserPopupRedirectResolver));
}

/** Leaves the page for the provider's sign-in; the provider sends the browser back to the same address. */
export function startProviderRedirect(providerId: SingleSignOnProvider): Promise<never> {
  return signInWithRedirect(identityAuth(), providerFor(providerId), browserPopupRedirectResolver);
}

/** The identity the provider sent the browser back with; null when this page load is not such a return. */
export async function providerRedirectIdentity(providerId: SingleSignOnProvider): Promise<ProviderIdentity | null> {
  const credential = await getRedirectResult(identityAuth(), browserPopupRedirectResolver);
  return credential ? toProviderIdentity(providerId, credential) : null;
}

/** The identity single sign-on holds, or a failure the page cannot get past. */
function currentIdentity(): User {
  const user = identityAuth().currentUser;
  if (!user) throw { code: 'auth/no-current-user' };
  return user;
}

/** The identity's Firebase ID token, which proves the provider's email to the server. */
export function providerIdToken(): Promise<string> {
  return currentIdentity().getIdToken();
}

/**
 * An account's identity becomes the app's session (with a fresh token carrying the account's claims), and the single
 * sign-on instance forgets it.
 */
export async function adoptProviderIdentity(auth: Auth): Promise<User> {
  const identity = currentIdentity();
  await identity.getIdToken(true);
  await updateCurrentUser(auth, identity);
  await signOut(identityAuth());
  if (!auth.currentUser) throw { code: 'auth/no-current-user' };
  return auth.currentUser;
}

/** No account's identity is forgotten (the server removed the one it made no account for). */
export function forgetProviderIdentity(): Promise<void> {
  return signOut(identityAuth());
}
