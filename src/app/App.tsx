import { Button, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useSearchParams, type Location } from 'react-router-dom';
import { guardChainSelectors } from '../../machines/shell/guardChain.machine';
import { loadViewMachine } from '../../machines/shell/loadView.machine';
import { maintenanceSelectors } from '../../machines/shell/maintenance.machine';
import { sessionSelectors } from '../../machines/shell/session.machine';
import { INTAKE_PAGE_PATTERN, intakeStepPath, ROUTES, withSubpaths } from '../domain/routes';
import { inspect } from '../inspect';
import { PublicLayout } from '../views/components/PublicLayout';
import { AppModal } from '../views/components/AppModal';
import type { OverlayState } from '../views/shell/legal';
import { LoadView } from '../views/status/LoadView';
import { IntakeActorProvider } from './onboarding/IntakeActorProvider';
import { OnboardingFactsContext, type OnboardingFactsActor } from './onboarding/onboardingFacts';
import { SettingsActorProvider } from './settings/SettingsActorProvider';
import { useAppActors } from './shell/appActors';
import { lazyPage } from './shell/lazyPage';
import { legalOverlayRoutes } from './shell/LegalRoutes';
import { useErrorReporting, useFactsSync, useLanguageSync, useNotifications, useRouteSync, useViewerSync } from './shell/sync';
import { CrashView } from '../views/status/CrashView';

// The routes (spec 000 §2.1-§2.4) behind the maintenance screen (spec 001 §2) and the guard chain (spec 000
// §2.3). Every page is its own chunk, so the sign-in page does not download the shell, the visualizer or visx.

const SignedInFactsSync = lazy(() => import('./shell/SignedInFactsSync'));
const SignInRoute = lazyPage(() => import('./account/SignInRoute').then((m) => m.default));
// The old sign-in address, the sign-in page with a header of its own (spec 000 §2.2): its own chunk.
const V1SignInRoute = lazyPage(() => import('./account/V1SignInRoute').then((m) => m.default));
const SignUpRoute = lazyPage(() => import('./account/SignUpRoute').then((m) => m.default));
const HandleRoute = lazyPage(() => import('./account/HandleRoute').then((m) => m.default));
// The signed-in shell with the home hub and every area's pages (./shell/ShellRoutes.tsx): one chunk with the shell's
// routes, loaded when a page under it shows, so the start-up code carries neither those routes nor their chunks' list.
const ShellRoutes = lazyPage(() => import('./shell/ShellRoutes').then((m) => m.default));
const NotVerifiedRoute = lazyPage(() => import('./account/AccountRoutes').then((m) => m.NotVerifiedRoute));
// The payment-failed page with the payment form (spec 002 §2, spec 001 §4): its own chunk (the payment machine, the
// billing adapter loads with its first call).
const UpdatePaymentRoute = lazyPage(() => import('./billing/UpdatePaymentRoute').then((m) => m.default));
const ContractRoute = lazyPage(() => import('./onboarding/OnboardingRoutes').then((m) => m.ContractRoute));
const ContractCompleteRoute = lazyPage(() => import('./onboarding/OnboardingRoutes').then((m) => m.ContractCompleteRoute));
const AuthorizationsRoute = lazyPage(() => import('./onboarding/OnboardingRoutes').then((m) => m.AuthorizationsRoute));
const SelectGoalRoute = lazyPage(() => import('./onboarding/OnboardingRoutes').then((m) => m.SelectGoalRoute));
const QuickSignUpRoute = lazyPage(() => import('./onboarding/QuickSignUpRoute').then((m) => m.default));
const QuickSignUpContractCompleteRoute = lazyPage(() =>
  import('./onboarding/QuickSignUpRoute').then((m) => m.QuickSignUpContractCompleteRoute),
);
const IntakeRoute = lazyPage(() => import('./onboarding/IntakeRoute').then((m) => m.default));
const AgentRoute = lazyPage(() => import('./agent/AgentRoute').then((m) => m.default));
const VisualizerRoute = lazyPage(() => import('../visualizer/VisualizerRoute').then((m) => m.default));
// The identity check (spec 001 §4 KBA), with its own header.
const KbaRoute = lazyPage(() => import('./credit/KbaRoute').then((m) => m.default));
// The contact page (spec 000 §2.2).
const ContactRoute = lazyPage(() => import('./contact/ContactRoute').then((m) => m.default));
// Screens a visit rarely shows load when shown, so the sign-in page does not download them (the sign-in page's start-up budget, docs/benchmarks.md).
const MaintenanceScreen = lazyPage(() => import('../views/status/MaintenanceScreen').then((m) => m.MaintenanceScreen));
const SessionErrorScreen = lazyPage(() => import('../views/status/SessionErrorScreen').then((m) => m.SessionErrorScreen));

/**
 * The pages a signed-out visit opens on start loading with the start-up code (index.html's start-up script already
 * asks for their chunks, src/app/shell/startupPreload.ts), so once the maintenance flag and the guard chain let the
 * page show it renders at once, without the route's "Loading" in between (docs/benchmarks.md §1).
 */
const OPENING_PAGES: Record<string, { preload(): Promise<void> }> = {
  [ROUTES.signIn]: SignInRoute,
  [ROUTES.signUp]: SignUpRoute,
};

export function preloadOpeningPage(pathname: string): void {
  void OPENING_PAGES[pathname.replace(/\/+$/, '') || '/']?.preload();
}

/** The load view while core data loads (spec 000 §4.2); Try again reloads the page (app init error, §8). */
export function AppLoading() {
  const actor = useActorRef(loadViewMachine, { inspect });
  useEffect(() => {
    const subscription = actor.on('load.retried', () => window.location.reload());
    return () => subscription.unsubscribe();
  }, [actor]);
  return <LoadView actor={actor} />;
}

function SessionError() {
  const { session } = useAppActors();
  const errorCode = useSelector(session, sessionSelectors.errorCode);
  return (
    <PublicLayout>
      <Suspense fallback={null}>
        <SessionErrorScreen
          errorCode={errorCode}
          onSignIn={() => session.send({ type: 'session.signOut' })}
          onTryAgain={() => session.send({ type: 'session.retry' })}
        />
      </Suspense>
    </PublicLayout>
  );
}

/** The address of an overlay (a modal route) while the page underneath renders; null without one. */
const OverlayPathContext = createContext<string | null>(null);

/** spec 000 §2.3: every route passes the guard chain; its decision either lets the page render or redirects. */
function GuardedLayout({ children = <Outlet /> }: { children?: ReactNode }) {
  const { guardChain, session } = useAppActors();
  const location = useLocation();
  // Under an overlay the page rendered is the one underneath, but the guard chain decides for the address (the
  // overlay's, in the same area: src/domain/routes.ts legalOverlayPath).
  const overlayPath = useContext(OverlayPathContext);
  const path = overlayPath ?? `${location.pathname}${location.search}`;
  const sessionError = useSelector(session, sessionSelectors.hasError);
  const waiting = useSelector(guardChain, guardChainSelectors.isWaiting);
  const factsFailed = useSelector(guardChain, guardChainSelectors.factsFailed);
  const decidedPath = useSelector(guardChain, guardChainSelectors.decidedPath);
  const redirectTo = useSelector(guardChain, guardChainSelectors.redirectTo);
  if (sessionError) return <SessionError />;
  if (factsFailed) {
    // A fact the gates need could not be read: not a gate that is not done (spec 000 §2.3), so ask again.
    return <CrashView onTryAgain={() => guardChain.send({ type: 'facts.retry' })} />;
  }
  if (waiting) return <AppLoading />;
  // The decision is for another path until the route change reaches the machine (the next effect).
  if (decidedPath !== path) return null;
  if (redirectTo !== null) return <Navigate to={redirectTo} replace />;
  return <Suspense fallback={<AppLoading />}>{children}</Suspense>;
}

/**
 * spec 001 §4: contract-complete with a contact id is where a lead from quick sign-up comes back from the e-sign
 * page, before any account exists; without one it is the signed-in customer's contract gate page.
 */
function ContractCompleteEntry() {
  const [params] = useSearchParams();
  const contactId = params.get('id');
  if (contactId) {
    return (
      <Suspense fallback={<AppLoading />}>
        <QuickSignUpContractCompleteRoute contactId={contactId} />
      </Suspense>
    );
  }
  return (
    <GuardedLayout>
      <ContractCompleteRoute />
    </GuardedLayout>
  );
}

/** The migration welcome modal of a signed-in session (spec 000 §4.1, §7 removeMigrationClaim). */
function WelcomeDialog() {
  const { session } = useAppActors();
  const { t } = useTranslation(['auth', 'common']);
  const opened = useSelector(session, sessionSelectors.showsWelcome);
  const dismiss = () => session.send({ type: 'welcome.dismiss' });
  return (
    <AppModal opened={opened} onClose={dismiss} title={t('welcome.title')}>
      <Stack>
        <Text>{t('welcome.signedIn')}</Text>
        <Group justify="flex-end">
          <Button onClick={dismiss}>{t('common:actions.continue')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** The app's routes (spec 000 §2.1-§2.4): every path from the route table (src/domain/routes.ts). */
export { legalOverlayRoutes };

export function appRoutes({ showVisualizer }: { showVisualizer: boolean }) {
  return (
    <>
      <Route path={ROUTES.contractComplete} element={<ContractCompleteEntry />} />
      <Route element={<GuardedLayout />}>
        <Route path={withSubpaths(ROUTES.signIn)} element={<SignInRoute />} />
        <Route path={withSubpaths(ROUTES.v1SignIn)} element={<V1SignInRoute />} />
        <Route path={ROUTES.signUp} element={<SignUpRoute />} />
        <Route path={ROUTES.signUpOnboard} element={<SignUpRoute />} />
        <Route path={ROUTES.contract} element={<ContractRoute />} />
        <Route path={ROUTES.authorizations} element={<AuthorizationsRoute />} />
        <Route path={ROUTES.selectGoal} element={<SelectGoalRoute />} />
        <Route path={ROUTES.quickSignUp} element={<QuickSignUpRoute />} />
        <Route path={ROUTES.intake} element={<Navigate to={intakeStepPath('1')} replace />} />
        <Route path={INTAKE_PAGE_PATTERN} element={<IntakeRoute />} />
        <Route path={withSubpaths(ROUTES.handle)} element={<HandleRoute />} />
        <Route path={ROUTES.notVerified} element={<NotVerifiedRoute />} />
        <Route path={ROUTES.updatePayment} element={<UpdatePaymentRoute />} />
        <Route path={withSubpaths(ROUTES.agent)} element={<AgentRoute />} />
        {/* The identity check has its own header (spec 000 §2.2) and stands behind the KBA flag (spec 001 §2). */}
        <Route path={withSubpaths(ROUTES.kba)} element={<KbaRoute />} />
        {/* /contact has its own header without the contact icon (spec 000 §2.2), for anyone. */}
        <Route path={ROUTES.contact} element={<ContactRoute />} />
        {showVisualizer ? <Route path={withSubpaths(ROUTES.statecharts)} element={<VisualizerRoute />} /> : null}
        {/* The signed-in shell and its pages (./shell/ShellRoutes.tsx), with the not-found page under it. */}
        <Route path="/*" element={<ShellRoutes showDevTools={showVisualizer} />} />
      </Route>
    </>
  );
}

function AppRoutes({ showVisualizer }: { showVisualizer: boolean }) {
  const location = useLocation();
  const background = (location.state as OverlayState | null)?.backgroundLocation;
  return (
    <>
      <OverlayPathContext.Provider value={background ? `${location.pathname}${location.search}` : null}>
        <Routes location={(background as Location | undefined) ?? location}>{appRoutes({ showVisualizer })}</Routes>
      </OverlayPathContext.Provider>
      {background ? <Routes>{legalOverlayRoutes}</Routes> : null}
    </>
  );
}

function MaintenanceGate({ children }: { children: ReactNode }) {
  const { maintenance, config } = useAppActors();
  const loading = useSelector(maintenance, maintenanceSelectors.isLoading);
  const screen = useSelector(maintenance, maintenanceSelectors.showsScreen);
  // spec 001 §2: nothing is shown while the flag loads; the screen replaces everything except /agent (nothing
  // either while its chunk loads).
  if (loading) return null;
  if (screen) {
    return (
      <Suspense fallback={null}>
        <MaintenanceScreen phone={config.supportPhone} showPhone={config.siteType !== 'Admin'} />
      </Suspense>
    );
  }
  return children;
}

export function App() {
  const { config } = useAppActors();
  useRouteSync();
  const { signedIn } = useFactsSync();
  useViewerSync();
  useNotifications();
  useErrorReporting();
  useLanguageSync();
  // The signed-in facts load with the first sign-in and stay for the visit (their onboarding facts actor keeps a
  // waived contract gate, spec 001 §4); they report only while someone is signed in.
  const [signedInBefore, setSignedInBefore] = useState(false);
  if (signedIn && !signedInBefore) setSignedInBefore(true);
  // The shell's routes download while the guard chain reads the signed-in user's facts.
  useEffect(() => {
    if (signedIn) void ShellRoutes.preload();
  }, [signedIn]);
  const [onboardingFacts, setOnboardingFacts] = useState<OnboardingFactsActor | null>(null);
  return (
    <MaintenanceGate>
      {signedInBefore && (
        <Suspense fallback={null}>
          <SignedInFactsSync active={signedIn} onActor={setOnboardingFacts} />
        </Suspense>
      )}
      <OnboardingFactsContext value={onboardingFacts}>
        {/* The intake's actor outlives its pages (spec 002 §4). */}
        <IntakeActorProvider>
          {/* The password change's actor outlives the security page's addresses (its re-authentication dialog). */}
          <SettingsActorProvider>
            <AppRoutes showVisualizer={!config.isProductionLike} />
          </SettingsActorProvider>
        </IntakeActorProvider>
      </OnboardingFactsContext>
      <WelcomeDialog />
    </MaintenanceGate>
  );
}
