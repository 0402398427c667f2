// Every callable the spec names for this product area, as v2 onCall functions in us-west4 (spec 000 §7, §9).
// Importing ./environment checks the deployment settings first: in production a missing or sandbox provider, or a
// missing APP_URL, stops the functions from loading with a message that names them.
import { environment, sandboxPages } from './platform/environment';
import { bankLinkSandbox as bankLinkSandboxPage } from './money/bankLinkSandboxPage';
import { esignSandbox as esignSandboxPage } from './onboarding/esignSandboxPage';
import { cardGatewaySandbox as cardGatewaySandboxPage } from './billing/cardGatewaySandboxPage';
import { secureBillingSandbox as secureBillingSandboxPage } from './billing/secureBillingSandboxPage';
import { cardGatewaySandboxInUse } from './billing/gateway';
import { creditSimulatorSandbox as creditSimulatorSandboxPage } from './credit/simulatorSandboxPage';
import { identityWidgetSandbox as identityWidgetSandboxPage } from './identity/identityWidgetSandboxPage';

const pages = sandboxPages(environment);

export {
  checkSignInFailureReason,
  recoverEmail,
  resetPasswordByEmail,
  signUp,
  signUpWithProvider,
  discardProviderIdentity,
  validateResetPassword,
} from './account/callables';
export { createSalesforceToken } from './agent/callables';
export { getCustomerContact, updateCustomerContact } from './contact/callables';
export { elevatePermissions, removeMigrationClaim, resyncCustomClaims, setUILang, storeLastSignIn } from './shell/callables';
export { createContactRequest, reportError } from './support/callables';
export { getUserInfo, updateUserInfo } from './settings/userInfoCallables';
// Settings (spec 000 §2.5, §7, §8): the full SSN on request, the email change and its confirmation, the
// security page's flags.
export {
  changeEmail,
  clearPasswordReset,
  clearWeakPasswordFlag,
  confirmEmailChange,
  getSocialSecurityNumber,
} from './settings/callables';
export {
  completeIntake,
  createGoal,
  getAuthorizations,
  getConnectedInstitutions,
  getContactAnonymously,
  getContractLink,
  getContractLinkAnonymously,
  getContractSigningUrl,
  getInvestigationSummaries,
  getWidgetUrl,
  updateAuthorizations,
} from './onboarding/callables';
export { calculateReadinessScore, getReadinessScore } from './onboarding/readinessScoreCallables';
// The credit area (spec 001 §2-§5, §7; spec 002 §3 "Credit display").
export { getCreditDisplay, getCreditDisplayTokens, getCreditReport, getCreditScoreHistory, orderReport } from './credit/callables';
export { getCreditReportPdf } from './credit/callables';
export { getReport, listCreditReports } from './credit/callables';
export { getInitialReport } from './credit/initialReportCallables';
export { getGoodStandingAccounts, updateAdditionalDebtPayment, updateCreditBalance } from './money/debtsCallables';
// The money overview's savings history (spec 002 §7, §9).
export { getMortgages, getSavingsInfoHistory } from './money/callables';
// The KBA identity check (spec 001 §2 "Identity check", §7 arrayKBA).
export { arrayKBA } from './credit/kbaCallables';
// Disputes (spec 001 §2-§4, §7): the investigations, the wizard's reasons, submit with the letters,
// challenges, pause, the letters, views; and the customer's actions.
export {
  challengeAllInvestigations,
  checkIfDisputesPaused,
  getDisputePdf,
  getInvestigationDetails,
  listDisputePdfs,
  markInvestigationsViewed,
  setIsDisputesPaused,
  updateInvestigationReasons,
  updateInvestigationsChallenged,
} from './disputes/callables';
export { updateAction } from './hub/actionsCallables';
export { calculateActions, getActions, getAgentMessage, getReadinessScoreHistory, markActionsViewed, markAgentMessageViewed, updateSavings } from './hub/callables';
export { getReferralPageData } from './hub/referralCallables';
// The documents locker (spec 001 §2-§4, §6, §7; spec 002 §3, §4): the lists, links, uploads, changes and deletes;
// the server's check of every uploaded file; the short-lived file links.
export {
  cancelDocumentUpload,
  createDocumentUpload,
  deleteDocument,
  getChecklist,
  getDocuments,
  getDocumentUrl,
  updateDocument,
} from './documents/callables';
export { processDocumentUpload } from './documents/documentUploadTrigger';
export { documentFile } from './documents/documentFile';
// The initial credit pull (spec 002 §4: intake completion orders the three-bureau report).
export { pullInitialReport } from './onboarding/initialReportTrigger';
// The dev tools (14: the dispute clock, the customer's data, test plans) and the
// developer overrides (setUser); both refused in production.
export { devTools } from './devTools/callables';
export { setUser } from './devTools/setUserCallables';
// Billing and payments (spec 001 §2-§4, §7-§9; spec 002 §7): the payment data, the card on file, the
// idempotent charge, the payment task, the cancellation request, the secure pages' links.
export {
  chargePayment,
  getContactPaymentData,
  getSecureSFURL,
  requestCancellation,
  selfOnboardCard,
  updateCustomerPaymentProfile,
} from './billing/callables';
// The learning center and the support center (spec 002 §2, §7, §9): home, category,
// article and search, through the content service (content/content.ts).
export { getContentArticle, getContentCategory, getContentHome, searchContent } from './content/callables';
// Identity protection (spec 000 §7): the widget's user token (enrols the customer once).
export { getArrayUserToken } from './identity/callables';

// Onboarding's sandbox provider pages, only while that sandbox is in use and never in production
// (platform/environment.ts). firebase-functions registers an export only when it is a function carrying an endpoint
// definition, so an export that is undefined gives the Functions emulator and `firebase deploy` no function at all.
export const bankLinkSandbox: typeof bankLinkSandboxPage | undefined = pages.bankLinkSandbox ? bankLinkSandboxPage : undefined;
export const esignSandbox: typeof esignSandboxPage | undefined = pages.esignSandbox ? esignSandboxPage : undefined;
// The score simulator widget's sandbox page, while the credit data sandbox is in use.
export const creditSimulatorSandbox: typeof creditSimulatorSandboxPage | undefined = pages.creditSimulatorSandbox
  ? creditSimulatorSandboxPage
  : undefined;
// The identity-protection widget's sandbox page, while that sandbox is in use.
export const identityWidgetSandbox: typeof identityWidgetSandboxPage | undefined = pages.identityWidgetSandbox
  ? identityWidgetSandboxPage
  : undefined;
// The card gateway sandbox (its Accept.js and token endpoint) and the CRM's secure billing pages' stand-in, while
// the card gateway sandbox is in use (billing/gateway.ts), never in production.
export const cardGatewaySandbox: typeof cardGatewaySandboxPage | undefined = cardGatewaySandboxInUse() ? cardGatewaySandboxPage : undefined;
export const secureBillingSandbox: typeof secureBillingSandboxPage | undefined = cardGatewaySandboxInUse()
  ? secureBillingSandboxPage
  : undefined;
