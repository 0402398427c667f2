import {
  applyActionCode,
  confirmPasswordReset,
  onIdTokenChanged,
  sendEmailVerification,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import type { AuthPort, AuthUser } from '../../../machines/ports';
import { withPortErrors } from './errors';
import { adapterConfig, firebaseAuth } from './firebaseApp';

// machines/ports.ts AuthPort over Firebase Auth. Users leave as plain data (no SDK objects in machine context).

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

function requireUser(): User {
  const user = firebaseAuth().currentUser;
  if (!user) throw { code: 'auth/no-current-user' };
  return user;
}

export function createAuthPort(): AuthPort {
  return {
    currentUser() {
      const user = firebaseAuth().currentUser;
      return user ? toAuthUser(user) : null;
    },
    getClaims(forceRefresh) {
      return withPortErrors(async () => {
        const result = await requireUser().getIdTokenResult(forceRefresh);
        return { ...result.claims };
      });
    },
    signInWithEmail(email, password) {
      return withPortErrors(async () => toAuthUser((await signInWithEmailAndPassword(firebaseAuth(), email, password)).user));
    },
    signInWithCustomToken(token) {
      return withPortErrors(async () => toAuthUser((await signInWithCustomToken(firebaseAuth(), token)).user));
    },
    signOut() {
      return withPortErrors(() => signOut(firebaseAuth()));
    },
    refreshToken() {
      return withPortErrors(async () => {
        await requireUser().getIdToken(true);
      });
    },
    verifyPasswordResetCode(oobCode) {
      return withPortErrors(() => verifyPasswordResetCode(firebaseAuth(), oobCode));
    },
    confirmPasswordReset(oobCode, newPassword) {
      return withPortErrors(() => confirmPasswordReset(firebaseAuth(), oobCode, newPassword));
    },
    applyActionCode(oobCode, tenantId) {
      return withPortErrors(async () => {
        // spec 000 §7: on partner sites the verification link carries the partner tenant.
        const auth = firebaseAuth();
        const previousTenant = auth.tenantId;
        auth.tenantId = tenantId;
        try {
          await applyActionCode(auth, oobCode);
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
      return withPortErrors(() => sendEmailVerification(requireUser()));
    },
    subscribeUser(listener) {
      // onIdTokenChanged fires on sign-in, sign-out and token refresh, so new claims reach the session machine.
      return onIdTokenChanged(firebaseAuth(), (user) => listener(user ? toAuthUser(user) : null));
    },
  };
}
