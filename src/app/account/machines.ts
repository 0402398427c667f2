import { passwordResetMachine } from '../../../machines/account/passwordReset.machine';
import type {
  PasswordResetActorSignatures as ResetSig,
  RecoverEmailActorSignatures as RecoverSig,
  ResetLinkRequestActorSignatures as ResetLinkSig,
  SignUpActorSignatures as SignUpSig,
  VerificationResendActorSignatures as ResendSig,
  VerifyEmailActorSignatures as VerifySig,
} from '../../../machines/account/ports';
import { recoverEmailMachine } from '../../../machines/account/recoverEmail.machine';
import { resetLinkRequestMachine } from '../../../machines/account/resetLinkRequest.machine';
import { signUpMachine } from '../../../machines/account/signUp.machine';
import { verificationResendMachine } from '../../../machines/account/verificationResend.machine';
import { verifyEmailMachine } from '../../../machines/account/verifyEmail.machine';
import { promiseActor } from '../ports';
import { signInWithEmail, type AccountPorts } from './signInMachine';
import { signUpProviderActors } from './singleSignOn';

// The account machines (spec 000 §4.3-§4.5) with their actors provided from the ports: sign-up, the reset link and
// the reset page, email verification and recovery, and the verification resend. Sign-in's is in ./signInMachine.ts
// (the sign-in page's chunk takes only that one).

type Ports = AccountPorts;

function sendEmailVerification({ auth }: Ports) {
  return promiseActor<ResendSig['sendEmailVerification']>(() => auth.sendEmailVerification());
}

export function provideSignUpMachine(ports: Ports) {
  return signUpMachine.provide({
    actors: {
      createAccount: promiseActor<SignUpSig['createAccount']>((request) => ports.callables.signUp(request)),
      signInWithEmail: signInWithEmail(ports),
      ...signUpProviderActors(ports),
    },
  });
}

export function provideResetLinkRequestMachine({ callables }: Ports) {
  return resetLinkRequestMachine.provide({
    actors: {
      requestResetLink: promiseActor<ResetLinkSig['requestResetLink']>(async (request) => {
        await callables.resetPasswordByEmail(request);
      }),
    },
  });
}

export function providePasswordResetMachine(ports: Ports) {
  return passwordResetMachine.provide({
    actors: {
      validateResetCode: promiseActor<ResetSig['validateResetCode']>((request) => ports.callables.validateResetPassword(request)),
      confirmPasswordReset: promiseActor<ResetSig['confirmPasswordReset']>(({ oobCode, password }) =>
        ports.auth.confirmPasswordReset(oobCode, password),
      ),
      signInWithEmail: signInWithEmail(ports),
      sendEmailVerification: sendEmailVerification(ports),
    },
  });
}

export function provideVerifyEmailMachine({ auth }: Ports) {
  return verifyEmailMachine.provide({
    actors: {
      applyActionCode: promiseActor<VerifySig['applyActionCode']>(({ oobCode, tenantId }) => auth.applyActionCode(oobCode, tenantId)),
    },
  });
}

export function provideRecoverEmailMachine({ callables }: Ports) {
  return recoverEmailMachine.provide({
    actors: {
      recoverEmail: promiseActor<RecoverSig['recoverEmail']>(async ({ oobCode }) => {
        const response = await callables.recoverEmail({ id: oobCode });
        return { result: response.result, email: response.email ?? null };
      }),
    },
  });
}

/**
 * The new address's link of an email change (/handle?mode=verifyAndChangeEmail): the recover-email flow
 * (loading, then the server's success, expired, email-in-use or not-found) over confirmEmailChange. A session signed
 * in on this browser reads its token again, so it carries the new address.
 */
export function provideConfirmEmailChangeMachine({ callables, auth }: Ports) {
  return recoverEmailMachine.provide({
    actors: {
      recoverEmail: promiseActor<RecoverSig['recoverEmail']>(async ({ oobCode }) => {
        const response = await callables.confirmEmailChange({ oobCode });
        if (response.result === 'success' && auth.currentUser() !== null) await auth.refreshToken().catch(() => undefined);
        return { result: response.result, email: response.email ?? null };
      }),
    },
  });
}

export function provideVerificationResendMachine(ports: Ports) {
  return verificationResendMachine.provide({
    actors: { sendEmailVerification: sendEmailVerification(ports) },
  });
}
