// What the machines need from the outside world (ARCHITECTURE.md "Machines"). No Firebase types: the Firebase
// adapter (src/adapters/firebase) implements these ports, and src/app turns them into the machines' actors with
// `.provide({ actors: { name: fromPromise(({ input }) => ...) } })`. The actor signatures below are the exact
// input → output of each named actor stub in machines/*.machine.ts.
//
// Failures: every port method rejects with a `PortError` (an Error or a plain object carrying `code`), never an
// SDK error. `code` is the identity provider's code ('auth/wrong-password', 'auth/too-many-requests', ...) or the
// callable's spec code / HttpsError code ('no-customer-contact-id', 'not-found', 'already-exists', ...); `key` is
// the domain error key from HttpsError `details.key` when the server sent one. The Firebase adapter maps a failure
// once (src/adapters/firebase/errors.ts), so every machine reads the same fields.

import type { ComfortPage, ComfortType, PartnerFlyerField, TableSetting } from '../src/domain/userSettings';
import type { SingleSignOnProvider } from '../src/domain/flags';
import type { MaintenanceFlag, SiteType } from '../src/domain/maintenance';

/** Undo a subscription. */
export type Unsubscribe = () => void;

export interface PortError {
  /** The spec code the server named the refusal with, else the HttpsError code ('charge-result-being-checked', 'not-found'). */
  code: string;
  /** A callable's HttpsError code itself ('failed-precondition', 'unavailable'); absent for other failures. */
  callableCode?: string;
  key?: string;
  /** The server's reference code for an internal failure, shown in 'Code: {code}' messages when present. */
  reference?: string;
  /** A throttled call (code 'resource-exhausted', e.g. orderReport, spec 001 §5): whole seconds until it is accepted. */
  retryAfterSeconds?: number;
  /** The server's sentence for the customer (spec 001 §8: it overrides the payment profile update's text). */
  detailsMessage?: string;
  /** The card provider's reason code when the server passes a provider refusal on ('17', '65', '8', ...). */
  reasonCode?: string;
}

/** The seconds a throttled call must wait (PortError.retryAfterSeconds), null when the rejection does not say. */
export function portErrorRetryAfterSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('retryAfterSeconds' in error)) return null;
  const seconds = error.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** The code of a rejected port call; 'unknown' when the rejection carries none. */
export function portErrorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------------------------
// Identity provider

/** The signed-in identity, as plain data (spec 000 §4.1). */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The identity provider tenant; compared with the site's tenant (spec 000 §4.1). */
  tenantId: string | null;
  /** 'password', 'google.com', 'apple.com', 'linkedin.com', ... */
  providerIds: string[];
}

/** Custom claims as the token carries them; machines parse them with src/domain/claims.ts. */
export type RawClaims = Record<string, unknown>;

export type ProviderRedirectFlow = 'signIn' | 'signUp';
export interface PendingProviderRedirect {
  providerId: SingleSignOnProvider;
  flow: ProviderRedirectFlow;
}
/**
 * A single sign-on provider's identity, apart from the app's session until the page has decided what it is
 * (spec 000 §4.3): an account to sign in, or a sign-up for the server to make.
 */
export interface ProviderIdentity {
  providerId: SingleSignOnProvider;
  email: string | null;
  /** The provider sign-in made this identity just now (Firebase's additionalUserInfo.isNewUser). */
  isNewUser: boolean;
  /** Its token carries custom claims (an account's role): it belongs to an account of the app. */
  hasClaims: boolean;
}

export interface AuthPort {
  currentUser(): AuthUser | null;
  /** The token's custom claims; `forceRefresh` fetches a fresh token first. */
  getClaims(forceRefresh: boolean): Promise<RawClaims>;
  signInWithEmail(email: string, password: string): Promise<AuthUser>;
  signInWithCustomToken(token: string): Promise<AuthUser>;
  /**
   * Single sign-on through the provider's popup (spec 000 §4.3): the provider's identity, kept apart from the app's
   * session. Rejects with the identity provider's code: 'auth/popup-closed-by-user' / 'auth/cancelled-popup-request' /
   * 'auth/user-cancelled' when the person closed or cancelled it, 'auth/user-mismatch' for another account than the
   * one linked, 'auth/popup-blocked' when it cannot open, and any other code on failure.
   */
  providerIdentityByPopup(providerId: SingleSignOnProvider): Promise<ProviderIdentity>;
  /**
   * Single sign-on by redirect (spec 000 §4.3): the page leaves for the provider, which sends the browser back to the
   * same address; `flow` says which page completes it. Does not resolve while the page leaves; rejects with the
   * identity provider's code when it cannot start.
   */
  startProviderRedirect(providerId: SingleSignOnProvider, flow: ProviderRedirectFlow): Promise<void>;
  /** The redirect this tab started and has not completed, read without loading the Auth SDK (null when none). */
  pendingProviderRedirect(): PendingProviderRedirect | null;
  /** Completes a redirect: the provider's identity, or null when the page is not a return from the provider. */
  completeProviderRedirect(): Promise<ProviderIdentity | null>;
  /** The identity's ID token, for the server (signUpWithProvider, discardProviderIdentity). */
  providerIdentityToken(): Promise<string>;
  /** The identity is an account's: it becomes the app's session. */
  adoptProviderIdentity(): Promise<AuthUser>;
  /** The identity is no account's: it is forgotten. */
  forgetProviderIdentity(): Promise<void>;
  signOut(): Promise<void>;
  /** Forces a new ID token (new claims). */
  refreshToken(): Promise<void>;
  /** Resolves to the account's email. */
  verifyPasswordResetCode(oobCode: string): Promise<string>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  /** Email verification links carry the partner tenant on partner sites (spec 000 §7). */
  applyActionCode(oobCode: string, tenantId: string | null): Promise<void>;
  sendEmailVerification(): Promise<void>;
  /**
   * Called at once with the current user (null when signed out), then on every sign-in and sign-out
   * (onAuthStateChanged semantics: not on token refresh).
   */
  subscribeUser(listener: (user: AuthUser | null) => void): Unsubscribe;
}

// ---------------------------------------------------------------------------------------------------------------
// Callable functions (spec 000 §7). Shapes mirror src/contract/callables.ts (machines may not import the contract;
// the adapter parses with it, and TypeScript checks the adapter against this interface).

export type SignInFailureReason = 'sso' | 'migration' | 'newViaApi' | 'other';
export type ResetCodeStatus = 'current' | 'expired' | 'invalid';
export type RecoverEmailResult = 'success' | 'expired' | 'email-in-use' | 'not-found';

export interface ErrorReport {
  message: string;
  extra?: Record<string, unknown>;
}

export interface CallablesPort {
  /** true: the new account may sign in directly; false: show the verification notice (spec 000 §4.3). */
  signUp(request: { email: string; password: string }): Promise<boolean>;
  /** Sign-up by single sign-on with the provider's ID token (spec 000 §4.3): true, signed in directly. */
  signUpWithProvider(request: { idToken: string }): Promise<boolean>;
  /**
   * A provider sign-in at sign-in that made a new identity (spec 000 §4.3): the server deletes it when it has no
   * account (true), or answers false for an account's.
   */
  discardProviderIdentity(request: { idToken: string }): Promise<{ discarded: boolean }>;
  checkSignInFailureReason(request: { email: string }): Promise<{ reason: SignInFailureReason; providerIds: string[] }>;
  resetPasswordByEmail(request: { email: string }): Promise<{ sent: true }>;
  validateResetPassword(request: { email: string; oobCode: string }): Promise<{ status: ResetCodeStatus }>;
  recoverEmail(request: { id: string }): Promise<{ result: RecoverEmailResult; email?: string }>;
  /** The new address's link of an email change: the same results as recoverEmail, the new address on success. */
  confirmEmailChange(request: { oobCode: string }): Promise<{ result: RecoverEmailResult; email?: string }>;
  removeMigrationClaim(): Promise<{ ok: true }>;
  resyncCustomClaims(): Promise<{ ok: true }>;
  elevatePermissions(): Promise<{ token: string }>;
  /** CRM link-in (spec 000 §2.2): a custom token for the contact's account; 'not-found' when it has none. */
  createSalesforceToken(request: { userId: string; sessionId: string; contactId: string }): Promise<{ token: string }>;
  storeLastSignIn(): Promise<{ stored: boolean }>;
  reportError(reports: ErrorReport[]): Promise<{ stored: number }>;
  createContactRequest(request: { message: string; email: string }): Promise<{ id: string }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Live data (Firestore onSnapshot, wrapped; timestamps are Date at the adapter boundary)

/** The per-site-type maintenance flag (spec 001 §3): on/off, or a window with either end optional. */
export type MaintenanceFlagValue = MaintenanceFlag;
export type MaintenanceSiteType = SiteType;

/** The fields of users/{uid} the machines read (spec 000 §3.1). */
export interface LiveUserDocument {
  uid: string;
  siteId: string | null;
  tenantId: string | null;
  lastSignIn: Date | null;
}

/** spec 000 §3.1 address: each field at most 255 characters. */
export interface UserAddress {
  street1: string | null;
  street2: string | null;
  city: string | null;
  stateCode: string | null;
  zip: string | null;
}

/** spec 000 §3.2 User.partner. */
export interface UserPartner {
  contactId: string | null;
  nmlsId: string | null;
  dateOnboarding: Date | null;
  /** termsAndConditions.dateAccepted. */
  termsAcceptedAt: Date | null;
  smsOptOut: boolean;
  isAbleToSeeClientsInExtendedTimeRange: boolean;
  reporteesCanSubmitLeads: boolean;
  /** partnerFlyerMetadata: what the partner's flyer prints; null when none is stored. */
  flyer: Record<PartnerFlyerField, string | null> | null;
}

/** users/{uid} as the app reads it (spec 000 §3.1, §3.2): the live fields plus what the shell and pages show. */
export interface UserDocument extends LiveUserDocument {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  setupComplete: boolean;
  productLine: string | null;
  customerContactId: string | null;
  /** spec 001 §3 subscription status, as the CRM sync writes it on the user. */
  subscriptionStatus: string | null;
  /** When the customer accepted the authorizations (spec 002). */
  authorizationsAcceptedAt: Date | null;
  /** spec 000 §3.1 degradedAccess; `expiration` null means it does not expire. */
  degradedAccess: { expiration: Date | null } | null;
  uiLang: 'en' | 'es' | null;
  /** spec 000 §3.1 phone and phone_nonMobile: their last 10 digits. */
  phone: string | null;
  phoneNonMobile: string | null;
  /** spec 000 §3.1 dateBirth: a calendar day, 'YYYY-MM-DD'. */
  dateBirth: string | null;
  /** spec 000 §3.1 address. */
  address: UserAddress | null;
  /** spec 000 §3.2 customer.idcsEnrollmentId: the customer's enrolment with the identity (IDCS) service. */
  idcsEnrollmentId: string | null;
  /** spec 000 §3.2 customer.inPurchasingPhase: shopping for the loan now (false when not stored). */
  inPurchasingPhase: boolean;
  /** spec 000 §3.2 User.partner: a partner's account only. */
  partner: UserPartner | null;
  /** spec 000 §3.2 settings.tableSettings: the column choices stored (a column not stored is not chosen). */
  tableSettings: Partial<Record<TableSetting, boolean>>;
  /** spec 000 §3.2 settings.creditReportPage / creditDashboard .comfortType: the page's density; null, its default. */
  comfortType: Record<ComfortPage, ComfortType | null>;
  /**
   * The security flags (users/{uid}.security, src/contract/settings.ts SECURITY_FLAGS): the settings security page asks
   * for a new password while either is set; a password change clears them.
   */
  security: { weakPassword: boolean; passwordResetRequired: boolean };
  /**
   * users/{uid}.testPlan (spec 000 §3.1): where the user is in a test plan (the developer tools' runner resumes
   * there), null when in none.
   */
  testPlan: {
    testPlanId: string;
    currentStep: number;
    stepStatus: 'idle' | 'in-progress' | 'error';
    error: string | null;
    stepStartedAtMs: number | null;
  } | null;
}

export interface LiveDataPort {
  subscribeUserDocument(
    uid: string,
    listener: (doc: LiveUserDocument | null) => void,
    onError: (error: PortError) => void,
  ): Unsubscribe;
  /** Missing document or field → false; parsed with src/domain/maintenance.ts maintenanceFlagSchema. */
  subscribeMaintenanceFlag(
    siteType: MaintenanceSiteType,
    listener: (flag: MaintenanceFlagValue) => void,
    onError: (error: PortError) => void,
  ): Unsubscribe;
  /**
   * config/featureFlags: its fields ({} when there is none), unparsed (src/domain/flags.ts parses each flag). The
   * Firebase adapter answers once per subscription with a fresh read (the flags machine fetches at most every 10 s).
   */
  subscribeFeatureFlags(
    listener: (flags: Record<string, unknown>) => void,
    onError: (error: PortError) => void,
  ): Unsubscribe;
}

// ---------------------------------------------------------------------------------------------------------------
// Query cache and browser storage

export interface QueryCachePort {
  /** Drops every cached query (user change, claims resync: spec 000 §4.1). */
  reset(): Promise<void>;
}

export interface StoragePort {
  /** When last sign-in was stored for this user from this browser (ms since epoch), if ever. */
  readLastSignInMs(uid: string): number | null;
  writeLastSignInMs(uid: string, atMs: number): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures (each area's ports.ts lists its machines'): for each machine, each named actor's input and output (or the events a callback actor
// sends). `PromiseActorSignature` actors are `fromPromise<Output, Input>`; callback actors are
// `fromCallback<EventObject, Input>` that send the listed events to their parent.

export interface PromiseActorSignature<TInput, TOutput> {
  input: TInput;
  output: TOutput;
}
export interface CallbackActorSignature<TInput, TSent> {
  input: TInput;
  sends: TSent;
}

// ---------------------------------------------------------------------------------------------------------------
// What machines emit for the app to show (`actor.on('notify', ...)`): toasts by key, never text.

export type NotifyLevel = 'error' | 'warning' | 'info' | 'success';
export interface NotifyEmitted<Key extends string = string> {
  type: 'notify';
  level: NotifyLevel;
  /** An i18n key (src/domain/errors.ts ERROR_KEYS or a view namespace key): each machine names the keys it emits. */
  key: Key;
  /** Interpolation values; a number `count` picks the plural form (i18next ignores a string count). */
  values?: Record<string, string | number>;
  /** The toast stays until closed (spec 000 §8 CRM toasts); otherwise TOAST_DEFAULT_MS. */
  persistent?: boolean;
  /** How long the toast shows when the spec names it (the upload size warning 5 s, spec 001 §9); else the default. */
  durationMs?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The route⇄machine pattern (src/app/shell/routeMachine.ts): a page's route tells its machine what the address says,
// the machine decides, and asks for navigation by emitting `navigate`; the route follows. The URL is never kept in
// step by hand in a component.

/** What the address says now: sent by the route on mount and on every change of path or query. */
export interface RouteChangedEvent {
  type: 'route.changed';
  /** The pathname, e.g. '/intake/3'. */
  path: string;
  /** The query string with its leading '?', or ''. */
  search: string;
  /** The #fragment with its '#', or '', for a route that reads the navigation state (a dialog opens over all of it). */
  hash?: string;
  /** The modal state the navigation state carries (spec 002 §2), for a route that reads it; null: none. */
  modal?: string | null;
  /**
   * The whole navigation state, for a route whose modal states carry more than a name (the hub's progressTip with an
   * action id, its checklist with an item id); null: none.
   */
  navigationState?: Readonly<Record<string, unknown>> | null;
}

/** A machine asking to move the address; `replace` swaps the current history entry instead of adding one. */
export interface NavigateEmitted {
  type: 'navigate';
  to: string;
  replace?: boolean;
  /**
   * Go back this many history entries instead of adding one (`to` is the address that lands on): a flow that added
   * dialogs' addresses leaves by the way it came (spec 000 §4.4).
   */
  back?: number;
  /** The navigation state to carry with the address (a modal state, spec 002 §2); null clears it. */
  state?: Record<string, string | number> | null;
}
