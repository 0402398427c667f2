// A contact's authorization records as the server answers them (spec 002 §4 Authorizations, §5): a new contact has
// nothing ticked, no mobile phone on file and has not agreed to the PII terms. A case spreads it and changes what it
// is about (a mobile phone, a box already ticked).
import type { AuthorizationRecords } from '../../src/domain/authorizations';

export const NEW_CONTACT_AUTHORIZATIONS: AuthorizationRecords = {
  DoNotCall: null,
  Allow_Referral_Update__c: null,
  Round_Opt_In__c: null,
  SMS_Opt_out__c: null,
  hasMobilePhone: false,
  agreedToPIIAt: null,
};
