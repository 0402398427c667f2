// The user document, users/{uid} (spec 000 §3.1, §3.2), as its writers (the functions, the seed) keep it and its
// readers take it: the client's live document (src/adapters/firebase/userDocument.ts, a lenient parse held to this
// schema by tests/adapters/userDocument.test.ts) and the functions' reads (functions/src/platform/storedDocuments.ts).
// The customer reads this document (firestore.rules), so it holds nothing the browser must not see: the encrypted
// SSN is kept apart, in the server-only userSecrets/{uid} (userSecretsDocumentSchema below).
import { z } from 'zod/mini';
import { ROLES } from '../domain/claims';
import { ADDRESS_FIELD_MAX_LENGTH } from '../domain/constants';
import { normalizePhone } from '../domain/personalFields';
import { COMFORT_TYPES, PARTNER_FLYER_FIELDS, TABLE_SETTINGS } from '../domain/userSettings';
import { uiLangSchema } from './common';
import { testPlanStateSchema } from './devTools';

export {
  COMFORT_PAGES,
  COMFORT_TYPES,
  PARTNER_FLYER_FIELDS,
  TABLE_SETTINGS,
  type ComfortPage,
  type ComfortType,
  type PartnerFlyerField,
  type TableSetting,
} from '../domain/userSettings';

/** A stored time: a Date (the SDKs' Timestamps convert to one), epoch milliseconds or an ISO string. */
export const storedTimeSchema = z.union([
  z.date(),
  z.number(),
  z.string(),
  z.custom<{ toDate(): Date }>((value) => typeof (value as { toDate?: unknown } | null)?.toDate === 'function'),
]);

/** spec 000 §3.1: phone and phone_nonMobile are kept as their last 10 digits. */
export const storedPhoneSchema = z.pipe(z.string(), z.transform(normalizePhone));

/** spec 000 §3.1: each address field a string of at most 255 characters. */
const addressFieldSchema = z.string().check(z.maxLength(ADDRESS_FIELD_MAX_LENGTH));
export const userAddressSchema = z.object({
  street1: z.optional(addressFieldSchema),
  street2: z.optional(addressFieldSchema),
  city: z.optional(addressFieldSchema),
  stateCode: z.optional(addressFieldSchema),
  zip: z.optional(addressFieldSchema),
});

/** spec 000 §3.2 User.customer. */
export const userCustomerSchema = z.object({
  contactId: z.optional(z.string()),
  dateOnboarding: z.optional(storedTimeSchema),
  /** The customer's enrolment id with the identity (IDCS) service. */
  idcsEnrollmentId: z.optional(z.string()),
  productLine: z.optional(z.string()),
  /** Whether the customer is shopping for the loan now (the purchasing phase of the goal). */
  inPurchasingPhase: z.optional(z.boolean()),
  creditPullDate: z.optional(storedTimeSchema),
  kbaCompleted: z.optional(z.boolean()),
  v2Disputes: z.optional(z.boolean()),
  /** spec 001 §3 subscription status, as the CRM sync and billing write it. */
  subscriptionStatus: z.optional(z.string()),
  /** When the customer accepted the authorizations (spec 002). */
  agreedToPIIAt: z.optional(storedTimeSchema),
});

/** spec 000 §3.2 partnerFlyerMetadata: what the partner's flyer prints. */
export const partnerFlyerMetadataSchema = z.partialRecord(z.enum(PARTNER_FLYER_FIELDS), z.string());

/** spec 000 §3.2 User.partner. */
export const userPartnerSchema = z.object({
  contactId: z.optional(z.string()),
  nmlsId: z.optional(z.string()),
  dateOnboarding: z.optional(storedTimeSchema),
  termsAndConditions: z.optional(z.object({ dateAccepted: z.optional(storedTimeSchema) })),
  smsOptOut: z.optional(z.boolean()),
  isAbleToSeeClientsInExtendedTimeRange: z.optional(z.boolean()),
  reporteesCanSubmitLeads: z.optional(z.boolean()),
  partnerFlyerMetadata: z.optional(partnerFlyerMetadataSchema),
});

/** spec 000 §3.2 settings.tableSettings: which of the client tables' columns show. */
export const tableSettingsSchema = z.partialRecord(z.enum(TABLE_SETTINGS), z.boolean());

/** spec 000 §3.2 comfortType: a page's density. */
export const comfortTypeSchema = z.enum(COMFORT_TYPES);

/** spec 000 §3.2 User.settings. */
export const userSettingsSchema = z.object({
  tableSettings: z.optional(tableSettingsSchema),
  ui: z.optional(z.object({ lang: z.optional(uiLangSchema) })),
  creditReportPage: z.optional(z.object({ comfortType: z.optional(comfortTypeSchema) })),
  creditDashboard: z.optional(z.object({ comfortType: z.optional(comfortTypeSchema) })),
});

/** users/{uid} (spec 000 §3.1, §3.2). Fields this build does not name may be present (older writers). */
export const userDocumentSchema = z.looseObject({
  id: z.optional(z.string()),
  siteId: z.optional(z.string()),
  tenantId: z.optional(z.string()),
  /** Epoch milliseconds. */
  enrollmentDate: z.optional(z.number()),
  role: z.optional(z.enum(ROLES)),
  email: z.optional(z.string()),
  secondaryEmail: z.optional(z.nullable(z.string())),
  tertiaryEmail: z.optional(z.nullable(z.string())),
  emailVerificationSent: z.optional(z.boolean()),
  phone: z.optional(z.nullable(storedPhoneSchema)),
  phone_nonMobile: z.optional(z.nullable(storedPhoneSchema)),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  /** A calendar day, 'YYYY-MM-DD'. */
  dateBirth: z.optional(z.nullable(z.iso.date())),
  lastSignIn: z.optional(z.nullable(storedTimeSchema)),
  address: z.optional(z.nullable(userAddressSchema)),
  setupComplete: z.optional(z.boolean()),
  customer: z.optional(userCustomerSchema),
  partner: z.optional(userPartnerSchema),
  settings: z.optional(userSettingsSchema),
  security: z.optional(z.object({ weakPassword: z.optional(z.boolean()), passwordResetRequired: z.optional(z.boolean()) })),
  degradedAccess: z.optional(
    z.nullable(
      z.object({
        /** None: it does not expire. */
        expiration: z.optional(z.nullable(storedTimeSchema)),
        authorizerRole: z.optional(z.enum(ROLES)),
        authorizerId: z.optional(z.string()),
      }),
    ),
  ),
  testPlan: z.optional(z.nullable(testPlanStateSchema)),
});
export type UserDocumentData = z.input<typeof userDocumentSchema>;

/** The fields that must never be in users/{uid}: the customer reads that document (firestore.rules). */
export const SERVER_ONLY_USER_FIELDS = ['ssnEncrypted'] as const;

/**
 * userSecrets/{uid}: the user's data only the functions read (firestore.rules denies the browser). ssnEncrypted
 * (spec 000 §3.1) is the SSN sealed by functions/src/platform/ssnEncryption.ts: `v1.<iv>.<tag>.<ciphertext>`, each
 * part base64url.
 */
export const ENCRYPTED_SSN_PATTERN = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/;
export const userSecretsDocumentSchema = z.object({
  ssnEncrypted: z.optional(z.string().check(z.regex(ENCRYPTED_SSN_PATTERN))),
});
export type UserSecretsDocument = z.output<typeof userSecretsDocumentSchema>;
