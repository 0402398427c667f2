import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { NotVerifiedPage, type ResendStatus } from '../../views/auth/NotVerifiedPage';
import { PublicLayout } from '../../views/components/PublicLayout';
import { OnboardingStepPage, type OnboardingStep } from '../../views/status/OnboardingStepPage';
import { UpdatePaymentPage } from '../../views/status/UpdatePaymentPage';
import { useAppActors } from '../appActors';

// The pages the guard chain leads signed-in users to (spec 000 §2.3): /not-verified, /update-payment and the
// onboarding steps.

function useSignOut(): () => void {
  const { session } = useAppActors();
  return () => session.send({ type: 'session.signOut' });
}

export function NotVerifiedRoute() {
  const { session, ports } = useAppActors();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const signOut = useSignOut();
  const [status, setStatus] = useState<ResendStatus>('idle');
  const resend = () => {
    setStatus('sending');
    ports.auth.sendEmailVerification().then(
      () => setStatus('sent'),
      () => setStatus('failed'),
    );
  };
  return (
    <PublicLayout>
      <NotVerifiedPage email={email} resendStatus={status} onResend={resend} onSignOut={signOut} />
    </PublicLayout>
  );
}

export function UpdatePaymentRoute() {
  const signOut = useSignOut();
  return (
    <PublicLayout width="wide">
      <UpdatePaymentPage onSignOut={signOut} />
    </PublicLayout>
  );
}

export function OnboardingStepRoute({ step }: { step: OnboardingStep }) {
  const signOut = useSignOut();
  return (
    <PublicLayout width="wide">
      <OnboardingStepPage step={step} onSignOut={signOut} />
    </PublicLayout>
  );
}

/** /intake/:page (spec 002 §2: steps numbered from 1). */
export function IntakeStepRoute() {
  const { page } = useParams();
  const signOut = useSignOut();
  return (
    <PublicLayout width="wide">
      <OnboardingStepPage step="intake" stepNumber={page ?? '1'} onSignOut={signOut} />
    </PublicLayout>
  );
}
