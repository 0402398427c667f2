import { browserPopupRedirectResolver, GoogleAuthProvider, OAuthProvider, signInWithPopup, type Auth, type UserCredential } from 'firebase/auth';
import type { SingleSignOnProvider } from '../../domain/flags';

// Single sign-on by popup (spec 000 §4.3), loaded by ./auth.ts only when a single sign-on button is pressed: the
// popup resolver and the providers stay out of the sign-in page's start-up code (./authSdk.ts initialises Auth
// without a resolver, so it is passed here). Against the Auth emulator the popup is the emulator's own sign-in page.

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
