// Bad input (ARCHITECTURE.md "Backend"): every callable refuses malformed payloads with invalid-argument and writes nothing;
// the non-public ones refuse signed-out callers. Each callable runs in the test process as the Functions runtime runs
// it, against the emulators' Firestore and Auth: through the functions emulator, each callable's first call would
// start a worker process of its own (four minutes for the ninety callables on a 2-core machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callables, callableNames, type CallableName } from '../../src/contract/callables';
import { loadSeed } from '../../seed/load';
import { adminDb, backendFingerprint, callRaw, clientApp, closeClientApps, createCustomer, failureOf, PROJECT_ID, signedInApp } from '../support/emulator';

const long = (length: number) => 'x'.repeat(length);
const EMAIL = 'someone@test.example';
const PASSWORD = 'Good-Password-1!';
const notAnObject = ['just text', 42, [1]];
const unknownField = { surprise: true };

// The dispute calls' payload parts (src/contract/disputes.ts) and the v2-only requests' bad cases.
const REASON_ENTRY = { id: 'inv-1', itemIds: ['EQUIFAX-1'], disputeIds: [], type: 'COLLECTIONS_OTHER', reason: 'not_mine', reasonOptions: [] };
const CHALLENGED_ENTRY = { id: 'inv-1', itemIds: ['EQUIFAX-1'], challengeReasonSelected: false };
// The document calls' payload parts (src/contract/documents.ts): a valid form and announced file to break one field of.
const DOCUMENT_FORM = { category: 'taxes', fileType: 'w2', year: new Date().getFullYear() - 1, documentDate: null, comments: '' };
const ANNOUNCED_FILE = { name: 'W-2.pdf', size: 1_000, mimeType: 'application/pdf' };
// The billing calls' valid requests (src/contract/billing.ts), to break one field of.
const PROFILE_REQUEST = {
  siteId: 'APP',
  email: EMAIL,
  opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque' },
  sfContactId: '003ABC',
  firstName: 'Ana',
  lastName: 'Lopez',
  address: '1 Main St',
  zip: '89509',
  country: 'US',
};
const CHARGE_REQUEST = { siteId: 'APP', idempotencyKey: '0b5f3f0e-8a4b-4b7a-9d1e-2a1f3c4d5e6f', itemId: 'RECURRING_FEE', amount: 9_900 };
const v2Only: readonly [string, unknown][] = [
  ['missing v2', {}],
  ['v2 false', { v2: false }],
  ['unknown field', { v2: true, ...unknownField }],
  ['not an object', 'text'],
];

// For each callable: payloads that miss fields, carry wrong types, oversized strings or unknown fields.
const BAD_PAYLOADS: Record<CallableName, readonly [string, unknown][]> = {
  signUp: [
    ['missing password', { email: EMAIL }],
    ['wrong email type', { email: 7, password: PASSWORD }],
    ['oversized email', { email: `${long(600)}@test.example`, password: PASSWORD }],
    ['weak password', { email: EMAIL, password: 'weak' }],
    ['oversized password', { email: EMAIL, password: `Aa1!${long(300)}` }],
    ['unknown field', { email: EMAIL, password: PASSWORD, ...unknownField }],
  ],
  signUpWithProvider: [
    ['missing token', {}],
    ['empty token', { idToken: '' }],
    ['wrong token type', { idToken: 7 }],
    ['oversized token', { idToken: long(9_000) }],
    ['unknown field', { idToken: 'token', ...unknownField }],
  ],
  discardProviderIdentity: [
    ['missing token', {}],
    ['empty token', { idToken: '' }],
    ['oversized token', { idToken: long(9_000) }],
    ['unknown field', { idToken: 'token', ...unknownField }],
  ],
  checkSignInFailureReason: [
    ['missing email', {}],
    ['wrong type', { email: ['a@b.co'] }],
    ['oversized email', { email: `${long(600)}@test.example` }],
    ['unknown field', { email: EMAIL, ...unknownField }],
  ],
  resetPasswordByEmail: [
    ['missing email', {}],
    ['invalid email', { email: 'not-an-email' }],
    ['oversized email', { email: `${long(600)}@test.example` }],
    ['unknown field', { email: EMAIL, ...unknownField }],
  ],
  validateResetPassword: [
    ['missing oobCode', { email: EMAIL }],
    ['wrong oobCode type', { email: EMAIL, oobCode: 12 }],
    ['oversized oobCode', { email: EMAIL, oobCode: long(1_001) }],
    ['unknown field', { email: EMAIL, oobCode: 'abc', ...unknownField }],
  ],
  recoverEmail: [
    ['missing id', {}],
    ['wrong id type', { id: 5 }],
    ['oversized id', { id: long(1_001) }],
    ['unknown field', { id: 'abc', ...unknownField }],
  ],
  removeMigrationClaim: [['unknown field', unknownField], ...notAnObject.map((value) => ['not an object', value] as [string, unknown])],
  resyncCustomClaims: [['unknown field', unknownField], ['not an object', 'text']],
  elevatePermissions: [['unknown field', unknownField], ['not an object', 42]],
  createSalesforceToken: [
    ['missing sessionId', { userId: '005U', contactId: '003C' }],
    ['empty contactId', { userId: '005U', sessionId: '00D!S', contactId: '' }],
    ['wrong userId type', { userId: 5, sessionId: '00D!S', contactId: '003C' }],
    ['oversized sessionId', { userId: '005U', sessionId: long(513), contactId: '003C' }],
    ['unknown field', { userId: '005U', sessionId: '00D!S', contactId: '003C', ...unknownField }],
  ],
  storeLastSignIn: [['unknown field', unknownField], ['not an object', [1]]],
  setUILang: [
    ['missing lang', {}],
    ['unsupported lang', { lang: 'fr' }],
    ['wrong type', { lang: 1 }],
    ['unknown field', { lang: 'es', ...unknownField }],
  ],
  reportError: [
    ['empty batch', []],
    ['not an array', { message: 'boom' }],
    ['item without message', [{ extra: {} }]],
    ['oversized message', [{ message: long(2_001) }]],
    ['too many items', Array.from({ length: 12 }, (_, index) => ({ message: `error ${index}` }))],
    ['unknown field in an item', [{ message: 'boom', ...unknownField }]],
  ],
  createContactRequest: [
    ['missing message', { email: EMAIL }],
    ['message under 4 characters', { message: 'abc', email: EMAIL }],
    ['message over 500 characters', { message: long(501), email: EMAIL }],
    ['invalid email', { message: 'Please call me back', email: 'nope' }],
    ['unknown field', { message: 'Please call me back', email: EMAIL, ...unknownField }],
  ],
  getCustomerContact: [['unknown field', unknownField], ['not an object', 'text']],
  updateCustomerContact: [
    ['no fields', {}],
    ['email is not editable here', { Email: 'new@test.example' }],
    ['mailing country is read-only', { MailingCountry: 'CA' }],
    ['oversized name', { FirstName: long(256) }],
    ['oversized street', { MailingStreet: long(256) }],
    ['phone not in 000-000-0000', { MobilePhone: '5551234' }],
    ['invalid SSN', { Social_Security_Number__c: '12-34' }],
    ['invalid ZIP', { MailingPostalCode: '1234' }],
    ['wrong flag type', { DoNotCall: 'yes' }],
    ['unknown field', { FirstName: 'Ana', ...unknownField }],
  ],
  getUserInfo: [['unknown field', unknownField], ['not an object', 42]],
  updateUserInfo: [
    ['neither personalInfo nor goal', {}],
    ['goal without properties', { goal: { id: 'goal-1' } }],
    ['personal info without id', { personalInfo: { annualIncome: 50_000 } }],
    ['wrong income type', { personalInfo: { id: 'pi-1', annualIncome: 'lots' } }],
    ['unknown goal property', { goal: { id: 'goal-1', properties: { favouriteColour: 'blue' } } }],
    ['oversized city', { goal: { id: 'goal-1', properties: { purchaseCity: long(256) } } }],
    ['unknown field', { goal: { id: 'goal-1', properties: {} }, ...unknownField }],
    ['negative savings', { goal: { id: 'goal-1', properties: { currentSavings: -1 } } }],
    ['cash amount of 0', { goal: { id: 'goal-1', properties: { cashOut: true, cashAmount: 0 } } }],
    ['amount above the maximum', { goal: { id: 'goal-1', properties: { purchasePrice: 100_000_001 } } }],
    ['state not in the list', { goal: { id: 'goal-1', properties: { purchaseState: 'XX' } } }],
    ['unknown employment status', { personalInfo: { id: 'pi-1', employmentStatus: 'astronaut' } }],
  ],
  getContractLink: [['unknown field', unknownField], ['not an object', 'text']],
  getContractLinkAnonymously: [
    ['missing contactId', {}],
    ['wrong contactId type', { contactId: 5 }],
    ['oversized contactId', { contactId: long(129) }],
    ['unknown field', { contactId: '003ABC', ...unknownField }],
  ],
  getContractSigningUrl: [['unknown field', unknownField], ['not an object', 42]],
  getContactAnonymously: [
    ['missing contactId', {}],
    ['empty contactId', { contactId: '' }],
    ['oversized contactId', { contactId: long(129) }],
    ['unknown field', { contactId: '003ABC', ...unknownField }],
  ],
  getAuthorizations: [['unknown field', unknownField], ['not an object', [1]]],
  updateAuthorizations: [
    ['a required box not ticked', { DoNotCall: false, Allow_Referral_Update__c: false, agreedToPII: true, Round_Opt_In__c: false }],
    ['missing PII agreement', { DoNotCall: false, Allow_Referral_Update__c: true, Round_Opt_In__c: false }],
    ['wrong SMS opt-out type', { DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: false, SMS_Opt_out__c: 'no' }],
    ['unknown field', { DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: false, ...unknownField }],
    ['no communication toggle', { communications: {} }],
    ['wrong toggle type', { communications: { DoNotCall: 'yes' } }],
    ['a contact field that is not a toggle', { communications: { Email: EMAIL } }],
    ['toggles with the acceptance', { communications: { DoNotCall: true }, agreedToPII: true }],
  ],
  // Settings: the full SSN, the email change and its confirmation, the security flags.
  getSocialSecurityNumber: [['unknown field', unknownField], ['not an object', 'text']],
  changeEmail: [
    ['missing newEmail', { siteId: 'APP' }],
    ['missing siteId', { newEmail: EMAIL }],
    ['site id not in capitals', { siteId: 'app', newEmail: EMAIL }],
    ['wrong newEmail type', { siteId: 'APP', newEmail: ['a@b.co'] }],
    ['oversized newEmail', { siteId: 'APP', newEmail: `${long(600)}@test.example` }],
    ['unknown field', { siteId: 'APP', newEmail: EMAIL, ...unknownField }],
  ],
  confirmEmailChange: [
    ['missing oobCode', {}],
    ['empty oobCode', { oobCode: '' }],
    ['wrong oobCode type', { oobCode: 5 }],
    ['oversized oobCode', { oobCode: long(1_001) }],
    ['unknown field', { oobCode: 'abc', ...unknownField }],
  ],
  clearWeakPasswordFlag: [['unknown field', unknownField], ['not an object', 'text']],
  clearPasswordReset: [['unknown field', unknownField], ['not an object', [1]]],
  createGoal: [
    ['missing type', {}],
    ['unsupported goal type', { type: 'boat_loan' }],
    ['wrong type', { type: 1 }],
    ['unknown field', { type: 'refinance', ...unknownField }],
  ],
  completeIntake: [['unknown field', unknownField], ['not an object', 'text']],
  calculateReadinessScore: [
    ['missing isFirstScore', {}],
    ['wrong isFirstScore type', { isFirstScore: 'yes' }],
    ['unknown field', { isFirstScore: true, ...unknownField }],
  ],
  getReadinessScore: [['unknown field', unknownField], ['not an object', 42]],
  getInvestigationSummaries: [['unknown field', unknownField], ['not an object', 'text']],
  getWidgetUrl: [
    ['missing widgetName', {}],
    ['unknown widget', { widgetName: 'transfers' }],
    ['unknown field', { widgetName: 'connect', ...unknownField }],
  ],
  getConnectedInstitutions: [['unknown field', unknownField], ['not an object', [1]]],
  getGoodStandingAccounts: [
    ['missing creditDisplayId', {}],
    ['empty creditDisplayId', { creditDisplayId: '' }],
    ['oversized creditDisplayId', { creditDisplayId: long(200) }],
    ['unknown field', { creditDisplayId: 'display-1', ...unknownField }],
  ],
  updateCreditBalance: [
    ['missing show', { id: 'acct-1' }],
    ['show not a boolean', { id: 'acct-1', show: 'false' }],
    ['oversized id', { id: long(200), show: true }],
    ['unknown field', { id: 'acct-1', show: true, ...unknownField }],
  ],
  updateAdditionalDebtPayment: [
    ['missing amount', {}],
    ['amount as text', { additionalMonthlyDebtPayment: '150' }],
    ['amount over the maximum', { additionalMonthlyDebtPayment: 1_000_001 }],
    ['unknown field', { additionalMonthlyDebtPayment: 10, ...unknownField }],
  ],
  getMortgages: [['unknown field', unknownField], ['not an object', 'text']],
  getSavingsInfoHistory: [
    ['unknown field', unknownField],
    ['not an object', 'text'],
    ['days not a number', { days: '90' }],
    ['days not whole', { days: 30.5 }],
    ['days under the minimum', { days: 6 }],
    ['days over the maximum', { days: 366 }],
  ],
  getCreditReport: [
    ['missing source', {}],
    ['unknown bureau', { source: 'innovis' }],
    ['bureau in upper case', { source: 'EQUIFAX' }],
    ['wrong source type', { source: 3 }],
    ['empty kbaLinkId', { source: 'equifax', kbaLinkId: '' }],
    ['oversized kbaLinkId', { source: 'combined', kbaLinkId: long(129) }],
    ['unknown field', { source: 'equifax', ...unknownField }],
  ],
  listCreditReports: [['unknown field', unknownField], ['not an object', 'text']],
  getInitialReport: [['unknown field', unknownField], ['a user id is not a payload here', { userId: 'uid-1' }], ['not an object', 'text']],
  getReport: [
    ['missing id', { userId: 'uid-1', source: 'combined' }],
    ['missing userId', { id: 'report-1', source: 'combined' }],
    ['missing source', { id: 'report-1', userId: 'uid-1' }],
    ['empty id', { id: '', userId: 'uid-1', source: 'combined' }],
    ['a path in the id', { id: 'x/../y', userId: 'uid-1', source: 'combined' }],
    ['oversized id', { id: long(129), userId: 'uid-1', source: 'combined' }],
    ['empty userId', { id: 'report-1', userId: '', source: 'combined' }],
    ['wrong userId type', { id: 'report-1', userId: 42, source: 'combined' }],
    ['unknown bureau', { id: 'report-1', userId: 'uid-1', source: 'innovis' }],
    ['unknown field', { id: 'report-1', userId: 'uid-1', source: 'equifax', ...unknownField }],
    ['not an object', 'report-1'],
  ],
  getCreditScoreHistory: [
    ['unknown field', unknownField],
    ['wrong kbaLinkId type', { kbaLinkId: 7 }],
    ['not an object', 'text'],
  ],
  getCreditDisplayTokens: [['unknown field', unknownField], ['not an object', 42]],
  getCreditDisplay: [['unknown field', unknownField], ['not an object', [1]]],
  getCreditReportPdf: [['missing language', {}], ['unknown language', { lang: 'fr' }], ['unknown field', { lang: 'en', ...unknownField }]],
  orderReport: [['unknown field', unknownField], ['a bureau is not a payload here', { source: 'equifax' }], ['not an object', 'text']],
  arrayKBA: [
    ['unknown command', { command: 'skip-questions', id: 'kba-1' }],
    ['missing command', { id: 'kba-1' }],
    ['missing id', { command: 'get-questions' }],
    ['missing authToken', { command: 'submit-answers', id: 'kba-1', answers: { q1: 'a1' } }],
    ['answers not a record', { command: 'submit-answers', id: 'kba-1', authToken: 'token', answers: ['a1', 'a2'] }],
    ['answer id not text', { command: 'submit-answers', id: 'kba-1', authToken: 'token', answers: { q1: 2 } }],
    [
      'more answers than questions a set can have',
      { command: 'submit-answers', id: 'kba-1', authToken: 'token', answers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i}`, 'a'])) },
    ],
    ['unknown field', { command: 'get-questions', id: 'kba-1', ...unknownField }],
  ],
  // Disputes: a reason not offered anywhere, an unknown category or secondary reason, another
  // customer's ids (tests/functions/disputes.test.ts: refused as not-found with nothing written) and a paused
  // customer's challenge are refused by the handlers; here, what the contract itself refuses.
  getInvestigationDetails: v2Only,
  updateInvestigationReasons: [
    ['missing v2', { investigations: [REASON_ENTRY] }],
    ['empty list', { investigations: [], v2: true }],
    ['unknown reason', { investigations: [{ ...REASON_ENTRY, reason: 'because' }], v2: true }],
    ['unknown category', { investigations: [{ ...REASON_ENTRY, type: 'MORTGAGES' }], v2: true }],
    ['unknown secondary reason', { investigations: [{ ...REASON_ENTRY, reasonOptions: ['wrong_colour'] }], v2: true }],
    ['no itemIds', { investigations: [{ ...REASON_ENTRY, itemIds: [] }], v2: true }],
    ['more itemIds than bureaus', { investigations: [{ ...REASON_ENTRY, itemIds: ['a', 'b', 'c', 'd'] }], v2: true }],
    ['oversized id', { investigations: [{ ...REASON_ENTRY, id: long(1_001) }], v2: true }],
    ['waiver not a boolean', { investigations: [{ ...REASON_ENTRY, waiverAccepted: 'yes' }], v2: true }],
    ['too many entries', { investigations: Array.from({ length: 201 }, (_, index) => ({ ...REASON_ENTRY, id: `inv-${index}` })), v2: true }],
    ['unknown field in an entry', { investigations: [{ ...REASON_ENTRY, ...unknownField }], v2: true }],
  ],
  challengeAllInvestigations: v2Only,
  updateInvestigationsChallenged: [
    ['missing v2', { investigations: [CHALLENGED_ENTRY] }],
    ['empty list', { investigations: [], v2: true }],
    ['missing challengeReasonSelected', { investigations: [{ id: 'inv-1', itemIds: ['EQUIFAX-1'] }], v2: true }],
    ['challengeReasonSelected not a boolean', { investigations: [{ ...CHALLENGED_ENTRY, challengeReasonSelected: 'yes' }], v2: true }],
    ['no itemIds', { investigations: [{ ...CHALLENGED_ENTRY, itemIds: [] }], v2: true }],
    ['unknown field in an entry', { investigations: [{ ...CHALLENGED_ENTRY, ...unknownField }], v2: true }],
  ],
  checkIfDisputesPaused: v2Only,
  setIsDisputesPaused: [
    ['missing isPaused', { v2: true }],
    ['isPaused not a boolean', { isPaused: 'yes', v2: true }],
    ['missing v2', { isPaused: true }],
    ['unknown field', { isPaused: true, v2: true, ...unknownField }],
  ],
  listDisputePdfs: v2Only,
  getDisputePdf: [
    ['no letter named', { v2: true }],
    ['unknown bureau', { bureau: 'INNOVIS', documentId: 'LTR-1', v2: true }],
    ['document id without its bureau', { documentId: 'LTR-1', v2: true }],
    ['v2 letter without v2', { bureau: 'EQUIFAX', documentId: 'LTR-1' }],
    ['empty contentVersionId', { contentVersionId: '' }],
    ['unknown field', { contentVersionId: '068000000000001', ...unknownField }],
  ],
  markInvestigationsViewed: [
    ['missing ids', {}],
    ['empty ids', { ids: [] }],
    ['id not text', { ids: [1] }],
    ['unknown field', { ids: ['inv-1'], ...unknownField }],
  ],
  updateAction: [
    ['missing status', { actionId: 'act-1' }],
    ["a status a customer does not set", { actionId: 'act-1', status: 'completed_by_agent' }],
    ['empty actionId', { actionId: '', status: 'active' }],
    ['unknown field', { actionId: 'act-1', status: 'active', ...unknownField }],
  ],
  getActions: [
    ['limitActive above 3', { limitActive: 4 }],
    ['limitActive of 0', { limitActive: 0 }],
    ['limitComplete as text', { limitComplete: '5' }],
    ['offset beyond 14 hours', { utcOffsetMinutes: 15 * 60 }],
    ['unknown field', unknownField],
  ],
  markActionsViewed: [
    ['missing ids', {}],
    ['empty ids', { ids: [] }],
    ['empty id', { ids: [''] }],
    ['more than 50 ids', { ids: Array.from({ length: 51 }, (_, index) => `act-${index}`) }],
    ['unknown field', { ids: ['act-1'], ...unknownField }],
  ],
  getAgentMessage: [['unknown field', unknownField], ['not an object', 'text']],
  calculateActions: [['unknown field', unknownField], ['not an object', 'text']],
  getArrayUserToken: [['unknown field', unknownField], ['not an object', 'text']],
  markAgentMessageViewed: [
    ['missing name', {}],
    ['empty name', { name: '' }],
    ['name not text', { name: 7 }],
    ['unknown field', { name: 'msg-1', ...unknownField }],
  ],
  getReadinessScoreHistory: [['unknown field', unknownField], ['not an object', [1]]],
  getReferralPageData: [
    ['missing contactId', {}],
    ['empty contactId', { contactId: '' }],
    ['contactId not text', { contactId: 42 }],
    ['unknown field', { contactId: 'CT-1', ...unknownField }],
  ],
  updateSavings: [
    ['missing goalId', { currentSavings: 100 }],
    ['negative savings', { goalId: 'goal-1', currentSavings: -1 }],
    ['savings above the maximum', { goalId: 'goal-1', currentSavings: 100_000_001 }],
    ['savings as text', { goalId: 'goal-1', currentSavings: '100' }],
    ['unknown field', { goalId: 'goal-1', currentSavings: 100, ...unknownField }],
  ],
  getDocuments: [['unknown field', unknownField], ['not an object', 'text']],
  getChecklist: [['unknown field', unknownField], ['not an object', [1]]],
  getDocumentUrl: [
    ['missing action', { documentId: 'doc-1' }],
    ['unknown action', { documentId: 'doc-1', action: 'print' }],
    ['empty documentId', { documentId: '', action: 'view' }],
    ['oversized documentId', { documentId: long(1_001), action: 'view' }],
    ['unknown field', { documentId: 'doc-1', action: 'view', ...unknownField }],
  ],
  createDocumentUpload: [
    ['missing file', { document: DOCUMENT_FORM }],
    ['missing document', { file: ANNOUNCED_FILE }],
    ['empty file', { document: DOCUMENT_FORM, file: { ...ANNOUNCED_FILE, size: 0 } }],
    ['file over 20,000,000 bytes', { document: DOCUMENT_FORM, file: { ...ANNOUNCED_FILE, size: 20_000_001 } }],
    ['type not stored', { document: DOCUMENT_FORM, file: { ...ANNOUNCED_FILE, mimeType: 'text/html' } }],
    ['empty file name', { document: DOCUMENT_FORM, file: { ...ANNOUNCED_FILE, name: '' } }],
    ['tax type without a year', { document: { ...DOCUMENT_FORM, year: null }, file: ANNOUNCED_FILE }],
    ['year outside the two prior years', { document: { ...DOCUMENT_FORM, year: new Date().getFullYear() }, file: ANNOUNCED_FILE }],
    ['type of another category', { document: { ...DOCUMENT_FORM, fileType: 'bank' }, file: ANNOUNCED_FILE }],
    ['issue date in the future', { document: { ...DOCUMENT_FORM, category: 'other', fileType: 'other', year: null, documentDate: '2999-01-01' }, file: ANNOUNCED_FILE }],
    ['oversized comments', { document: { ...DOCUMENT_FORM, comments: long(1_001) }, file: ANNOUNCED_FILE }],
    ['unknown form field', { document: { ...DOCUMENT_FORM, ...unknownField }, file: ANNOUNCED_FILE }],
    ['unknown field', { document: DOCUMENT_FORM, file: ANNOUNCED_FILE, ...unknownField }],
  ],
  cancelDocumentUpload: [
    ['missing uploadId', {}],
    ['wrong uploadId type', { uploadId: 7 }],
    ['unknown field', { uploadId: 'upload-1', ...unknownField }],
  ],
  updateDocument: [
    ['missing document', { documentId: 'doc-1' }],
    ['missing documentId', { document: DOCUMENT_FORM }],
    ['tax type without a year', { documentId: 'doc-1', document: { ...DOCUMENT_FORM, year: null } }],
    ['year outside the two prior years', { documentId: 'doc-1', document: { ...DOCUMENT_FORM, year: new Date().getFullYear() - 3 } }],
    ['date not a day', { documentId: 'doc-1', document: { ...DOCUMENT_FORM, category: 'other', fileType: 'other', year: null, documentDate: '2026-02-30' } }],
    ['unknown field', { documentId: 'doc-1', document: DOCUMENT_FORM, ...unknownField }],
  ],
  deleteDocument: [
    ['missing id', {}],
    ['empty id', { id: '' }],
    ['unknown field', { id: 'doc-1', ...unknownField }],
  ],
  devTools: [
    ['unknown command', { command: 'eraseEverything' }],
    ['no days', { command: 'advanceDisputes' }],
    ['days below 1', { command: 'advanceDisputes', days: 0 }],
    ['days above 90', { command: 'advanceDisputes', days: 91 }],
    ['days not whole', { command: 'advanceDisputes', days: 1.5 }],
    ['unknown field', { command: 'advanceDisputes', days: 1, ...unknownField }],
    ['getAllActions with an argument', { command: 'getAllActions', ...unknownField }],
    ['delete without categories', { command: 'delete' }],
    ['delete with no category', { command: 'delete', categories: [] }],
    ['delete of an unknown category', { command: 'delete', categories: ['everything'] }],
    ['setActions without actions', { command: 'setActions' }],
    ['setActions with an unknown type', { command: 'setActions', actions: [{ name: 'Call', type: 'dance' }] }],
    ['setActions with an unknown status', { command: 'setActions', actions: [{ name: 'Call', type: 'call_agent', status: 'done' }] }],
    ['setActions with an empty name', { command: 'setActions', actions: [{ name: '', type: 'call_agent' }] }],
    ['setActions with too many actions', { command: 'setActions', actions: Array.from({ length: 21 }, () => ({ name: 'Call', type: 'call_agent' })) }],
    ['toggleV2 with a value', { command: 'toggleV2', v2Disputes: true }],
    ['startTestPlan without a plan', { command: 'startTestPlan' }],
    ['startTestPlan with an oversized id', { command: 'startTestPlan', testPlanId: long(1_001) }],
    ['completeTestPlanStep without a step', { command: 'completeTestPlanStep', testPlanId: 'plan-1' }],
    ['completeTestPlanStep with a negative step', { command: 'completeTestPlanStep', testPlanId: 'plan-1', step: -1 }],
    ['completeTestPlanStep with a step past 49', { command: 'completeTestPlanStep', testPlanId: 'plan-1', step: 50 }],
    ['completeTestPlanStep with a step as text', { command: 'completeTestPlanStep', testPlanId: 'plan-1', step: '0' }],
  ],
  // Called by a developer (the permission is checked before the payload).
  setUser: [
    ['unknown command', { command: 'promote' }],
    ['no overrides', { command: 'override', overrides: {} }],
    ['unknown role', { command: 'override', overrides: { role: 'king' } }],
    ['unknown field', { command: 'restore', ...unknownField }],
    ['unknown override', { command: 'override', overrides: { isAdmin: true } }],
    ['unknown product line', { command: 'override', overrides: { productLine: 'Platinum' } }],
    ['claim that cannot be overridden', { command: 'override', overrides: { claims: { isAgent: true } } }],
    ['developer flag as text', { command: 'override', overrides: { isDeveloper: 'yes' } }],
    ['overrides on restore', { command: 'restore', overrides: { role: 'admin' } }],
  ],
  // Billing: card fields named anywhere are refused like any unknown field (src/domain/payments.ts
  // FORBIDDEN_CARD_DATA_KEYS); the opaque value is the only card data a request carries.
  getContactPaymentData: [['unknown field', unknownField], ['card number', { cardNumber: '4111111111111111' }], ['not an object', 'text']],
  updateCustomerPaymentProfile: [
    ['missing opaque value', { ...PROFILE_REQUEST, opaqueValue: undefined }],
    ['empty email', { ...PROFILE_REQUEST, email: '' }],
    ['missing contact id', { ...PROFILE_REQUEST, sfContactId: undefined }],
    ['site id not in capitals', { ...PROFILE_REQUEST, siteId: 'app' }],
    ['bad ZIP', { ...PROFILE_REQUEST, zip: '123' }],
    ['oversized opaque value', { ...PROFILE_REQUEST, opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: long(9_000) } }],
    ['card number beside the opaque value', { ...PROFILE_REQUEST, cardNumber: '4111111111111111' }],
    ['security code inside the opaque value', { ...PROFILE_REQUEST, opaqueValue: { ...PROFILE_REQUEST.opaqueValue, cardCode: '123' } }],
    ['unknown field', { ...PROFILE_REQUEST, ...unknownField }],
  ],
  chargePayment: [
    ['missing idempotency key', { ...CHARGE_REQUEST, idempotencyKey: undefined }],
    ['idempotency key not a UUID', { ...CHARGE_REQUEST, idempotencyKey: 'key-1' }],
    ['unknown item', { ...CHARGE_REQUEST, itemId: 'GIFT_CARD' }],
    ['fractional amount', { ...CHARGE_REQUEST, amount: 99.5 }],
    ['negative amount', { ...CHARGE_REQUEST, amount: -100 }],
    ['amount as text', { ...CHARGE_REQUEST, amount: '9900' }],
    ['card fields', { ...CHARGE_REQUEST, cardNumber: '4111111111111111', cvv: '123', month: '12', year: '2030' }],
    ['unknown field', { ...CHARGE_REQUEST, ...unknownField }],
  ],
  selfOnboardCard: [
    ['missing transaction id', { siteId: 'APP', idempotencyKey: CHARGE_REQUEST.idempotencyKey }],
    ['oversized transaction id', { siteId: 'APP', idempotencyKey: CHARGE_REQUEST.idempotencyKey, transactionId: long(65) }],
    ['card fields of the spec payload', { siteId: 'APP', idempotencyKey: CHARGE_REQUEST.idempotencyKey, transactionId: null, cardNumber: '4111111111111111', cvv: '123' }],
    ['unknown field', { siteId: 'APP', idempotencyKey: CHARGE_REQUEST.idempotencyKey, transactionId: null, ...unknownField }],
  ],
  requestCancellation: [['unknown field', unknownField], ['not an object', 42]],
  getSecureSFURL: [
    ['unknown request', { request: 'getEverything', returnPath: '/settings/billing' }],
    ['absolute return URL', { request: 'getSecureBillingInformationURL', returnPath: 'https://evil.example/' }],
    ['missing return path', { request: 'getSecureBillingInformationURL' }],
    ['card number', { request: 'getSecureBillingInformationURL', returnPath: '/settings/billing', pan: '4111111111111111' }],
  ],
  // The learning and support centers (src/contract/content.ts). An unknown category or slug that is well formed is
  // not bad input but not-found (tests/functions/content.test.ts).
  getContentHome: [
    ['missing lang', { area: 'learning' }],
    ['unknown area', { area: 'blog', lang: 'en' }],
    ['unsupported lang', { area: 'support', lang: 'fr' }],
    ['unknown field', { area: 'learning', lang: 'en', ...unknownField }],
  ],
  getContentCategory: [
    ['missing category', { area: 'learning', lang: 'en' }],
    ['category is not a slug', { area: 'learning', category: '../admin', lang: 'en' }],
    ['oversized category', { area: 'learning', category: long(121), lang: 'en' }],
    ['page 0', { area: 'learning', category: 'credit', lang: 'en', page: 0 }],
    ['fractional page', { area: 'learning', category: 'credit', lang: 'en', page: 1.5 }],
    ['page beyond the limit', { area: 'learning', category: 'credit', lang: 'en', page: 51 }],
    ['unknown field', { area: 'learning', category: 'credit', lang: 'en', ...unknownField }],
  ],
  getContentArticle: [
    ['missing slug', { area: 'learning', category: 'home-buying', lang: 'en' }],
    ['slug with a path', { area: 'learning', category: 'home-buying', slug: 'a/b', lang: 'en' }],
    ['upper-case slug', { area: 'learning', category: 'home-buying', slug: 'What-Is-DTI', lang: 'en' }],
    ['wrong slug type', { area: 'learning', category: 'home-buying', slug: 7, lang: 'en' }],
    ['unknown field', { area: 'learning', category: 'home-buying', slug: 'x', lang: 'en', ...unknownField }],
  ],
  searchContent: [
    ['missing query', { area: 'support', lang: 'en' }],
    ['one-character query', { area: 'support', query: 'a', lang: 'en' }],
    ['blank query', { area: 'support', query: '     ', lang: 'en' }],
    ['oversized query', { area: 'support', query: long(101), lang: 'en' }],
    ['category is not a slug', { area: 'support', query: 'password', lang: 'en', category: 'My Account' }],
    ['unknown field', { area: 'support', query: 'password', lang: 'en', ...unknownField }],
  ],
};

/** A callable as the Functions runtime calls it (firebase-functions' `run`), after the HTTP layer. */
type RunnableCallable = { run(request: unknown): Promise<unknown> };
type CallerClaims = { role: string; customerContactId: string; isDeveloper?: boolean };

/** The request the Functions runtime hands a callable: the session's verified token, or none. */
function requestOf(data: unknown, caller: { uid: string; email: string; claims: CallerClaims } | null) {
  return {
    data,
    auth: caller
      ? { uid: caller.uid, token: { ...caller.claims, email: caller.email, email_verified: true, auth_time: Math.floor(Date.now() / 1_000) }, rawToken: 'test' }
      : undefined,
    rawRequest: { headers: {}, socket: { remoteAddress: '127.0.0.1' } },
    acceptsStreaming: false,
  };
}

async function refusalOf(promise: Promise<unknown>): Promise<{ code?: string; message?: string; details?: { issues?: unknown[] } }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; details?: { issues?: unknown[] } };
  }
  return { code: 'accepted' };
}

describe('bad input', () => {
  let functions: Record<string, RunnableCallable>;
  let customer: { uid: string; email: string; claims: CallerClaims };
  let developer: { uid: string; email: string; claims: CallerClaims };
  // The permission is checked before the payload: a call only a developer may make is tried by one.
  const callerFor = (name: CallableName) => (callables[name].permission === 'developerOverrides' ? developer : customer);

  beforeAll(async () => {
    await loadSeed({ projectId: PROJECT_ID });
    // The functions' environment check reads the project when the module loads: the emulators' demo project.
    process.env.GCLOUD_PROJECT ??= PROJECT_ID;
    functions = (await import('../../functions/src/index')) as unknown as Record<string, RunnableCallable>;
    const created = await createCustomer();
    customer = { uid: created.uid, email: created.email, claims: { role: 'customer', customerContactId: created.contactId } };
    const developerCustomer = await createCustomer({ claims: { role: 'customer', isDeveloper: true } });
    developer = { uid: developerCustomer.uid, email: developerCustomer.email, claims: { role: 'customer', customerContactId: developerCustomer.contactId, isDeveloper: true } };
  });
  afterAll(closeClientApps);

  it('sees any write in the backend picture it compares (a changed field, a new document)', async () => {
    const before = await backendFingerprint();
    await adminDb().doc(`users/${customer.uid}`).update({ 'settings.ui.lang': 'es' });
    const changed = await backendFingerprint();
    expect(changed).not.toBe(before);
    await adminDb().doc(`users/${customer.uid}`).update({ 'settings.ui.lang': 'en' });
    await adminDb().doc('fingerprintProbe/one').set({ at: 1 });
    expect(await backendFingerprint()).not.toBe(changed);
    await adminDb().doc('fingerprintProbe/one').delete();
  });

  it('covers every callable of the contract', () => {
    expect(Object.keys(BAD_PAYLOADS).sort()).toEqual([...callableNames].sort());
  });

  // The callables run in the test process as the Functions runtime runs them once the HTTP layer has verified the
  // session (the HTTP layer itself is what every other suite here goes through): the refusals are the callables'
  // own, and the whole backend (every document, every account) is compared before and after.
  describe('malformed payloads', () => {
    it.each(callableNames)('%s refuses malformed payloads with invalid-argument and writes nothing', async (name) => {
      const before = await backendFingerprint();
      for (const [label, payload] of BAD_PAYLOADS[name]) {
        const failure = await refusalOf(functions[name]!.run(requestOf(payload, callerFor(name))));
        expect(failure.code, label).toBe('invalid-argument');
        expect(failure.details?.issues?.length, label).toBeGreaterThan(0);
      }
      expect(await backendFingerprint()).toBe(before);
    });
  });

  describe('signed-out callers', () => {
    it.each(callableNames.filter((name) => callables[name].access === 'signedIn'))('%s refuses signed-out callers and writes nothing', async (name) => {
      const before = await backendFingerprint();
      const failure = await refusalOf(functions[name]!.run(requestOf(null, null)));
      expect(failure.code).toBe('unauthenticated');
      expect(await backendFingerprint()).toBe(before);
    });
  });

  // Through the emulators' HTTP layer, as a browser calls: the token's claims and an unexpected failure's answer.
  it('refuses a session whose claims break the claims schema', async () => {
    const odd = await createCustomer({ claims: { role: 'customer', isAgent: 'sometimes' as unknown as boolean } });
    const app = await signedInApp(odd.email, odd.password);
    const failure = await failureOf(callRaw(app, 'getUserInfo', null));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe('auth.errors.claims-invalid');
  });

  it('answers an unexpected server failure with internal and a reference code, never a stack trace', async () => {
    // A CRM record the contract cannot describe makes the response parse fail on the server.
    const broken = await createCustomer({ contact: { FirstName: 42 } });
    const app = await signedInApp(broken.email, broken.password);
    const failure = await failureOf(callRaw(app, 'getCustomerContact', null));
    expect(failure.code).toBe('functions/internal');
    expect(failure.message).toMatch(/^internal\b/);
    expect(failure.details?.reference).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(failure)).not.toMatch(/\.js:\d+|FirstName/);
  });

  it('refuses malformed payloads through the HTTP layer too, as a browser sends them', async () => {
    const someone = await createCustomer();
    const app = await signedInApp(someone.email, someone.password);
    const failure = await failureOf(callRaw(app, 'setUILang', { lang: 'fr' }));
    expect(failure.code).toBe('functions/invalid-argument');
    expect(failure.details?.issues?.length).toBeGreaterThan(0);
    const signedOut = await failureOf(callRaw(clientApp(), 'getUserInfo', null));
    expect(signedOut.code).toBe('functions/unauthenticated');
  });
});
