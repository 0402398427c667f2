// The account machines' actor signatures (conventions in machines/ports.ts): sign-in, sign-up, password reset,
// reset link, email verification and recovery, verification resend.
import type { SingleSignOnProvider } from '../../src/domain/flags';
import type {
  AuthUser,
  ProviderIdentity,
  ProviderRedirectFlow,
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
  /** The provider's identity by popup or redirect (providerSignOn.machine.ts). */
  providerSignOn: PromiseActorSignature<ProviderSignOnInput, ProviderSignOnOutput>;
  /**
   * CallablesPort.discardProviderIdentity with the identity's token (AuthPort.providerIdentityToken): true when the
   * server deleted the identity the provider sign-in made (no account), which is then forgotten
   * (AuthPort.forgetProviderIdentity); false when it is an account's.
   */
  discardProviderIdentity: PromiseActorSignature<void, boolean>;
  /** AuthPort.adoptProviderIdentity: the account's session. */
  adoptProviderIdentity: PromiseActorSignature<void, AuthUser>;
}

export interface SignUpActorSignatures {
  /** CallablesPort.signUp: true means sign in directly. */
  createAccount: PromiseActorSignature<{ email: string; password: string }, boolean>;
  /** AuthPort.signInWithEmail. */
  signInWithEmail: PromiseActorSignature<{ email: string; password: string }, AuthUser>;
  /** The provider's identity by popup or redirect (providerSignOn.machine.ts). */
  providerSignOn: PromiseActorSignature<ProviderSignOnInput, ProviderSignOnOutput>;
  /**
   * CallablesPort.signUpWithProvider with the identity's token (AuthPort.providerIdentityToken): true means sign in
   * directly. A refusal forgets the identity (AuthPort.forgetProviderIdentity).
   */
  createProviderAccount: PromiseActorSignature<void, boolean>;
  /** AuthPort.adoptProviderIdentity: the new account's session. */
  adoptProviderIdentity: PromiseActorSignature<void, AuthUser>;
}

/** What single sign-on starts from (providerSignOn.machine.ts). */
export interface ProviderSignOnInput {
  providerId: SingleSignOnProvider;
  /** The page that started it: the redirect comes back to it. */
  flow: ProviderRedirectFlow;
  /** By redirect from the start (an installed app, where popups fail). */
  preferRedirect: boolean;
  /** The page loaded on the return from the provider's redirect: only its result is read. */
  returning: boolean;
}

/** How single sign-on ended (spec 000 §8): the identity, silence, another account than the linked one, or a code. */
export type ProviderSignOnOutput =
  | { result: 'identified'; identity: ProviderIdentity }
  | { result: 'cancelled' }
  | { result: 'mismatch'; code: string }
  | { result: 'failed'; code: string };

/** Single sign-on's own steps, shared by sign-in and sign-up (spec 000 §4.3). */
export interface ProviderSignOnActorSignatures {
  /** AuthPort.providerIdentityByPopup: the provider's identity, apart from the app's session. */
  providerIdentityByPopup: PromiseActorSignature<{ providerId: SingleSignOnProvider }, ProviderIdentity>;
  /** AuthPort.startProviderRedirect: the page leaves for the provider. */
  startProviderRedirect: PromiseActorSignature<{ providerId: SingleSignOnProvider; flow: ProviderRedirectFlow }, void>;
  /** AuthPort.completeProviderRedirect (getRedirectResult): null when the page is not a return from the provider. */
  completeProviderRedirect: PromiseActorSignature<void, ProviderIdentity | null>;
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
