import { sessionSelectors } from '../../../machines/shell/session.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { contractSelectors } from '../../../machines/onboarding/contract.machine';
import { contractPollingSelectors } from '../../../machines/onboarding/contractPolling.machine';
import { canSignContract } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { AuthorizationsPage } from '../../views/onboarding/AuthorizationsPage';
import { ContractCompletePage } from '../../views/onboarding/ContractCompletePage';
import { ContractPage } from '../../views/onboarding/ContractPage';
import { SelectGoalPage } from '../../views/onboarding/SelectGoalPage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { useNotify } from '../shell/notify';
import { OnboardingMenuHost } from './OnboardingMenuHost';
import { useOnboardingFactsActor } from './onboardingFacts';
import {
  provideAuthorizationsMachine,
  provideContractMachine,
  provideContractPollingMachine,
  provideGoalSelectionMachine,
} from './machines';
import { useRouteMachine } from '../shell/routeMachine';

// The onboarding gates' pages (spec 000 §2.3 gates 3-5): contract, contract-complete, authorizations and goal.
// Each step that passes its gate refreshes the guard facts (src/app/onboarding/machines.ts); the guard chain then
// sends the customer on to the next gate's page (or to the page first asked for), so these routes do not pick
// the next page themselves.

function useSignOut(): () => void {
  const { session } = useAppActors();
  return () => session.send({ type: 'session.signOut' });
}

function useClaims() {
  const { session } = useAppActors();
  return useSelector(session, sessionSelectors.claims);
}

/**
 * /sign-up/contract: the contract machine reads the signing page's address; Review and sign opens it in a new
 * window straight from the click (pop-up blockers), without giving the e-sign page a handle on the app, and the
 * machine moves on to contract-complete.
 */
export function ContractRoute() {
  const { ports } = useAppActors();
  const permitted = canSignContract(useClaims() ?? {});
  const machine = useMemo(() => provideContractMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { permitted }, inspect });
  useRouteMachine(actor);
  useNotify(actor);
  useEffect(() => {
    const subscription = actor.on('signingPage.open', ({ url }) => void window.open(url, '_blank', 'noopener'));
    return () => subscription.unsubscribe();
  }, [actor]);
  const status = useSelector(actor, contractSelectors.status);
  const prices = useSelector(actor, contractSelectors.prices);
  return (
    <PublicLayout width="wide" headerMenu={<OnboardingMenuHost step="contract" />}>
      <ContractPage
        status={status}
        onSign={() => actor.send({ type: 'contract.sign' })}
        onSigned={() => actor.send({ type: 'contract.signed' })}
        onRetry={() => actor.send({ type: 'signingUrl.retry' })}
        prices={prices}
        onSignOut={useSignOut()}
      />
    </PublicLayout>
  );
}

/**
 * /sign-up/contract-complete (spec 001 §4): contract polling. With the link the contract gate passes; after the
 * 15th empty poll the toast shows and the customer goes on anyway; without a contact id, home.
 */
export function ContractCompleteRoute() {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const onboardingFacts = useOnboardingFactsActor();
  const contactId = useClaims()?.customerContactId ?? null;
  const machine = useMemo(() => provideContractPollingMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { contactId, anonymous: false }, inspect });
  useNotify(actor);
  const noContact = useSelector(actor, contractPollingSelectors.noContact);
  const exhausted = useSelector(actor, contractPollingSelectors.exhausted);
  // The contract polling machine's statechart has no route⇄machine connection (its final states are reached
  // before a route could listen), so the route follows its outcome here.
  useEffect(() => {
    if (noContact) navigate('/', { replace: true });
  }, [noContact, navigate]);
  useEffect(() => {
    if (exhausted) onboardingFacts?.send({ type: 'contract.waived' });
  }, [exhausted, onboardingFacts]);
  return (
    <PublicLayout width="wide">
      <ContractCompletePage actor={actor} onSignOut={useSignOut()} />
    </PublicLayout>
  );
}

/** /sign-up/authorizations (spec 002 §4-§6). */
export function AuthorizationsRoute() {
  const { ports } = useAppActors();
  const flags = useFeatureFlags();
  const claims = useClaims();
  const machine = useMemo(() => provideAuthorizationsMachine(ports), [ports]);
  const actor = useActorRef(machine, {
    input: { actor: claims ?? {}, permissionCheckEnabled: flags.acceptAuthorizationsPermissionCheck },
    inspect,
  });
  useNotify(actor);
  return (
    <PublicLayout width="wide" headerMenu={<OnboardingMenuHost step="authorizations" />}>
      <AuthorizationsPage actor={actor} onSignOut={useSignOut()} />
    </PublicLayout>
  );
}

/** /sign-up/select-goal (spec 002 §4 goal creation). */
export function SelectGoalRoute() {
  const { ports } = useAppActors();
  const flags = useFeatureFlags();
  const machine = useMemo(() => provideGoalSelectionMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { hideDeprecatedGoals: flags.hideDeprecatedGoals }, inspect });
  return (
    <PublicLayout width="wide" headerMenu={<OnboardingMenuHost step="selectGoal" />}>
      <SelectGoalPage actor={actor} onSignOut={useSignOut()} />
    </PublicLayout>
  );
}
