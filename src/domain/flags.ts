// Feature flags (spec 000 §6 "Feature flags (defaults)"; spec 001 §2, spec 002 §4, §6 for the flags they name).
// Overrides come from the config/featureFlags document; the maintenance flag has its own document
// (src/domain/maintenance.ts).
import { z } from 'zod/mini';

export const ENVIRONMENTS = ['dev', 'stage', 'prod', 'emulator', 'restore'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

// Where each flag is read (or, for a flag nothing reads, why not).
export interface FeatureFlags {
  /**
   * Single sign-on as a whole: on by default in the product, off on the app site (this site). With the provider
   * flags, `singleSignOnProviders` says which buttons the sign-in and sign-up pages show (src/app/account/SignInRoute.tsx,
   * SignUpRoute.tsx); the server's signUpWithProvider takes only those providers.
   */
  singleSignOn: boolean;
  googleSignIn: boolean;
  appleSignIn: boolean;
  linkedInSignIn: boolean;
  /**
   * No reader, by decision: the specs this app builds (000-002) name the flag only in the defaults list; the marketing
   * hub is the marketing site's content (spec 003, not part of this app), and no page, link or menu of specs 000-002
   * depends on it. It stays in the document's schema so the shared config/featureFlags document parses.
   */
  marketingHub: boolean;
  /** The home hub's readiness score card (src/app/shell/HomeRoute.tsx), with scoreV2: see showsReadinessScore. */
  score: boolean;
  /**
   * Which readiness score version shows (default v2). The app computes only the v2 score, so with scoreV2 off there
   * is no score to show: showsReadinessScore is false rather than showing the v2 score under the v1 switch.
   */
  scoreV2: boolean;
  /** The quick sign-up page (src/app/onboarding/QuickSignUpRoute.tsx). */
  quickQualification: boolean;
  bottomNavigation: boolean;
  californiaDispute: boolean;
  /**
   * No reader, by decision: in the original product the flag (default off) moved every customer to the v2 dispute
   * flow, the others following their own users/{uid}.customer.v2Disputes. This app builds only the v2 flow (spec 001
   * §7: every dispute call carries `v2: true`, src/contract/disputes.ts accepts only true, the functions implement
   * nothing else), so every customer is on v2 whatever the flag and v2Disputes say, and the server answers the
   * same either way. Reading the flag would switch to a flow that does not exist.
   */
  disputeV2: boolean;
  /** Whether a customer may skip the intake disputes step (default: cannot). */
  canSkipDisputes: boolean;
  walkthroughVideos: boolean;
  kba: boolean;
  /**
   * Whether an agent session's allowClientActions is granted (default on): off, no agent acts for the client.
   * Applied by the server before every permission check (functions/src/callable/defineCallable.ts, src/domain/permissions.ts
   * withCoachConsoleFlag) and when the console mints an agent session (scripts/lib/agentToken.ts); the coach banner
   * reads it (src/app/shell/featureFlags.tsx useAllowsClientActions).
   */
  coachConsoleAllowClientActions: boolean;
  /**
   * Whether the contact's realtor (FirstName / LastName) may be changed: updateCustomerContact refuses a realtor
   * change while it is off (functions/src/contact/callables.ts, canEditRealtor). No page edits the realtor yet.
   */
  editRealtor: boolean;
  /**
   * The payment pipeline's four steps (spec 001 §4): the payment form, the existing payment data check, profile update
   * and charging. Read by /update-payment (src/app/billing/UpdatePaymentRoute.tsx) into the pipeline's guards
   * (machines/billing/paymentPipeline.machine.ts), and by the server: profile update and charging in
   * functions/src/billing/callables.ts, charging in functions/src/billing/secureBillingSandboxPage.ts.
   */
  paymentForm: boolean;
  existingPaymentDataCheck: boolean;
  paymentProfileUpdate: boolean;
  charging: boolean;
  /** Gates the permission check for accepting authorizations (spec 002 §6). */
  acceptAuthorizationsPermissionCheck: boolean;
  /**
   * Premium articles in the learning center: read by the server (functions/src/content/callables.ts, with
   * canReadPremiumArticles), which answers `premiumArticles` to the content pages.
   */
  premiumArticles: boolean;
  /** The shell's broker banner (src/app/shell/ShellRoute.tsx). */
  brokerInfoBanner: boolean;
  /** The header's alternate logo (src/app/shell/ShellRoute.tsx). */
  alternateLogo: boolean;
  /** The white-label 'Powered by' partner banner. */
  partnerMode: boolean;
  /** Hides deprecated goals (the recreational vehicle goal). */
  hideDeprecatedGoals: boolean;
  /** /credit/report redirects to /credit/report/equifax (spec 001 §2). */
  creditReportV2: boolean;
  /** The disputes 'results' stage (spec 001 §2). */
  disputeResults: boolean;
  /** The pause / resume investigations banner and button (spec 001 §2). */
  pauseInvestigations: boolean;
  /** The resolved-dispute modal on the home hub (spec 002 §4). */
  resolvedDisputeModal: boolean;
  /** Remote config's welcome message, on the home hub (src/app/shell/HomeRoute.tsx); default 'Welcome'. */
  welcomeMessage: string;
}

/** The app site's defaults outside prod. Flags whose default the spec does not give are off unless noted. */
export const FEATURE_FLAG_DEFAULTS: Readonly<FeatureFlags> = {
  singleSignOn: false,
  googleSignIn: true,
  appleSignIn: true,
  linkedInSignIn: false,
  marketingHub: true,
  score: true,
  scoreV2: true,
  quickQualification: true,
  bottomNavigation: true,
  californiaDispute: true,
  disputeV2: false,
  canSkipDisputes: false,
  walkthroughVideos: true,
  kba: false,
  coachConsoleAllowClientActions: true,
  editRealtor: true,
  // Outside prod the whole payment pipeline, charging included, runs against the sandbox card provider.
  paymentForm: true,
  existingPaymentDataCheck: true,
  paymentProfileUpdate: true,
  charging: true,
  // The authorizations permission check is on, so agents without allowClientActions cannot accept.
  acceptAuthorizationsPermissionCheck: true,
  // Premium customers see premium articles; the free line never does (spec 000 §6).
  premiumArticles: true,
  brokerInfoBanner: false,
  alternateLogo: false,
  partnerMode: false,
  hideDeprecatedGoals: false,
  creditReportV2: false,
  disputeResults: false,
  pauseInvestigations: false,
  resolvedDisputeModal: true,
  welcomeMessage: 'Welcome',
};

/** In prod: payment form on, existing payment data check on, payment profile update on, charging off. */
export const PROD_PAYMENT_FLAGS = {
  paymentForm: true,
  existingPaymentDataCheck: true,
  paymentProfileUpdate: true,
  charging: false,
} as const satisfies Partial<FeatureFlags>;

/**
 * The config/featureFlags document: every flag optional; unknown fields are ignored. The server reads the document
 * with it (functions/src/platform/featureFlags.ts); the app reads it with parseFlagOverrides, the same rule by hand
 * (each flag of its default's type; tests/domain/flags.test.ts holds the two to the same answers), because the flags
 * are read before the sign-in page shows and its start-up code carries no schema library (docs/benchmarks.md §1).
 * Built in a call marked pure, so a bundle that does not use it leaves it, and zod, out.
 */
export const featureFlagsSchema = /* @__PURE__ */ (() => {
  const flag = z.optional(z.boolean());
  return z.object({
    singleSignOn: flag,
    googleSignIn: flag,
    appleSignIn: flag,
    linkedInSignIn: flag,
    marketingHub: flag,
    score: flag,
    scoreV2: flag,
    quickQualification: flag,
    bottomNavigation: flag,
    californiaDispute: flag,
    disputeV2: flag,
    canSkipDisputes: flag,
    walkthroughVideos: flag,
    kba: flag,
    coachConsoleAllowClientActions: flag,
    editRealtor: flag,
    paymentForm: flag,
    existingPaymentDataCheck: flag,
    paymentProfileUpdate: flag,
    charging: flag,
    acceptAuthorizationsPermissionCheck: flag,
    premiumArticles: flag,
    brokerInfoBanner: flag,
    alternateLogo: flag,
    partnerMode: flag,
    hideDeprecatedGoals: flag,
    creditReportV2: flag,
    disputeResults: flag,
    pauseInvestigations: flag,
    resolvedDisputeModal: flag,
    welcomeMessage: z.optional(z.string()),
  }) satisfies z.ZodMiniType<Partial<FeatureFlags>>;
})();
export type FeatureFlagOverrides = Partial<FeatureFlags>;

/**
 * The document's fields that are flags of the right type (spec 000 §6: a flag the config lacks uses its default, and
 * so does one it sets to something that is not the flag's type); other fields are ignored.
 */
export function parseFlagOverrides(document: Record<string, unknown> | null | undefined): FeatureFlagOverrides {
  const overrides: Record<string, unknown> = {};
  const defaults: Readonly<Record<string, unknown>> = FEATURE_FLAG_DEFAULTS;
  for (const [name, value] of Object.entries(document ?? {})) {
    if (Object.hasOwn(defaults, name) && value !== undefined && typeof value === typeof defaults[name]) overrides[name] = value;
  }
  if (typeof overrides.welcomeMessage === 'string' && overrides.welcomeMessage.trim() === '') delete overrides.welcomeMessage;
  return overrides as FeatureFlagOverrides;
}

/** Defaults, then prod's payment values in prod, then the overrides that are set. */
export function resolveFlags(
  overrides: FeatureFlagOverrides | null | undefined,
  { env }: { env: Environment },
): FeatureFlags {
  const set = Object.fromEntries(
    Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<FeatureFlags>;
  return { ...FEATURE_FLAG_DEFAULTS, ...(env === 'prod' ? PROD_PAYMENT_FLAGS : {}), ...set };
}

export type SingleSignOnProvider = 'google.com' | 'apple.com' | 'linkedin.com';

/**
 * The single sign-on buttons the sign-in and sign-up pages show (spec 000 §6, §2.5; and the providers the server's
 * signUpWithProvider takes): none while single sign-on is off, else each provider whose flag is on; the admin site
 * never shows Apple or LinkedIn.
 */
export function singleSignOnProviders(flags: FeatureFlags, { adminSite }: { adminSite: boolean }): SingleSignOnProvider[] {
  if (!flags.singleSignOn) return [];
  const providers: SingleSignOnProvider[] = [];
  if (flags.googleSignIn) providers.push('google.com');
  if (flags.appleSignIn && !adminSite) providers.push('apple.com');
  if (flags.linkedInSignIn && !adminSite) providers.push('linkedin.com');
  return providers;
}

/** Whether the readiness score shows (spec 000 §6 'score on (v2 on)'): the app has only the v2 score. */
export function showsReadinessScore(flags: Pick<FeatureFlags, 'score' | 'scoreV2'>): boolean {
  return flags.score && flags.scoreV2;
}

/** Whether the contact's realtor may be changed (spec 000 §6 'edit realtor'); the server applies it too. */
export function canEditRealtor(flags: Pick<FeatureFlags, 'editRealtor'>): boolean {
  return flags.editRealtor;
}
