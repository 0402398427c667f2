import { z } from 'zod/mini';
import { EDITABLE_CONTACT_FIELDS as EDITABLE_FIELDS, type EditableContactField } from '../domain/contactFields';
import { isoDateSchema, isoDateTimeSchema, shortTextSchema } from './common';

// spec 000 §3.4 (customer contact record) and its further fields; spec 001 §3 adds the fields billing, report
// refresh and KBA read. Absent CRM values arrive as null so views never tell "missing" from "empty" by key.
const nullByDefault = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);
const text = nullByDefault(shortTextSchema);
const flag = nullByDefault(z.boolean());

export const realtorSchema = z.object({ FirstName: text, LastName: text });

export const customerContactSchema = z.object({
  Id: z.string(),
  FirstName: text,
  MiddleName: text,
  LastName: text,
  Email: text,
  MobilePhone: text,
  Birthdate: nullByDefault(isoDateSchema),
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
  realtor: nullByDefault(realtorSchema),
  SF_External_Echosign_URL__c: nullByDefault(z.string().check(z.maxLength(2_048))),
  Link_Bank_Acct_Opt_Out__c: flag,
  Contact_National_Credit_Care__c: flag,
  Switch_Referral__c: flag,
  Credit_Pull_Date__c: nullByDefault(isoDateSchema),
  KBA_Status__c: flag,
  Status__c: text,
  Close_Contract_Date__c: nullByDefault(isoDateSchema),
  // When the quick sign-up email went out (spec 002 §3 quickSignUpEmailTimestamp; the link expires 3 days later).
  Quick_Sign_Up_Email_Timestamp__c: nullByDefault(isoDateTimeSchema),
});
/**
 * The contact as a browser receives it: the Social Security number reduced to its last four digits, so no response
 * can carry a full one (a handler that forgets to reduce it fails its own response check).
 */
export const customerContactResponseSchema = z.extend(customerContactSchema, {
  Social_Security_Number__c: nullByDefault(z.string().check(z.regex(/^\d{4}$/))),
});
export type CustomerContact = z.output<typeof customerContactResponseSchema>;
/** A contact as a CRM holds it: any field may be missing. */
export type CustomerContactRecord = z.input<typeof customerContactSchema>;

// The fields a customer (or an agent with allowClientActions) may change through updateCustomerContact: listed once
// in src/domain/contactFields.ts (the settings machines read the same lists); each is a field of the contact.
export const EDITABLE_CONTACT_FIELDS = EDITABLE_FIELDS satisfies readonly (keyof CustomerContact)[];
export type { EditableContactField };
