// The guard chain for signed-in pages (spec 000 §2.2, §2.3; spec 001 §6), as one pure decision: given what is
// known about the person and the path they open, either allow it or name the first gate that fails and where
// it sends them. The gates run in the spec's order; the path the person asked for is kept as `redirectTo` so
// they come back to it once the gate is passed.
import type { ActorFacts } from './permissions';
import { canAccessPath } from './permissions';
import { safeRedirectPath } from './redirects';
import { passesSubscriptionGate } from './subscription';

export interface GuardFacts {
  signedIn: boolean;
  emailVerified: boolean;
  /** A CRM link-in session: exempt from email verification (spec 000 §2.2). */
  isCrmSession: boolean;
  isAgent: boolean;
  hasDegradedAccess: boolean;
  /** When degraded access ends; absent or null means it does not expire. */
  degradedAccessExpiration?: Date | null;
  subscriptionStatus: string | null;
  contractSigned: boolean;
  authorizationsAccepted: boolean;
  hasGoal: boolean;
  /** The first intake step still to do, or null when intake is complete. */
  firstIncompleteIntakeStep: string | null;
  productLine: string | null;
  claims: ActorFacts;
}

export type GuardGate =
  | 'signedOutOnly'
  | 'signIn'
  | 'emailVerified'
  | 'subscription'
  | 'contract'
  | 'authorizations'
  | 'goal'
  | 'intake'
  | 'access'
  | 'onboardingComplete';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; gate: GuardGate; redirectTo: string };

export const SIGN_IN_PATH = '/sign-in';
export const NOT_VERIFIED_PATH = '/not-verified';
export const UPDATE_PAYMENT_PATH = '/update-payment';
export const CONTRACT_PATH = '/sign-up/contract';
export const CONTRACT_COMPLETE_PATH = '/sign-up/contract-complete';
export const AUTHORIZATIONS_PATH = '/sign-up/authorizations';
export const SELECT_GOAL_PATH = '/sign-up/select-goal';
export const INTAKE_PATH = '/intake';
export const HOME_PATH = '/';
export const REDIRECT_TO_PARAM = 'redirectTo';

/** Pages for signed-out visitors: signed-in users are sent away from them (spec 000 §2.2). */
const SIGNED_OUT_ONLY_PATHS = ['/sign-in', '/v1-sign-in', '/sign-up'];

/**
 * Pages outside the chain: the account action handler, agent sign-in, quick sign-up, the contact page, KBA and the
 * statechart visualizer work for anyone, signed in or not.
 */
const UNGUARDED_PREFIXES = ['/handle', '/agent', '/quick-sign-up', '/contact', '/kba', '/statecharts'];

function pathnameOf(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function redirectToParam(path: string): string | null {
  const query = path.split('#', 1)[0]?.split('?')[1];
  if (query === undefined) return null;
  return new URLSearchParams(query).get(REDIRECT_TO_PARAM);
}

/** `to` with the asked-for path kept as `?redirectTo=` (not for home, which is where everyone returns anyway). */
export function withRedirectBack(to: string, askedFor: string): string {
  if (pathnameOf(askedFor) === HOME_PATH) return to;
  return `${to}?${REDIRECT_TO_PARAM}=${encodeURIComponent(askedFor)}`;
}

/**
 * Where a gate's page is: being there while that gate fails is allowed (the page is how the gate is passed).
 * The contract gate also owns /sign-up/contract-complete, which polls for the signed contract.
 */
function isGatePage(gate: GuardGate, pathname: string): boolean {
  switch (gate) {
    case 'emailVerified':
      return pathname === NOT_VERIFIED_PATH;
    case 'subscription':
      return pathname === UPDATE_PAYMENT_PATH;
    case 'contract':
      return pathname === CONTRACT_PATH || pathname === CONTRACT_COMPLETE_PATH;
    case 'authorizations':
      return pathname === AUTHORIZATIONS_PATH;
    case 'goal':
      return pathname === SELECT_GOAL_PATH;
    case 'intake':
      return isUnder(pathname, INTAKE_PATH);
    default:
      return false;
  }
}

/** The onboarding pages: reached through the chain, so the path kept for later is the one first asked for. */
function isOnboardingPage(pathname: string): boolean {
  return (
    pathname === NOT_VERIFIED_PATH ||
    pathname === UPDATE_PAYMENT_PATH ||
    isUnder(pathname, '/sign-up') ||
    isUnder(pathname, INTAKE_PATH)
  );
}

/** The first of gates 2 to 6 that fails, with its page. */
function firstFailingOnboardingGate(facts: GuardFacts, now: Date): { gate: GuardGate; page: string } | null {
  const subscriptionPasses = passesSubscriptionGate({
    status: facts.subscriptionStatus,
    isAgent: facts.isAgent,
    hasDegradedAccess: facts.hasDegradedAccess,
    degradedAccessExpiration: facts.degradedAccessExpiration ?? null,
    now,
  });
  if (!subscriptionPasses) return { gate: 'subscription', page: UPDATE_PAYMENT_PATH };
  if (!facts.contractSigned) return { gate: 'contract', page: CONTRACT_PATH };
  if (!facts.authorizationsAccepted) return { gate: 'authorizations', page: AUTHORIZATIONS_PATH };
  if (!facts.hasGoal) return { gate: 'goal', page: SELECT_GOAL_PATH };
  if (facts.firstIncompleteIntakeStep !== null) {
    return { gate: 'intake', page: `${INTAKE_PATH}/${encodeURIComponent(facts.firstIncompleteIntakeStep)}` };
  }
  return null;
}

/**
 * The guard chain's decision for `path` (pathname with optional query). Gates in order (spec 000 §2.3):
 * 1 signed in (signed-out → /sign-in keeping the path) and email verified unless a CRM session
 * (→ /not-verified); 2 subscription (→ /update-payment); 3 contract; 4 authorizations; 5 goal; 6 intake step;
 * 7 access by product line and claims (→ home). Signed-in users opening sign-in or sign-up go to the
 * `redirectTo` in the query when it is a path inside the app, else home; so do users on an onboarding page
 * once every gate passes.
 */
export function decideGuardChain(facts: GuardFacts, path: string, now: Date = new Date()): GuardDecision {
  const pathname = pathnameOf(path);
  if (UNGUARDED_PREFIXES.some((prefix) => isUnder(pathname, prefix))) return { kind: 'allow' };

  const signedOutOnly = SIGNED_OUT_ONLY_PATHS.includes(pathname);
  if (!facts.signedIn) {
    if (signedOutOnly) return { kind: 'allow' };
    return { kind: 'redirect', gate: 'signIn', redirectTo: withRedirectBack(SIGN_IN_PATH, path) };
  }
  if (signedOutOnly) {
    return { kind: 'redirect', gate: 'signedOutOnly', redirectTo: safeRedirectPath(redirectToParam(path), HOME_PATH) };
  }

  // A page reached through the chain passes on the path first asked for, not itself.
  const keep = isOnboardingPage(pathname) ? safeRedirectPath(redirectToParam(path), HOME_PATH) : path;

  if (!facts.emailVerified && !facts.isCrmSession) {
    if (isGatePage('emailVerified', pathname)) return { kind: 'allow' };
    return { kind: 'redirect', gate: 'emailVerified', redirectTo: withRedirectBack(NOT_VERIFIED_PATH, keep) };
  }

  const failing = firstFailingOnboardingGate(facts, now);
  if (failing !== null) {
    if (isGatePage(failing.gate, pathname)) return { kind: 'allow' };
    return { kind: 'redirect', gate: failing.gate, redirectTo: withRedirectBack(failing.page, keep) };
  }

  // Every gate passes: an onboarding page has nothing left to do, so the person goes where they were headed.
  if (isOnboardingPage(pathname)) return { kind: 'redirect', gate: 'onboardingComplete', redirectTo: keep };

  if (!canAccessPath(pathname, facts.claims, facts.productLine)) {
    return { kind: 'redirect', gate: 'access', redirectTo: HOME_PATH };
  }
  return { kind: 'allow' };
}
