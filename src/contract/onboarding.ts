// The onboarding callables' shapes (spec 000 §7, spec 001 §7, spec 002 §7): contract and contract polling,
// quick sign-up, authorizations, goal, intake completion and the initial report status, the readiness score, the
// Disputes step's investigation summaries, and the bank link.
import { z } from 'zod/mini';
import { BANK_WIDGET_NAMES } from '../domain/bankWidgets';
import { INITIAL_REPORT_STATUSES, type InitialReportStatus } from '../domain/intake';
import { READINESS_COMPONENT_TYPES, READINESS_SCORE_MAX, READINESS_SCORE_MIN } from '../domain/readinessScore';
import { idSchema, isoDateTimeSchema } from './common';
import { goalTypeSchema } from './userInfo';

const url = z.string().check(z.url(), z.maxLength(2_048));

// ---------------------------------------------------------------------------------------------- contract

/** The signed contract's link (contact SF_External_Echosign_URL__c); null until the e-sign provider releases it. */
export const contractLinkResponseSchema = z.object({ link: z.nullable(url) });

export const contactIdRequestSchema = z.strictObject({ contactId: idSchema });

/** Where the customer signs (the e-sign provider's page, opened in a new window). */
export const contractSigningUrlResponseSchema = z.object({ url });

// ---------------------------------------------------------------------------------------------- quick sign-up

/** spec 002 §3 "Quick sign-up contact": only what the quick sign-up page needs, for an anonymous visitor. */
export const quickSignUpContactSchema = z.object({
  contractSignLink: z.nullable(url),
  email: z.nullable(z.string().check(z.maxLength(255))),
  isContractSigned: z.boolean(),
  hasAccount: z.boolean(),
  quickSignUpEmailTimestamp: z.nullable(isoDateTimeSchema),
});
export type QuickSignUpContactResponse = z.output<typeof quickSignUpContactSchema>;

// ---------------------------------------------------------------------------------------------- authorizations

/** The records the authorizations page starts from (src/domain/authorizations.ts says which box is which). */
export const authorizationsResponseSchema = z.object({
  DoNotCall: z.nullable(z.boolean()),
  Allow_Referral_Update__c: z.nullable(z.boolean()),
  Round_Opt_In__c: z.nullable(z.boolean()),
  SMS_Opt_out__c: z.nullable(z.boolean()),
  // The settings page's communications toggles (spec 000 §2.5, §3.4); absent on records written before.
  Do_Not_SMS__c: z._default(z.nullable(z.boolean()), null),
  hasMobilePhone: z.boolean(),
  agreedToPIIAt: z.nullable(isoDateTimeSchema),
});

/** Accepting: the three required boxes can only be sent ticked; the SMS opt-in travels as an opt-out. */
export const acceptAuthorizationsRequestSchema = z.strictObject({
  DoNotCall: z.literal(false),
  Allow_Referral_Update__c: z.literal(true),
  agreedToPII: z.literal(true),
  Round_Opt_In__c: z.boolean(),
  SMS_Opt_out__c: z.optional(z.boolean()),
});

/** The communication toggles of the settings page (spec 000 §2.5, §3.4; src/domain/communications.ts). */
export { COMMUNICATION_TOGGLES, type CommunicationToggle } from '../domain/communications';

/** The settings page changes one or more toggles (only what changed); the PII agreement is not touched. */
export const communicationsUpdateRequestSchema = z.strictObject({
  communications: z
    .partial(
      z.strictObject({
        Allow_Referral_Update__c: z.boolean(),
        Round_Opt_In__c: z.boolean(),
        DoNotCall: z.boolean(),
        Do_Not_SMS__c: z.boolean(),
        SMS_Opt_out__c: z.boolean(),
      }),
    )
    .check(z.refine((value) => Object.keys(value).length > 0, { message: 'at least one toggle is required' })),
});

/** updateAuthorizations: the onboarding acceptance, or the settings page's toggles. */
export const updateAuthorizationsRequestSchema = z.union([acceptAuthorizationsRequestSchema, communicationsUpdateRequestSchema]);

// ---------------------------------------------------------------------------------------------- goal and intake

export const createGoalRequestSchema = z.strictObject({ type: goalTypeSchema });

/** completeIntake answers whose initialReportStatus document to listen to (the customer's, also for an agent). */
export const completeIntakeResponseSchema = z.object({ userId: idSchema });

export const initialReportStatusSchema = z.enum(INITIAL_REPORT_STATUSES);

/** The statuses a written document holds: 'none' only means there is no document yet. */
const WRITTEN_REPORT_STATUSES = INITIAL_REPORT_STATUSES.filter(
  (status): status is Exclude<InitialReportStatus, 'none'> => status !== 'none',
);

/** initialReportStatus/{userId}, read live by the client (there is no realtime database: spec 002 §7). */
export const initialReportStatusDocumentSchema = z.object({
  status: z.enum(WRITTEN_REPORT_STATUSES),
  updatedAt: z.optional(z.unknown()),
});

// ---------------------------------------------------------------------------------------------- readiness score

export const readinessComponentSchema = z.object({
  type: z.enum(READINESS_COMPONENT_TYPES),
  currentDisplayValue: z.string().check(z.maxLength(64)),
  currentValue: z.nullable(z.number()),
  goalValue: z.number(),
});

const displayScore = z.number().check(z.int(), z.gte(READINESS_SCORE_MIN), z.lte(READINESS_SCORE_MAX));

/** spec 002 §3 "Readiness score". */
export const readinessScoreSchema = z.object({
  score: z.object({ displayScore }),
  previousScore: z.nullable(z.object({ displayScore })),
  components: z.array(readinessComponentSchema),
  createdAt: isoDateTimeSchema,
});
export type ReadinessScoreResponse = z.output<typeof readinessScoreSchema>;

/** spec 002 §7 "goal update ... then recompute readiness score with isFirstScore false". */
export const calculateReadinessScoreRequestSchema = z.strictObject({ isFirstScore: z.boolean() });

// ---------------------------------------------------------------------------------------------- Disputes step

export const investigationSummarySchema = z.object({
  id: idSchema,
  name: z.string().check(z.maxLength(255)),
  accountBalance: z.object({ amount: z.nullable(z.number()) }),
  viewed: z.boolean(),
  statuses: z.array(z.object({ bureau: z.string().check(z.maxLength(32)), status: z.string().check(z.maxLength(64)) })),
  challengeReasonSelected: z.boolean(),
});

/**
 * The investigation summaries (spec 002 §3) and the initial report's status, for the intake's Disputes step, with
 * whose initialReportStatus document to listen to while the report is processing.
 */
export const investigationSummariesResponseSchema = z.object({
  userId: idSchema,
  reportStatus: initialReportStatusSchema,
  investigations: z.array(investigationSummarySchema),
});

// ---------------------------------------------------------------------------------------------- bank link

export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'cash', 'investment', 'prepaid', 'credit_card'] as const;

/** spec 002 §7 "embedded widget URL | widget name | URL for the sandboxed frame": connect, or a money widget page. */
export const widgetUrlRequestSchema = z.strictObject({ widgetName: z.enum(BANK_WIDGET_NAMES) });
export const widgetUrlResponseSchema = z.object({ url });

/** spec 002 §3 "Connected institution". */
export const connectedInstitutionSchema = z.object({
  id: idSchema,
  name: z.string().check(z.maxLength(255)),
  logoUrl: z.nullable(z.string().check(z.maxLength(2_048))),
  accounts: z.array(
    z.object({
      id: idSchema,
      name: z.string().check(z.maxLength(255)),
      type: z.enum(BANK_ACCOUNT_TYPES),
      currentBalance: z.number(),
    }),
  ),
});
export type ConnectedInstitution = z.output<typeof connectedInstitutionSchema>;

export const connectedInstitutionsResponseSchema = z.object({ institutions: z.array(connectedInstitutionSchema) });
