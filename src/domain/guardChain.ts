// The guard chain for signed-in pages (spec 000 §2.2, §2.3; spec 001 §6), as one pure decision: given what is
// known about the person and the path they open, either allow it or name the first gate that fails and where
// it sends them. The gates run in the spec's order; the path the person asked for is kept as `redirectTo` so
// they come back to it once the gate is passed.
import type { ActorFacts } from './permissions';
import { canAccessPath } from './permissions';
import { safeRedirectPath } from './redirects';
import { intakeStepPath, ROUTES } from './routes';
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

// The callers outside the shell name pages by these until they read ROUTES (src/domain/routes.ts) themselves.
export const CONTRACT_COMPLETE_PATH = ROUTES.contractComplete;
export const AUTHORIZATIONS_PATH = ROUTES.authorizations;
export const HOME_PATH = ROUTES.home;
export const REDIRECT_TO_PARAM = 'redirectTo';

/** Pages for signed-out visitors: signed-in users are sent away from them (spec 000 §2.2). */
const SIGNED_OUT_ONLY_PATHS: readonly string[] = [ROUTES.signIn, ROUTES.v1SignIn, ROUTES.signUp, ROUTES.signUpOnboard];

/**
 * Pages outside the chain: the account action handler, agent sign-in, quick sign-up, the contact page and the
 * statechart visualizer work for anyone, signed in or not. The identity check (/kba) is not among them: its
 * questions come from the signed-in customer's own report, so a signed-out visitor signs in first and comes back.
 */
const UNGUARDED_PREFIXES: readonly string[] = [
  ROUTES.handle,
  ROUTES.agent,
  ROUTES.quickSignUp,
  ROUTES.contact,
  ROUTES.statecharts,
];

function pathnameOf(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? ROUTES.home : trimmed;
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
  if (pathnameOf(askedFor) === ROUTES.home) return to;
  return `${to}?${REDIRECT_TO_PARAM}=${encodeURIComponent(askedFor)}`;
}

/**
 * Where a gate's page is: being there while that gate fails is allowed (the page is how the gate is passed).
 * The contract gate also owns /sign-up/contract-complete, which polls for the signed contract.
 */
function isGatePage(gate: GuardGate, pathname: string): boolean {
  switch (gate) {
    case 'emailVerified':
      return pathname === ROUTES.notVerified;
    case 'subscription':
      return pathname === ROUTES.updatePayment;
    case 'contract':
      return pathname === ROUTES.contract || pathname === ROUTES.contractComplete;
    case 'authorizations':
      return pathname === ROUTES.authorizations;
    case 'goal':
      return pathname === ROUTES.selectGoal;
    case 'intake':
      return isUnder(pathname, ROUTES.intake);
    default:
      return false;
  }
}

/** The onboarding pages: reached through the chain, so the path kept for later is the one first asked for. */
function isOnboardingPage(pathname: string): boolean {
  return (
    pathname === ROUTES.notVerified ||
    pathname === ROUTES.updatePayment ||
    isUnder(pathname, ROUTES.signUp) ||
    isUnder(pathname, ROUTES.intake)
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
  if (!subscriptionPasses) return { gate: 'subscription', page: ROUTES.updatePayment };
  if (!facts.contractSigned) return { gate: 'contract', page: ROUTES.contract };
  if (!facts.authorizationsAccepted) return { gate: 'authorizations', page: ROUTES.authorizations };
  if (!facts.hasGoal) return { gate: 'goal', page: ROUTES.selectGoal };
  if (facts.firstIncompleteIntakeStep !== null) {
    return { gate: 'intake', page: intakeStepPath(facts.firstIncompleteIntakeStep) };
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

  // The sign-in page's modal routes (spec 002 §2 reset-password, welcome/*) are the sign-in page.
  const signedOutOnly = SIGNED_OUT_ONLY_PATHS.includes(pathname) || isUnder(pathname, ROUTES.signIn) || isUnder(pathname, ROUTES.v1SignIn);
  if (!facts.signedIn) {
    if (signedOutOnly) return { kind: 'allow' };
    return { kind: 'redirect', gate: 'signIn', redirectTo: withRedirectBack(ROUTES.signIn, path) };
  }
  if (signedOutOnly) {
    return { kind: 'redirect', gate: 'signedOutOnly', redirectTo: safeRedirectPath(redirectToParam(path), ROUTES.home) };
  }

  // A page reached through the chain passes on the path first asked for, not itself.
  const keep = isOnboardingPage(pathname) ? safeRedirectPath(redirectToParam(path), ROUTES.home) : path;

  if (!facts.emailVerified && !facts.isCrmSession) {
    if (isGatePage('emailVerified', pathname)) return { kind: 'allow' };
    return { kind: 'redirect', gate: 'emailVerified', redirectTo: withRedirectBack(ROUTES.notVerified, keep) };
  }

  const failing = firstFailingOnboardingGate(facts, now);
  if (failing !== null) {
    if (isGatePage(failing.gate, pathname)) return { kind: 'allow' };
    return { kind: 'redirect', gate: failing.gate, redirectTo: withRedirectBack(failing.page, keep) };
  }

  // Every gate passes: an onboarding page has nothing left to do, so the person goes where they were headed.
  if (isOnboardingPage(pathname)) return { kind: 'redirect', gate: 'onboardingComplete', redirectTo: keep };

  if (!canAccessPath(pathname, facts.claims, facts.productLine)) {
    return { kind: 'redirect', gate: 'access', redirectTo: ROUTES.home };
  }
  return { kind: 'allow' };
}
