// The Firestore documents the functions read back, parsed with zod rather than cast (spec 000 §3, §7; spec 001 §3;
// spec 002 §3, §7). Each schema is as tolerant as the code that read the document before it: a field that
// legitimately varies, or was written before it existed, reads as missing (or as the value the reader defaults to).
// A document whose shape breaks what its writers guarantee is corrupt: parseStored throws an error that names it,
// which a callable answers as 'internal' with a reference (callable/defineCallable.ts), never with the stack.
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { customerContactSchema } from '../../../src/contract/contact';
import { ACTION_STATUSES, ACTION_TYPES } from '../../../src/contract/disputes';
import {
  bureauSummarySchema,
  creditAccountSchema,
  creditInquirySchema,
  personalInfoSchema,
  publicRecordSchema,
  scoreHistoryItemSchema,
} from '../../../src/contract/credit';
import { connectedInstitutionSchema, initialReportStatusDocumentSchema, readinessScoreSchema } from '../../../src/contract/onboarding';
import { goalPropertiesSchema, personalInfoFieldsSchema, pmiRateSchema } from '../../../src/contract/userInfo';
import { claimsSchema } from '../../../src/domain/claims';

/** The document at `path` parsed with `schema`; a document that breaks it is corrupt data (an internal error). */
export function parseStored<T extends z.ZodMiniType>(schema: T, path: string, data: unknown): z.output<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Where it breaks, not the values: a stored document may hold personal data.
  const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; ');
  throw new Error(`stored document ${path} does not match its schema: ${where}`);
}

/** A field that reads as missing when it holds anything else. */
export const orMissing = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A stored time: timestamps.ts reads Timestamps and Dates (and passes ISO strings on); anything else is none. */
export const storedTime = orMissing(z.union([z.instanceof(Timestamp), z.date(), z.string(), z.number()]));

// ---------------------------------------------------------------------------------------------- users/{uid}

/** The role as the claims take it (spec 000 §3.6: customer when there is none); another value is corrupt. */
export const storedUserRoleSchema = claimsSchema.shape.role;

/** The user document fields the functions read (spec 000 §3.1, §3.2); never written back from the parse. */
export const storedUserSchema = z.object({
  firstName: orMissing(z.string()),
  lastName: orMissing(z.string()),
  lastSignIn: storedTime,
  customer: orMissing(
    z.object({
      contactId: orMissing(z.string()),
      productLine: orMissing(z.string()),
      // spec 001 §6: the subscription gate (disputes refuse a status outside the acceptable set).
      subscriptionStatus: orMissing(z.string()),
      agreedToPIIAt: storedTime,
    }),
  ),
  // Degraded access passes the subscription gate until it expires (no expiration: it does not expire).
  degradedAccess: orMissing(z.object({ expiration: storedTime })),
  // The security page's flags (src/contract/settings.ts SECURITY_FLAGS): set by sign-in checks and resets, cleared
  // by clearWeakPasswordFlag / clearPasswordReset.
  security: orMissing(
    z.object({
      weakPassword: orMissing(z.boolean()),
      passwordResetRequired: orMissing(z.boolean()),
    }),
  ),
  partner: orMissing(
    z.object({
      contactId: orMissing(z.string()),
      // Any stored acceptance counts (spec 000 §4.1 partnerOnboardingComplete).
      termsAndConditions: orMissing(z.object({ dateAccepted: z.optional(z.unknown()) })),
    }),
  ),
});
export type StoredUser = z.output<typeof storedUserSchema>;

// ---------------------------------------------------------------------------------------------- userInfo/{uid}

// Written back merged (updateUserInfo, createGoal), so nothing is dropped or defaulted: fields the schemas do not
// name (times, rates, older answers) pass through as stored.

/** spec 002 §3 Goal. The type is any string: a stored goal may carry one this build does not support (§1). */
export const storedGoalSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  properties: z.optional(z.looseObject(goalPropertiesSchema.shape)),
});

/** spec 002 §3 Personal info. */
export const storedPersonalInfoSchema = z.looseObject({ ...personalInfoFieldsSchema.shape, id: z.string() });

export const storedUserInfoSchema = z.looseObject({
  goal: z.nullish(storedGoalSchema),
  personalInfo: z.nullish(storedPersonalInfoSchema),
});
export type StoredUserInfo = z.output<typeof storedUserInfoSchema>;

/** The rates getUserInfo answers (spec 002 §3); a rate that is not a number (list) reads as none. */
export const storedUserInfoRatesSchema = z.object({
  mortgageRate: z.catch(z.nullable(z.number()), null),
  taxRate: z.catch(z.nullable(z.number()), null),
  pmiRate: z.catch(z.nullable(z.array(pmiRateSchema)), null),
});

// ---------------------------------------------------------------------------------------------- onboarding

/** readinessScores/{uid} (spec 002 §3 "Readiness score"), with the time it was made as stored. */
export const storedReadinessScoreSchema = z.extend(readinessScoreSchema, { createdAt: storedTime });

/** The score a new one compares with (spec 002 §3 previousScore): none when there is no well-formed one. */
export const storedPreviousScoreSchema = orMissing(readinessScoreSchema.shape.score);

/**
 * initialReportStatus/{uid} (spec 002 §7), as onboarding/creditPull.ts keeps it: a status other than the written ones reads
 * as 'none', an attempt that is not a number as the first.
 */
export const storedPullSchema = z.object({
  status: orMissing(initialReportStatusDocumentSchema.shape.status),
  attempt: orMissing(z.number()),
  claimedAttempt: orMissing(z.number()),
  startedAt: storedTime,
  updatedAt: storedTime,
});
export type StoredPull = z.output<typeof storedPullSchema>;

/** investigations/{uid}/items/{id} as the Disputes step's summary (spec 001 §3, spec 002 §3). */
export const storedInvestigationSummarySchema = z.object({
  name: z.catch(z.string(), ''),
  accountBalance: z.catch(z.object({ amount: z.catch(z.nullable(z.number()), null) }), { amount: null }),
  viewed: z.catch(z.boolean(), false),
  statuses: z.catch(z.array(z.object({ bureau: z.catch(z.string(), ''), status: z.catch(z.string(), '') })), []),
  challengeReasonSelected: z.catch(z.boolean(), false),
});

/** connectedInstitutions/{uid}/items/{institutionId} (spec 002 §3 "Connected institution"). */
export const storedInstitutionSchema = z.object({
  name: z.catch(z.string(), ''),
  logoUrl: z.catch(z.nullable(z.string()), null),
  accounts: z.catch(connectedInstitutionSchema.shape.accounts, []),
});

// ---------------------------------------------------------------------------------------------- accounts

/** rateLimits/{hash}: a window and its count (callable/rateLimit.ts); a missing or odd one starts afresh. */
export const storedRateLimitSchema = z.object({
  windowStart: z.catch(z.number(), 0),
  count: z.catch(z.number(), 0),
});

/** passwordResets/{hash} (spec 000 §4.4). */
export const storedPasswordResetSchema = z.object({
  status: orMissing(z.string()),
  issuedAt: storedTime,
});

/** emailRecoveries/{id} (spec 000 §4.5): without a uid and previous email it names no recovery. */
export const storedEmailRecoverySchema = z.object({
  uid: z.string(),
  previousEmail: z.string(),
  usedAt: z.optional(z.unknown()),
  createdAt: storedTime,
});

/**
 * emailChanges/{id} (settings/callables.ts): an email change waiting for its new address to be verified, with the
 * recovery record mailed to the old address (recovering cancels the change). Status pending until confirmed or
 * superseded by a newer request.
 */
export const storedEmailChangeSchema = z.object({
  uid: z.string(),
  previousEmail: z.string(),
  newEmail: z.string(),
  recoveryId: z.string(),
  status: z.enum(['pending', 'confirmed', 'superseded']),
  createdAt: storedTime,
});

// ---------------------------------------------------------------------------------------------- sandboxes

/** bankLink/sandbox/sessions/{token}: whose widget session it is and since when. */
export const storedBankLinkSessionSchema = z.object({ uid: z.string(), createdAt: storedTime });

/** crm/sandbox/sessions/{sessionId} (spec 000 §2.2): its CRM user and expiry (a Timestamp or an ISO string). */
export const storedCrmSessionSchema = z.object({ userId: z.string(), expiresAt: storedTime });

const contactFields = customerContactSchema.shape;
type OptionalContactFields = { [K in keyof typeof contactFields]: z.ZodMiniOptional<(typeof contactFields)[K]> };

/**
 * crm/sandbox/contacts/{contactId} (spec 000 §3.4): any of the contract's fields may be missing (absent CRM values
 * read as null), one the contract refuses makes the record corrupt; the CRM's own fields (OwnerId, times) pass
 * through. Never written back.
 */
export const storedContactSchema = z.looseObject(
  // Object.fromEntries cannot carry the keys' types: the mapped type above states them.
  Object.fromEntries(Object.entries(contactFields).map(([key, field]) => [key, z.optional(field)])) as OptionalContactFields,
);

/** crm/sandbox/users/{userId}: the profile the CRM's sharing rule reads. */
export const storedCrmUserSchema = z.object({ profile: orMissing(z.string()) });

/** The owner the CRM's sharing rule reads off a sandbox contact. */
export const storedContactOwnerSchema = z.object({ OwnerId: orMissing(z.string()) });

/** esign/sandbox/agreements/{token}: the contact it is for and, once signed, when and by whom. */
export const storedAgreementSchema = z.object({
  contactId: z.string(),
  signedAt: storedTime,
  signerName: z.catch(z.nullable(z.string()), null),
});

// ---------------------------------------------------------------------------------------------- credit

/**
 * creditReports/{uid} (spec 001 §3) as the credit data provider's pulls and the demo data write it
 * (src/domain/creditReportRecords.ts): every record must match the contract, since the callables answer them as
 * they are. A report written before public records or the report key existed reads without them; a stored SSN is
 * cut to its last four digits before it is answered.
 */
export const storedCreditReportDocumentSchema = z.object({
  createdAt: storedTime,
  reportKey: orMissing(z.string()),
  reportSummary: z.object({ bureauSummary: z.array(bureauSummarySchema) }),
  accounts: z.array(creditAccountSchema),
  inquiries: z.array(creditInquirySchema),
  publicRecords: z.optional(z.array(publicRecordSchema)),
  personalInfo: z.array(z.extend(personalInfoSchema, { ssn: z.nullable(z.string()) })),
});
export type StoredCreditReportDocument = z.output<typeof storedCreditReportDocumentSchema>;

/** A kept pull's time alone, as listCreditReports reads it (creditReports/{uid}/pulls/{reportKey}, createdAt only). */
export const storedPullTimeSchema = z.object({ createdAt: storedTime });

/** creditScoreHistory/{uid}/items/{bureau}-{day}: one bureau's score on one day. */
export const storedScoreHistoryItemSchema = scoreHistoryItemSchema;

/**
 * reportOrders/{uid}: when the last accepted order was made (the 15 s throttle, spec 001 §5) and, while it is being
 * pulled, since when (a second order meanwhile is aborted, spec 002 §7).
 */
export const storedReportOrderSchema = z.object({ lastOrderAt: storedTime, inProgressSince: storedTime });

/** creditDisplayTokens/{displayToken}: whose report the token shows, to whom, until when. */
export const storedCreditDisplayTokenSchema = z.object({
  uid: z.string(),
  reportKey: z.string(),
  userToken: z.string(),
  expiresAt: storedTime,
});

/** kbaSessions/{id} as the report reads it: whose check it is and whether it was passed (functions/src/credit/kbaSessions.ts). */
export const storedKbaSessionOwnerSchema = z.object({ uid: z.string(), status: orMissing(z.string()) });

// ---------------------------------------------------------------------------------------------- actions

/** actions/{uid}/items/{id} (spec 001 §4 "Action completion", spec 002 §3 Action): the fields updateAction answers. */
export const storedActionSchema = z.object({
  name: z.catch(z.string(), ''),
  type: z.enum(ACTION_TYPES),
  status: z.enum(ACTION_STATUSES),
  completedAt: storedTime,
  updating: z.catch(z.boolean(), false),
});
export type StoredAction = z.output<typeof storedActionSchema>;
