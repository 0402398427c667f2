import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { CONTRACT_COMPLETE_PATH } from '../../domain/guardChain';
import { canSignContract } from '../../domain/permissions';
import { ERROR_KEYS } from '../../domain/errors';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { AuthorizationsPage } from '../../views/onboarding/AuthorizationsPage';
import { ContractCompletePage } from '../../views/onboarding/ContractCompletePage';
import { ContractPage, type ContractLinkStatus } from '../../views/onboarding/ContractPage';
import { SelectGoalPage } from '../../views/onboarding/SelectGoalPage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { showToast } from '../shell/NotificationsHost';
import { useNotify } from '../shell/notify';
import { waiveContractGate } from './onboardingFacts';
import {
  provideAuthorizationsMachine,
  provideContractPollingMachine,
  provideGoalSelectionMachine,
} from './machines';
import { QUERY_KEYS } from '../ports';
import { useCachedQuery } from '../shell/queries';

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
  return useSelector(session, (s) => s.context.claims);
}

/** /sign-up/contract: open the signing page in a new window, then wait at contract-complete. */
export function ContractRoute() {
  const { ports } = useAppActors();
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { search } = useLocation();
  const permitted = canSignContract(useClaims() ?? {});
  const fetchSigningUrl = useCallback(() => ports.onboarding.getContractSigningUrl(), [ports]);
  const signing = useCachedQuery(QUERY_KEYS.contractSigningUrl, fetchSigningUrl, permitted);
  let status: ContractLinkStatus = 'ready';
  if (permitted && signing.isError) status = 'error';
  else if (permitted && signing.data === undefined) status = 'loading';

  const sign = () => {
    // spec 002 §6: signing the contract needs permission; coaches get the coach-not-permitted warning.
    if (!permitted) {
      showToast({ color: 'yellow', message: t(ERROR_KEYS.coachNotPermitted), withCloseButton: true });
      return;
    }
    if (signing.data === undefined) return;
    // Opened straight from the click (pop-up blockers), without giving the e-sign page a handle on the app.
    window.open(signing.data.url, '_blank', 'noopener');
    navigate(`${CONTRACT_COMPLETE_PATH}${search}`);
  };

  return (
    <PublicLayout width="wide">
      <ContractPage
        status={status}
        onSign={sign}
        onSigned={() => navigate(`${CONTRACT_COMPLETE_PATH}${search}`)}
        onRetry={signing.refetch}
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
  const { ports, session } = useAppActors();
  const navigate = useNavigate();
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const contactId = useClaims()?.customerContactId ?? null;
  const machine = useMemo(() => provideContractPollingMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { contactId, anonymous: false }, inspect });
  useNotify(actor);
  const outcome = useSelector(actor, (s) => {
    if (s.matches('noContact')) return 'noContact';
    if (s.matches('exhausted')) return 'exhausted';
    return null;
  });
  useEffect(() => {
    if (outcome === 'noContact') navigate('/', { replace: true });
    if (outcome === 'exhausted' && uid !== null) waiveContractGate(uid);
  }, [outcome, uid, navigate]);
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
    <PublicLayout width="wide">
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
    <PublicLayout width="wide">
      <SelectGoalPage actor={actor} onSignOut={useSignOut()} />
    </PublicLayout>
  );
}
