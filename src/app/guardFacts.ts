import type { AuthUser } from '../../machines/ports';
import type { Claims } from '../domain/claims';
import type { GuardFacts } from '../domain/guardChain';
import type { UserDocument } from './ports';

// The guard chain's facts (spec 000 §2.3) from what the app knows: the session (identity and claims) and the live
// user document. A customer whose onboarding is complete (the claim, or setupComplete on the user) passes gates
// 3 to 6; before that the user document tells which steps are done. The first intake step is 1 (spec 002 §2).

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

export const FIRST_INTAKE_STEP = '1';

export function guardFactsFor(user: AuthUser, claims: Claims, document: UserDocument | null): GuardFacts {
  const onboarded = claims.customerOnboardingComplete === true || document?.setupComplete === true;
  return {
    signedIn: true,
    emailVerified: user.emailVerified,
    isCrmSession: claims.isSalesforceSession === true,
    isAgent: claims.isAgent === true,
    hasDegradedAccess: document?.degradedAccess !== null && document?.degradedAccess !== undefined,
    degradedAccessExpiration: document?.degradedAccess?.expiration ?? null,
    subscriptionStatus: document?.subscriptionStatus ?? null,
    contractSigned: onboarded,
    authorizationsAccepted: onboarded || (document?.authorizationsAcceptedAt ?? null) !== null,
    hasGoal: onboarded,
    firstIncompleteIntakeStep: onboarded ? null : FIRST_INTAKE_STEP,
    productLine: document?.productLine ?? null,
    claims,
  };
}
