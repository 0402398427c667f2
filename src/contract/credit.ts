// The credit area's callables' shapes (spec 001 §3, §7; spec 002 §3 "Credit display"): the three-bureau report and
// its per-bureau views, the score history, the display tokens for the simulator and the PDF, the credit display the
// overview reads, report orders and the KBA identity check. Full SSNs never travel: personal info carries the last
// digits only.
import { z } from 'zod/mini';
import { BUREAUS } from '../domain/creditReportRecords';
import { INITIAL_REPORT_STATUSES } from '../domain/intake';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './common';

const text = z.nullable(z.string());
const amount = z.nullable(z.number());
const day = z.nullable(isoDateSchema);

export const bureauSchema = z.enum(BUREAUS);

/** The report a page asks for: one bureau (lower case, as in the route) or the combined three-bureau report. */
export const REPORT_SOURCES = ['transunion', 'equifax', 'experian', 'combined'] as const;
export const reportSourceSchema = z.enum(REPORT_SOURCES);
export type ReportSource = z.infer<typeof reportSourceSchema>;

/** The id of a passed KBA session (the /kba page's `id`), which lets the report read right after the check. */
export const kbaLinkIdSchema = idSchema;

export const paymentHistoryMonthSchema = z.object({
  /** yyyy-MM */
  date: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** spec 001 §4 payment status codes: C, 1-9, U, X. */
  status: z.string().check(z.maxLength(2)),
});

export const creditAccountSchema = z.object({
  id: idSchema,
  bureau: bureauSchema,
  creditorName: z.string(),
  creditorContact: text,
  creditorPhone: text,
  accountType: text,
  accountNumber: text,
  portfolioType: text,
  currentBalance: amount,
  creditLimit: amount,
  highBalance: amount,
  highCredit: amount,
  monthlyPayment: amount,
  paymentStatus: text,
  pastDueAmount: amount,
  closed: day,
  reported: day,
  opened: day,
  dateAccountStatus: day,
  status: text,
  responsibility: text,
  remarks: text,
  loanType: text,
  monthsReviewed: z.nullable(z.number()),
  latePayments30Days: z.nullable(z.number()),
  latePayments60Days: z.nullable(z.number()),
  latePayments90Days: z.nullable(z.number()),
  originalCreditor: text,
  condition: text,
  worstPayStatus: text,
  monthlyPaymentHistory: z.object({ Monthly: z.array(paymentHistoryMonthSchema) }),
});
export type CreditAccount = z.output<typeof creditAccountSchema>;

export const creditInquirySchema = z.object({
  id: idSchema,
  bureau: bureauSchema,
  creditorName: z.string(),
  industry: text,
  date: day,
});
export type CreditInquiry = z.output<typeof creditInquirySchema>;

export const publicRecordSchema = z.object({
  id: idSchema,
  bureau: bureauSchema,
  type: text,
  /** spec 001 §4: discharged, dismissed, dismissed/closed, filed, voluntary, unknown, satisfied. */
  status: text,
  dateFiled: day,
  dateResolved: day,
  referenceNumber: text,
  court: text,
  attorneyName: text,
  dispositionDate: day,
});
export type PublicRecord = z.output<typeof publicRecordSchema>;

export const addressRecordSchema = z.object({ dateReported: day, address: z.string() });

export const personalInfoSchema = z.object({
  bureau: bureauSchema,
  name: text,
  alsoKnownAs: z.array(z.string()),
  dateOfBirth: day,
  /** The last four digits only (shown masked, spec 001 §3); never the full number. */
  ssn: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  employer: z.nullable(z.object({ name: text })),
  currentAddress: z.nullable(addressRecordSchema),
  previousAddress: z.array(addressRecordSchema),
});
export type PersonalInfo = z.output<typeof personalInfoSchema>;

export const bureauSummarySchema = z.object({
  bureau: bureauSchema,
  creditScore: z.nullable(z.number()),
  reportDate: day,
});

/**
 * spec 001 §3 "Credit report (v2)": for one bureau only that bureau's records, for the combined report all three.
 * `pulledAt` is when this report was pulled.
 */
export const creditReportSchema = z.object({
  source: reportSourceSchema,
  pulledAt: isoDateTimeSchema,
  reportSummary: z.object({ bureauSummary: z.array(bureauSummarySchema) }),
  accounts: z.array(creditAccountSchema),
  inquiries: z.array(creditInquirySchema),
  publicRecords: z.array(publicRecordSchema),
  personalInfo: z.array(personalInfoSchema),
});
export type CreditReport = z.output<typeof creditReportSchema>;

export const creditReportRequestSchema = z.strictObject({
  source: reportSourceSchema,
  kbaLinkId: z.optional(kbaLinkIdSchema),
});

/**
 * A pulled report's id: its report key (getCreditDisplay's `id`, the simulator's reportKey). Letters, digits, '-' and
 * '_' only, as the server names a kept pull by it.
 */
export const reportIdSchema = idSchema.check(z.regex(/^[A-Za-z0-9_-]+$/));

/** How many pulls listCreditReports answers, the latest first (a year and a half of monthly refreshes and more). */
export const LISTED_REPORTS_MAX = 36;

/**
 * listCreditReports: the customer's pulls the report page lets them pick, the latest first, each with its id and
 * when it was pulled; `current` marks the report getCreditReport reads. `userId` is the customer whose reports they
 * are (the caller, or the customer an agent acts for), as getReport asks for it.
 */
export const reportListItemSchema = z.object({ id: reportIdSchema, pulledAt: isoDateTimeSchema, current: z.boolean() });
export type ReportListItem = z.output<typeof reportListItemSchema>;
export const reportListSchema = z.object({
  userId: idSchema,
  reports: z.array(reportListItemSchema).check(z.maxLength(LISTED_REPORTS_MAX)),
});
export type ReportList = z.output<typeof reportListSchema>;

/**
 * getReport (spec 002 §7: id, userId, source): one pulled report, the current one or an earlier one, by its id, for
 * one bureau or combined, answered as getCreditReport answers the current one. A report the caller may not see
 * reads as no such report.
 */
export const getReportRequestSchema = z.strictObject({
  id: reportIdSchema,
  userId: idSchema,
  source: reportSourceSchema,
});
export type GetReportRequest = z.output<typeof getReportRequestSchema>;

/**
 * getInitialReport (spec 002 §7; the initial pull that completeIntake starts, spec 002 §4): where the customer's first
 * three-bureau report stands, as the credit pages ask before there is a report to show. `status` is the pull's, as
 * initialReportStatus/{userId} holds it ('none' before completeIntake started one; a pull lost on its way is started
 * again, or after its last attempt reported as 'error'); `report` is the report the credit pages read once one is
 * stored (its id as getReport takes it, and when it was pulled), else null. `userId` is the customer whose status
 * document to listen to while it is 'processing' (the caller, or the customer an agent acts for).
 */
export const initialReportResponseSchema = z.object({
  userId: idSchema,
  status: z.enum(INITIAL_REPORT_STATUSES),
  report: z.nullable(z.object({ id: reportIdSchema, pulledAt: isoDateTimeSchema })),
});
export type InitialReport = z.output<typeof initialReportResponseSchema>;

/** spec 001 §3 "Score history item", oldest first. */
export const scoreHistoryItemSchema = z.object({
  bureau: bureauSchema,
  reportdate: isoDateSchema,
  creditscore: z.number(),
});
export type ScoreHistoryItem = z.output<typeof scoreHistoryItemSchema>;
export const scoreHistoryRequestSchema = z.union([
  z.undefined(),
  z.null(),
  z.strictObject({ kbaLinkId: z.optional(kbaLinkIdSchema) }),
]);
export const scoreHistoryResponseSchema = z.array(scoreHistoryItemSchema);

/**
 * spec 001 §3 "Display tokens", for the simulator widget and the PDF: short-lived, bound to the customer's current
 * report. `userToken` names the customer to the widget's vendor, `widgetUrl` is where the vendor's simulator
 * widget is served (the sandbox's page outside production).
 */
export const creditDisplayTokensSchema = z.object({
  reportKey: idSchema,
  displayToken: idSchema,
  userToken: idSchema,
  widgetUrl: z.string().check(z.url(), z.maxLength(2_048)),
  expiresAt: isoDateTimeSchema,
});
export type CreditDisplayTokens = z.output<typeof creditDisplayTokensSchema>;

/** spec 002 §3 "Credit display": what the credit overview's factors and the money area read. */
export const creditDisplaySchema = z.object({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  creditBalance: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      status: z.enum(['open', 'closed']),
      /** The latest month first, one payment status code per month (spec 001 §4). */
      paymentHistory: z.string(),
      accountType: text,
      loanType: text,
      portfolioType: text,
      balance: amount,
      creditLimit: amount,
      highBalance: amount,
      monthlyPayment: amount,
      accountOpenedAt: day,
    }),
  ),
  creditInquiries: z.array(z.object({ inquiryDate: isoDateSchema })),
  bureauReports: z.array(z.object({ bureau: bureauSchema, creditScore: z.nullable(z.number()), reportDate: day })),
  totalDebt: z.number(),
  monthlyDebtPayment: z.number(),
});
export type CreditDisplay = z.output<typeof creditDisplaySchema>;

/**
 * orderReport (spec 001 §4 "Report ordering"): 'ordered' when a new report was pulled (the pull date is now
 * `creditPullDate`); 'kba-required' when the KBA flag is on and the customer has not passed it: the order waits for
 * the check at /kba?id={kbaLinkId}. Refusals are errors: resource-exhausted (throttled, with retryAfterSeconds),
 * aborted (order-in-progress: an earlier order is still being pulled), failed-precondition (refresh-not-allowed),
 * permission-denied (an agent without allowClientActions).
 */
export const orderReportResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ordered'), creditPullDate: isoDateSchema }),
  z.object({ status: z.literal('kba-required'), kbaLinkId: kbaLinkIdSchema }),
]);
export type OrderReportResponse = z.output<typeof orderReportResponseSchema>;

// ---------------------------------------------------------------------------------------------- KBA

export const kbaQuestionSchema = z.object({
  id: idSchema,
  text: z.string(),
  answers: z.array(z.object({ id: idSchema, text: z.string() })).check(z.minLength(2)),
});
export type KbaQuestion = z.output<typeof kbaQuestionSchema>;

const KBA_MAX_QUESTIONS = 10;

/** spec 001 §7 arrayKBA: get-questions and submit-answers (question id → answer id). */
export const arrayKbaRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('get-questions'), id: kbaLinkIdSchema }),
  z.strictObject({
    command: z.literal('submit-answers'),
    id: kbaLinkIdSchema,
    authToken: idSchema,
    answers: z
      .record(idSchema, idSchema)
      .check(z.refine((answers) => Object.keys(answers).length <= KBA_MAX_QUESTIONS, { message: 'too many answers' })),
  }),
]);

/**
 * 'questions': answer these (after a wrong submit, `retry` is true and they are new questions); 'passed': the
 * identity is confirmed and the ordered report was pulled (`creditPullDate`); 'locked': too many failed attempts,
 * another try opens at `retryAt`.
 */
export const arrayKbaResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('questions'),
    questions: z.array(kbaQuestionSchema).check(z.minLength(1), z.maxLength(KBA_MAX_QUESTIONS)),
    authToken: idSchema,
    retry: z.boolean(),
    attemptsLeft: z.number().check(z.int(), z.gte(1)),
  }),
  z.object({ status: z.literal('passed'), creditPullDate: isoDateSchema }),
  z.object({ status: z.literal('locked'), retryAt: isoDateTimeSchema }),
]);
export type ArrayKbaResponse = z.output<typeof arrayKbaResponseSchema>;
