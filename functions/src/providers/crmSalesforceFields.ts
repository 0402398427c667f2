// The one table from the CRM port's fields to the Salesforce org's field API names (spec 000 §3.4; spec 001 §3 and
// §7 selfOnboardCard, requestCancellation; spec 001 §3 "Document"). The port speaks the CRM's own names for most
// contact fields, so most rows are the same name; the rows that differ are the reason this table exists. The custom
// objects and fields (…__c) must exist in the org with these API names; docs/deploy.md lists them.
import type { CustomerContactRecord } from '../../../src/contract/contact';
import type { ContactFields, CrmDocument, PaymentTask } from './crm';

/** How a value travels: text as is, a checkbox (never null in Salesforce), a date (yyyy-MM-dd), a date-time. */
type FieldKind = 'text' | 'flag' | 'date' | 'datetime';

interface FieldMapping {
  api: string;
  kind: FieldKind;
}

type ScalarContactField = Exclude<keyof ContactFields, 'realtor'>;

/** Contact: port field → Contact field API name. */
export const CONTACT_FIELDS: Readonly<Record<ScalarContactField, FieldMapping>> = {
  FirstName: { api: 'FirstName', kind: 'text' },
  MiddleName: { api: 'MiddleName', kind: 'text' },
  LastName: { api: 'LastName', kind: 'text' },
  Email: { api: 'Email', kind: 'text' },
  MobilePhone: { api: 'MobilePhone', kind: 'text' },
  Birthdate: { api: 'Birthdate', kind: 'date' },
  Social_Security_Number__c: { api: 'Social_Security_Number__c', kind: 'text' },
  MailingStreet: { api: 'MailingStreet', kind: 'text' },
  MailingCity: { api: 'MailingCity', kind: 'text' },
  MailingStateCode: { api: 'MailingStateCode', kind: 'text' },
  MailingPostalCode: { api: 'MailingPostalCode', kind: 'text' },
  // With state and country picklists on (MailingStateCode exists only then) the ISO code is MailingCountryCode;
  // MailingCountry holds the country's label ('United States').
  MailingCountry: { api: 'MailingCountryCode', kind: 'text' },
  DoNotCall: { api: 'DoNotCall', kind: 'flag' },
  Do_Not_SMS__c: { api: 'Do_Not_SMS__c', kind: 'flag' },
  SMS_Opt_out__c: { api: 'SMS_Opt_out__c', kind: 'flag' },
  Allow_Referral_Update__c: { api: 'Allow_Referral_Update__c', kind: 'flag' },
  Round_Opt_In__c: { api: 'Round_Opt_In__c', kind: 'flag' },
  Broker_Company_Name__c: { api: 'Broker_Company_Name__c', kind: 'text' },
  Broker_Contact__c: { api: 'Broker_Contact__c', kind: 'text' },
  SF_External_Echosign_URL__c: { api: 'SF_External_Echosign_URL__c', kind: 'text' },
  Link_Bank_Acct_Opt_Out__c: { api: 'Link_Bank_Acct_Opt_Out__c', kind: 'flag' },
  Contact_National_Credit_Care__c: { api: 'Contact_National_Credit_Care__c', kind: 'flag' },
  Switch_Referral__c: { api: 'Switch_Referral__c', kind: 'flag' },
  Credit_Pull_Date__c: { api: 'Credit_Pull_Date__c', kind: 'date' },
  KBA_Status__c: { api: 'KBA_Status__c', kind: 'flag' },
  Status__c: { api: 'Status__c', kind: 'text' },
  Close_Contract_Date__c: { api: 'Close_Contract_Date__c', kind: 'date' },
  Quick_Sign_Up_Email_Timestamp__c: { api: 'Quick_Sign_Up_Email_Timestamp__c', kind: 'datetime' },
};

/** Contact `realtor` (read only): the realtor Contact the lookup Realtor__c points at, read through Realtor__r. */
export const CONTACT_REALTOR = { lookup: 'Realtor__c', relationship: 'Realtor__r', fields: ['FirstName', 'LastName'] } as const;

/** Contact fields read besides the port's: who owns the record (the CRM's sharing). */
export const CONTACT_OWNER_FIELD = 'OwnerId';

/**
 * Salesforce requires a Contact's LastName; sign-up knows only the email (account/callables.ts). A contact made
 * without one carries this placeholder, which reads back as no last name (the app then asks for it).
 */
export const MISSING_LAST_NAME = '[not provided]';

/** Payment Task (standard Task on the contact or lead): port field → Task field API name. */
export const TASK_FIELDS = {
  contactId: 'WhoId',
  transactionId: 'Transaction_Id__c',
  amount: 'Amount__c',
  itemId: 'Item__c',
  cardType: 'Card_Type__c',
  last4: 'Card_Last4__c',
  idempotencyKey: 'Idempotency_Key__c',
} as const satisfies Record<keyof PaymentTask, string>;

/** The customer's cancellation request: a custom object. */
export const CANCELLATION_REQUEST = { object: 'Cancellation_Request__c', contact: 'Contact__c', status: 'Status__c', source: 'Source__c' } as const;

/**
 * A locker document filed on the contact: a ContentVersion (a new version of the same ContentDocument when the
 * document is filed again). Locker_Document_Key__c is `${contactId}/${documentId}`, the adapter's handle on the file.
 */
export const DOCUMENT_FIELDS = {
  key: 'Locker_Document_Key__c',
  name: 'Title',
  category: 'Document_Category__c',
  fileType: 'Document_File_Type__c',
  year: 'Document_Year__c',
  documentDate: 'Document_Date__c',
} as const;

// --- records both CRMs write (the sandbox keeps the same records as Firestore documents) ---

/** The payment Task's fields, as the CRM stores it (spec 001 §7 selfOnboardCard). */
export function paymentTaskRecord(task: PaymentTask): Record<string, string | number | null> {
  return {
    [TASK_FIELDS.contactId]: task.contactId,
    Subject: task.transactionId ? 'Payment received (self onboarding)' : 'Charge the card on file (self onboarding)',
    Status: task.transactionId ? 'Completed' : 'Not Started',
    Type: 'Payment',
    [TASK_FIELDS.transactionId]: task.transactionId,
    // Currency fields are in dollars; the port counts cents.
    [TASK_FIELDS.amount]: task.amount / 100,
    [TASK_FIELDS.itemId]: task.itemId,
    [TASK_FIELDS.cardType]: task.cardType,
    [TASK_FIELDS.last4]: task.last4,
    [TASK_FIELDS.idempotencyKey]: task.idempotencyKey,
  };
}

/** The cancellation request's fields (spec 001 §7 requestCancellation). */
export function cancellationRequestRecord(contactId: string): Record<string, string> {
  return { [CANCELLATION_REQUEST.contact]: contactId, [CANCELLATION_REQUEST.status]: 'New', [CANCELLATION_REQUEST.source]: 'Customer app' };
}

/** A document's fields on its ContentVersion. */
export function documentRecord(contactId: string, document: CrmDocument): Record<string, string | number | null> {
  return {
    [DOCUMENT_FIELDS.key]: `${contactId}/${document.documentId}`,
    [DOCUMENT_FIELDS.name]: document.name,
    PathOnClient: document.name,
    [DOCUMENT_FIELDS.category]: document.category,
    [DOCUMENT_FIELDS.fileType]: document.fileType,
    [DOCUMENT_FIELDS.year]: document.year,
    [DOCUMENT_FIELDS.documentDate]: document.documentDate,
  };
}

// --- contact conversion ---

/** Salesforce writes date-times as 2026-12-07T08:54:12.000+0000; the contract wants ISO 8601 with a colon offset. */
function isoDateTime(value: string): string | null {
  const millis = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(millis) ? null : new Date(millis).toISOString();
}

/** The fields a contact query selects, relationship fields included. */
export function contactSelectList(): string[] {
  return [
    'Id',
    ...Object.values(CONTACT_FIELDS).map((field) => field.api),
    ...CONTACT_REALTOR.fields.map((field) => `${CONTACT_REALTOR.relationship}.${field}`),
  ];
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A Contact row (REST JSON) as the port's record. */
export function contactFromSalesforce(row: Record<string, unknown>): CustomerContactRecord {
  const record: Record<string, unknown> = { Id: String(row.Id) };
  for (const [port, { api, kind }] of Object.entries(CONTACT_FIELDS)) {
    const value = row[api];
    if (kind === 'flag') record[port] = typeof value === 'boolean' ? value : null;
    else if (kind === 'datetime') record[port] = typeof value === 'string' ? isoDateTime(value) : null;
    else record[port] = stringOrNull(value);
  }
  if (record.LastName === MISSING_LAST_NAME) record.LastName = null;
  const realtor = row[CONTACT_REALTOR.relationship];
  record.realtor =
    realtor && typeof realtor === 'object'
      ? { FirstName: stringOrNull((realtor as Record<string, unknown>).FirstName), LastName: stringOrNull((realtor as Record<string, unknown>).LastName) }
      : null;
  return record as CustomerContactRecord;
}

/** The port's fields as a Contact body for create or update: undefined is left alone, null clears the field. */
export function contactToSalesforce(fields: ContactFields): Record<string, string | boolean | null> {
  const body: Record<string, string | boolean | null> = {};
  for (const [port, value] of Object.entries(fields)) {
    if (value === undefined || port === 'realtor' || port === 'Id') continue;
    const mapping = CONTACT_FIELDS[port as ScalarContactField] as FieldMapping | undefined;
    if (!mapping) throw new Error(`no Salesforce field for contact field ${port}`);
    // A checkbox cannot be null in Salesforce: cleared means unchecked.
    body[mapping.api] = mapping.kind === 'flag' ? value === true : (value as string | null);
  }
  return body;
}
