import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { verifyEmailSelectors } from '../../../machines/account/verifyEmail.machine';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { RecoverEmailView } from '../../views/account/RecoverEmailView';
import { ResetPasswordView } from '../../views/account/ResetPasswordView';
import { VerifyEmailView } from '../../views/account/VerifyEmailView';
import { BadRequestPage } from '../../views/status/BadRequestPage';
import { useAppActors } from '../shell/appActors';
import { useRouteMachine } from '../shell/routeMachine';
import { provideConfirmEmailChangeMachine, providePasswordResetMachine, provideRecoverEmailMachine, provideVerifyEmailMachine } from './machines';
import { ResetLinkRequest } from './ResetLinkRequest';
import { ROUTES } from '../../domain/routes';

// /handle (spec 000 §2.2): the account action handler reads mode, oobCode, siteId and email. resetPassword shows
// the reset form (its sub-route reset-password is the send-new-reset-link dialog), verifyEmail and recoverEmail
// their pages, verifyAndChangeEmail (the new address's link of an email change) the change's outcome, and any other
// mode '400 Error - Bad request'.

function ResetPasswordRoute({ email, oobCode }: { email: string; oobCode: string }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => providePasswordResetMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { email, oobCode }, inspect });
  // The machine keeps the dialog and its sub-route in step, and leaves the page after a reset or Cancel
  // (machines/account/passwordReset.machine.ts).
  useRouteMachine(actor);
  return <ResetPasswordView actor={actor} renderResetLinkRequest={(props) => <ResetLinkRequest {...props} />} />;
}

function VerifyEmailRoute({ oobCode, email }: { oobCode: string | null; email: string | null }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => provideVerifyEmailMachine(ports), [ports]);
  // The customer site's users are in the default tenant; partner sites pass theirs (spec 000 §7).
  const actor = useActorRef(machine, { input: { oobCode, email, tenantId: null }, inspect });
  const toSignIn = useSelector(actor, verifyEmailSelectors.toSignIn);
  const keptEmail = useSelector(actor, verifyEmailSelectors.email);
  useEffect(() => {
    // spec 000 §4.5: success leads to sign-in with the email kept (in the router's state, which `navigate` emitted
    // by a machine cannot carry).
    if (toSignIn) navigate(ROUTES.signIn, { replace: true, state: keptEmail ? { email: keptEmail } : null });
  }, [toSignIn, keptEmail, navigate]);
  return <VerifyEmailView actor={actor} />;
}

function RecoverEmailRoute({ oobCode }: { oobCode: string | null }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideRecoverEmailMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { oobCode }, inspect });
  return <RecoverEmailView actor={actor} />;
}

/** The new address's link of an email change: the change happens when it is opened. */
function ConfirmEmailChangeRoute({ oobCode }: { oobCode: string | null }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideConfirmEmailChangeMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { oobCode }, inspect });
  return <RecoverEmailView actor={actor} kind="confirmChange" />;
}

export default function HandleRoute() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const email = params.get('email');
  let page;
  if (mode === 'resetPassword') page = <ResetPasswordRoute email={email ?? ''} oobCode={oobCode ?? ''} />;
  else if (mode === 'verifyEmail') page = <VerifyEmailRoute oobCode={oobCode} email={email} />;
  else if (mode === 'recoverEmail') page = <RecoverEmailRoute oobCode={oobCode} />;
  else if (mode === 'verifyAndChangeEmail') page = <ConfirmEmailChangeRoute oobCode={oobCode} />;
  else page = <BadRequestPage />;
  return <PublicLayout>{page}</PublicLayout>;
}
