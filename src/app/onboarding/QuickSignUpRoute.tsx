import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { contractPollingSelectors } from '../../../machines/onboarding/contractPolling.machine';
import { quickSignUpSelectors } from '../../../machines/onboarding/quickSignUp.machine';
import { inspect } from '../../inspect';
import { SignUpPage } from '../../views/account/SignUpPage';
import { PublicLayout } from '../../views/components/PublicLayout';
import { ContractCompletePage } from '../../views/onboarding/ContractCompletePage';
import { QuickSignUpPage } from '../../views/onboarding/QuickSignUpPage';
import { NotFoundPage } from '../../views/status/NotFoundPage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags, useFeatureFlagsRead } from '../shell/featureFlags';
import { useNotify } from '../shell/notify';
import { provideContractPollingMachine, provideQuickSignUpMachine } from './machines';
import { provideSignUpMachine } from '../account/machines';

// Quick sign-up (spec 002 §2, §4): /quick-sign-up?id={contactId}, and the contract-complete page a lead comes back
// to from the e-sign page (/sign-up/contract-complete?id={contactId}, spec 001 §4), both before an account exists.

/** The sign-up form with the contact's email predefined. */
function QuickSignUpForm({ email }: { email: string }) {
  const { ports, config } = useAppActors();
  const machine = useMemo(() => provideSignUpMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { isCustomerSite: config.siteType === 'Customer' }, inspect });
  useEffect(() => {
    actor.send({ type: 'field.change', field: 'email', value: email });
  }, [actor, email]);
  return <SignUpPage actor={actor} onboardingUrl={config.onboardingUrl} />;
}

/** spec 000 §6: quick qualification (the quick sign-up page) stands behind its flag; off, the page does not exist. */
export default function QuickSignUpRoute() {
  const { quickQualification } = useFeatureFlags();
  const flagsRead = useFeatureFlagsRead();
  if (!quickQualification) {
    return flagsRead ? (
      <PublicLayout width="wide">
        <NotFoundPage />
      </PublicLayout>
    ) : null;
  }
  return <QuickSignUp />;
}

function QuickSignUp() {
  const { ports } = useAppActors();
  const [params] = useSearchParams();
  const machine = useMemo(() => provideQuickSignUpMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { contactId: params.get('id'), nowMs: Date.now() }, inspect });
  const signIn = useSelector(actor, (s) => quickSignUpSelectors.page(s) === 'signIn');
  const email = useSelector(actor, quickSignUpSelectors.email);
  if (signIn) return <Navigate to="/sign-in" state={{ email }} replace />;
  return (
    <PublicLayout width="wide">
      <QuickSignUpPage
        actor={actor}
        renderSignUp={(predefined) => <QuickSignUpForm email={predefined} />}
        onOpenContract={(link) => window.open(link, '_blank', 'noopener')}
      />
    </PublicLayout>
  );
}

/** Contract-complete for a lead from quick sign-up: polls by contact id, then back to quick sign-up. */
export function QuickSignUpContractCompleteRoute({ contactId }: { contactId: string }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => provideContractPollingMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { contactId, anonymous: true }, inspect });
  useNotify(actor);
  const target = useSelector(actor, contractPollingSelectors.target);
  useEffect(() => {
    if (target !== null) navigate(target, { replace: true });
  }, [target, navigate]);
  return (
    <PublicLayout width="wide">
      <ContractCompletePage actor={actor} />
    </PublicLayout>
  );
}
