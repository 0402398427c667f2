import type { VerifyEmailActorSignatures } from './ports';
import type { VerificationResendActorSignatures } from './ports';
import type { SignUpActorSignatures } from './ports';
import type { ResetLinkRequestActorSignatures } from './ports';
import type { RecoverEmailActorSignatures } from './ports';
import type { PasswordResetActorSignatures } from './ports';
import { passwordResetMachine } from '../account/passwordReset.machine';
import { recoverEmailMachine } from '../account/recoverEmail.machine';
import { actorSamples, after, defineMachineEntry, sampleEvents, valueKey } from '../registry';
import { resetLinkRequestMachine } from '../account/resetLinkRequest.machine';
import { signInMachine } from '../account/signIn.machine';
import { signUpMachine } from '../account/signUp.machine';
import { providerSignOnMachine } from './providerSignOn.machine';
import { verifyEmailMachine } from '../account/verifyEmail.machine';
import type { ProviderSignOnActorSignatures, SignInActorSignatures } from './ports';
import type { ProviderIdentity } from '../ports';
import { verificationResendMachine } from './verificationResend.machine';
import { SAMPLE_CUSTOMER_USER as customerUser } from '../shell/entries';


// Sample events carry real payloads so guards that read them can pass; `xstate.done.actor.<id>` /
// `xstate.error.actor.<id>` stand for an invoked actor's result and `xstate.after.<delay>.<state id>` for a delay
// running out (machines/registry.ts).

/** A provider's identity the provider sign-in just made (no account's yet). */
const googleIdentity: ProviderIdentity = { providerId: 'google.com', email: 'new.customer@example.com', isNewUser: true, hasClaims: false };

// ------------------------------------------------------------------------------------------------- sign-in

const signInEvent = sampleEvents<typeof signInMachine>();
const signInActors = actorSamples<SignInActorSignatures>();

export const signInEntry = defineMachineEntry({
  id: 'signIn',
  title: 'Sign-in',
  purpose:
    'Email and password sign-in with every failure message, the SSO notice, single sign-on (an identity with no account is deleted on the server and said not to exist), and the welcome migration modal and forgot-password dialog as modal routes.',
  machine: signInMachine,
  testModel: {
    input: {},
    events: {
      'field.change': [
        signInEvent({ type: 'field.change', field: 'email', value: 'pat.doe@example.com' }),
        signInEvent({ type: 'field.change', field: 'password', value: 'Secret-123' }),
      ],
      'form.submit': [signInEvent({ type: 'form.submit' })],
      'resetLink.open': [signInEvent({ type: 'resetLink.open' })],
      'dialog.close': [signInEvent({ type: 'dialog.close' })],
      'xstate.done.actor.signInWithEmail': [signInActors.done('signInWithEmail', customerUser)],
      'xstate.error.actor.signInWithEmail': [
        signInActors.fail('signInWithEmail', 'auth/invalid-credential'),
        signInActors.fail('signInWithEmail', 'auth/too-many-requests'),
        signInActors.fail('signInWithEmail', 'auth/user-disabled'),
        signInActors.fail('signInWithEmail', 'auth/user-not-found'),
        signInActors.fail('signInWithEmail', 'auth/network-request-failed'),
      ],
      'xstate.done.actor.checkSignInFailureReason': [
        signInActors.done('checkSignInFailureReason', { reason: 'sso', providerIds: ['google.com'] }),
        signInActors.done('checkSignInFailureReason', { reason: 'migration', providerIds: [] }),
        signInActors.done('checkSignInFailureReason', { reason: 'other', providerIds: [] }),
      ],
      'xstate.error.actor.checkSignInFailureReason': [signInActors.fail('checkSignInFailureReason', 'unavailable')],
      'sso.start': [signInEvent({ type: 'sso.start', providerId: 'google.com' })],
      // The page's address: sign-in itself, and its modal routes (spec 002 §2 reset-password, welcome/*).
      'route.changed': [
        signInEvent({ type: 'route.changed', path: '/sign-in', search: '' }),
        signInEvent({ type: 'route.changed', path: '/sign-in/reset-password', search: '' }),
        signInEvent({ type: 'route.changed', path: '/sign-in/welcome/newViaApi', search: '' }),
      ],
      // Single sign-on's outcomes (providerSignOn, registered below): an account's identity, one the provider sign-in
      // just made, silence, another account, a failure.
      'xstate.done.actor.providerSignOn': [
        signInActors.done('providerSignOn', { result: 'identified', identity: { ...googleIdentity, isNewUser: false, hasClaims: true } }),
        signInActors.done('providerSignOn', { result: 'identified', identity: googleIdentity }),
        signInActors.done('providerSignOn', { result: 'cancelled' }),
        signInActors.done('providerSignOn', { result: 'mismatch', code: 'auth/user-mismatch' }),
        signInActors.done('providerSignOn', { result: 'failed', code: 'auth/internal-error' }),
      ],
      'xstate.done.actor.discardProviderIdentity': [signInActors.done('discardProviderIdentity', true), signInActors.done('discardProviderIdentity', false)],
      'xstate.error.actor.discardProviderIdentity': [signInActors.fail('discardProviderIdentity', 'unavailable')],
      'xstate.done.actor.adoptProviderIdentity': [signInActors.done('adoptProviderIdentity', customerUser)],
      'xstate.error.actor.adoptProviderIdentity': [signInActors.fail('adoptProviderIdentity', 'auth/network-request-failed')],
    },
    // Guards read the form's validity and the failing code.
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.email !== '',
        snapshot.context.password !== '',
        snapshot.context.errorCode,
        snapshot.context.routeKnown,
        Math.min(snapshot.context.stepsBack, 2),
      ]),
  },
});

// ------------------------------------------------------------------------------------------------- sign-up

const signUpEvent = sampleEvents<typeof signUpMachine>();
const signUpActors = actorSamples<SignUpActorSignatures>();

export const signUpEntry = defineMachineEntry({
  id: 'signUp',
  title: 'Sign-up',
  purpose:
    'Create an account: credentials and agreement, or a single sign-on provider by popup or redirect (the server takes only an email the CRM holds), then the verification notice or a direct sign-in; the onboard modal as a modal route.',
  machine: signUpMachine,
  testModel: {
    input: { isCustomerSite: true },
    events: {
      'field.change': [
        signUpEvent({ type: 'field.change', field: 'email', value: 'new.customer@example.com' }),
        signUpEvent({ type: 'field.change', field: 'password', value: 'Secret-123' }),
      ],
      'agreement.change': [signUpEvent({ type: 'agreement.change', agreed: true })],
      'form.submit': [signUpEvent({ type: 'form.submit' })],
      'dialog.close': [signUpEvent({ type: 'dialog.close' })],
      'xstate.done.actor.createAccount': [signUpActors.done('createAccount', true), signUpActors.done('createAccount', false)],
      'xstate.error.actor.createAccount': [
        signUpActors.fail('createAccount', 'already-exists'),
        signUpActors.fail('createAccount', 'not-found'),
        signUpActors.fail('createAccount', 'internal'),
      ],
      'xstate.done.actor.signInWithEmail': [signUpActors.done('signInWithEmail', customerUser)],
      'xstate.error.actor.signInWithEmail': [signUpActors.fail('signInWithEmail', 'auth/network-request-failed')],
      // Sign-up by single sign-on (spec 000 §4.3, §8).
      'sso.start': [signUpEvent({ type: 'sso.start', providerId: 'google.com' })],
      'xstate.done.actor.providerSignOn': [
        signUpActors.done('providerSignOn', { result: 'identified', identity: googleIdentity }),
        signUpActors.done('providerSignOn', { result: 'cancelled' }),
        signUpActors.done('providerSignOn', { result: 'failed', code: 'auth/internal-error' }),
      ],
      'xstate.done.actor.createProviderAccount': [signUpActors.done('createProviderAccount', true), signUpActors.done('createProviderAccount', false)],
      'xstate.error.actor.createProviderAccount': [
        signUpActors.fail('createProviderAccount', 'not-found'),
        signUpActors.fail('createProviderAccount', 'already-exists'),
        signUpActors.fail('createProviderAccount', 'internal'),
      ],
      'xstate.done.actor.adoptProviderIdentity': [signUpActors.done('adoptProviderIdentity', customerUser)],
      'xstate.error.actor.adoptProviderIdentity': [signUpActors.fail('adoptProviderIdentity', 'auth/network-request-failed')],
      // The page's address: sign-up itself and its onboard modal route (spec 002 §2).
      'route.changed': [
        signUpEvent({ type: 'route.changed', path: '/sign-up', search: '' }),
        signUpEvent({ type: 'route.changed', path: '/sign-up/onboard', search: '' }),
      ],
    },
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.email !== '',
        snapshot.context.password !== '',
        snapshot.context.agreed,
        snapshot.context.onboardPushed,
      ]),
  },
});

// ------------------------------------------------------------------------------------------ single sign-on

const providerSignOnActors = actorSamples<ProviderSignOnActorSignatures>();

export const providerSignOnEntry = defineMachineEntry({
  id: 'providerSignOn',
  title: 'Single sign-on',
  purpose:
    "The provider's identity for sign-in and sign-up, by popup or redirect (and the return from the redirect): cancelling is silent, another account is a mismatch, any other failure carries its code.",
  machine: providerSignOnMachine,
  testModel: {
    input: { providerId: 'google.com', flow: 'signIn', preferRedirect: false, returning: false },
    events: {
      'xstate.done.actor.providerIdentityByPopup': [providerSignOnActors.done('providerIdentityByPopup', googleIdentity)],
      'xstate.error.actor.providerIdentityByPopup': [
        providerSignOnActors.fail('providerIdentityByPopup', 'auth/popup-blocked'),
        providerSignOnActors.fail('providerIdentityByPopup', 'auth/popup-closed-by-user'),
        providerSignOnActors.fail('providerIdentityByPopup', 'auth/user-mismatch'),
        providerSignOnActors.fail('providerIdentityByPopup', 'auth/network-request-failed'),
      ],
      'xstate.error.actor.startProviderRedirect': [providerSignOnActors.fail('startProviderRedirect', 'auth/network-request-failed')],
      'xstate.done.actor.completeProviderRedirect': [
        providerSignOnActors.done('completeProviderRedirect', googleIdentity),
        providerSignOnActors.done('completeProviderRedirect', null),
      ],
      'xstate.error.actor.completeProviderRedirect': [
        providerSignOnActors.fail('completeProviderRedirect', 'auth/user-cancelled'),
        providerSignOnActors.fail('completeProviderRedirect', 'auth/user-mismatch'),
        providerSignOnActors.fail('completeProviderRedirect', 'auth/internal-error'),
      ],
    },
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------ password reset

const passwordResetEvent = sampleEvents<typeof passwordResetMachine>();
const passwordResetActors = actorSamples<PasswordResetActorSignatures>();

export const passwordResetEntry = defineMachineEntry({
  id: 'passwordReset',
  title: 'Password reset page',
  purpose: 'The reset link checked (valid, expired, invalid, timed out), the new password set, then signed in.',
  machine: passwordResetMachine,
  testModel: {
    input: { email: 'pat.doe@example.com', oobCode: 'reset-code' },
    events: {
      'field.change': [
        passwordResetEvent({ type: 'field.change', field: 'password', value: 'Secret-123' }),
        passwordResetEvent({ type: 'field.change', field: 'password', value: 'weak' }),
      ],
      'form.submit': [passwordResetEvent({ type: 'form.submit' })],
      'resetLink.open': [passwordResetEvent({ type: 'resetLink.open' })],
      'dialog.close': [passwordResetEvent({ type: 'dialog.close' })],
      'reset.cancel': [passwordResetEvent({ type: 'reset.cancel' })],
      // The address: the page itself, or its send-new-reset-link sub-route (spec 000 §2.2).
      'route.changed': [
        passwordResetEvent({ type: 'route.changed', path: '/handle', search: '?mode=resetPassword&oobCode=reset-code' }),
        passwordResetEvent({ type: 'route.changed', path: '/handle/reset-password', search: '?mode=resetPassword&oobCode=reset-code' }),
      ],
      'xstate.done.actor.validateResetCode': [
        passwordResetActors.done('validateResetCode', { status: 'current' }),
        passwordResetActors.done('validateResetCode', { status: 'expired' }),
        passwordResetActors.done('validateResetCode', { status: 'invalid' }),
      ],
      'xstate.error.actor.validateResetCode': [passwordResetActors.fail('validateResetCode', 'internal')],
      'xstate.after.lookupTimeout.passwordReset.loading': [after('lookupTimeout', 'passwordReset.loading')],
      'xstate.done.actor.confirmPasswordReset': [passwordResetActors.done('confirmPasswordReset')],
      'xstate.error.actor.confirmPasswordReset': [passwordResetActors.fail('confirmPasswordReset', 'auth/weak-password')],
      'xstate.done.actor.signInWithEmail': [
        passwordResetActors.done('signInWithEmail', customerUser),
        passwordResetActors.done('signInWithEmail', { ...customerUser, emailVerified: false }),
      ],
      'xstate.error.actor.signInWithEmail': [passwordResetActors.fail('signInWithEmail', 'auth/network-request-failed')],
      'xstate.done.actor.sendEmailVerification': [passwordResetActors.done('sendEmailVerification')],
      'xstate.error.actor.sendEmailVerification': [passwordResetActors.fail('sendEmailVerification', 'auth/too-many-requests')],
    },
    // Guards read the password and whether the address is the dialog's sub-route.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.password, snapshot.context.onResetLinkRoute]),
  },
});

// -------------------------------------------------------------------------------------- reset link request

const resetLinkRequestEvent = sampleEvents<typeof resetLinkRequestMachine>();
const resetLinkRequestActors = actorSamples<ResetLinkRequestActorSignatures>();

export const resetLinkRequestEntry = defineMachineEntry({
  id: 'resetLinkRequest',
  title: 'Request a password reset link',
  purpose: "Ask for a reset link by email: 'Reset link sent', or why not.",
  machine: resetLinkRequestMachine,
  testModel: {
    input: {},
    events: {
      'field.change': [
        resetLinkRequestEvent({ type: 'field.change', field: 'email', value: 'pat.doe@example.com' }),
        resetLinkRequestEvent({ type: 'field.change', field: 'email', value: 'pat' }),
      ],
      'form.submit': [resetLinkRequestEvent({ type: 'form.submit' })],
      'xstate.done.actor.requestResetLink': [resetLinkRequestActors.done('requestResetLink')],
      'xstate.error.actor.requestResetLink': [
        resetLinkRequestActors.fail('requestResetLink', 'not-found'),
        resetLinkRequestActors.fail('requestResetLink', 'invalid-argument'),
        resetLinkRequestActors.fail('requestResetLink', 'internal'),
      ],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.email]),
  },
});

// ------------------------------------------------------------------------------------ verify/recover email

const verifyEmailEvent = sampleEvents<typeof verifyEmailMachine>();
const verifyEmailActors = actorSamples<VerifyEmailActorSignatures>();

export const verifyEmailEntry = defineMachineEntry({
  id: 'verifyEmail',
  title: 'Verify email',
  purpose: 'Apply the email verification link, then sign in with the email kept; expired links ask for a new one.',
  machine: verifyEmailMachine,
  testModel: {
    input: { oobCode: 'verify-code', email: 'pat.doe@example.com', tenantId: null },
    events: {
      'signIn.open': [verifyEmailEvent({ type: 'signIn.open' })],
      'xstate.done.actor.applyActionCode': [verifyEmailActors.done('applyActionCode')],
      'xstate.error.actor.applyActionCode': [verifyEmailActors.fail('applyActionCode', 'auth/expired-action-code')],
    },
    stateKey: valueKey,
  },
});

const recoverEmailActors = actorSamples<RecoverEmailActorSignatures>();

export const recoverEmailEntry = defineMachineEntry({
  id: 'recoverEmail',
  title: 'Recover email',
  purpose: "Restore the account's previous email: success, expired, email in use or not found.",
  machine: recoverEmailMachine,
  testModel: {
    input: { oobCode: 'recover-code' },
    events: {
      'xstate.done.actor.recoverEmail': [
        recoverEmailActors.done('recoverEmail', { result: 'success', email: 'pat.doe@example.com' }),
        recoverEmailActors.done('recoverEmail', { result: 'expired', email: null }),
        recoverEmailActors.done('recoverEmail', { result: 'email-in-use', email: null }),
        recoverEmailActors.done('recoverEmail', { result: 'not-found', email: null }),
      ],
      'xstate.error.actor.recoverEmail': [recoverEmailActors.fail('recoverEmail', 'internal')],
    },
    stateKey: valueKey,
  },
});

// ----------------------------------------------------------------------------------------- verification resend

const verificationResendEvent = sampleEvents<typeof verificationResendMachine>();

const verificationResendActors = actorSamples<VerificationResendActorSignatures>();

export const verificationResendEntry = defineMachineEntry({
  id: 'verificationResend',
  title: 'Resend the verification email',
  purpose: '/not-verified: send the email verification link again; sent, or failed with a code.',
  machine: verificationResendMachine,
  testModel: {
    events: {
      'verification.resend': [verificationResendEvent({ type: 'verification.resend' })],
      'xstate.done.actor.sendEmailVerification': [verificationResendActors.done('sendEmailVerification')],
      'xstate.error.actor.sendEmailVerification': [verificationResendActors.fail('sendEmailVerification', 'auth/too-many-requests')],
    },
    stateKey: valueKey,
  },
});
