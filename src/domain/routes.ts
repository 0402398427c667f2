// The app's route paths (spec 000 §2.1-§2.4; spec 002 §6 for the areas): written once, here, and read by the router
// (src/app/App.tsx), the guard chain's redirects (src/domain/guardChain.ts), the machines that name a page, the shell's
// links and the start-up preload (vite.config.ts). tests/views/shell/routeTable.test.tsx checks that the router
// declares exactly the pages of ROUTES.
import { categorySlug, type DisputeCategory } from './disputeCategories';
import type { DisputeStage } from './disputes';
import type { DocumentCategory, DocumentFileType, DocumentFilter } from './documents';
import type { Area } from './permissions';

/** The pages the router declares, by name. */
export const ROUTES = {
  home: '/',
  signIn: '/sign-in',
  /** The first app's sign-in address: the sign-in page under a header of its own, its modal routes below it (spec 000 §2.2). */
  v1SignIn: '/v1-sign-in',
  signUp: '/sign-up',
  /** The onboard modal route over sign-up, 'You're Almost There!' (spec 002 §2 modal route onboard, spec 000 §8). */
  signUpOnboard: '/sign-up/onboard',
  contract: '/sign-up/contract',
  /** The contract gate's polling page, and where a quick sign-up lead returns from the e-sign page (spec 001 §4). */
  contractComplete: '/sign-up/contract-complete',
  authorizations: '/sign-up/authorizations',
  selectGoal: '/sign-up/select-goal',
  quickSignUp: '/quick-sign-up',
  /** The intake questionnaire; its pages are `intakeStepPath(step)`. */
  intake: '/intake',
  /** The account action handler (email links): everything below it. */
  handle: '/handle',
  notVerified: '/not-verified',
  updatePayment: '/update-payment',
  /** Agent sign-in (spec 000 §2.2): everything below it. */
  agent: '/agent',
  /** The statechart visualizer (not in prod or restore). */
  statecharts: '/statecharts',
  /**
   * The legal overlays (modal routes, spec 000 §2.4, spec 002 §1): over the home page here, over an area's page at
   * `legalOverlayPath` (/credit/terms-conditions).
   */
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  /** The credit overview (spec 002 §2), the credit area's index (spec 000 §2.4). */
  credit: '/credit',
  /** The report index: the combined three-bureau report, or the Equifax report with the v2 flag (spec 001 §2). */
  creditReport: '/credit/report',
  /** The score simulator (spec 001 §2 "Simulator"). */
  creditSimulator: '/credit/simulator',
  /**
   * The disputes dashboard (spec 001 §2 "Disputes dashboard"): its stages, categories and account details are below
   * it (`disputesPath`); without a stage it opens the default stage.
   */
  creditDisputes: '/credit/disputes',
  /** The identity check (spec 001 §2 "Identity check (KBA)"), behind the KBA flag; its pages are below it. */
  kba: '/kba',
  /**
   * The documents locker (spec 001 §2 "Documents locker"): its filters and modal routes are below it
   * (`documentsPath`); without a filter it opens all.
   */
  documents: '/documents',
  /**
   * The settings pages (spec 000 §2.5): loan-goal, personal-info, communications, security (with its nested 'auth'
   * re-authentication dialog) below it (`settingsPath`); without a page it opens loan-goal. Billing (spec 001 §2) is
   * /settings/billing inside the same layout, with its upgrade sub-route (BILLING_UPGRADE_PATH).
   */
  settings: '/settings',
  /**
   * The developer tools (spec 001 §2 "Developer tools"): its sections below it (`devToolsPath`). Built and
   * shown only outside production (src/app/devTools/gate.ts, isProductionLike).
   */
  devTools: '/dev-tools',
  /**
   * The learning center (spec 002 §2): its categories and articles below it (/learning-center/{category}/{article};
   * src/domain/content.ts contentArticlePath).
   */
  learningCenter: '/learning-center',
  /** The support center (spec 000 §2.4, spec 002 §2): categories, articles, not-found and a catch-all below it. */
  supportCenter: '/support',
  /** The contact page (spec 000 §2.2): for anyone, signed in or not, with its own header. */
  contact: '/contact',
  /** The money area (spec 002 §2): the overview; MONEY_PATHS names the pages below it. */
  money: '/money',
  /** The debts page (spec 002 §2 /money/debts/*). */
  moneyDebts: '/money/debts',
  /** The link-accounts modal route over the money overview (spec 002 §2 /money/modal/link-accounts). */
  moneyLinkAccounts: '/money/modal/link-accounts',
  /** A bank widget's page (spec 002 §2 /money/:widgetName: accounts, transactions, spending, budgets, trends, debts). */
  moneyWidget: '/money/:widgetName',
  /** Identity protection (spec 000 §2.4): the widget's sections below it. */
  identity: '/identity',
} as const satisfies Record<string, `/${string}`>;

export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];


/**
 * Where each area of the main shell lives (spec 000 §2.4): its name is the path's first segment
 * (src/domain/permissions.ts `areaForPath`), the dashboard is home.
 */
export const AREA_PATHS = {
  dashboard: ROUTES.home,
  money: ROUTES.money,
  credit: '/credit',
  documents: '/documents',
  identity: ROUTES.identity,
  'learning-center': ROUTES.learningCenter,
  support: ROUTES.supportCenter,
  settings: '/settings',
} as const satisfies Record<Area, `/${string}`>;

/**
 * The money area (spec 002 §2 /money/:page/*): the overview at /money, the debts page, the link-accounts modal route
 * and the bank widgets' pages (accounts, transactions, spending, budgets, trends, debts) below it.
 */
export const MONEY_PATHS = {
  overview: ROUTES.money,
  debts: ROUTES.moneyDebts,
  linkAccounts: ROUTES.moneyLinkAccounts,
} as const;

/** The router pattern of a page and everything below it: '/handle/*'. */
export function withSubpaths<TPath extends RoutePath>(path: TPath): `${TPath}/*` {
  return `${path}/*`;
}

/** The router pattern of an intake page: '/intake/:page/*'. */
export const INTAKE_PAGE_PATTERN = `${ROUTES.intake}/:page/*` as const;

/**
 * Billing's upgrade sub-route (spec 001 §2 "Billing": the upgrade dialog over /settings/billing,
 * src/app/billing/BillingRoute.tsx). The areas' upgrade banners (credit, identity, money) and the free plan's billing
 * banner link here.
 */
export const BILLING_UPGRADE_PATH = `${AREA_PATHS.settings}/billing/upgrade` as const;

/** The router pattern of one bureau's report: '/credit/report/:bureau' (spec 001 §2). */
export const CREDIT_BUREAU_PATTERN = `${ROUTES.creditReport}/:bureau` as const;

/** One bureau's report page: '/credit/report/equifax'. */
export function creditBureauPath(bureau: string): string {
  return `${ROUTES.creditReport}/${encodeURIComponent(bureau)}`;
}

/** The intake page of a step: '/intake/3'. */
export function intakeStepPath(step: string): string {
  return `${ROUTES.intake}/${encodeURIComponent(step)}`;
}

/** A path as a child of the home route's layout (nested routes are relative): '/terms-conditions' → 'terms-conditions'. */
export function childOfHome<TPath extends RoutePath>(path: TPath): TPath extends `/${infer TChild}` ? TChild : never {
  return path.slice(1) as TPath extends `/${infer TChild}` ? TChild : never;
}

/** The legal documents that open as overlays (spec 000 §2.4). */
export type LegalDocument = 'terms' | 'privacy';

/** The areas whose pages the legal overlays open over for signed-in users, besides the home page (spec 000 §2.4). */
export const LEGAL_OVERLAY_AREAS = ['money', 'credit', 'documents', 'identity', 'learning-center'] as const;
export type LegalOverlayArea = (typeof LEGAL_OVERLAY_AREAS)[number];

const LEGAL_SEGMENTS: Record<LegalDocument, string> = { terms: ROUTES.terms.slice(1), privacy: ROUTES.privacy.slice(1) };

/** A legal overlay's path over an area: ('terms', 'credit') → '/credit/terms-conditions'; without an area, the home page's. */
export function legalOverlayAreaPath(document: LegalDocument, area: LegalOverlayArea | null): string {
  return area === null ? ROUTES[document] : `${AREA_PATHS[area]}/${LEGAL_SEGMENTS[document]}`;
}

/**
 * Where a legal link opened from `pathname` leads (spec 000 §2.4): the overlay over the page's area when the area is
 * one of LEGAL_OVERLAY_AREAS ('/credit/report' → '/credit/terms-conditions'), else the home page's ('/terms-conditions').
 */
export function legalOverlayPath(document: LegalDocument, pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  const area = (LEGAL_OVERLAY_AREAS as readonly string[]).includes(first) ? (first as LegalOverlayArea) : null;
  return legalOverlayAreaPath(document, area);
}

/** Which legal document and area a path is the overlay of ('/credit/privacy-policy' → privacy over credit), or null. */
export function parseLegalOverlayPath(pathname: string): { document: LegalDocument; area: LegalOverlayArea | null } | null {
  for (const document of ['terms', 'privacy'] as const) {
    if (pathname === ROUTES[document]) return { document, area: null };
    for (const area of LEGAL_OVERLAY_AREAS) if (pathname === legalOverlayAreaPath(document, area)) return { document, area };
  }
  return null;
}

/** The account-details part of a disputes path for an item's name: 'Acme Collections' → 'account-details-acme-collections'. */
export const ACCOUNT_DETAILS_PREFIX = 'account-details-';

/** An item's name as a path segment: lower case, letters and digits, single dashes between the words. */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/**
 * A disputes page (spec 001 §2): '/credit/disputes/under-review', its category's accordion
 * '/credit/disputes/under-review/late-payments', an item's details
 * '/credit/disputes/under-review/late-payments/account-details-acme-bank'.
 */
export function disputesPath(stage: DisputeStage, category?: DisputeCategory | null, itemName?: string | null): string {
  const parts: string[] = [ROUTES.creditDisputes, stage];
  if (category) {
    parts.push(categorySlug(category));
    if (itemName) parts.push(`${ACCOUNT_DETAILS_PREFIX}${nameSlug(itemName)}`);
  }
  return parts.join('/');
}

/** The documents locker's modal routes below a filter (spec 001 §2, spec 002 §2). */
export type DocumentsModal =
  | { kind: 'new' }
  | { kind: 'edit'; documentId: string }
  | { kind: 'info'; documentId: string }
  | { kind: 'delete'; documentId: string };

/**
 * A locker page: '/documents/taxes', and its modals '/documents/taxes/file/new', '/documents/all/file/doc-1/edit',
 * '/documents/all/file/info/doc-1', '/documents/all/confirm-delete?id=doc-1'.
 */
export function documentsPath(filter: DocumentFilter, modal?: DocumentsModal | null): string {
  const base = `${ROUTES.documents}/${filter}`;
  if (!modal) return base;
  switch (modal.kind) {
    case 'new':
      return `${base}/file/new`;
    case 'edit':
      return `${base}/file/${encodeURIComponent(modal.documentId)}/edit`;
    case 'info':
      return `${base}/file/info/${encodeURIComponent(modal.documentId)}`;
    case 'delete':
      return `${base}/confirm-delete?id=${encodeURIComponent(modal.documentId)}`;
  }
}

/** What opens the upload flow already chosen (a checklist item, the hub's document_upload action: spec 002 §4). */
export interface DocumentUploadPreset {
  category?: DocumentCategory | null;
  fileType?: DocumentFileType | null;
  year?: number | null;
}

/**
 * The upload dialog (file/new) with its category, type and year chosen, from anywhere in the app:
 * '/documents/all/file/new?category=taxes&fileType=w2&year=2025'. The locker reads the same fields from the
 * navigation state.
 */
export function documentUploadPath(preset: DocumentUploadPreset = {}, filter: DocumentFilter = 'all'): string {
  const query = new URLSearchParams();
  if (preset.category) query.set('category', preset.category);
  if (preset.fileType) query.set('fileType', preset.fileType);
  if (preset.year != null) query.set('year', String(preset.year));
  const search = query.toString();
  return `${documentsPath(filter, { kind: 'new' })}${search ? `?${search}` : ''}`;
}

/** The settings pages below ROUTES.settings (spec 000 §2.5), in the sidebar's order; billing is the billing area's. */
export const SETTINGS_PAGES = ['loan-goal', 'personal-info', 'communications', 'security'] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

export function isSettingsPage(value: unknown): value is SettingsPage {
  return typeof value === 'string' && (SETTINGS_PAGES as readonly string[]).includes(value);
}

/** The nested route of the security page that opens the re-authentication dialog (spec 000 §2.5, §4.6). */
export const SETTINGS_REAUTHENTICATION_SEGMENT = 'auth';

/** A settings page: '/settings/personal-info'; the security page's re-authentication dialog '/settings/security/auth'. */
export function settingsPath(page: SettingsPage, nested?: typeof SETTINGS_REAUTHENTICATION_SEGMENT): string {
  const base = `${ROUTES.settings}/${page}`;
  return nested ? `${base}/${nested}` : base;
}

/** The developer tools' sections below ROUTES.devTools, in the page's order. */
export const DEV_TOOLS_SECTIONS = ['actions', 'data', 'test-plans', 'overrides'] as const;
export type DevToolsSection = (typeof DEV_TOOLS_SECTIONS)[number];

export function isDevToolsSection(value: unknown): value is DevToolsSection {
  return typeof value === 'string' && (DEV_TOOLS_SECTIONS as readonly string[]).includes(value);
}

/** A developer tools section: '/dev-tools/test-plans'. */
export function devToolsPath(section: DevToolsSection): string {
  return `${ROUTES.devTools}/${section}`;
}
