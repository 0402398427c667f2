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

/** Sent by `watchFeatureFlags` whenever the config/featureFlags document changes: its fields, unparsed. */
export interface FeatureFlagsChangedEvent {
  type: 'featureFlags.changed';
  overrides: Record<string, unknown>;
}

export interface FeatureFlagsActorSignatures {
  /** LiveDataPort.subscribeFeatureFlags; an unreadable document sends nothing (the flags stay as they are). */
  watchFeatureFlags: CallbackActorSignature<void, FeatureFlagsChangedEvent>;
}
