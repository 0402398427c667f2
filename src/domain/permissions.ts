// Roles and permissions (spec 000 §6; spec 001 §6; spec 002 §6). The same rules run in the client (machines'
// guards, views) and in the functions, so an agent without allowClientActions cannot act on either side.
import type { Claims } from './claims';
import { isFreeLine } from './productLine';

/** The facts about the signed-in person that permissions depend on. */
export interface Actor {
  isAgent: boolean;
  allowClientActions: boolean;
  agentIsAdmin: boolean;
  agentIsDeveloper: boolean;
  allowPortalDownload: boolean;
  isDeveloper: boolean;
}

/** Claims or an Actor: a missing fact counts as false, so the rules accept either. */
export type ActorFacts = Partial<Actor> | Claims;

export function actorFromClaims(claims: ActorFacts): Actor {
  return {
    isAgent: claims.isAgent === true,
    allowClientActions: claims.allowClientActions === true,
    agentIsAdmin: claims.agentIsAdmin === true,
    agentIsDeveloper: claims.agentIsDeveloper === true,
    allowPortalDownload: claims.allowPortalDownload === true,
    isDeveloper: claims.isDeveloper === true,
  };
}

/**
 * The facts a permission check reads, with the coach console's flag applied (spec 000 §6 'coach console
 * allow-client-actions', default on): while it is off, no agent session's allowClientActions is granted, whatever
 * its claims say. The server applies it before every declared permission (functions/src/callable/defineCallable.ts) and when it
 * mints an agent session's claims; the client's coach banner reads it too.
 */
export function withCoachConsoleFlag<T extends ActorFacts>(claims: T, coachConsoleAllowClientActions: boolean): T {
  if (coachConsoleAllowClientActions || claims.isAgent !== true || claims.allowClientActions !== true) return claims;
  return { ...claims, allowClientActions: false };
}

/** A non-agent, or an agent with allowClientActions (spec 000 §6). */
export function canActForClient(actor: ActorFacts): boolean {
  return actor.isAgent !== true || actor.allowClientActions === true;
}

/**
 * A feature flag gates this permission check (spec 002 §6): with the check off, anyone may accept.
 * An agent without permission sees 'coach.toast.not-permitted'.
 */
export function canAcceptAuthorizations(actor: ActorFacts, permissionCheckEnabled = true): boolean {
  return !permissionCheckEnabled || canActForClient(actor);
}

export function canSignContract(actor: ActorFacts): boolean {
  return canActForClient(actor);
}

export function canSubmitDisputes(actor: ActorFacts): boolean {
  return canActForClient(actor);
}

export function canCompleteAction(actor: ActorFacts): boolean {
  return canActForClient(actor);
}

/**
 * 'update auth' (spec 000 §6): the settings page's communication choices (updateAuthorizations with its
 * communications branch, and the communications page). Spec 000 §6 also lists 'apply for credit card', which no
 * feature of specs 000-002 offers, so it has no rule here.
 */
export function canUpdateAuth(actor: ActorFacts): boolean {
  return canActForClient(actor);
}

/** Connecting accounts through the bank widget (permission CONNECT_MX, spec 001 §6, 002 §6). */
export function canConnectBank(actor: ActorFacts): boolean {
  return canActForClient(actor);
}

/** Connect-bank and the bank widgets need a non-free product line (spec 000 §6). */
export function canUseBankWidgets(productLine: string | null | undefined): boolean {
  return !isFreeLine(productLine);
}

/** The callables' refusal when the product line lacks the feature (the bank widget URL for the free line). */
export const PREMIUM_ONLY_CODE = 'premium-only';

/** Recording action, agent-message and investigation views is for non-agents only (spec 000 §6). */
export function canRecordViews(actor: ActorFacts): boolean {
  return actor.isAgent !== true;
}

/** Upload, replace, delete: non-agent, agent admin, agent developer, or allowClientActions (spec 000 §6). */
export function canModifyDocuments(actor: ActorFacts): boolean {
  return canActForClient(actor) || actor.agentIsAdmin === true || actor.agentIsDeveloper === true;
}

/** Download or view: the modify set, or the claim allowPortalDownload (spec 000 §6). */
export function canDownloadDocuments(actor: ActorFacts): boolean {
  return canModifyDocuments(actor) || actor.allowPortalDownload === true;
}

/** A developer, or an agent developer: the test plans and the developer overrides (spec 000 §6, 001 §2). */
export function isDeveloperSession(actor: ActorFacts): boolean {
  return actor.isDeveloper === true || actor.agentIsDeveloper === true;
}

/** Developers and agent-developers never see maintenance (spec 000 §6, spec 001 §4). */
export function bypassesMaintenance(claims: ActorFacts): boolean {
  return claims.isDeveloper === true || claims.agentIsDeveloper === true;
}

// ---------------------------------------------------------------- areas (spec 000 §2.4, §6; spec 002 §6)

export const AREAS = [
  'dashboard',
  'money',
  'credit',
  'documents',
  'identity',
  'learning-center',
  'support',
  'settings',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Identity, money and all credit pages need a non-free product line (spec 000 §6). The free line still reaches the
 * credit area and the identity pages, where every page is replaced by an upgrade banner (spec 001 §1, §2: "sees an
 * upgrade banner instead", not a redirect for identity): see hasCreditAccess.
 */
const NON_FREE_AREAS: readonly Area[] = ['money'];

/** Whether the credit pages show (a non-free line); the free line sees the upgrade banner in their place. */
export function hasCreditAccess(productLine: string | null | undefined): boolean {
  return !isFreeLine(productLine);
}

/**
 * The areas that show one customer's own records: their credit, money, documents and identity protection. Partners,
 * sales, coaches and admins have sites of their own (spec 000 §1); signed in to the customer app as themselves they
 * have no customer's records to see, so these areas are for a session on a customer's account only.
 */
const CUSTOMER_RECORD_AREAS: readonly Area[] = ['money', 'credit', 'documents', 'identity'];

/**
 * Whether the session works on a customer's account (spec 000 §3.3, §3.6 claims): a customer (the role, and the
 * default when there is none), or an agent or CRM session (isAgent), which works on the account of the customer its
 * claims name, whatever the agent's own role. The server reads the same account (functions/src/callable/client.ts clientUid).
 */
export function worksOnCustomerAccount(claims: ActorFacts): boolean {
  if (claims.isAgent === true) return true;
  const role = 'role' in claims ? claims.role : undefined;
  return role === undefined || role === 'customer';
}

/**
 * The areas shown in the header and reachable by path (spec 000 §2.3 gate 7, §2.4; spec 002 §2, §6: "permitted by
 * claims and product line"). Claims: the customer-record areas need a session on a customer's account
 * (worksOnCustomerAccount); dashboard, learning center, support and settings are open to every signed-in session.
 * Product line: the free line has no money area. The agent's rights (allowClientActions and the document flags)
 * gate actions inside an area, with the 'not permitted' toast (spec 002 §6), not the area itself.
 */
export function permittedAreas(claims: ActorFacts, productLine: string | null | undefined): Area[] {
  const free = isFreeLine(productLine);
  const customerAccount = worksOnCustomerAccount(claims);
  return AREAS.filter(
    (area) => !(free && NON_FREE_AREAS.includes(area)) && (customerAccount || !CUSTOMER_RECORD_AREAS.includes(area)),
  );
}

/** The area a signed-in path belongs to, or null for paths outside the main shell's areas. */
export function areaForPath(path: string): Area | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const first = pathname.split('/').filter(Boolean)[0];
  if (first === undefined) return 'dashboard';
  return (AREAS as readonly string[]).includes(first) ? (first as Area) : null;
}

/** The access gate (spec 000 §2.3 step 7): paths outside the areas (onboarding, /not-verified) are not gated here. */
export function canAccessPath(
  path: string,
  claims: ActorFacts,
  productLine: string | null | undefined,
): boolean {
  const area = areaForPath(path);
  return area === null || permittedAreas(claims, productLine).includes(area);
}
