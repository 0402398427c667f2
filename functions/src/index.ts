// Every callable the spec names for this product area, as v2 onCall functions in us-west4 (spec 000 §7, §9).
export {
  checkSignInFailureReason,
  recoverEmail,
  resetPasswordByEmail,
  signUp,
  validateResetPassword,
} from './callables/account';
export { createSalesforceToken } from './callables/agent';
export { getCustomerContact, updateCustomerContact } from './callables/contact';
export { elevatePermissions, removeMigrationClaim, resyncCustomClaims, setUILang, storeLastSignIn } from './callables/session';
export { createContactRequest, reportError } from './callables/support';
export { getUserInfo, updateUserInfo } from './callables/userInfo';
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
} from './callables/onboarding';
export { calculateReadinessScore, getReadinessScore } from './callables/readinessScore';
// Onboarding's sandbox provider pages and the initial credit pull (issue 4).
export { bankLinkSandbox } from './http/bankLinkSandbox';
export { esignSandbox } from './http/esignSandbox';
export { pullInitialReport } from './triggers/initialReport';
