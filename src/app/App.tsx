import { Button, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import { guardChainSelectors } from '../../machines/shell/guardChain.machine';
import { loadViewMachine } from '../../machines/shell/loadView.machine';
import { maintenanceSelectors } from '../../machines/shell/maintenance.machine';
import { sessionSelectors } from '../../machines/shell/session.machine';
import {
  AREA_PATHS,
  childOfHome,
  CREDIT_BUREAU_PATTERN,
  INTAKE_PAGE_PATTERN,
  intakeStepPath,
  LEGAL_OVERLAY_AREAS,
  legalOverlayAreaPath,
  MONEY_PATHS,
  ROUTES,
  withSubpaths,
  type LegalOverlayArea,
} from '../domain/routes';
import { inspect } from '../inspect';
import { PublicLayout } from '../views/components/PublicLayout';
import { AppModal } from '../views/components/AppModal';
import type { LegalDocument, OverlayState } from '../views/shell/legal';
import { LoadView } from '../views/status/LoadView';
import { IntakeActorProvider } from './onboarding/IntakeActorProvider';
import { OnboardingFactsContext, type OnboardingFactsActor } from './onboarding/onboardingFacts';
import { SettingsActorProvider } from './settings/SettingsActorProvider';
import { loadDevToolsRoute } from './devTools/gate';
import { useAppActors } from './shell/appActors';
import { lazyPage } from './shell/lazyPage';
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
const ShellRoute = lazyPage(() => import('./shell/ShellRoute').then((m) => m.default));
const HomeRoute = lazyPage(() => import('./shell/HomeRoute').then((m) => m.default));
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
const LegalOverlay = lazyPage(() => import('../views/shell/LegalOverlay').then((m) => m.LegalOverlay));
const VisualizerRoute = lazyPage(() => import('../visualizer/VisualizerRoute').then((m) => m.default));
// The credit area (spec 000 §2.4 credit/*, spec 001 §2): each page its own chunk, so visx and the report code load
// with the credit routes only.
const CreditAreaRoute = lazyPage(() => import('./credit/CreditAreaRoute').then((m) => m.default));
const CreditOverviewRoute = lazyPage(() => import('./credit/CreditOverviewRoute').then((m) => m.default));
const CreditReportRoute = lazyPage(() => import('./credit/CreditReportRoute').then((m) => m.default));
const CreditSimulatorRoute = lazyPage(() => import('./credit/CreditSimulatorRoute').then((m) => m.default));
const KbaRoute = lazyPage(() => import('./credit/KbaRoute').then((m) => m.default));
// The disputes dashboard (spec 001 §2) and its wizard: a chunk of their own, loaded with /credit/disputes.
const DisputesRoute = lazyPage(() => import('./disputes/DisputesRoute').then((m) => m.default));
// The documents locker (spec 001 §2) with its modal routes: its own chunk (the upload, crop and Storage code with it).
const DocumentsRoute = lazyPage(() => import('./documents/DocumentsRoute').then((m) => m.default));
// Identity protection: the widget's pages, their own chunk (the identity adapter loads with them).
const IdentityRoute = lazyPage(() => import('./identity/IdentityRoute').then((m) => m.default));
// The settings pages (spec 000 §2.5) with the re-authentication dialog's nested route: their own chunk (the settings
// machines and adapter with them).
const SettingsRoute = lazyPage(() => import('./settings/SettingsRoute').then((m) => m.default));
// The money area (spec 002 §2 /money/:page/*): the layout (upgrade banner or money header) and the overview, one
// chunk; the sub-pages have their own.
const MoneyRoute = lazyPage(() => import('./money/MoneyRoute').then((m) => m.default));
const MoneyOverviewRoute = lazyPage(() => import('./money/MoneyOverviewRoute').then((m) => m.default));
// The debts page (spec 002 §2 /money/debts/*, §4): its own chunk, with the debts adapter.
const DebtsRoute = lazyPage(() => import('./money/debts/DebtsRoute').then((m) => m.default));
// The bank widgets (spec 002 §2 /money/:widgetName and /money/modal/link-accounts): their own chunk.
const BankWidgetRoute = lazyPage(() => import('./money/widgets/BankWidgetRoutes').then((m) => m.BankWidgetRoute));
const LinkAccountsRoute = lazyPage(() => import('./money/widgets/BankWidgetRoutes').then((m) => m.LinkAccountsRoute));
// The learning center and the support center (spec 002 §2): one chunk for both (the article
// renderer loads later, with an article); the contact page (spec 000 §2.2) is its own.
const LearningCenterRoute = lazyPage(() => import('./content/ContentRoutes').then((m) => m.LearningCenterRoute));
const SupportCenterRoute = lazyPage(() => import('./content/ContentRoutes').then((m) => m.SupportCenterRoute));
const ContactRoute = lazyPage(() => import('./contact/ContactRoute').then((m) => m.default));
// The developer tools: only in builds that carry them (src/app/devTools/gate.ts, a build-time constant, so a
// production build has neither the route nor the chunk).
const loadDevTools = loadDevToolsRoute;
const DevToolsRoute = loadDevTools ? lazyPage(() => loadDevTools().then((m) => m.default)) : null;
// Screens a visit rarely shows load when shown, so the sign-in page does not download them (the sign-in page's start-up budget, docs/benchmarks.md).
const MaintenanceScreen = lazyPage(() => import('../views/status/MaintenanceScreen').then((m) => m.MaintenanceScreen));
const SessionErrorScreen = lazyPage(() => import('../views/status/SessionErrorScreen').then((m) => m.SessionErrorScreen));
const NotFoundPage = lazyPage(() => import('../views/status/NotFoundPage').then((m) => m.NotFoundPage));

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

function LegalRoute({ document }: { document: LegalDocument }) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as OverlayState | null;
  const background = state?.backgroundLocation;
  const close = () => {
    // Opened from a link: back to the page. Opened by its address: on to the page it shows over.
    if (background && !state?.direct) navigate(-1);
    else navigate(background ?? ROUTES.home, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <LegalOverlay document={document} onClose={close} />
    </Suspense>
  );
}

/**
 * An area's legal overlay opened by its address ('/credit/terms-conditions'): the same address again, with the area's
 * page as the page underneath (spec 000 §2.4).
 */
function LegalOverAreaEntry({ area }: { area: LegalOverlayArea }) {
  const location = useLocation();
  const backgroundLocation = { pathname: AREA_PATHS[area], search: '', hash: '', state: null, key: 'legal-background' };
  const state: OverlayState = { backgroundLocation, direct: true };
  return <Navigate to={location.pathname} state={state} replace />;
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

const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const satisfies readonly LegalDocument[];

/** The legal overlays (spec 000 §2.4), rendered over the page underneath: over home or over an area's page. */
export const legalOverlayRoutes = (
  <>
    {LEGAL_DOCUMENTS.flatMap((document) =>
      [null, ...LEGAL_OVERLAY_AREAS].map((area) => (
        <Route key={`${document}-${area ?? 'home'}`} path={legalOverlayAreaPath(document, area)} element={<LegalRoute document={document} />} />
      )),
    )}
  </>
);

/** The app's routes (spec 000 §2.1-§2.4): every path from the route table (src/domain/routes.ts). */
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
        <Route path={ROUTES.home} element={<ShellRoute />}>
          <Route index element={<HomeRoute />} />
          {/* Opened directly (no page underneath), the overlays show over the home page. */}
          <Route path={childOfHome(ROUTES.terms)} element={<><HomeRoute /><LegalRoute document="terms" /></>} />
          <Route path={childOfHome(ROUTES.privacy)} element={<><HomeRoute /><LegalRoute document="privacy" /></>} />
          {/* Opened directly over an area, they show over the area's page (its address again, the page underneath). */}
          {LEGAL_DOCUMENTS.flatMap((document) =>
            LEGAL_OVERLAY_AREAS.map((area) => (
              <Route key={`${document}-${area}`} path={legalOverlayAreaPath(document, area)} element={<LegalOverAreaEntry area={area} />} />
            )),
          )}
          {/* The free product line sees the upgrade banner in place of every credit page (spec 001 §1). */}
          <Route path={ROUTES.credit} element={<CreditAreaRoute />}>
            <Route index element={<CreditOverviewRoute />} />
            <Route path={ROUTES.creditReport} element={<CreditReportRoute />} />
            <Route path={CREDIT_BUREAU_PATTERN} element={<CreditReportRoute />} />
            <Route path={ROUTES.creditSimulator} element={<CreditSimulatorRoute />} />
            {/* Stages, categories and account details below it; unknown paths go to the credit index. */}
            <Route path={withSubpaths(ROUTES.creditDisputes)} element={<DisputesRoute />} />
          </Route>
          {/* The money area: the free line sees the upgrade banner; the overview at the index, sub-pages below it. */}
          <Route path={MONEY_PATHS.overview} element={<MoneyRoute />}>
            <Route index element={<MoneyOverviewRoute />} />
            <Route path={`${MONEY_PATHS.debts}/*`} element={<DebtsRoute />} />
            {/* Link accounts: the connect widget in a dialog over the overview. */}
            <Route path={MONEY_PATHS.linkAccounts} element={<><MoneyOverviewRoute /><LinkAccountsRoute /></>} />
            {/* A widget page; a name without the 'Widget' suffix gets it, an unknown one goes to /money. */}
            <Route path={ROUTES.moneyWidget} element={<BankWidgetRoute />} />
          </Route>
          {/* Filters and modal routes below it; /documents and unknown filters go to /documents/all. */}
          <Route path={withSubpaths(ROUTES.documents)} element={<DocumentsRoute />} />
          <Route path={`${AREA_PATHS.identity}/*`} element={<IdentityRoute />} />
          {/* /settings and unknown pages go to /settings/loan-goal; security/auth is the re-authentication dialog. */}
          <Route path={withSubpaths(ROUTES.settings)} element={<SettingsRoute />} />
          {/* Categories and articles below each; the support center has not-found and a catch-all (spec 002 §2). */}
          <Route path={withSubpaths(ROUTES.learningCenter)} element={<LearningCenterRoute />} />
          <Route path={withSubpaths(ROUTES.supportCenter)} element={<SupportCenterRoute />} />
          {/* The developer tools' sections below it; not in prod or restore. */}
          {showVisualizer && DevToolsRoute ? <Route path={withSubpaths(ROUTES.devTools)} element={<DevToolsRoute />} /> : null}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
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
