// The shell machines' actor signatures (conventions in machines/ports.ts): session, maintenance, error reports, the
// live user document and the feature flags.
import type {
  AuthUser,
  CallbackActorSignature,
  ErrorReport,
  MaintenanceFlagValue,
  MaintenanceSiteType,
  PromiseActorSignature,
  RawClaims,
  UserDocument,
} from '../ports';


/** Sent by `watchAuthUser` on every identity change. */
export interface AuthUserChangedEvent {
  type: 'auth.userChanged';
  user: AuthUser | null;
}

/** Sent by `watchMaintenanceFlag` whenever the flag document changes. */
export interface MaintenanceFlagChangedEvent {
  type: 'flag.changed';
  flag: MaintenanceFlagValue;
}

export interface SessionActorSignatures {
  /** AuthPort.subscribeUser. */
  watchAuthUser: CallbackActorSignature<void, AuthUserChangedEvent>;
  /** AuthPort.getClaims(forceRefresh). */
  readClaims: PromiseActorSignature<{ forceRefresh: boolean }, RawClaims>;
  /** CallablesPort.elevatePermissions (partner sessions, once). */
  elevatePermissions: PromiseActorSignature<void, { token: string }>;
  /** AuthPort.signInWithCustomToken. */
  signInWithToken: PromiseActorSignature<{ token: string }, AuthUser>;
  /** AuthPort.signOut. */
  signOut: PromiseActorSignature<void, void>;
  /** CallablesPort.resyncCustomClaims. */
  resyncClaims: PromiseActorSignature<void, void>;
  /** AuthPort.refreshToken. */
  refreshToken: PromiseActorSignature<void, void>;
  /** QueryCachePort.reset. */
  resetQueries: PromiseActorSignature<void, void>;
  /** StoragePort.readLastSignInMs (null when never stored), with the time it was read (the guard compares the two). */
  readLastSignIn: PromiseActorSignature<{ uid: string }, { lastSignInMs: number | null; checkedAtMs: number }>;
  /** CallablesPort.storeLastSignIn, then StoragePort.writeLastSignInMs(uid, now). */
  storeLastSignIn: PromiseActorSignature<{ uid: string }, void>;
  /** CallablesPort.reportError. */
  reportError: PromiseActorSignature<ErrorReport[], void>;
  /** CallablesPort.removeMigrationClaim (the welcome migration modal was dismissed). */
  removeMigrationClaim: PromiseActorSignature<void, void>;
}

export interface ErrorReporterActorSignatures {
  /** CallablesPort.reportError (one batch). */
  sendErrorReports: PromiseActorSignature<ErrorReport[], void>;
}

export interface MaintenanceActorSignatures {
  /** LiveDataPort.subscribeMaintenanceFlag. */
  watchMaintenanceFlag: CallbackActorSignature<{ siteType: MaintenanceSiteType }, MaintenanceFlagChangedEvent>;
}

/** Sent by `watchSignedInUser` whenever the signed-in user changes (null: signed out). */
export interface SignedInUserChangedEvent {
  type: 'user.changed';
  uid: string | null;
}

/** Sent by `watchUserDocument`: the document as it is now (null when there is none), or the listener failed. */
export type UserDocumentWatchEvent =
  | { type: 'userDocument.changed'; document: UserDocument | null }
  | { type: 'userDocument.failed'; code: string };

export interface UserDocumentActorSignatures {
  /** The session's signed-in user (its uid), at once and on every change. */
  watchSignedInUser: CallbackActorSignature<void, SignedInUserChangedEvent>;
  /** AppPorts.subscribeUserDocument (users/{uid}, onSnapshot); a failure is also reported (spec 000 §9). */
  watchUserDocument: CallbackActorSignature<{ uid: string }, UserDocumentWatchEvent>;
}

/** Sent by `watchVisibility` when the page is shown or hidden (document visibility, window focus). */
export interface PageVisibilityChangedEvent {
  type: 'page.visibilityChanged';
  visible: boolean;
}

export interface FeatureFlagsActorSignatures {
  /**
   * One read of the config/featureFlags document (LiveDataPort.subscribeFeatureFlags, its first answer): its fields,
   * unparsed ({} when there is none); fails when the document cannot be read.
   */
  fetchFeatureFlags: PromiseActorSignature<void, Record<string, unknown>>;
  /** The page's visibility, on every change. */
  watchVisibility: CallbackActorSignature<void, PageVisibilityChangedEvent>;
}
