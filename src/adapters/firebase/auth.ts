import type { User } from 'firebase/auth';
import type { AuthPort, AuthUser, PendingProviderRedirect } from '../../../machines/ports';
import type { SingleSignOnProvider } from '../../domain/flags';
import { withPortErrors } from './errors';
import { adapterConfig } from './firebaseSettings';
import { hasPersistedUser } from './persistedUser';

// machines/ports.ts AuthPort over Firebase Auth. Users leave as plain data (no SDK objects in machine context).
//
// The Auth SDK is about a sixth of the start-up JavaScript and takes a while to start, and a signed-out visitor
// (the sign-in page's usual reader) needs it only when they sign in. So it loads on first use: at once when this
// browser holds a signed-in user (./persistedUser.ts), otherwise when an auth call needs it. Until then the user
// watcher reports "signed out" straight away; once the SDK loads (for a sign-in, say) the watcher follows it, and
// a return to the tab re-checks whether another tab signed in.

type AuthSdk = typeof import('./authSdk');
let sdkPromise: Promise<AuthSdk> | undefined;
const sdkLoadedListeners = new Set<(sdk: AuthSdk) => void>();

/** Loads (once) and returns the Auth SDK; whoever waits for it without loading it hears of it. */
export function loadAuthSdk(): Promise<AuthSdk> {
  if (!sdkPromise) {
    sdkPromise = import('./authSdk').then(
      (sdk) => (loadedSdk = sdk),
      (error: unknown) => {
        // A chunk that failed to download (a dropped connection) is fetched again by the next call.
        sdkPromise = undefined;
        throw error;
      },
    );
    void sdkPromise.then((sdk) => sdkLoadedListeners.forEach((listener) => listener(sdk)), () => undefined);
  }
  return sdkPromise;
}

/** Calls back when the SDK has loaded (at once if it has), without loading it. */
function whenAuthSdkLoaded(listener: (sdk: AuthSdk) => void): () => void {
  if (sdkPromise) {
    let active = true;
    void sdkPromise.then((sdk) => active && listener(sdk), () => undefined);
    return () => {
      active = false;
    };
  }
  const once = (sdk: AuthSdk) => {
    sdkLoadedListeners.delete(once);
    listener(sdk);
  };
  sdkLoadedListeners.add(once);
  return () => sdkLoadedListeners.delete(once);
}

/** Test seam: forget the loaded SDK (tests load it again with other mocks). */
export function resetAuthSdkForTests(): void {
  sdkPromise = undefined;
  sdkLoadedListeners.clear();
  loadedSdk = undefined;
}

let loadedSdk: AuthSdk | undefined;

/**
 * The customer site's users live in the project's default Auth pool (no Firebase Auth tenant), which is the
 * site's tenant (FirebaseAdapterConfig.defaultTenantId, 'customer'); users of Firebase Auth tenants (partner sites) carry their own.
 * The session machine compares this with the site's tenant (spec 000 §4.1).
 */
export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    tenantId: user.tenantId ?? adapterConfig().defaultTenantId,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

// The single sign-on redirect under way in this tab (spec 000 §4.3): written before the page leaves for the provider,
// read when it comes back, so only a return from the provider loads the redirect code (and the Auth SDK).
const PENDING_REDIRECT_KEY = 'app.singleSignOnRedirect';
const REDIRECT_PROVIDERS: readonly string[] = ['google.com', 'apple.com', 'linkedin.com'] satisfies SingleSignOnProvider[];

export function readPendingRedirect(): PendingProviderRedirect | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(PENDING_REDIRECT_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || !('providerId' in parsed) || !('flow' in parsed)) return null;
    const { providerId, flow } = parsed;
    if (typeof providerId !== 'string' || !REDIRECT_PROVIDERS.includes(providerId)) return null;
    if (flow !== 'signIn' && flow !== 'signUp') return null;
    return { providerId: providerId as SingleSignOnProvider, flow };
  } catch {
    // No session storage (a locked-down browser): no redirect is known.
    return null;
  }
}

function writePendingRedirect(pending: PendingProviderRedirect | null): void {
  try {
    if (pending) window.sessionStorage.setItem(PENDING_REDIRECT_KEY, JSON.stringify(pending));
    else window.sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  } catch {
    // Without session storage the return from the provider is not recognised; the page shows its form.
  }
}

async function requireUser(): Promise<User> {
  const user = (await loadAuthSdk()).firebaseAuth().currentUser;
  if (!user) throw { code: 'auth/no-current-user' };
  return user;
}

export function createAuthPort(): AuthPort {
  const withAuth = <T>(use: (sdk: AuthSdk, auth: ReturnType<AuthSdk['firebaseAuth']>) => Promise<T>) =>
    withPortErrors(async () => {
      const sdk = await loadAuthSdk();
      return use(sdk, sdk.firebaseAuth());
    });
  return {
    currentUser() {
      const user = loadedSdk?.firebaseAuth().currentUser;
      return user ? toAuthUser(user) : null;
    },
    getClaims(forceRefresh) {
      return withPortErrors(async () => {
        const result = await (await requireUser()).getIdTokenResult(forceRefresh);
        return { ...result.claims };
      });
    },
    signInWithEmail(email, password) {
      return withAuth(async (sdk, auth) => toAuthUser((await sdk.signInWithEmailAndPassword(auth, email, password)).user));
    },
    signInWithCustomToken(token) {
      return withAuth(async (sdk, auth) => toAuthUser((await sdk.signInWithCustomToken(auth, token)).user));
    },
    providerIdentityByPopup(providerId) {
      return withPortErrors(async () => (await import('./ssoSdk')).providerIdentityByPopup(providerId));
    },
    startProviderRedirect(providerId, flow) {
      return withPortErrors(async () => {
        const sso = await import('./ssoSdk');
        writePendingRedirect({ providerId, flow });
        try {
          await sso.startProviderRedirect(providerId);
        } catch (error) {
          writePendingRedirect(null);
          throw error;
        }
      });
    },
    pendingProviderRedirect: readPendingRedirect,
    completeProviderRedirect() {
      return withPortErrors(async () => {
        const pending = readPendingRedirect();
        const sso = await import('./ssoSdk');
        try {
          return pending ? await sso.providerRedirectIdentity(pending.providerId) : null;
        } finally {
          writePendingRedirect(null);
        }
      });
    },
    providerIdentityToken() {
      return withPortErrors(async () => (await import('./ssoSdk')).providerIdToken());
    },
    adoptProviderIdentity() {
      return withAuth(async (_sdk, auth) => toAuthUser(await (await import('./ssoSdk')).adoptProviderIdentity(auth)));
    },
    forgetProviderIdentity() {
      return withPortErrors(async () => (await import('./ssoSdk')).forgetProviderIdentity());
    },
    signOut() {
      return withAuth((sdk, auth) => sdk.signOut(auth));
    },
    refreshToken() {
      return withPortErrors(async () => {
        await (await requireUser()).getIdToken(true);
      });
    },
    verifyPasswordResetCode(oobCode) {
      return withAuth((sdk, auth) => sdk.verifyPasswordResetCode(auth, oobCode));
    },
    confirmPasswordReset(oobCode, newPassword) {
      return withAuth((sdk, auth) => sdk.confirmPasswordReset(auth, oobCode, newPassword));
    },
    applyActionCode(oobCode, tenantId) {
      return withAuth(async (sdk, auth) => {
        // spec 000 §7: on partner sites the verification link carries the partner tenant.
        const previousTenant = auth.tenantId;
        auth.tenantId = tenantId;
        try {
          await sdk.applyActionCode(auth, oobCode);
        } finally {
          auth.tenantId = previousTenant;
        }
        // The signed-in user's emailVerified flag changes only after a reload; the link itself already worked, so
        // a failed reload (an expired session) does not turn the verification into a failure.
        // A fresh token then carries email_verified, and the session sees the change (onIdTokenChanged).
        await auth.currentUser
          ?.reload()
          .then(() => auth.currentUser?.getIdToken(true))
          .catch(() => undefined);
      });
    },
    sendEmailVerification() {
      return withAuth(async (sdk) => sdk.sendEmailVerification(await requireUser()));
    },
    subscribeUser(listener) {
      let active = true;
      let stopSdk: (() => void) | undefined;
      let stopWaiting: (() => void) | undefined;
      let stopRechecks: (() => void) | undefined;
      const follow = (sdk: AuthSdk) => {
        if (!active || stopSdk) return;
        stopRechecks?.();
        // onIdTokenChanged fires on sign-in, sign-out and token refresh, so new claims reach the session machine.
        stopSdk = sdk.onIdTokenChanged(sdk.firebaseAuth(), (user) => listener(user ? toAuthUser(user) : null));
      };
      const loadIfStored = () =>
        hasPersistedUser(adapterConfig().apiKey).then((stored) => {
          if (active && stored) void loadAuthSdk().then(follow, () => listener(null));
          return stored;
        });
      void loadIfStored().then((stored) => {
        if (!active || stored) return;
        listener(null);
        stopWaiting = whenAuthSdkLoaded(follow);
        // Another tab may sign in meanwhile; its user is in the shared store when this tab is looked at again.
        const recheck = () => {
          if (document.visibilityState === 'visible') void loadIfStored();
        };
        document.addEventListener('visibilitychange', recheck);
        window.addEventListener('focus', recheck);
        stopRechecks = () => {
          document.removeEventListener('visibilitychange', recheck);
          window.removeEventListener('focus', recheck);
          stopRechecks = undefined;
        };
      });
      return () => {
        active = false;
        stopSdk?.();
        stopWaiting?.();
        stopRechecks?.();
      };
    },
  };
}
