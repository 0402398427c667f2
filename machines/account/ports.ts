// The account machines' actor signatures (conventions in machines/ports.ts): sign-in, sign-up, password reset,
// reset link, email verification and recovery, verification resend.
import type { SingleSignOnProvider } from '../../src/domain/flags';
import type {
  AuthUser,
  ProviderIdentity,
  PromiseActorSignature,
  RecoverEmailResult,
  ResetCodeStatus,
  SignInFailureReason,
} from '../ports';


export interface SignInActorSignatures {
  /** AuthPort.signInWithEmail. */
  signInWithEmail: PromiseActorSignature<{ email: string; password: string }, AuthUser>;
  /** CallablesPort.checkSignInFailureReason. */
  checkSignInFailureReason: PromiseActorSignature<
    { email: string },
    { reason: SignInFailureReason; providerIds: string[] }
  >;
  /** AuthPort.signInWithProvider (single sign-on by popup). */
  signInWithProvider: PromiseActorSignature<{ providerId: SingleSignOnProvider }, AuthUser>;
  /** AuthPort.startProviderRedirect (flow signIn): the page leaves for the provider. */
  startProviderRedirect: PromiseActorSignature<{ providerId: SingleSignOnProvider }, void>;
  /** AuthPort.completeSignInRedirect (getRedirectResult): null when the page is not a return from the provider. */
  completeProviderRedirect: PromiseActorSignature<void, AuthUser | null>;
}

export interface SignUpActorSignatures {
  /** CallablesPort.signUp: true means sign in directly. */
  createAccount: PromiseActorSignature<{ email: string; password: string }, boolean>;
  /** AuthPort.signInWithEmail. */
  signInWithEmail: PromiseActorSignature<{ email: string; password: string }, AuthUser>;
  /** AuthPort.signUpIdentityByPopup: the provider's identity, apart from the app's session. */
  providerIdentityByPopup: PromiseActorSignature<{ providerId: SingleSignOnProvider }, ProviderIdentity>;
  /** AuthPort.startProviderRedirect (flow signUp): the page leaves for the provider. */
  startProviderRedirect: PromiseActorSignature<{ providerId: SingleSignOnProvider }, void>;
  /** AuthPort.completeSignUpRedirect (getRedirectResult): null when the page is not a return from the provider. */
  completeProviderRedirect: PromiseActorSignature<void, ProviderIdentity | null>;
  /**
   * CallablesPort.signUpWithProvider with the identity's token (AuthPort.signUpIdentityToken): true means sign in
   * directly. A refusal forgets the identity (AuthPort.discardSignUpIdentity).
   */
  createProviderAccount: PromiseActorSignature<void, boolean>;
  /** AuthPort.adoptSignUpIdentity: the new account's session. */
  adoptProviderIdentity: PromiseActorSignature<void, AuthUser>;
}

export interface PasswordResetActorSignatures {
  /** CallablesPort.validateResetPassword. */
  validateResetCode: PromiseActorSignature<{ email: string; oobCode: string }, { status: ResetCodeStatus }>;
  /** AuthPort.confirmPasswordReset. */
  confirmPasswordReset: PromiseActorSignature<{ oobCode: string; password: string }, void>;
  /** AuthPort.signInWithEmail. */
  signInWithEmail: PromiseActorSignature<{ email: string; password: string }, AuthUser>;
  /** AuthPort.sendEmailVerification. */
  sendEmailVerification: PromiseActorSignature<void, void>;
}

export interface ResetLinkRequestActorSignatures {
  /** CallablesPort.resetPasswordByEmail. */
  requestResetLink: PromiseActorSignature<{ email: string }, void>;
}

export interface VerifyEmailActorSignatures {
  /** AuthPort.applyActionCode. */
  applyActionCode: PromiseActorSignature<{ oobCode: string; tenantId: string | null }, void>;
}

export interface RecoverEmailActorSignatures {
  /** CallablesPort.recoverEmail. */
  recoverEmail: PromiseActorSignature<{ oobCode: string }, { result: RecoverEmailResult; email: string | null }>;
}

export interface VerificationResendActorSignatures {
  /** AuthPort.sendEmailVerification. */
  sendEmailVerification: PromiseActorSignature<void, void>;
}
