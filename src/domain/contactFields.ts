// The CRM contact fields a customer may change (spec 000 §2.5, §3.4), listed once: the callables' contract
// (src/contract/contact.ts EDITABLE_CONTACT_FIELDS, what updateCustomerContact accepts) and the settings machines
// (machines/settings/ports.ts, the personal-info page's inline fields) both read these lists.

/** The fields the personal-info page edits inline (Email and MailingCountry are read-only). */
export const INLINE_CONTACT_FIELDS = [
  'FirstName',
  'MiddleName',
  'LastName',
  'MobilePhone',
  'Birthdate',
  'Social_Security_Number__c',
  'MailingStreet',
  'MailingCity',
  'MailingStateCode',
  'MailingPostalCode',
] as const;
export type InlineContactField = (typeof INLINE_CONTACT_FIELDS)[number];

/**
 * Everything updateCustomerContact accepts: the inline fields, the communication and referral choices, and the
 * realtor (behind its flag, src/domain/flags.ts canEditRealtor). Email changes through an email change request;
 * broker, contract and CRM status fields belong to the CRM.
 */
export const EDITABLE_CONTACT_FIELDS = [
  ...INLINE_CONTACT_FIELDS,
  'DoNotCall',
  'Do_Not_SMS__c',
  'SMS_Opt_out__c',
  'Allow_Referral_Update__c',
  'Round_Opt_In__c',
  'Link_Bank_Acct_Opt_Out__c',
  'Switch_Referral__c',
  'realtor',
] as const;
export type EditableContactField = (typeof EDITABLE_CONTACT_FIELDS)[number];
