import type { ErrorReporterActorSignatures } from './ports';
import type { GuardFacts } from '../../src/domain/guardChain';
import { maintenanceStatus } from '../../src/domain/maintenance';
import { bypassesMaintenance } from '../../src/domain/permissions';
import { AREA_PATHS, ROUTES } from '../../src/domain/routes';
import { errorReporterMachine } from '../shell/errorReporter.machine';
import { guardChainMachine } from '../shell/guardChain.machine';
import { loadViewMachine } from '../shell/loadView.machine';
import { pageErrorCatcherMachine } from '../shell/pageErrorCatcher.machine';
import { toastHighlightMachine } from '../shell/toastHighlight.machine';
import { isAgentPath, maintenanceMachine } from '../shell/maintenance.machine';
import type { AuthUser, UserDocument } from '../ports';
import { featureFlagsMachine } from './featureFlags.machine';
import { userDocumentMachine } from './userDocument.machine';
import { actorSamples, after, defineMachineEntry, eventsByType, sampleEvents, valueKey } from '../registry';
import { sessionMachine } from '../shell/session.machine';
import type { FeatureFlagsActorSignatures, SessionActorSignatures } from './ports';


// Sample events carry real payloads so guards that read them can pass; `xstate.done.actor.<id>` /
// `xstate.error.actor.<id>` stand for an invoked actor's result and `xstate.after.<delay>.<state id>` for a delay
// running out (machines/registry.ts).

const SAMPLE_NOW_MS = Date.UTC(2026, 0, 15, 15, 0, 0);

// ------------------------------------------------------------------------------------------------- session

/** The signed-in customer of the samples. */
export const SAMPLE_CUSTOMER_USER: AuthUser = {
  uid: 'customer-1',
  email: 'pat.doe@example.com',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['password'],
};
const customerUser = SAMPLE_CUSTOMER_USER;
const otherTenantUser: AuthUser = { ...customerUser, uid: 'partner-1', tenantId: 'partner' };
/** Just signed up: no contact of its own until the email is verified (spec 000 §2.3, §4.1). */
const unverifiedUser: AuthUser = { ...customerUser, uid: 'customer-2', emailVerified: false };

const sessionEvent = sampleEvents<typeof sessionMachine>();
const sessionActors = actorSamples<SessionActorSignatures>();

export const sessionEntry = defineMachineEntry({
  id: 'session',
  title: 'Session and claims resolution',
  purpose: 'Who is signed in, with which claims: tenant check, partner elevation, contact-id retries, resync, sign-out.',
  machine: sessionMachine,
  testModel: {
    input: { siteTenantId: 'customer' },
    events: eventsByType(
      sessionEvent({ type: 'auth.userChanged', user: customerUser }),
      sessionEvent({ type: 'auth.userChanged', user: otherTenantUser }),
      sessionEvent({ type: 'auth.userChanged', user: unverifiedUser }),
      sessionEvent({ type: 'auth.userChanged', user: null }),
      sessionEvent({ type: 'externalSignIn.start' }),
      sessionEvent({ type: 'externalSignIn.finish' }),
      sessionEvent({ type: 'claims.contactIdMissing', code: 'no-customer-contact-id' }),
      sessionEvent({ type: 'claims.refresh' }),
      sessionEvent({ type: 'session.signOut' }),
      sessionEvent({ type: 'session.retry' }),
      sessionEvent({ type: 'welcome.dismiss' }),
      sessionActors.done('resetQueries'),
      sessionActors.fail('resetQueries', 'unavailable'),
      sessionActors.done('readClaims', { role: 'customer', customerContactId: 'C-1' }),
      sessionActors.done('readClaims', { role: 'customer' }),
      sessionActors.done('readClaims', { role: 'partner', partnerContactId: 'P-1' }),
      sessionActors.done('readClaims', { role: 'customer', customerContactId: 'C-1', isAgent: true }),
      sessionActors.done('readClaims', { role: 'customer', customerContactId: 'C-1', showMigrationModal: true }),
      sessionActors.done('readClaims', { role: 'wizard' }),
      sessionActors.fail('readClaims', 'auth/network-request-failed'),
      after('claimsRetry', 'session.resolving.waitingForClaims'),
      sessionActors.done('reportError'),
      sessionActors.fail('reportError', 'unavailable'),
      sessionActors.done('elevatePermissions', { token: 'elevated-token' }),
      sessionActors.fail('elevatePermissions', 'permission-denied'),
      sessionActors.done('signInWithToken', customerUser),
      sessionActors.fail('signInWithToken', 'auth/invalid-custom-token'),
      sessionActors.done('readLastSignIn', { lastSignInMs: null, checkedAtMs: SAMPLE_NOW_MS }),
      // Stored a minute ago: not due for another hour.
      sessionActors.done('readLastSignIn', { lastSignInMs: SAMPLE_NOW_MS - 60_000, checkedAtMs: SAMPLE_NOW_MS }),
      sessionActors.fail('readLastSignIn', 'unavailable'),
      sessionActors.done('storeLastSignIn'),
      sessionActors.fail('storeLastSignIn', 'unavailable'),
      sessionActors.done('removeMigrationClaim'),
      sessionActors.fail('removeMigrationClaim', 'unavailable'),
      sessionActors.doneAs('refreshClaims', 'readClaims', { role: 'customer', customerContactId: 'C-1' }),
      sessionActors.doneAs('refreshClaims', 'readClaims', { role: 'wizard' }),
      sessionActors.failAs('refreshClaims', 'readClaims', 'auth/network-request-failed'),
      sessionActors.doneAs('reloadClaims', 'readClaims', { role: 'customer', customerContactId: 'C-1', overridesActive: true }),
      sessionActors.doneAs('reloadClaims', 'readClaims', { role: 'wizard' }),
      sessionActors.failAs('reloadClaims', 'readClaims', 'auth/network-request-failed'),
      sessionActors.doneAs('resetQueriesAfterRefresh', 'resetQueries'),
      sessionActors.failAs('resetQueriesAfterRefresh', 'resetQueries', 'unavailable'),
      sessionActors.done('resyncClaims'),
      sessionActors.fail('resyncClaims', 'not-found'),
      sessionActors.done('refreshToken'),
      sessionActors.fail('refreshToken', 'auth/network-request-failed'),
      sessionActors.doneAs('resetQueriesAfterResync', 'resetQueries'),
      sessionActors.failAs('resetQueriesAfterResync', 'resetQueries', 'unavailable'),
      sessionActors.done('signOut'),
      sessionActors.fail('signOut', 'auth/network-request-failed'),
    ),
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

const guardChainEvent = sampleEvents<typeof guardChainMachine>();

export const guardChainEntry = defineMachineEntry({
  id: 'guardChain',
  title: 'Guard chain',
  purpose: 'The seven gates before a signed-in page, in order, with the path asked for kept for afterwards.',
  machine: guardChainMachine,
  testModel: {
    input: { path: AREA_PATHS.money },
    events: eventsByType(
      guardChainEvent({ type: 'facts.changed', facts: ONBOARDED_SAMPLE_FACTS }),
      guardChainEvent({ type: 'facts.changed', facts: { ...ONBOARDED_SAMPLE_FACTS, signedIn: false } }),
      guardChainEvent({ type: 'facts.changed', facts: { ...ONBOARDED_SAMPLE_FACTS, productLine: 'Freemium' } }),
      guardChainEvent({ type: 'facts.failed' }),
      guardChainEvent({ type: 'facts.retry' }),
      guardChainEvent({ type: 'route.changed', path: ROUTES.home }),
      guardChainEvent({ type: 'route.changed', path: AREA_PATHS.money }),
    ),
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.decision]),
  },
});

// ------------------------------------------------------------------------------------------------ load view

const loadViewEvent = sampleEvents<typeof loadViewMachine>();

export const loadViewEntry = defineMachineEntry({
  id: 'loadView',
  title: 'Load view',
  purpose: "'Loading', then 'loaded momentarily' after 5 s, then the error view with Try again after 15 s more.",
  machine: loadViewMachine,
  testModel: {
    events: eventsByType(
      loadViewEvent({ type: 'load.complete' }),
      loadViewEvent({ type: 'load.retry' }),
      loadViewEvent({ type: 'assistance.request' }),
      loadViewEvent({ type: 'dialog.close' }),
      after('loadSlow', 'loadView.loading'),
      after('loadFailed', 'loadView.slow'),
    ),
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------ error reporter

const errorReporterEvent = sampleEvents<typeof errorReporterMachine>();
const errorReporterActors = actorSamples<ErrorReporterActorSignatures>();

export const errorReporterEntry = defineMachineEntry({
  id: 'errorReporter',
  title: 'Error-report batching',
  purpose: 'Errors sent in batches of at most 10 with an overflow line; the flush delay grows 1.5x each flush.',
  machine: errorReporterMachine,
  testModel: {
    events: eventsByType(
      errorReporterEvent({ type: 'report.add', report: { message: 'TypeError: x is undefined', extra: { path: ROUTES.home } } }),
      after('flushDelay', 'errorReporter.waiting'),
      errorReporterActors.done('sendErrorReports'),
      errorReporterActors.fail('sendErrorReports', 'unavailable'),
    ),
    // The queue's length and the flush count grow without bound; guards only ask whether reports are queued.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.queue.length > 0]),
  },
});

// ------------------------------------------------------------------------------------- page error catcher

const pageErrorCatcherEvent = sampleEvents<typeof pageErrorCatcherMachine>();

export const pageErrorCatcherEntry = defineMachineEntry({
  id: 'pageErrorCatcher',
  title: 'Page error catcher',
  purpose: 'A page the browser translated that fails is remounted, reported and explained; other failures show the error view.',
  machine: pageErrorCatcherMachine,
  testModel: {
    events: eventsByType(
      pageErrorCatcherEvent({ type: 'page.translated', language: 'fr' }),
      pageErrorCatcherEvent({ type: 'page.untranslated' }),
      pageErrorCatcherEvent({
        type: 'page.crashed',
        name: 'NotFoundError',
        message: "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
        componentStack: null,
      }),
      pageErrorCatcherEvent({ type: 'page.crashed', name: 'TypeError', message: 'x is undefined', componentStack: null }),
      after('steadyPage', 'pageErrorCatcher.page.recovering'),
    ),
    // The guards read whether the page is translated (the state) and how many remounts are left.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.remounts]),
  },
});

// ---------------------------------------------------------------------------------------- toast highlight

const toastHighlightEvent = sampleEvents<typeof toastHighlightMachine>();

export const toastHighlightEntry = defineMachineEntry({
  id: 'toastHighlight',
  title: 'Toast highlight',
  purpose: 'A toast asked for again while it shows is highlighted instead of stacked; the highlight resets after 3000 ms.',
  machine: toastHighlightMachine,
  testModel: {
    events: eventsByType(
      toastHighlightEvent({ type: 'toast.repeated' }),
      after('highlightReset', 'toastHighlight.highlighted'),
    ),
    stateKey: valueKey,
  },
});

// -------------------------------------------------------------------------------------------- maintenance

const maintenanceEvent = sampleEvents<typeof maintenanceMachine>();

export const maintenanceEntry = defineMachineEntry({
  id: 'maintenance',
  title: 'Maintenance watcher',
  purpose: 'The live maintenance flag: screen on every path but /agent, developers warned instead, windows re-checked.',
  machine: maintenanceMachine,
  testModel: {
    input: { siteType: 'Customer', path: ROUTES.home },
    events: eventsByType(
      maintenanceEvent({ type: 'flag.changed', flag: true }),
      maintenanceEvent({ type: 'flag.changed', flag: false }),
      // A window far in the future: upcoming for as long as anyone runs these tests.
      maintenanceEvent({ type: 'flag.changed', flag: { startTime: new Date('2999-01-01T00:00:00Z'), endTime: undefined } }),
      maintenanceEvent({ type: 'viewer.changed', claims: { isDeveloper: true } }),
      maintenanceEvent({ type: 'viewer.changed', claims: {} }),
      maintenanceEvent({ type: 'route.changed', path: ROUTES.agent }),
      maintenanceEvent({ type: 'route.changed', path: AREA_PATHS.credit }),
      after('recheck', 'maintenance.upcoming'),
    ),
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


// ------------------------------------------------------------------------------------------ user document

/** Who a sample user document belongs to; the rest is an onboarded customer's. */
export type UserDocumentOwner = Pick<UserDocument, 'uid' | 'firstName' | 'lastName' | 'email' | 'customerContactId' | 'uiLang'>;

/**
 * A verified, onboarded customer's user document on the premium line (spec 000 §3.1), with nothing optional stored
 * and the default settings: the registry's sample and the tests' fakes of the live user document.
 */
export function onboardedUserDocument(owner: UserDocumentOwner): UserDocument {
  return {
    uid: owner.uid,
    siteId: 'APP',
    tenantId: 'customer',
    lastSignIn: null,
    firstName: owner.firstName,
    lastName: owner.lastName,
    email: owner.email,
    setupComplete: true,
    productLine: 'Primary',
    customerContactId: owner.customerContactId,
    subscriptionStatus: 'Active',
    authorizationsAcceptedAt: null,
    degradedAccess: null,
    uiLang: owner.uiLang,
    phone: null,
    phoneNonMobile: null,
    dateBirth: null,
    address: null,
    idcsEnrollmentId: null,
    inPurchasingPhase: false,
    partner: null,
    tableSettings: {},
    comfortType: { creditReportPage: null, creditDashboard: null },
    security: { weakPassword: false, passwordResetRequired: false },
    testPlan: null,
  };
}

/** The sample customer's document. */
const sampleUserDocument = onboardedUserDocument({
  uid: customerUser.uid,
  firstName: 'Pat',
  lastName: 'Doe',
  email: customerUser.email,
  customerContactId: 'C-1',
  uiLang: 'en',
});

const userDocumentEvent = sampleEvents<typeof userDocumentMachine>();

export const userDocumentEntry = defineMachineEntry({
  id: 'userDocument',
  title: 'Live user document',
  purpose: "The signed-in user's document, live: none while signed out, listened to afresh for each user; a first read over 5 s raises the long-load flag.",
  machine: userDocumentMachine,
  testModel: {
    events: eventsByType(
      userDocumentEvent({ type: 'user.changed', uid: customerUser.uid }),
      userDocumentEvent({ type: 'user.changed', uid: unverifiedUser.uid }),
      userDocumentEvent({ type: 'user.changed', uid: null }),
      userDocumentEvent({ type: 'userDocument.changed', document: sampleUserDocument }),
      userDocumentEvent({ type: 'userDocument.changed', document: null }),
      userDocumentEvent({ type: 'userDocument.failed', code: 'permission-denied' }),
      after('userDataLongLoad', 'userDocument.listening.loading.waiting'),
    ),
    // Guards read only the event's uid.
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------ feature flags

const featureFlagsEvent = sampleEvents<typeof featureFlagsMachine>();
const featureFlagsActors = actorSamples<FeatureFlagsActorSignatures>();

export const featureFlagsEntry = defineMachineEntry({
  id: 'featureFlags',
  title: 'Feature flags',
  purpose:
    "The environment's default flags, with the feature flags document fetched at start and again at most every 10 s while the page is shown.",
  machine: featureFlagsMachine,
  testModel: {
    input: { environment: 'emulator' },
    events: eventsByType(
      featureFlagsActors.done('fetchFeatureFlags', { brokerInfoBanner: true, welcomeMessage: 'Hello' }),
      // Not a flag's type: that flag keeps its default.
      featureFlagsActors.done('fetchFeatureFlags', { bottomNavigation: 'yes' }),
      featureFlagsActors.fail('fetchFeatureFlags', 'unavailable'),
      after('MIN_FETCH_INTERVAL', 'featureFlags.fresh'),
      featureFlagsEvent({ type: 'page.visibilityChanged', visible: false }),
      featureFlagsEvent({ type: 'page.visibilityChanged', visible: true }),
    ),
    // The guard reads whether the page is shown.
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.visible]),
  },
});
