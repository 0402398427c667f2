import { Route, Routes } from 'react-router-dom';
import { childOfHome, CREDIT_BUREAU_PATTERN, LEGAL_OVERLAY_AREAS, legalOverlayAreaPath, MONEY_PATHS, ROUTES, AREA_PATHS, withSubpaths } from '../../domain/routes';
import { loadDevToolsRoute } from '../devTools/gate';
import { LEGAL_DOCUMENTS, LegalOverAreaEntry, LegalRoute } from './LegalRoutes';
import { lazyPage } from './lazyPage';
import ShellRoute from './ShellRoute';

// The signed-in shell's routes (spec 000 §2.4): the header and navigation (ShellRoute) with the home hub and every
// area's pages below it. They load with the shell, not with the start-up code: the start-up route table
// (src/app/App.tsx) serves them as one splat route, so the sign-in page downloads neither these routes nor the list
// of their chunks (docs/benchmarks.md §1). Every area's page is its own chunk.

// The credit area (spec 000 §2.4 credit/*, spec 001 §2): each page its own chunk, so visx and the report code load
// with the credit routes only.
const CreditAreaRoute = lazyPage(() => import('../credit/CreditAreaRoute').then((m) => m.default));
const CreditOverviewRoute = lazyPage(() => import('../credit/CreditOverviewRoute').then((m) => m.default));
const CreditReportRoute = lazyPage(() => import('../credit/CreditReportRoute').then((m) => m.default));
const CreditSimulatorRoute = lazyPage(() => import('../credit/CreditSimulatorRoute').then((m) => m.default));
// The disputes dashboard (spec 001 §2) and its wizard: a chunk of their own, loaded with /credit/disputes.
const DisputesRoute = lazyPage(() => import('../disputes/DisputesRoute').then((m) => m.default));
// The documents locker (spec 001 §2) with its modal routes: its own chunk (the upload, crop and Storage code with it).
const DocumentsRoute = lazyPage(() => import('../documents/DocumentsRoute').then((m) => m.default));
// Identity protection: the widget's pages, their own chunk (the identity adapter loads with them).
const IdentityRoute = lazyPage(() => import('../identity/IdentityRoute').then((m) => m.default));
// The settings pages (spec 000 §2.5) with the re-authentication dialog's nested route: their own chunk (the settings
// machines and adapter with them).
const SettingsRoute = lazyPage(() => import('../settings/SettingsRoute').then((m) => m.default));
// The money area (spec 002 §2 /money/:page/*): the layout (upgrade banner or money header) and the overview, one
// chunk; the sub-pages have their own.
const MoneyRoute = lazyPage(() => import('../money/MoneyRoute').then((m) => m.default));
const MoneyOverviewRoute = lazyPage(() => import('../money/MoneyOverviewRoute').then((m) => m.default));
// The debts page (spec 002 §2 /money/debts/*, §4): its own chunk, with the debts adapter.
const DebtsRoute = lazyPage(() => import('../money/debts/DebtsRoute').then((m) => m.default));
// The bank widgets (spec 002 §2 /money/:widgetName and /money/modal/link-accounts): their own chunk.
const BankWidgetRoute = lazyPage(() => import('../money/widgets/BankWidgetRoutes').then((m) => m.BankWidgetRoute));
const LinkAccountsRoute = lazyPage(() => import('../money/widgets/BankWidgetRoutes').then((m) => m.LinkAccountsRoute));
// The learning center and the support center (spec 002 §2): one chunk for both (the article renderer loads later,
// with an article).
const LearningCenterRoute = lazyPage(() => import('../content/ContentRoutes').then((m) => m.LearningCenterRoute));
const SupportCenterRoute = lazyPage(() => import('../content/ContentRoutes').then((m) => m.SupportCenterRoute));
// The developer tools: only in builds that carry them (src/app/devTools/gate.ts, a build-time constant, so a
// production build has neither the route nor the chunk).
const loadDevTools = loadDevToolsRoute;
const DevToolsRoute = loadDevTools ? lazyPage(() => loadDevTools().then((m) => m.default)) : null;
// The home hub (spec 000 §2.4): its own chunk, so an area's page opened directly does not download it.
const HomeRoute = lazyPage(() => import('./HomeRoute').then((m) => m.default));
const NotFoundPage = lazyPage(() => import('../../views/status/NotFoundPage').then((m) => m.NotFoundPage));

export interface ShellRoutesProps {
  /** The developer tools' route (not in prod or restore). */
  showDevTools: boolean;
}

/** The shell's routes, from the route table (src/domain/routes.ts). */
export function shellRoutes({ showDevTools }: ShellRoutesProps) {
  return (
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
      {showDevTools && DevToolsRoute ? <Route path={withSubpaths(ROUTES.devTools)} element={<DevToolsRoute />} /> : null}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  );
}

/** The shell and its pages, as the start-up route table's splat route renders them (descendant routes). */
export default function ShellRoutes(props: ShellRoutesProps) {
  return <Routes>{shellRoutes(props)}</Routes>;
}
