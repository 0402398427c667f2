// Feature flags (spec 000 §6 "Feature flags (defaults)"; spec 001 §2, spec 002 §4, §6 for the flags they name).
// Overrides come from the config/featureFlags document; the maintenance flag has its own document
// (src/domain/maintenance.ts).
import { z } from 'zod/mini';

export const ENVIRONMENTS = ['dev', 'stage', 'prod', 'emulator', 'restore'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export interface FeatureFlags {
  /** Single sign-on as a whole: on by default in the product, off on the app site (this site). */
  singleSignOn: boolean;
  googleSignIn: boolean;
  appleSignIn: boolean;
  linkedInSignIn: boolean;
  marketingHub: boolean;
  score: boolean;
  scoreV2: boolean;
  quickQualification: boolean;
  bottomNavigation: boolean;
  californiaDispute: boolean;
  disputeV2: boolean;
  /** Whether a customer may skip the intake disputes step (default: cannot). */
  canSkipDisputes: boolean;
  walkthroughVideos: boolean;
  kba: boolean;
  coachConsoleAllowClientActions: boolean;
  editRealtor: boolean;
  paymentForm: boolean;
  existingPaymentDataCheck: boolean;
  paymentProfileUpdate: boolean;
  charging: boolean;
  /** Gates the permission check for accepting authorizations (spec 002 §6). */
  acceptAuthorizationsPermissionCheck: boolean;
  premiumArticles: boolean;
  brokerInfoBanner: boolean;
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
  /** Remote config's default welcome message. */
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

const flag = z.optional(z.boolean());

/** The config/featureFlags document: every flag optional; unknown fields are ignored. */
export const featureFlagsSchema = z.object({
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
export type FeatureFlagOverrides = z.output<typeof featureFlagsSchema>;

/**
 * The document's fields that are flags of the right type (spec 000 §6: a flag the config lacks uses its default, and
 * so does one it sets to something that is not the flag's type); other fields are ignored.
 */
export function parseFlagOverrides(document: Record<string, unknown> | null | undefined): FeatureFlagOverrides {
  const overrides: Record<string, unknown> = {};
  const shape = featureFlagsSchema.def.shape as Record<string, z.ZodMiniType>;
  for (const [name, value] of Object.entries(document ?? {})) {
    const field = shape[name];
    if (field && value !== undefined && field.safeParse(value).success) overrides[name] = value;
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
