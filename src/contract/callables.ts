// The callable functions' request/response contract (spec 000 §7): one record that the client adapter and the
// functions both parse with. Requests are strict (unknown fields are refused) and every string is bounded, so a
// malformed payload is an 'invalid-argument' before anything is written.
import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH, ERROR_REPORT_BATCH_MAX } from '../domain/constants';
import {
  addressSchema,
  BIRTHDATE_INVALID_KEY,
  isValidBirthdate,
  phoneSchema,
  ssnSchema,
  US_STATE_CODES,
  zipSchema,
} from '../domain/personalFields';
import { EMAIL_INVALID_MESSAGE, isValidEmail, normalizeEmail, passwordSchema, supportRequestSchema } from '../domain/validation';
import {
  ERROR_EXTRA_MAX_JSON_LENGTH,
  ERROR_MESSAGE_MAX_LENGTH,
  idSchema,
  isoDateSchema,
  noPayloadSchema,
  OOB_CODE_MAX_LENGTH,
  okResponseSchema,
  PASSWORD_MAX_LENGTH,
  shortTextSchema,
  uiLangSchema,
} from './common';
import { createSalesforceTokenRequestSchema, customTokenResponseSchema } from './agent';
import { customerContactResponseSchema } from './contact';
import {
  getContentArticleRequestSchema,
  getContentArticleResponseSchema,
  getContentCategoryRequestSchema,
  getContentCategoryResponseSchema,
  getContentHomeRequestSchema,
  getContentHomeResponseSchema,
  searchContentRequestSchema,
  searchContentResponseSchema,
} from './content';
import {
  calculateActionsResponseSchema,
  getActionsRequestSchema,
  getActionsResponseSchema,
  getAgentMessageResponseSchema,
  markActionsViewedRequestSchema,
  markAgentMessageViewedRequestSchema,
  readinessScoreHistorySchema,
  updateSavingsRequestSchema,
} from './hub';
import { getReferralPageDataRequestSchema, getReferralPageDataResponseSchema } from './referral';
import { creditReportPdfRequestSchema, creditReportPdfSchema } from './creditReportPdf';
import { arrayUserTokenResponseSchema } from './identity';
import {
  arrayKbaRequestSchema,
  arrayKbaResponseSchema,
  creditDisplaySchema,
  creditDisplayTokensSchema,
  creditReportRequestSchema,
  creditReportSchema,
  getReportRequestSchema,
  initialReportResponseSchema,
  orderReportResponseSchema,
  reportListSchema,
  scoreHistoryRequestSchema,
  scoreHistoryResponseSchema,
} from './credit';
import {
  goodStandingAccountsRequestSchema,
  goodStandingAccountsResponseSchema,
  updateAdditionalDebtPaymentRequestSchema,
  updateAdditionalDebtPaymentResponseSchema,
  updateCreditBalanceRequestSchema,
  updateCreditBalanceResponseSchema,
} from './debts';
import { getMortgagesResponseSchema, getSavingsInfoHistoryRequestSchema, getSavingsInfoHistoryResponseSchema } from './money';
import {
  actionSchema,
  challengeAllResponseSchema,
  disputePdfSchema,
  disputesPausedSchema,
  getDisputePdfRequestSchema,
  investigationDetailsSchema,
  listDisputePdfsResponseSchema,
  markInvestigationsViewedRequestSchema,
  setDisputesPausedRequestSchema,
  updateActionRequestSchema,
  updatedInvestigationsResponseSchema,
  updateInvestigationReasonsRequestSchema,
  updateInvestigationsChallengedRequestSchema,
  v2RequestSchema,
} from './disputes';
import {
  cancelDocumentUploadRequestSchema,
  createDocumentUploadRequestSchema,
  deleteDocumentRequestSchema,
  deleteDocumentResponseSchema,
  documentSchema,
  documentUploadTargetSchema,
  documentUrlResponseSchema,
  getChecklistResponseSchema,
  getDocumentsResponseSchema,
  getDocumentUrlRequestSchema,
  updateDocumentRequestSchema,
} from './documents';
import {
  authorizationsResponseSchema,
  calculateReadinessScoreRequestSchema,
  completeIntakeResponseSchema,
  connectedInstitutionsResponseSchema,
  contactIdRequestSchema,
  contractLinkResponseSchema,
  contractSigningUrlResponseSchema,
  createGoalRequestSchema,
  investigationSummariesResponseSchema,
  quickSignUpContactSchema,
  readinessScoreSchema,
  updateAuthorizationsRequestSchema,
  widgetUrlRequestSchema,
  widgetUrlResponseSchema,
} from './onboarding';
import type { CallablePermission } from './permissions';
import { goalSchema, updateUserInfoRequestSchema, userInfoSchema } from './userInfo';
import {
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  confirmEmailChangeRequestSchema,
  confirmEmailChangeResponseSchema,
  socialSecurityNumberResponseSchema,
} from './settings';
import { devToolsRequestSchema, devToolsResponseSchema, setUserRequestSchema, setUserResponseSchema } from './devTools';
import {
  chargePaymentRequestSchema,
  chargePaymentResponseSchema,
  paymentDataSchema,
  requestCancellationResponseSchema,
  secureUrlRequestSchema,
  secureUrlResponseSchema,
  selfOnboardCardRequestSchema,
  selfOnboardCardResponseSchema,
  updatePaymentProfileRequestSchema,
  updatePaymentProfileResponseSchema,
} from './billing';

// Raw input is bounded before normalising (trimming may shorten it; the domain rule then checks 255).
// (the domain's emailSchema preprocesses unknown input; here the wire type stays a string).
const email = z
  .pipe(z.string({ error: EMAIL_INVALID_MESSAGE }).check(z.maxLength(EMAIL_MAX_LENGTH * 2)), z.transform(normalizeEmail))
  .check(z.refine(isValidEmail, { message: EMAIL_INVALID_MESSAGE }));
const password = z.pipe(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)), passwordSchema);
const ID_TOKEN_MAX_LENGTH = 8_192;
const oobCode = z.string().check(z.minLength(1), z.maxLength(OOB_CODE_MAX_LENGTH));
/** An identity provider's ID token (a JWT, a few kilobytes at most). */
const idToken = z.string().check(z.minLength(1), z.maxLength(ID_TOKEN_MAX_LENGTH));
/**
 * The identity providers of single sign-on (spec 000 §6: Google, Apple, LinkedIn), as the ID token's
 * firebase.sign_in_provider names them: the server reads a provider sign-up's token with it.
 */
export const singleSignOnProviderSchema = z.enum(['google.com', 'apple.com', 'linkedin.com']);
/** A string of at most `max` characters, then checked and normalised by a domain rule. */
const bounded = <T extends z.ZodMiniType<unknown, string>>(max: number, rule: T) =>
  z.pipe(z.string().check(z.maxLength(max)), rule);
const trimmed = (schema: z.ZodMiniString<string>) => schema.check(z.trim());

const birthdate = isoDateSchema.check(
  z.refine((value) => isValidBirthdate(value, new Date()), { message: BIRTHDATE_INVALID_KEY }),
);

// spec 000 §3.4 and §2.5: the editable contact fields; Email (email change request), MailingCountry (read-only)
// and the CRM-owned fields are refused by strictness.
export const updateCustomerContactRequestSchema = z
  .partial(
    z.strictObject({
      FirstName: trimmed(shortTextSchema).check(z.minLength(1)),
      MiddleName: z.nullable(trimmed(shortTextSchema)),
      LastName: trimmed(shortTextSchema).check(z.minLength(1)),
      MobilePhone: z.nullable(bounded(32, phoneSchema)),
      Birthdate: z.nullable(birthdate),
      Social_Security_Number__c: bounded(32, ssnSchema),
      MailingStreet: addressSchema.shape.street1,
      MailingCity: addressSchema.shape.city,
      MailingStateCode: z.enum(US_STATE_CODES),
      MailingPostalCode: bounded(16, zipSchema),
      DoNotCall: z.boolean(),
      Do_Not_SMS__c: z.boolean(),
      SMS_Opt_out__c: z.boolean(),
      Allow_Referral_Update__c: z.boolean(),
      Round_Opt_In__c: z.boolean(),
      Link_Bank_Acct_Opt_Out__c: z.boolean(),
      Switch_Referral__c: z.boolean(),
      realtor: z.strictObject({ FirstName: trimmed(shortTextSchema), LastName: trimmed(shortTextSchema) }),
    }),
  )
  .check(z.refine((value) => Object.keys(value).length > 0, { message: 'at least one field is required' }));

// spec 000 §9: batches of at most 10 plus the 'Too many errors...' line on overflow.
export const ERROR_REPORT_REQUEST_MAX_ITEMS = ERROR_REPORT_BATCH_MAX + 1;
export const errorReportItemSchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(ERROR_MESSAGE_MAX_LENGTH)),
  extra: z.optional(
    z.record(z.string().check(z.maxLength(100)), z.unknown()).check(
      z.refine((value) => JSON.stringify(value).length <= ERROR_EXTRA_MAX_JSON_LENGTH, {
        message: 'extra is too large',
      }),
    ),
  ),
});

export const signInFailureReasonSchema = z.enum(['sso', 'migration', 'newViaApi', 'other']);
export const resetCodeStatusSchema = z.enum(['current', 'expired', 'invalid']);
export const recoverEmailResultSchema = z.enum(['success', 'expired', 'email-in-use', 'not-found']);

export type CallableAccess = 'public' | 'signedIn';
type AccessOf<P extends CallablePermission> = P extends 'public' ? 'public' : 'signedIn';
export interface CallableContract<
  P extends CallablePermission,
  Req extends z.ZodMiniType,
  Res extends z.ZodMiniType,
> {
  /** 'public' callables run for signed-out visitors too; every other one refuses them ('unauthenticated'). */
  access: AccessOf<P>;
  /** Who may call it (./permissions.ts), enforced by defineCallable before the handler runs. */
  permission: P;
  request: Req;
  response: Res;
}
const contract = <P extends CallablePermission, Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  permission: P,
  request: Req,
  response: Res,
): CallableContract<P, Req, Res> => ({
  access: (permission === 'public' ? 'public' : 'signedIn') as AccessOf<P>,
  permission,
  request,
  response,
});

export const callables = {
  // spec 000 §4.3: true means the new account may sign in directly; false shows the verification notice.
  signUp: contract('public', z.strictObject({ email, password }), z.boolean()),
  // spec 000 §4.3, §8: sign-up by single sign-on. The provider's ID token proves the email; true: signed in directly.
  signUpWithProvider: contract('public', z.strictObject({ idToken }), z.boolean()),
  // spec 000 §4.3: a provider sign-in at sign-in that made an identity with no account; true: it was deleted.
  discardProviderIdentity: contract('public', z.strictObject({ idToken }), z.object({ discarded: z.boolean() })),
  checkSignInFailureReason: contract(
    'public',
    z.strictObject({ email }),
    z.object({ reason: signInFailureReasonSchema, providerIds: z.array(z.string()) }),
  ),
  resetPasswordByEmail: contract('public', z.strictObject({ email }), z.object({ sent: z.literal(true) })),
  validateResetPassword: contract(
    'public',
    z.strictObject({ email, oobCode }),
    z.object({ status: resetCodeStatusSchema }),
  ),
  recoverEmail: contract(
    'public',
    z.strictObject({ id: oobCode }),
    z.object({ result: recoverEmailResultSchema, email: z.optional(z.string()) }),
  ),
  removeMigrationClaim: contract('session', noPayloadSchema, okResponseSchema),
  resyncCustomClaims: contract('session', noPayloadSchema, okResponseSchema),
  elevatePermissions: contract('session', noPayloadSchema, z.object({ token: z.string().check(z.minLength(1)) })),
  // CRM link-in (spec 000 §2.2): the CRM user is not signed in to the app yet; the CRM session is the credential.
  createSalesforceToken: contract('public', createSalesforceTokenRequestSchema, customTokenResponseSchema),
  storeLastSignIn: contract('session', noPayloadSchema, z.object({ stored: z.boolean() })),
  setUILang: contract('session', z.strictObject({ lang: uiLangSchema }), okResponseSchema),
  // Errors can happen before sign-in (sign-in page, handler pages), so reporting is public.
  reportError: contract(
    'public',
    z.array(errorReportItemSchema).check(z.minLength(1), z.maxLength(ERROR_REPORT_REQUEST_MAX_ITEMS)),
    z.object({ stored: z.number().check(z.int(), z.gte(0)) }),
  ),
  // The support contact form is on /contact too, which signed-out visitors reach (spec 000 §2.2).
  createContactRequest: contract(
    'public',
    z.strictObject({ message: supportRequestSchema.shape.message, email }),
    z.object({ id: idSchema }),
  ),
  getCustomerContact: contract('viewClient', noPayloadSchema, customerContactResponseSchema),
  updateCustomerContact: contract('clientAction', updateCustomerContactRequestSchema, customerContactResponseSchema),
  getUserInfo: contract('viewClient', noPayloadSchema, userInfoSchema),
  // Settings (spec 000 §2.5, §7, §8; shapes in ./settings). Seeing the full SSN and changing the sign-in email are
  // the customer's own; the security flags are the session's upkeep after a password change.
  getSocialSecurityNumber: contract('customerOnly', noPayloadSchema, socialSecurityNumberResponseSchema),
  // The new address is checked by the handler with the same email rule, so a malformed one is answered with the
  // settings page's own code ('invalid-email', spec 000 §8) rather than a generic invalid-argument.
  changeEmail: contract('customerOnly', changeEmailRequestSchema, changeEmailResponseSchema),
  // The verification link mailed to the new address (/handle?mode=verifyAndChangeEmail): public like recoverEmail,
  // since the link may be opened on a device that is not signed in.
  confirmEmailChange: contract('public', confirmEmailChangeRequestSchema, confirmEmailChangeResponseSchema),
  clearWeakPasswordFlag: contract('session', noPayloadSchema, okResponseSchema),
  clearPasswordReset: contract('session', noPayloadSchema, okResponseSchema),
  updateUserInfo: contract('clientAction', updateUserInfoRequestSchema, userInfoSchema),
  // Onboarding (spec 001 §4, spec 002 §4, §7; shapes in ./onboarding). Contract polling and quick sign-up run
  // before an account exists, so their contact-id calls are public.
  getContractLink: contract('viewClient', noPayloadSchema, contractLinkResponseSchema),
  getContractLinkAnonymously: contract('public', contactIdRequestSchema, contractLinkResponseSchema),
  getContractSigningUrl: contract('signContract', noPayloadSchema, contractSigningUrlResponseSchema),
  getContactAnonymously: contract('public', contactIdRequestSchema, quickSignUpContactSchema),
  getAuthorizations: contract('viewClient', noPayloadSchema, authorizationsResponseSchema),
  updateAuthorizations: contract('acceptAuthorizations', updateAuthorizationsRequestSchema, authorizationsResponseSchema),
  createGoal: contract('clientAction', createGoalRequestSchema, goalSchema),
  completeIntake: contract('clientAction', noPayloadSchema, completeIntakeResponseSchema),
  calculateReadinessScore: contract('viewClient', calculateReadinessScoreRequestSchema, readinessScoreSchema),
  getReadinessScore: contract('viewClient', noPayloadSchema, z.nullable(readinessScoreSchema)),
  getInvestigationSummaries: contract('viewClient', noPayloadSchema, investigationSummariesResponseSchema),
  getWidgetUrl: contract('CONNECT_MX', widgetUrlRequestSchema, widgetUrlResponseSchema),
  getConnectedInstitutions: contract('viewClient', noPayloadSchema, connectedInstitutionsResponseSchema),
  // The money overview's savings history for the forecast (spec 002 §7, §9; shapes in ./money): the customer's or
  // their agent's; the free line is refused like the credit area's calls (failed-precondition 'upgrade-required').
  getSavingsInfoHistory: contract('viewClient', getSavingsInfoHistoryRequestSchema, getSavingsInfoHistoryResponseSchema),
  getMortgages: contract('viewClient', noPayloadSchema, getMortgagesResponseSchema),
  // The debts page (spec 002 §3, §4, §7; shapes in ./debts). Reading is the customer's or their agent's; the show
  // flags and the extra monthly payment change the customer's plan (clientAction). The free line is refused like
  // the credit area's calls (failed-precondition 'upgrade-required').
  getGoodStandingAccounts: contract('viewClient', goodStandingAccountsRequestSchema, goodStandingAccountsResponseSchema),
  updateCreditBalance: contract('clientAction', updateCreditBalanceRequestSchema, updateCreditBalanceResponseSchema),
  updateAdditionalDebtPayment: contract(
    'clientAction',
    updateAdditionalDebtPaymentRequestSchema,
    updateAdditionalDebtPaymentResponseSchema,
  ),
  // The credit area (spec 001 §2, §7; shapes in ./credit). Reading is open to an agent acting for the customer;
  // ordering a report and answering the identity check are the customer's actions (spec 001 §5, §6). The free
  // product line has no credit pages, and the functions refuse it too (failed-precondition 'upgrade-required').
  getCreditReport: contract('viewClient', creditReportRequestSchema, creditReportSchema),
  // A past report by its id (spec 002 §7 getReport), and the pulls the page lets the customer pick it from.
  listCreditReports: contract('viewClient', noPayloadSchema, reportListSchema),
  getReport: contract('viewClient', getReportRequestSchema, creditReportSchema),
  // Where the first report's pull stands (spec 002 §7 getInitialReport), for the pages that wait for it.
  getInitialReport: contract('viewClient', noPayloadSchema, initialReportResponseSchema),
  getCreditScoreHistory: contract('viewClient', scoreHistoryRequestSchema, scoreHistoryResponseSchema),
  getCreditDisplayTokens: contract('viewClient', noPayloadSchema, creditDisplayTokensSchema),
  getCreditDisplay: contract('viewClient', noPayloadSchema, creditDisplaySchema),
  getCreditReportPdf: contract('download', creditReportPdfRequestSchema, creditReportPdfSchema),
  orderReport: contract('clientAction', noPayloadSchema, orderReportResponseSchema),
  arrayKBA: contract('clientAction', arrayKbaRequestSchema, arrayKbaResponseSchema),
  // Disputes (spec 001 §2, §4, §7; shapes in ./disputes). Reading and views are the customer's or their agent's;
  // deciding, starting and cancelling need client actions; submitting is SUBMIT_DISPUTES (an agent without
  // allowClientActions sees coach.toast.disputes-not-submitted). The functions also refuse a subscription outside
  // the acceptable set (degraded-access.disputes.premium-only) and a paused customer's challenge.
  getInvestigationDetails: contract('viewClient', v2RequestSchema, investigationDetailsSchema),
  updateInvestigationReasons: contract('clientAction', updateInvestigationReasonsRequestSchema, updatedInvestigationsResponseSchema),
  challengeAllInvestigations: contract('SUBMIT_DISPUTES', v2RequestSchema, challengeAllResponseSchema),
  updateInvestigationsChallenged: contract('clientAction', updateInvestigationsChallengedRequestSchema, updatedInvestigationsResponseSchema),
  checkIfDisputesPaused: contract('viewClient', v2RequestSchema, disputesPausedSchema),
  setIsDisputesPaused: contract('clientAction', setDisputesPausedRequestSchema, disputesPausedSchema),
  listDisputePdfs: contract('viewClient', v2RequestSchema, listDisputePdfsResponseSchema),
  getDisputePdf: contract('download', getDisputePdfRequestSchema, disputePdfSchema),
  markInvestigationsViewed: contract('recordViews', markInvestigationsViewedRequestSchema, okResponseSchema),
  updateAction: contract('COMPLETE_ACTION', updateActionRequestSchema, actionSchema),
  // The home hub (spec 002 §3, §4, §7; shapes in ./hub). Reading is the customer's or their agent's; views are the
  // customer's own (recordViews); the savings update changes the goal (clientAction).
  getActions: contract('viewClient', getActionsRequestSchema, getActionsResponseSchema),
  // The action rules applied now (spec 001 §7 calculateActions): a refresh of derived data like
  // calculateReadinessScore, so the customer's or their agent's.
  calculateActions: contract('viewClient', noPayloadSchema, calculateActionsResponseSchema),
  markActionsViewed: contract('recordViews', markActionsViewedRequestSchema, okResponseSchema),
  getAgentMessage: contract('viewClient', noPayloadSchema, getAgentMessageResponseSchema),
  markAgentMessageViewed: contract('recordViews', markAgentMessageViewedRequestSchema, okResponseSchema),
  getReadinessScoreHistory: contract('viewClient', noPayloadSchema, readinessScoreHistorySchema),
  updateSavings: contract('clientAction', updateSavingsRequestSchema, readinessScoreSchema),
  // The your-loan-team dialog (spec 002 §7; shapes in ./referral): the customer's own contact only.
  getReferralPageData: contract('viewClient', getReferralPageDataRequestSchema, getReferralPageDataResponseSchema),
  // The documents locker (spec 001 §2, §6, §7; spec 002 §7; shapes in ./documents). Reading the lists is the
  // customer's or their agent's; a file's bytes only through a short-lived link after the download check (the
  // modify set or allowPortalDownload); upload, replace, change and delete are DOCUMENT_MODIFY.
  getDocuments: contract('viewClient', noPayloadSchema, getDocumentsResponseSchema),
  getChecklist: contract('viewClient', noPayloadSchema, getChecklistResponseSchema),
  getDocumentUrl: contract('download', getDocumentUrlRequestSchema, documentUrlResponseSchema),
  createDocumentUpload: contract('DOCUMENT_MODIFY', createDocumentUploadRequestSchema, documentUploadTargetSchema),
  cancelDocumentUpload: contract('DOCUMENT_MODIFY', cancelDocumentUploadRequestSchema, okResponseSchema),
  updateDocument: contract('DOCUMENT_MODIFY', updateDocumentRequestSchema, documentSchema),
  deleteDocument: contract('DOCUMENT_MODIFY', deleteDocumentRequestSchema, deleteDocumentResponseSchema),
  // Non-production only (spec 001 §6, §7; shapes in ./devTools): the functions refuse both in prod. Acting on the
  // customer's data needs client actions; the test-plan commands need a developer (checked in the handler);
  // setUser (the developer overrides) needs a developer, or overrides already active (so they can be restored).
  devTools: contract('clientAction', devToolsRequestSchema, devToolsResponseSchema),
  setUser: contract('developerOverrides', setUserRequestSchema, setUserResponseSchema),
  // Billing and payments (spec 001 §7, spec 002 §7; shapes in ./billing). Reading is for the customer and their
  // coach; everything that moves money or the card on file, the cancellation and the secure pages are for the
  // customer in person (spec 001 §6 "Contract download and cancellation request are for customers").
  getContactPaymentData: contract('viewClient', noPayloadSchema, paymentDataSchema),
  updateCustomerPaymentProfile: contract('customerOnly', updatePaymentProfileRequestSchema, updatePaymentProfileResponseSchema),
  chargePayment: contract('customerOnly', chargePaymentRequestSchema, chargePaymentResponseSchema),
  selfOnboardCard: contract('customerOnly', selfOnboardCardRequestSchema, selfOnboardCardResponseSchema),
  requestCancellation: contract('customerOnly', noPayloadSchema, requestCancellationResponseSchema),
  getSecureSFURL: contract('customerOnly', secureUrlRequestSchema, secureUrlResponseSchema),
  // The learning center and the support center (spec 002 §2, §3 "Content entry", §7, §9; shapes in ./content).
  // Both are pages of the signed-in shell (spec 000 §2.4), so reading is the customer's or their agent's; the
  // functions apply the premium-articles rule (free line: free articles only) for the customer worked on.
  getContentHome: contract('viewClient', getContentHomeRequestSchema, getContentHomeResponseSchema),
  getContentCategory: contract('viewClient', getContentCategoryRequestSchema, getContentCategoryResponseSchema),
  getContentArticle: contract('viewClient', getContentArticleRequestSchema, getContentArticleResponseSchema),
  searchContent: contract('viewClient', searchContentRequestSchema, searchContentResponseSchema),
  // Identity protection (spec 000 §7; shapes in ./identity): the widget's token carries the vendor's actions on the
  // customer's file (locking and unlocking it at each bureau), so it is an action on the customer's behalf: the
  // customer's, or an agent's with allowClientActions (spec 000 §6). The free line is refused like the credit
  // area's calls (failed-precondition 'upgrade-required').
  getArrayUserToken: contract('clientAction', noPayloadSchema, arrayUserTokenResponseSchema),
} as const;

export type Callables = typeof callables;
export type CallableName = keyof Callables;
export type CallableAccessOf<N extends CallableName> = Callables[N]['access'];
/** What a caller sends (before parsing). */
export type CallableRequest<N extends CallableName> = z.input<Callables[N]['request']>;
/** What a handler receives (after parsing: emails normalised, phones reduced to 10 digits...). */
export type CallableParsedRequest<N extends CallableName> = z.output<Callables[N]['request']>;
/** What a handler returns (before the response is parsed). */
export type CallableResult<N extends CallableName> = z.input<Callables[N]['response']>;
/** What a caller receives after parsing the response. */
export type CallableResponse<N extends CallableName> = z.output<Callables[N]['response']>;

export const callableNames = Object.keys(callables) as CallableName[];
