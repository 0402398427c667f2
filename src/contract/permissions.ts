// Who may call each callable, declared in its contract (src/contract/callables.ts) in the spec's own permission
// words (spec 000 §6, 001 §6, 002 §6). defineCallable (functions/src/callable/defineCallable.ts) enforces the declaration before a
// handler runs, with the same src/domain/permissions.ts rules the client's guards and views use, so a rule cannot
// hold in the browser and not on the server. A callable added later picks one of these or adds one here.
import { ERROR_KEYS } from '../domain/errors';
import {
  canAcceptAuthorizations,
  canActForClient,
  canCompleteAction,
  canConnectBank,
  canDownloadDocuments,
  canModifyDocuments,
  canRecordViews,
  canSignContract,
  canSubmitDisputes,
  isDeveloperSession,
  type ActorFacts,
} from '../domain/permissions';

/** What a permission rule may read besides the caller's claims. */
export interface PermissionContext {
  /** spec 002 §6: the feature flag that turns the accept-authorizations permission check on. */
  acceptAuthorizationsPermissionCheck: boolean;
}

interface PermissionRule {
  /** Whether a signed-in caller with these claims may call. */
  allows: (claims: ActorFacts, context: PermissionContext) => boolean;
  /** The message key a refused caller sees. */
  refusalKey: string;
  /** Whether the rule reads the feature flags (so the server loads them only then). */
  readsFlags?: boolean;
}

const everyone = () => true;
const notPermitted = ERROR_KEYS.coachNotPermitted;

export const CALLABLE_PERMISSIONS = {
  /** Anyone, signed out included (sign-up, reset mail, quick sign-up, error reports, the CRM link-in). */
  public: { allows: everyone, refusalKey: notPermitted },
  /** Any signed-in session, for its own upkeep: claims, last sign-in, language, partner elevation. */
  session: { allows: everyone, refusalKey: notPermitted },
  /** Reading the customer's own data: the customer, or an agent acting for them (spec 000 §1, §6). */
  viewClient: { allows: everyone, refusalKey: notPermitted },
  /** Changing the customer's data: a non-agent, or an agent with allowClientActions (spec 000 §6). */
  clientAction: { allows: canActForClient, refusalKey: notPermitted },
  /** Signing the contract (spec 002 §6). */
  signContract: { allows: canSignContract, refusalKey: notPermitted },
  /** Accepting the authorizations, behind its feature flag (spec 002 §6). */
  acceptAuthorizations: {
    allows: (claims, context) => canAcceptAuthorizations(claims, context.acceptAuthorizationsPermissionCheck),
    refusalKey: notPermitted,
    readsFlags: true,
  },
  /** Connecting accounts through the bank widget (spec 001 §6, 002 §6). */
  CONNECT_MX: { allows: canConnectBank, refusalKey: ERROR_KEYS.coachCantConnect },
  /** Submitting disputes (spec 001 §6). */
  SUBMIT_DISPUTES: { allows: canSubmitDisputes, refusalKey: ERROR_KEYS.coachDisputesNotSubmitted },
  /** Upload, replace, delete a document (spec 001 §6). */
  DOCUMENT_MODIFY: { allows: canModifyDocuments, refusalKey: notPermitted },
  /** Download or view a document (spec 000 §6: the modify set, or allowPortalDownload). */
  download: { allows: canDownloadDocuments, refusalKey: notPermitted },
  /** Completing a coach-assigned action (spec 001 §6). */
  COMPLETE_ACTION: { allows: canCompleteAction, refusalKey: notPermitted },
  /** Recording action, message and investigation views: non-agents only (spec 000 §6). */
  recordViews: { allows: canRecordViews, refusalKey: notPermitted },
  /** The customer in person: no agent session. */
  customerOnly: { allows: (claims) => claims.isAgent !== true, refusalKey: notPermitted },
  /** Developers and agent developers (spec 000 §6). */
  developerOnly: { allows: isDeveloperSession, refusalKey: notPermitted },
  /** The developer overrides (setUser): a developer, or a session whose overrides are active (to restore them). */
  developerOverrides: {
    allows: (claims) => isDeveloperSession(claims) || ('overridesActive' in claims && claims.overridesActive === true),
    refusalKey: notPermitted,
  },
} as const satisfies Record<string, PermissionRule>;

export type CallablePermission = keyof typeof CALLABLE_PERMISSIONS;

export function permissionRule(permission: CallablePermission): PermissionRule {
  return CALLABLE_PERMISSIONS[permission];
}
