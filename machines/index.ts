import type { AnyStateMachine, EventFromLogic, EventObject } from 'xstate';
import type { GuardFacts } from '../src/domain/guardChain';
import { maintenanceStatus } from '../src/domain/maintenance';
import { bypassesMaintenance } from '../src/domain/permissions';
import { agentMachineEntries } from './agentEntries';
import { errorReporterMachine } from './errorReporter.machine';
import { guardChainMachine } from './guardChain.machine';
import { loadViewMachine } from './loadView.machine';
import { isAgentPath, maintenanceMachine } from './maintenance.machine';
import { onboardingMachineEntries } from './onboardingEntries';
import { passwordResetMachine } from './passwordReset.machine';
import type { AuthUser } from './ports';
import { recoverEmailMachine } from './recoverEmail.machine';
import { defineMachineEntry, type MachineEntry } from './registry';
import { resetLinkRequestMachine } from './resetLinkRequest.machine';
import { sessionMachine } from './session.machine';
import { signInMachine } from './signIn.machine';
import { signUpMachine } from './signUp.machine';
import { supportRequestMachine } from './supportRequest.machine';
import { verifyEmailMachine } from './verifyEmail.machine';

// The registry (ARCHITECTURE.md "Statecharts for QA and product managers"): every machine with its title,
// purpose and test-model settings. Sample events carry real payloads so guards that read them can pass;
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result and
// `xstate.after.<delay>.<state id>` for a delay running out.

// Sample payloads carry fixed times so the generated paths and statecharts/ are the same on every run.
const SAMPLE_NOW_MS = Date.UTC(2026, 0, 15, 15, 0, 0);
const done = (id: string, output?: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const fail = (id: string, code: string): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: { code } }) as EventObject;
const after = (delay: string, stateId: string): EventObject => ({ type: `xstate.after.${delay}.${stateId}` });

/** A sample event checked against the machine's own events. */
const sample =
  <TMachine extends AnyStateMachine>() =>
  (event: EventFromLogic<TMachine>): EventObject =>
    event;
const sessionEvent = sample<typeof sessionMachine>();
const guardChainEvent = sample<typeof guardChainMachine>();
const loadViewEvent = sample<typeof loadViewMachine>();
const signInEvent = sample<typeof signInMachine>();
const signUpEvent = sample<typeof signUpMachine>();
const passwordResetEvent = sample<typeof passwordResetMachine>();
const resetLinkRequestEvent = sample<typeof resetLinkRequestMachine>();
const verifyEmailEvent = sample<typeof verifyEmailMachine>();
const errorReporterEvent = sample<typeof errorReporterMachine>();
const maintenanceEvent = sample<typeof maintenanceMachine>();
const supportRequestEvent = sample<typeof supportRequestMachine>();

const valueKey = (snapshot: { value: unknown }): string => JSON.stringify(snapshot.value);

// ------------------------------------------------------------------------------------------------- session

const customerUser: AuthUser = {
  uid: 'customer-1',
  email: 'pat.doe@example.com',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['password'],
};
const otherTenantUser: AuthUser = { ...customerUser, uid: 'partner-1', tenantId: 'partner' };
/** Just signed up: no contact of its own until the email is verified (spec 000 §2.3, §4.1). */
const unverifiedUser: AuthUser = { ...customerUser, uid: 'customer-2', emailVerified: false };

const session = defineMachineEntry({
  id: 'session',
  title: 'Session and claims resolution',
  purpose: 'Who is signed in, with which claims: tenant check, partner elevation, contact-id retries, resync, sign-out.',
  machine: sessionMachine,
  testModel: {
    input: { siteTenantId: 'customer' },
    events: {
      'auth.userChanged': [
        sessionEvent({ type: 'auth.userChanged', user: customerUser }),
        sessionEvent({ type: 'auth.userChanged', user: otherTenantUser }),
        sessionEvent({ type: 'auth.userChanged', user: unverifiedUser }),
        sessionEvent({ type: 'auth.userChanged', user: null }),
      ],
      'externalSignIn.start': [sessionEvent({ type: 'externalSignIn.start' })],
      'externalSignIn.finish': [sessionEvent({ type: 'externalSignIn.finish' })],
      'claims.contactIdMissing': [sessionEvent({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' })],
      'session.signOut': [sessionEvent({ type: 'session.signOut' })],
      'session.retry': [sessionEvent({ type: 'session.retry' })],
      'welcome.dismiss': [sessionEvent({ type: 'welcome.dismiss' })],
      'xstate.done.actor.resetQueries': [done('resetQueries')],
      'xstate.error.actor.resetQueries': [fail('resetQueries', 'unavailable')],
      'xstate.done.actor.readClaims': [
        done('readClaims', { role: 'customer', customerContactId: 'C-1' }),
        done('readClaims', { role: 'customer' }),
        done('readClaims', { role: 'partner', partnerContactId: 'P-1' }),
        done('readClaims', { role: 'customer', customerContactId: 'C-1', isAgent: true }),
        done('readClaims', { role: 'customer', customerContactId: 'C-1', showMigrationModal: true }),
        done('readClaims', { role: 'wizard' }),
      ],
      'xstate.error.actor.readClaims': [fail('readClaims', 'auth/network-request-failed')],
      'xstate.after.claimsRetry.session.resolving.waitingForClaims': [
        after('claimsRetry', 'session.resolving.waitingForClaims'),
      ],
      'xstate.done.actor.reportError': [done('reportError')],
      'xstate.error.actor.reportError': [fail('reportError', 'unavailable')],
      'xstate.done.actor.elevatePermissions': [done('elevatePermissions', { token: 'elevated-token' })],
      'xstate.error.actor.elevatePermissions': [fail('elevatePermissions', 'permission-denied')],
      'xstate.done.actor.signInWithToken': [done('signInWithToken', customerUser)],
      'xstate.error.actor.signInWithToken': [fail('signInWithToken', 'auth/invalid-custom-token')],
      'xstate.done.actor.readLastSignIn': [
        done('readLastSignIn', { lastSignInMs: null, checkedAtMs: SAMPLE_NOW_MS }),
        // Stored a minute ago: not due for another hour.
        done('readLastSignIn', { lastSignInMs: SAMPLE_NOW_MS - 60_000, checkedAtMs: SAMPLE_NOW_MS }),
      ],
      'xstate.error.actor.readLastSignIn': [fail('readLastSignIn', 'unavailable')],
      'xstate.done.actor.storeLastSignIn': [done('storeLastSignIn')],
      'xstate.error.actor.storeLastSignIn': [fail('storeLastSignIn', 'unavailable')],
      'xstate.done.actor.removeMigrationClaim': [done('removeMigrationClaim')],
      'xstate.error.actor.removeMigrationClaim': [fail('removeMigrationClaim', 'unavailable')],
      'xstate.done.actor.refreshClaims': [
        done('refreshClaims', { role: 'customer', customerContactId: 'C-1' }),
        done('refreshClaims', { role: 'wizard' }),
      ],
      'xstate.error.actor.refreshClaims': [fail('refreshClaims', 'auth/network-request-failed')],
      'xstate.done.actor.resyncClaims': [done('resyncClaims')],
      'xstate.error.actor.resyncClaims': [fail('resyncClaims', 'not-found')],
      'xstate.done.actor.refreshToken': [done('refreshToken')],
      'xstate.error.actor.refreshToken': [fail('refreshToken', 'auth/network-request-failed')],
      'xstate.done.actor.resetQueriesAfterResync': [done('resetQueriesAfterResync')],
      'xstate.error.actor.resetQueriesAfterResync': [fail('resetQueriesAfterResync', 'unavailable')],
      'xstate.done.actor.signOut': [done('signOut')],
      'xstate.error.actor.signOut': [fail('signOut', 'auth/network-request-failed')],
    },
    // Guards read the user (same person, changed since the queries were cached, tenant, verified email), and while
    // resolving the retry count, the elevation, whether the contact was asked for and whether the claims ask for the
    // welcome modal (read on entering signedIn).
    // The other claims are read only in eventless steps right after they arrive, so the event's payload decides.
    stateKey: (snapshot) => {
      const { user, queriesUid, claims, claimsRetries, contactResynced, elevated } = snapshot.context;
      const resolving = snapshot.matches('resolving') || snapshot.matches('resyncing');
      return JSON.stringify([
        snapshot.value,
        user?.uid ?? null,
        (user?.uid ?? null) === queriesUid,
        resolving ? claimsRetries : null,
        resolving ? elevated : null,
        resolving ? contactResynced : null,
        resolving ? claims?.showMigrationModal === true : null,
      ]);
    },
  },
});

// --------------------------------------------------------------------------------------------- guard chain

/** A verified, fully onboarded premium customer: the guard chain's sample facts (its tests start from them too). */
export const ONBOARDED_SAMPLE_FACTS: GuardFacts = {
  signedIn: true,
  emailVerified: true,
  isCrmSession: false,
  isAgent: false,
  hasDegradedAccess: false,
  subscriptionStatus: 'Active',
  contractSigned: true,
  authorizationsAccepted: true,
  hasGoal: true,
  firstIncompleteIntakeStep: null,
  productLine: 'Primary',
  claims: {},
};

const guardChain = defineMachineEntry({
  id: 'guardChain',
  title: 'Guard chain',
  purpose: 'The seven gates before a signed-in page, in order, with the path asked for kept for afterwards.',
  machine: guardChainMachine,
  testModel: {
    input: { path: '/credit' },
    events: {
      'facts.changed': [
        guardChainEvent({ type: 'facts.changed', facts: ONBOARDED_SAMPLE_FACTS }),
        guardChainEvent({ type: 'facts.changed', facts: { ...ONBOARDED_SAMPLE_FACTS, signedIn: false } }),
        guardChainEvent({ type: 'facts.changed', facts: { ...ONBOARDED_SAMPLE_FACTS, productLine: 'Freemium' } }),
      ],
      'facts.failed': [guardChainEvent({ type: 'facts.failed' })],
      'facts.retry': [guardChainEvent({ type: 'facts.retry' })],
      'route.changed': [
        guardChainEvent({ type: 'route.changed', path: '/' }),
        guardChainEvent({ type: 'route.changed', path: '/credit' }),
      ],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.decision]),
  },
});

// ------------------------------------------------------------------------------------------------ load view

const loadView = defineMachineEntry({
  id: 'loadView',
  title: 'Load view',
  purpose: "'Loading', then 'loaded momentarily' after 5 s, then the error view with Try again after 15 s more.",
  machine: loadViewMachine,
  testModel: {
    events: {
      'load.complete': [loadViewEvent({ type: 'load.complete' })],
      'load.retry': [loadViewEvent({ type: 'load.retry' })],
      'assistance.request': [loadViewEvent({ type: 'assistance.request' })],
      'dialog.close': [loadViewEvent({ type: 'dialog.close' })],
      'xstate.after.loadSlow.loadView.loading': [after('loadSlow', 'loadView.loading')],
      'xstate.after.loadFailed.loadView.slow': [after('loadFailed', 'loadView.slow')],
    },
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------------- sign-in

const signIn = defineMachineEntry({
  id: 'signIn',
  title: 'Sign-in',
  purpose: 'Email and password sign-in with every failure message, the SSO notice and the welcome migration modal.',
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
      'xstate.done.actor.signInWithEmail': [done('signInWithEmail', customerUser)],
      'xstate.error.actor.signInWithEmail': [
        fail('signInWithEmail', 'auth/invalid-credential'),
        fail('signInWithEmail', 'auth/too-many-requests'),
        fail('signInWithEmail', 'auth/user-disabled'),
        fail('signInWithEmail', 'auth/user-not-found'),
        fail('signInWithEmail', 'auth/network-request-failed'),
      ],
      'xstate.done.actor.checkSignInFailureReason': [
        done('checkSignInFailureReason', { reason: 'sso', providerIds: ['google.com'] }),
        done('checkSignInFailureReason', { reason: 'migration', providerIds: [] }),
        done('checkSignInFailureReason', { reason: 'other', providerIds: [] }),
      ],
      'xstate.error.actor.checkSignInFailureReason': [fail('checkSignInFailureReason', 'unavailable')],
    },
    // Guards read the form's validity and the failing code.
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.email !== '',
        snapshot.context.password !== '',
        snapshot.context.errorCode,
      ]),
  },
});

// ------------------------------------------------------------------------------------------------- sign-up

const signUp = defineMachineEntry({
  id: 'signUp',
  title: 'Sign-up',
  purpose: 'Create an account: credentials and agreement, then the verification notice or a direct sign-in.',
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
      'xstate.done.actor.createAccount': [done('createAccount', true), done('createAccount', false)],
      'xstate.error.actor.createAccount': [
        fail('createAccount', 'already-exists'),
        fail('createAccount', 'not-found'),
        fail('createAccount', 'internal'),
      ],
      'xstate.done.actor.signInWithEmail': [done('signInWithEmail', customerUser)],
      'xstate.error.actor.signInWithEmail': [fail('signInWithEmail', 'auth/network-request-failed')],
    },
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.email !== '',
        snapshot.context.password !== '',
        snapshot.context.agreed,
      ]),
  },
});

// ------------------------------------------------------------------------------------------ password reset

const passwordReset = defineMachineEntry({
  id: 'passwordReset',
  title: 'Password reset page',
  purpose: 'The reset link checked (valid, expired, invalid, timed out), the new password set, then signed in.',
  machine: passwordResetMachine,
  testModel: {
    input: { email: 'pat.doe@example.com', oobCode: 'reset-code' },
    events: {
      'field.change': [
        passwordResetEvent({ type: 'field.change', value: 'Secret-123' }),
        passwordResetEvent({ type: 'field.change', value: 'weak' }),
      ],
      'form.submit': [passwordResetEvent({ type: 'form.submit' })],
      'resetLink.open': [passwordResetEvent({ type: 'resetLink.open' })],
      'dialog.close': [passwordResetEvent({ type: 'dialog.close' })],
      'reset.cancel': [passwordResetEvent({ type: 'reset.cancel' })],
      'xstate.done.actor.validateResetCode': [
        done('validateResetCode', { status: 'current' }),
        done('validateResetCode', { status: 'expired' }),
        done('validateResetCode', { status: 'invalid' }),
      ],
      'xstate.error.actor.validateResetCode': [fail('validateResetCode', 'internal')],
      'xstate.after.lookupTimeout.passwordReset.loading': [after('lookupTimeout', 'passwordReset.loading')],
      'xstate.done.actor.confirmPasswordReset': [done('confirmPasswordReset')],
      'xstate.error.actor.confirmPasswordReset': [fail('confirmPasswordReset', 'auth/weak-password')],
      'xstate.done.actor.signInWithEmail': [
        done('signInWithEmail', customerUser),
        done('signInWithEmail', { ...customerUser, emailVerified: false }),
      ],
      'xstate.error.actor.signInWithEmail': [fail('signInWithEmail', 'auth/network-request-failed')],
      'xstate.done.actor.sendEmailVerification': [done('sendEmailVerification')],
      'xstate.error.actor.sendEmailVerification': [fail('sendEmailVerification', 'auth/too-many-requests')],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.password]),
  },
});

// -------------------------------------------------------------------------------------- reset link request

const resetLinkRequest = defineMachineEntry({
  id: 'resetLinkRequest',
  title: 'Request a password reset link',
  purpose: "Ask for a reset link by email: 'Reset link sent', or why not.",
  machine: resetLinkRequestMachine,
  testModel: {
    input: {},
    events: {
      'field.change': [
        resetLinkRequestEvent({ type: 'field.change', value: 'pat.doe@example.com' }),
        resetLinkRequestEvent({ type: 'field.change', value: 'pat' }),
      ],
      'form.submit': [resetLinkRequestEvent({ type: 'form.submit' })],
      'xstate.done.actor.requestResetLink': [done('requestResetLink')],
      'xstate.error.actor.requestResetLink': [
        fail('requestResetLink', 'not-found'),
        fail('requestResetLink', 'invalid-argument'),
        fail('requestResetLink', 'internal'),
      ],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.email]),
  },
});

// ------------------------------------------------------------------------------------ verify/recover email

const verifyEmail = defineMachineEntry({
  id: 'verifyEmail',
  title: 'Verify email',
  purpose: 'Apply the email verification link, then sign in with the email kept; expired links ask for a new one.',
  machine: verifyEmailMachine,
  testModel: {
    input: { oobCode: 'verify-code', email: 'pat.doe@example.com', tenantId: null },
    events: {
      'signIn.open': [verifyEmailEvent({ type: 'signIn.open' })],
      'xstate.done.actor.applyActionCode': [done('applyActionCode')],
      'xstate.error.actor.applyActionCode': [fail('applyActionCode', 'auth/expired-action-code')],
    },
    stateKey: valueKey,
  },
});

const recoverEmail = defineMachineEntry({
  id: 'recoverEmail',
  title: 'Recover email',
  purpose: "Restore the account's previous email: success, expired, email in use or not found.",
  machine: recoverEmailMachine,
  testModel: {
    input: { oobCode: 'recover-code' },
    events: {
      'xstate.done.actor.recoverEmail': [
        done('recoverEmail', { result: 'success', email: 'pat.doe@example.com' }),
        done('recoverEmail', { result: 'expired', email: null }),
        done('recoverEmail', { result: 'email-in-use', email: null }),
        done('recoverEmail', { result: 'not-found', email: null }),
      ],
      'xstate.error.actor.recoverEmail': [fail('recoverEmail', 'internal')],
    },
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------ error reporter

const errorReporter = defineMachineEntry({
  id: 'errorReporter',
  title: 'Error-report batching',
  purpose: 'Errors sent in batches of at most 10 with an overflow line; the flush delay grows 1.5x each flush.',
  machine: errorReporterMachine,
  testModel: {
    events: {
      'report.add': [errorReporterEvent({ type: 'report.add', report: { message: 'TypeError: x is undefined', extra: { path: '/' } } })],
      'xstate.after.flushDelay.errorReporter.waiting': [after('flushDelay', 'errorReporter.waiting')],
      'xstate.done.actor.sendErrorReports': [done('sendErrorReports')],
      'xstate.error.actor.sendErrorReports': [fail('sendErrorReports', 'unavailable')],
    },
    // The queue's length and the flush count grow without bound; guards only ask whether reports are queued.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.queue.length > 0]),
  },
});

// -------------------------------------------------------------------------------------------- maintenance

const maintenance = defineMachineEntry({
  id: 'maintenance',
  title: 'Maintenance watcher',
  purpose: 'The live maintenance flag: screen on every path but /agent, developers warned instead, windows re-checked.',
  machine: maintenanceMachine,
  testModel: {
    input: { siteType: 'Customer', path: '/' },
    events: {
      'flag.changed': [
        maintenanceEvent({ type: 'flag.changed', flag: true }),
        maintenanceEvent({ type: 'flag.changed', flag: false }),
        // A window far in the future: upcoming for as long as anyone runs these tests.
        maintenanceEvent({ type: 'flag.changed', flag: { startTime: new Date('2999-01-01T00:00:00Z'), endTime: undefined } }),
      ],
      'viewer.changed': [
        maintenanceEvent({ type: 'viewer.changed', claims: { isDeveloper: true } }),
        maintenanceEvent({ type: 'viewer.changed', claims: {} }),
      ],
      'route.changed': [
        maintenanceEvent({ type: 'route.changed', path: '/agent' }),
        maintenanceEvent({ type: 'route.changed', path: '/credit' }),
      ],
      'xstate.after.recheck.maintenance.upcoming': [after('recheck', 'maintenance.upcoming')],
    },
    // What the guards conclude from the flag (now), the viewer and the path, rather than the raw values.
    stateKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        maintenanceStatus(snapshot.context.flag, new Date()),
        bypassesMaintenance(snapshot.context.viewer),
        isAgentPath(snapshot.context.path),
      ]),
  },
});

// ---------------------------------------------------------------------------------------- support request

const supportRequest = defineMachineEntry({
  id: 'supportRequest',
  title: 'Support request',
  purpose: 'The support dialog contact form: 4 to 500 characters and a valid email, then sent or failed.',
  machine: supportRequestMachine,
  testModel: {
    input: { email: 'pat.doe@example.com' },
    events: {
      'field.change': [
        supportRequestEvent({ type: 'field.change', field: 'message', value: 'My report does not load.' }),
        supportRequestEvent({ type: 'field.change', field: 'message', value: 'Hi' }),
      ],
      'form.submit': [supportRequestEvent({ type: 'form.submit' })],
      'form.reset': [supportRequestEvent({ type: 'form.reset' })],
      'xstate.done.actor.sendContactRequest': [done('sendContactRequest')],
      'xstate.error.actor.sendContactRequest': [fail('sendContactRequest', 'internal')],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.message]),
  },
});

export const machineEntries: readonly MachineEntry[] = [
  session,
  guardChain,
  loadView,
  signIn,
  signUp,
  passwordReset,
  resetLinkRequest,
  verifyEmail,
  recoverEmail,
  errorReporter,
  maintenance,
  supportRequest,
  ...onboardingMachineEntries,
  ...agentMachineEntries,
];

export function machineEntry(id: string): MachineEntry | undefined {
  return machineEntries.find((entry) => entry.id === id);
}
