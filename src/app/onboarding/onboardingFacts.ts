import { useMemo, useSyncExternalStore } from 'react';
import type { AuthorizationRecords } from '../../domain/authorizations';
import { firstIncompleteStep, intakeSteps, isBankAccountsStepDone, isSupportedGoalType } from '../../domain/intake';
import { useAppActors } from '../shell/appActors';
import { linkedAccountCount, onboardingQueries } from './machines';
import { QUERY_KEYS, type UserDocument } from '../ports';
import { useObservedQuery, useQueryClient } from '../shell/queries';

// The guard chain's onboarding facts (spec 000 §2.3 gates 3-6), read through the query cache so the onboarding
// steps refresh them (src/app/onboarding/machines.ts):
// - contract signed: getContractLink answers a link (or contract polling gave up and went on: spec 001 §4);
// - authorizations accepted: users/{uid}.customer.agreedToPIIAt is set (or the accepted records just came back);
// - goal: getUserInfo has a goal;
// - intake: the first incomplete step (spec 002 §4, §5); the bank step needs the opt-out and the linked accounts.
// A gate is only asked about once the gates before it pass, and nothing is reported until every fact needed is
// known, so a reload never bounces the customer through earlier pages. A failed contract or goal read is not a gate
// that is not done: it is reported as `failed` (the guard chain shows an error with Try again).

export interface OnboardingFacts {
  contractSigned: boolean;
  authorizationsAccepted: boolean;
  hasGoal: boolean;
  firstIncompleteIntakeStep: string | null;
}

// spec 001 §4: after the 15th empty poll the customer goes on anyway; for the rest of the visit the contract gate
// does not send them back.
const waivedContractGates = new Set<string>();
const waiverListeners = new Set<() => void>();

export function waiveContractGate(uid: string): void {
  waivedContractGates.add(uid);
  for (const listener of waiverListeners) listener();
}

/** Forgets the waivers (tests start from a fresh visit). */
export function resetContractGateWaivers(): void {
  waivedContractGates.clear();
  for (const listener of waiverListeners) listener();
}

function subscribeWaivers(listener: () => void): () => void {
  waiverListeners.add(listener);
  return () => waiverListeners.delete(listener);
}

const FIRST_STEP = '1';
const notFetched = () => Promise.reject(new Error('set by the authorizations step'));

export interface OnboardingFactsResult {
  /** null while the facts are not all known (or not needed). */
  facts: OnboardingFacts | null;
  /** A read the facts need failed. */
  failed: boolean;
}

/** The onboarding facts of a signed-in customer who has not finished onboarding (`needed`). */
export function useOnboardingFacts(needed: boolean, uid: string | null, document: UserDocument | null): OnboardingFactsResult {
  const { ports } = useAppActors();
  const client = useQueryClient();
  const queries = useMemo(() => onboardingQueries(ports), [ports]);
  const waived = useSyncExternalStore(subscribeWaivers, () => uid !== null && waivedContractGates.has(uid));

  const contract = useObservedQuery(client, queries.contractLink.queryKey, queries.contractLink.queryFn, needed && !waived);
  const contractSigned = waived || (contract.data?.link ?? null) !== null;
  const contractKnown = waived || contract.data !== undefined;

  // Only observed: the authorizations step puts the accepted records here.
  const accepted = useObservedQuery<AuthorizationRecords>(client, QUERY_KEYS.authorizations, notFetched, false);
  const authorizationsAccepted =
    (document?.authorizationsAcceptedAt ?? null) !== null || (accepted.data?.agreedToPIIAt ?? null) !== null;

  const userInfo = useObservedQuery(
    client,
    queries.userInfo.queryKey,
    queries.userInfo.queryFn,
    needed && contractSigned && authorizationsAccepted,
  );
  const goal = userInfo.data?.goal ?? null;
  const personalInfo = userInfo.data?.personalInfo ?? null;
  const userInfoKnown = userInfo.data !== undefined;

  // The bank step's facts matter only when every step before it is done.
  const pageBeforeBank =
    goal !== null && isSupportedGoalType(goal.type)
      ? firstIncompleteStep(goal.type, goal, personalInfo, { bankAccountsDone: false })
      : null;
  const needsBankFacts =
    goal !== null &&
    isSupportedGoalType(goal.type) &&
    pageBeforeBank !== null &&
    intakeSteps(goal.type)[pageBeforeBank - 1] === 'BankAccounts';
  const contact = useObservedQuery(client, queries.customerContact.queryKey, queries.customerContact.queryFn, needed && needsBankFacts);
  const connected = useObservedQuery(
    client,
    queries.connectedInstitutions.queryKey,
    queries.connectedInstitutions.queryFn,
    needed && needsBankFacts,
    { policy: queries.connectedInstitutions.policy },
  );
  // Unknown linked accounts leave the bank step to do: the step reads them again itself and loses nothing.
  const bankKnown =
    !needsBankFacts || ((contact.data !== undefined || contact.isError) && (connected.data !== undefined || connected.isError));
  // The contract and the goal are different: treating a failed read as "not done" would send the customer back to
  // sign again, or to pick a goal, which replaces the goal and its answers.
  const failed = needed && ((!waived && contract.isError) || (contractSigned && authorizationsAccepted && userInfo.isError));

  const facts = useMemo(() => {
    if (!needed || !contractKnown) return null;
    if (!contractSigned || !authorizationsAccepted) {
      return { contractSigned, authorizationsAccepted, hasGoal: false, firstIncompleteIntakeStep: FIRST_STEP };
    }
    if (!userInfoKnown) return null;
    if (goal === null) return { contractSigned, authorizationsAccepted, hasGoal: false, firstIncompleteIntakeStep: FIRST_STEP };
    // A goal this build does not know (a withdrawn or newer type) has no intake to complete here: the goal gate
    // sends the customer to pick one it knows (the goal page names the old one 'Unsupported Goal Type'; picking
    // replaces it), instead of a dead end on the intake's first page.
    if (!isSupportedGoalType(goal.type)) {
      return { contractSigned, authorizationsAccepted, hasGoal: false, firstIncompleteIntakeStep: FIRST_STEP };
    }
    if (!bankKnown) return null;
    const linked = linkedAccountCount(connected.data?.institutions ?? []);
    const bankAccountsDone = isBankAccountsStepDone(linked, contact.data?.Link_Bank_Acct_Opt_Out__c === true);
    const page = firstIncompleteStep(goal.type, goal, personalInfo, { bankAccountsDone });
    return {
      contractSigned,
      authorizationsAccepted,
      hasGoal: true,
      firstIncompleteIntakeStep: page === null ? null : String(page),
    };
  }, [
    needed,
    contractKnown,
    contractSigned,
    authorizationsAccepted,
    userInfoKnown,
    goal,
    personalInfo,
    bankKnown,
    connected.data,
    contact.data,
  ]);
  return useMemo(() => ({ facts: failed ? null : facts, failed }), [facts, failed]);
}
