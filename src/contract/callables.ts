// The callable functions' request/response contract (spec 000 §7): one record that the client adapter and the
// functions both parse with. Requests are strict (unknown fields are refused) and every string is bounded, so a
// malformed payload is an 'invalid-argument' before anything is written.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, ERROR_REPORT_BATCH_MAX } from '../domain/constants';
import {
  addressSchema,
  BIRTHDATE_INVALID_KEY,
  EMAIL_INVALID_MESSAGE,
  isValidBirthdate,
  isValidEmail,
  normalizeEmail,
  passwordSchema,
  phoneSchema,
  ssnSchema,
  supportRequestSchema,
  US_STATE_CODES,
  zipSchema,
} from '../domain/validation';
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
import { customerContactSchema } from './contact';
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
import { goalSchema, updateUserInfoRequestSchema, userInfoSchema } from './userInfo';

// Raw input is bounded before normalising (trimming may shorten it; the domain rule then checks 255).
// (the domain's emailSchema preprocesses unknown input; here the wire type stays a string).
const email = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .max(EMAIL_MAX_LENGTH * 2)
  .transform(normalizeEmail)
  .refine(isValidEmail, { message: EMAIL_INVALID_MESSAGE });
const password = z.string().max(PASSWORD_MAX_LENGTH).pipe(passwordSchema);
const oobCode = z.string().min(1).max(OOB_CODE_MAX_LENGTH);

const birthdate = isoDateSchema.refine((value) => isValidBirthdate(value, new Date()), {
  message: BIRTHDATE_INVALID_KEY,
});

// spec 000 §3.4 and §2.5: the editable contact fields; Email (email change request), MailingCountry (read-only)
// and the CRM-owned fields are refused by strictness.
export const updateCustomerContactRequestSchema = z
  .object({
    FirstName: shortTextSchema.trim().min(1),
    MiddleName: shortTextSchema.trim().nullable(),
    LastName: shortTextSchema.trim().min(1),
    MobilePhone: z.string().max(32).pipe(phoneSchema).nullable(),
    Birthdate: birthdate.nullable(),
    Social_Security_Number__c: z.string().max(32).pipe(ssnSchema),
    MailingStreet: addressSchema.shape.street1,
    MailingCity: addressSchema.shape.city,
    MailingStateCode: z.enum(US_STATE_CODES),
    MailingPostalCode: z.string().max(16).pipe(zipSchema),
    DoNotCall: z.boolean(),
    Do_Not_SMS__c: z.boolean(),
    SMS_Opt_out__c: z.boolean(),
    Allow_Referral_Update__c: z.boolean(),
    Round_Opt_In__c: z.boolean(),
    Link_Bank_Acct_Opt_Out__c: z.boolean(),
    Switch_Referral__c: z.boolean(),
    realtor: z.object({ FirstName: shortTextSchema.trim(), LastName: shortTextSchema.trim() }).strict(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'at least one field is required' });

// spec 000 §9: batches of at most 10 plus the 'Too many errors...' line on overflow.
export const ERROR_REPORT_REQUEST_MAX_ITEMS = ERROR_REPORT_BATCH_MAX + 1;
export const errorReportItemSchema = z
  .object({
    message: z.string().min(1).max(ERROR_MESSAGE_MAX_LENGTH),
    extra: z
      .record(z.string().max(100), z.unknown())
      .refine((value) => JSON.stringify(value).length <= ERROR_EXTRA_MAX_JSON_LENGTH, {
        message: 'extra is too large',
      })
      .optional(),
  })
  .strict();

export const signInFailureReasonSchema = z.enum(['sso', 'migration', 'newViaApi', 'other']);
export const resetCodeStatusSchema = z.enum(['current', 'expired', 'invalid']);
export const recoverEmailResultSchema = z.enum(['success', 'expired', 'email-in-use', 'not-found']);

export type CallableAccess = 'public' | 'signedIn';
export interface CallableContract<A extends CallableAccess, Req extends z.ZodType, Res extends z.ZodType> {
  /** 'public' callables run for signed-out visitors too; every other one refuses them ('unauthenticated'). */
  access: A;
  request: Req;
  response: Res;
}
const contract = <A extends CallableAccess, Req extends z.ZodType, Res extends z.ZodType>(
  access: A,
  request: Req,
  response: Res,
): CallableContract<A, Req, Res> => ({ access, request, response });

export const callables = {
  // spec 000 §4.3: true means the new account may sign in directly; false shows the verification notice.
  signUp: contract('public', z.object({ email, password }).strict(), z.boolean()),
  checkSignInFailureReason: contract(
    'public',
    z.object({ email }).strict(),
    z.object({ reason: signInFailureReasonSchema, providerIds: z.array(z.string()) }),
  ),
  resetPasswordByEmail: contract('public', z.object({ email }).strict(), z.object({ sent: z.literal(true) })),
  validateResetPassword: contract(
    'public',
    z.object({ email, oobCode }).strict(),
    z.object({ status: resetCodeStatusSchema }),
  ),
  recoverEmail: contract(
    'public',
    z.object({ id: oobCode }).strict(),
    z.object({ result: recoverEmailResultSchema, email: z.string().optional() }),
  ),
  removeMigrationClaim: contract('signedIn', noPayloadSchema, okResponseSchema),
  resyncCustomClaims: contract('signedIn', noPayloadSchema, okResponseSchema),
  elevatePermissions: contract('signedIn', noPayloadSchema, z.object({ token: z.string().min(1) })),
  // CRM link-in (spec 000 §2.2): the CRM user is not signed in to the app yet; the CRM session is the credential.
  createSalesforceToken: contract('public', createSalesforceTokenRequestSchema, customTokenResponseSchema),
  storeLastSignIn: contract('signedIn', noPayloadSchema, z.object({ stored: z.boolean() })),
  setUILang: contract('signedIn', z.object({ lang: uiLangSchema }).strict(), okResponseSchema),
  // Errors can happen before sign-in (sign-in page, handler pages), so reporting is public.
  reportError: contract(
    'public',
    z.array(errorReportItemSchema).min(1).max(ERROR_REPORT_REQUEST_MAX_ITEMS),
    z.object({ stored: z.number().int().min(0) }),
  ),
  // The support contact form is on /contact too, which signed-out visitors reach (spec 000 §2.2).
  createContactRequest: contract(
    'public',
    z.object({ message: supportRequestSchema.shape.message, email }).strict(),
    z.object({ id: idSchema }),
  ),
  getCustomerContact: contract('signedIn', noPayloadSchema, customerContactSchema),
  updateCustomerContact: contract('signedIn', updateCustomerContactRequestSchema, customerContactSchema),
  getUserInfo: contract('signedIn', noPayloadSchema, userInfoSchema),
  updateUserInfo: contract('signedIn', updateUserInfoRequestSchema, userInfoSchema),
  // Onboarding (spec 001 §4, spec 002 §4, §7; shapes in ./onboarding). Contract polling and quick sign-up run
  // before an account exists, so their contact-id calls are public.
  getContractLink: contract('signedIn', noPayloadSchema, contractLinkResponseSchema),
  getContractLinkAnonymously: contract('public', contactIdRequestSchema, contractLinkResponseSchema),
  getContractSigningUrl: contract('signedIn', noPayloadSchema, contractSigningUrlResponseSchema),
  getContactAnonymously: contract('public', contactIdRequestSchema, quickSignUpContactSchema),
  getAuthorizations: contract('signedIn', noPayloadSchema, authorizationsResponseSchema),
  updateAuthorizations: contract('signedIn', updateAuthorizationsRequestSchema, authorizationsResponseSchema),
  createGoal: contract('signedIn', createGoalRequestSchema, goalSchema),
  completeIntake: contract('signedIn', noPayloadSchema, completeIntakeResponseSchema),
  calculateReadinessScore: contract('signedIn', calculateReadinessScoreRequestSchema, readinessScoreSchema),
  getReadinessScore: contract('signedIn', noPayloadSchema, readinessScoreSchema.nullable()),
  getInvestigationSummaries: contract('signedIn', noPayloadSchema, investigationSummariesResponseSchema),
  getWidgetUrl: contract('signedIn', widgetUrlRequestSchema, widgetUrlResponseSchema),
  getConnectedInstitutions: contract('signedIn', noPayloadSchema, connectedInstitutionsResponseSchema),
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
