import type { AuthUser } from '../../../machines/ports';
import type { Claims } from '../../domain/claims';
import type { GuardFacts } from '../../domain/guardChain';
import type { OnboardingFacts } from '../../../machines/onboarding/onboardingFacts.machine';
import type { UserDocument } from '../ports';

// The guard chain's facts (spec 000 §2.3) from what the app knows: the session (identity and claims), the live
// user document and, before onboarding is complete, the onboarding facts (machines/onboarding/
// onboardingFacts.machine.ts). A customer whose onboarding is complete (the claim, or setupComplete on the user)
// passes gates 3 to 6.

export const SIGNED_OUT_FACTS: GuardFacts = {
  signedIn: false,
  emailVerified: false,
  isCrmSession: false,
  isAgent: false,
  hasDegradedAccess: false,
  degradedAccessExpiration: null,
  subscriptionStatus: null,
  contractSigned: false,
  authorizationsAccepted: false,
  hasGoal: false,
  firstIncompleteIntakeStep: null,
  productLine: null,
  claims: {},
};

/** Whether gates 3 to 6 pass without asking: onboarding is complete. */
export function isOnboarded(claims: Claims, document: UserDocument | null): boolean {
  return claims.customerOnboardingComplete === true || document?.setupComplete === true;
}

/**
 * Gate 2 (email verified; CRM sessions exempt) comes before the onboarding gates, and the server answers nothing
 * about onboarding before it passes: the onboarding facts are neither read nor needed then.
 */
export function mayReadOnboardingFacts(user: AuthUser, claims: Claims): boolean {
  return user.emailVerified || claims.isSalesforceSession === true;
}

/** The onboarding gates of someone who cannot have passed them yet (gate 2 sends them to /not-verified first). */
const NOT_STARTED: OnboardingFacts = {
  contractSigned: false,
  authorizationsAccepted: false,
  hasGoal: false,
  firstIncompleteIntakeStep: '1',
};

const ONBOARDED: OnboardingFacts = {
  contractSigned: true,
  authorizationsAccepted: true,
  hasGoal: true,
  firstIncompleteIntakeStep: null,
};

/** The facts, or null while the onboarding facts of a customer still onboarding are not known. */
export function guardFactsFor(
  user: AuthUser,
  claims: Claims,
  document: UserDocument | null,
  onboarding: OnboardingFacts | null,
): GuardFacts | null {
  const steps = isOnboarded(claims, document) ? ONBOARDED : mayReadOnboardingFacts(user, claims) ? onboarding : NOT_STARTED;
  if (steps === null) return null;
  return {
    signedIn: true,
    emailVerified: user.emailVerified,
    isCrmSession: claims.isSalesforceSession === true,
    isAgent: claims.isAgent === true,
    hasDegradedAccess: document?.degradedAccess !== null && document?.degradedAccess !== undefined,
    degradedAccessExpiration: document?.degradedAccess?.expiration ?? null,
    subscriptionStatus: document?.subscriptionStatus ?? null,
    ...steps,
    productLine: document?.productLine ?? null,
    claims,
  };
}
