import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, shortTextSchema } from './common';

// spec 000 §3.4 (customer contact record) and its further fields; spec 001 §3 adds the fields billing, report
// refresh and KBA read. Absent CRM values arrive as null so views never tell "missing" from "empty" by key.
const text = shortTextSchema.nullable().default(null);
const flag = z.boolean().nullable().default(null);

export const realtorSchema = z.object({ FirstName: text, LastName: text });

export const customerContactSchema = z.object({
  Id: z.string(),
  FirstName: text,
  MiddleName: text,
  LastName: text,
  Email: text,
  MobilePhone: text,
  Birthdate: isoDateSchema.nullable().default(null),
  Social_Security_Number__c: text,
  MailingStreet: text,
  MailingCity: text,
  MailingStateCode: text,
  MailingPostalCode: text,
  MailingCountry: text,
  DoNotCall: flag,
  Do_Not_SMS__c: flag,
  SMS_Opt_out__c: flag,
  Allow_Referral_Update__c: flag,
  Round_Opt_In__c: flag,
  Broker_Company_Name__c: text,
  Broker_Contact__c: text,
  realtor: realtorSchema.nullable().default(null),
  SF_External_Echosign_URL__c: z.string().max(2_048).nullable().default(null),
  Link_Bank_Acct_Opt_Out__c: flag,
  Contact_National_Credit_Care__c: flag,
  Switch_Referral__c: flag,
  Credit_Pull_Date__c: isoDateSchema.nullable().default(null),
  KBA_Status__c: flag,
  Status__c: text,
  Close_Contract_Date__c: isoDateSchema.nullable().default(null),
  // When the quick sign-up email went out (spec 002 §3 quickSignUpEmailTimestamp; the link expires 3 days later).
  Quick_Sign_Up_Email_Timestamp__c: isoDateTimeSchema.nullable().default(null),
});
export type CustomerContact = z.output<typeof customerContactSchema>;
/** A contact as a CRM holds it: any field may be missing. */
export type CustomerContactRecord = z.input<typeof customerContactSchema>;

// The fields a customer (or an agent with allowClientActions) may change through updateCustomerContact
// (spec 000 §2.5: email is read-only in personal info and changes through an email change request;
// MailingCountry is read-only; broker, contract and CRM status fields belong to the CRM).
export const EDITABLE_CONTACT_FIELDS = [
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
  'DoNotCall',
  'Do_Not_SMS__c',
  'SMS_Opt_out__c',
  'Allow_Referral_Update__c',
  'Round_Opt_In__c',
  'Link_Bank_Acct_Opt_Out__c',
  'Switch_Referral__c',
  'realtor',
] as const satisfies readonly (keyof CustomerContact)[];
export type EditableContactField = (typeof EDITABLE_CONTACT_FIELDS)[number];
