// Every callable the spec names for this product area, as v2 onCall functions in us-west4 (spec 000 §7, §9).
export {
  checkSignInFailureReason,
  recoverEmail,
  resetPasswordByEmail,
  signUp,
  validateResetPassword,
} from './callables/account';
export { getCustomerContact, updateCustomerContact } from './callables/contact';
export { elevatePermissions, removeMigrationClaim, resyncCustomClaims, setUILang, storeLastSignIn } from './callables/session';
export { createContactRequest, reportError } from './callables/support';
export { getUserInfo, updateUserInfo } from './callables/userInfo';
