import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { verificationResendSelectors } from '../../../machines/account/verificationResend.machine';
import { inspect } from '../../inspect';
import { NotVerifiedPage } from '../../views/account/NotVerifiedPage';
import { PublicLayout } from '../../views/components/PublicLayout';
import { useAppActors } from '../shell/appActors';
import { provideVerificationResendMachine } from './machines';
import { sessionSelectors } from '../../../machines/shell/session.machine';

// The pages the guard chain leads signed-in users to (spec 000 §2.3): /not-verified and /update-payment (the
// onboarding steps are in OnboardingRoutes.tsx and IntakeRoute.tsx).

function useSignOut(): () => void {
  const { session } = useAppActors();
  return () => session.send({ type: 'session.signOut' });
}

export function NotVerifiedRoute() {
  const { session, ports } = useAppActors();
  const email = useSelector(session, sessionSelectors.email);
  const signOut = useSignOut();
  const machine = useMemo(() => provideVerificationResendMachine(ports), [ports]);
  const resend = useActorRef(machine, { inspect });
  const status = useSelector(resend, verificationResendSelectors.status);
  return (
    <PublicLayout>
      <NotVerifiedPage
        email={email}
        resendStatus={status}
        onResend={() => resend.send({ type: 'verification.resend' })}
        onSignOut={signOut}
      />
    </PublicLayout>
  );
}
