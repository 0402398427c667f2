import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { passwordResetMachine } from '../../../machines/account/passwordReset.machine';
import { recoverEmailMachine } from '../../../machines/account/recoverEmail.machine';
import { verifyEmailMachine } from '../../../machines/account/verifyEmail.machine';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { RecoverEmailView } from '../../views/account/RecoverEmailView';
import { ResetPasswordView } from '../../views/account/ResetPasswordView';
import { VerifyEmailView } from '../../views/account/VerifyEmailView';
import { BadRequestPage } from '../../views/status/BadRequestPage';
import { useAppActors } from '../shell/appActors';
import { promiseActor } from '../ports';
import { ResetLinkRequest } from './ResetLinkRequest';
import type { PasswordResetActorSignatures as ResetSig, RecoverEmailActorSignatures as RecoverSig, VerifyEmailActorSignatures as VerifySig } from '../../../machines/account/ports';

// /handle (spec 000 §2.2): the account action handler reads mode, oobCode, siteId and email. resetPassword shows
// the reset form (its sub-route reset-password is the send-new-reset-link dialog), verifyEmail and recoverEmail
// their pages, and any other mode '400 Error - Bad request'.

export const RESET_PASSWORD_SUB_ROUTE = 'reset-password';

function ResetPasswordRoute({ email, oobCode }: { email: string; oobCode: string }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const machine = useMemo(
    () =>
      passwordResetMachine.provide({
        actors: {
          validateResetCode: promiseActor<ResetSig['validateResetCode']>((request) => ports.callables.validateResetPassword(request)),
          confirmPasswordReset: promiseActor<ResetSig['confirmPasswordReset']>(({ oobCode: code, password }) =>
            ports.auth.confirmPasswordReset(code, password),
          ),
          signInWithEmail: promiseActor<ResetSig['signInWithEmail']>(({ email: address, password }) =>
            ports.auth.signInWithEmail(address, password),
          ),
          sendEmailVerification: promiseActor<ResetSig['sendEmailVerification']>(() => ports.auth.sendEmailVerification()),
        },
      }),
    [ports],
  );
  const actor = useActorRef(machine, { input: { email, oobCode }, inspect });
  const done = useSelector(actor, (s) => s.matches('done'));
  const cancelled = useSelector(actor, (s) => s.matches('cancelled'));
  const dialogOpen = useSelector(actor, (s) => s.hasTag('dialog.resetLink'));
  const canOpenDialog = useSelector(actor, (s) => s.can({ type: 'resetLink.open' }));
  const onSubRoute = location.pathname.replace(/\/+$/, '').endsWith(`/${RESET_PASSWORD_SUB_ROUTE}`);

  // spec 000 §4.4: after the reset the user is signed in and goes home; Cancel leaves for sign-in.
  useEffect(() => {
    if (done) navigate('/', { replace: true });
    else if (cancelled) navigate('/sign-in', { replace: true });
  }, [done, cancelled, navigate]);

  // The send-new-reset-link dialog is the sub-route /handle/reset-password: opening the dialog adds it to the
  // history, closing it (or going back) removes it, and arriving on it opens the dialog once the link is known
  // to be expired or invalid.
  const previous = useRef({ onSubRoute, dialogOpen });
  const pushedSubRoute = useRef(false);
  const openOnArrival = useRef(onSubRoute);
  useEffect(() => {
    const before = previous.current;
    previous.current = { onSubRoute, dialogOpen };
    if (dialogOpen && !before.dialogOpen && !onSubRoute) {
      pushedSubRoute.current = true;
      navigate({ pathname: `/handle/${RESET_PASSWORD_SUB_ROUTE}`, search: location.search });
    } else if (!dialogOpen && before.dialogOpen && onSubRoute) {
      if (pushedSubRoute.current) navigate(-1);
      else navigate({ pathname: '/handle', search: location.search }, { replace: true });
      pushedSubRoute.current = false;
    } else if (onSubRoute && !before.onSubRoute && !dialogOpen && canOpenDialog) {
      actor.send({ type: 'resetLink.open' });
    } else if (!onSubRoute && before.onSubRoute && dialogOpen) {
      pushedSubRoute.current = false;
      actor.send({ type: 'dialog.close' });
    }
  }, [onSubRoute, dialogOpen, canOpenDialog, actor, navigate, location.search]);
  useEffect(() => {
    if (openOnArrival.current && canOpenDialog) {
      openOnArrival.current = false;
      actor.send({ type: 'resetLink.open' });
    }
  }, [canOpenDialog, actor]);

  return <ResetPasswordView actor={actor} renderResetLinkRequest={(props) => <ResetLinkRequest {...props} />} />;
}

function VerifyEmailRoute({ oobCode, email }: { oobCode: string | null; email: string | null }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      verifyEmailMachine.provide({
        actors: {
          applyActionCode: promiseActor<VerifySig['applyActionCode']>(({ oobCode: code, tenantId }) =>
            ports.auth.applyActionCode(code, tenantId),
          ),
        },
      }),
    [ports],
  );
  // The customer site's users are in the default tenant; partner sites pass theirs (spec 000 §7).
  const actor = useActorRef(machine, { input: { oobCode, email, tenantId: null }, inspect });
  const toSignIn = useSelector(actor, (s) => s.matches('toSignIn'));
  const keptEmail = useSelector(actor, (s) => s.context.email);
  useEffect(() => {
    // spec 000 §4.5: success leads to sign-in with the email kept.
    if (toSignIn) navigate('/sign-in', { replace: true, state: keptEmail ? { email: keptEmail } : null });
  }, [toSignIn, keptEmail, navigate]);
  return <VerifyEmailView actor={actor} />;
}

function RecoverEmailRoute({ oobCode }: { oobCode: string | null }) {
  const { ports } = useAppActors();
  const machine = useMemo(
    () =>
      recoverEmailMachine.provide({
        actors: {
          recoverEmail: promiseActor<RecoverSig['recoverEmail']>(async ({ oobCode: code }) => {
            const response = await ports.callables.recoverEmail({ id: code });
            return { result: response.result, email: response.email ?? null };
          }),
        },
      }),
    [ports],
  );
  const actor = useActorRef(machine, { input: { oobCode }, inspect });
  return <RecoverEmailView actor={actor} />;
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
  else page = <BadRequestPage />;
  return <PublicLayout>{page}</PublicLayout>;
}
