// The authorizations page (spec 002 §4 "Authorizations", §5, §6; spec 000 §3.4, §7). Three required boxes and two
// optional ones; the starting state comes from the contact and customer records; the SMS box is an opt-in on the
// page and an opt-out (SMS_Opt_out__c) on the contact.
//
// Where each box is kept (the spec names the fields, not the pairing; this is the pairing the product uses):
//   consent to be contacted  ↔ contact DoNotCall = false
//   can loan from anyone     ↔ contact Allow_Referral_Update__c = true
//   agree to PII             ↔ customer record agreedToPIIAt (the date it was given)
//   share info (optional)    ↔ contact Round_Opt_In__c
//   SMS opt-in (optional)    ↔ contact SMS_Opt_out__c, inverted; only asked when the contact has a mobile phone

export const AUTHORIZATION_BOXES = [
  'consentToBeContacted',
  'canLoanFromAnyone',
  'agreeToPII',
  'shareInfo',
  'smsOptIn',
] as const;
export type AuthorizationBox = (typeof AUTHORIZATION_BOXES)[number];
export type AuthorizationBoxes = Record<AuthorizationBox, boolean>;

export const REQUIRED_AUTHORIZATION_BOXES: readonly AuthorizationBox[] = [
  'consentToBeContacted',
  'canLoanFromAnyone',
  'agreeToPII',
];

/** The records the starting state is read from. */
export interface AuthorizationRecords {
  DoNotCall: boolean | null;
  Allow_Referral_Update__c: boolean | null;
  Round_Opt_In__c: boolean | null;
  SMS_Opt_out__c: boolean | null;
  hasMobilePhone: boolean;
  /** Customer record: when the PII agreement was given, if ever. */
  agreedToPIIAt: Date | string | null;
}

/** What updateAuthorizations sends: the required boxes can only be sent ticked. */
export interface AuthorizationsUpdate {
  DoNotCall: false;
  Allow_Referral_Update__c: true;
  agreedToPII: true;
  Round_Opt_In__c: boolean;
  /** Only when the contact has a mobile phone (spec 002 §5). */
  SMS_Opt_out__c?: boolean;
}

/** The boxes the page shows: SMS opt-in only when a mobile phone exists (spec 002 §5). */
export function shownAuthorizationBoxes(hasMobilePhone: boolean): AuthorizationBox[] {
  return AUTHORIZATION_BOXES.filter((box) => box !== 'smsOptIn' || hasMobilePhone);
}

/** The starting state: a box is ticked only when the records say so explicitly. */
export function initialAuthorizations(records: AuthorizationRecords): AuthorizationBoxes {
  return {
    consentToBeContacted: records.DoNotCall === false,
    canLoanFromAnyone: records.Allow_Referral_Update__c === true,
    agreeToPII: records.agreedToPIIAt !== null,
    shareInfo: records.Round_Opt_In__c === true,
    smsOptIn: records.hasMobilePhone && records.SMS_Opt_out__c === false,
  };
}

/** Accepted only when all three required boxes are ticked (spec 002 §4, §5). */
export function hasRequiredAuthorizations(boxes: AuthorizationBoxes): boolean {
  return REQUIRED_AUTHORIZATION_BOXES.every((box) => boxes[box]);
}

/** The agree-all toggle is on when every shown box is ticked. */
export function areAllAuthorizationsTicked(boxes: AuthorizationBoxes, hasMobilePhone: boolean): boolean {
  return shownAuthorizationBoxes(hasMobilePhone).every((box) => boxes[box]);
}

/** The agree-all toggle ticks (or clears) every shown box. */
export function withAllAuthorizations(checked: boolean, hasMobilePhone: boolean): AuthorizationBoxes {
  return {
    consentToBeContacted: checked,
    canLoanFromAnyone: checked,
    agreeToPII: checked,
    shareInfo: checked,
    smsOptIn: checked && hasMobilePhone,
  };
}

/** What accepting sends: the required boxes as accepted, the optional ones as ticked. */
export function acceptanceUpdate(boxes: AuthorizationBoxes, hasMobilePhone: boolean): AuthorizationsUpdate {
  const update: AuthorizationsUpdate = {
    DoNotCall: false,
    Allow_Referral_Update__c: true,
    agreedToPII: true,
    Round_Opt_In__c: boxes.shareInfo,
  };
  // spec 002 §5: the SMS flag is sent inverted, as an opt-out.
  if (hasMobilePhone) update.SMS_Opt_out__c = !boxes.smsOptIn;
  return update;
}

/** The update to send, or null while a required box is missing (submit is blocked). */
export function authorizationsUpdate(boxes: AuthorizationBoxes, hasMobilePhone: boolean): AuthorizationsUpdate | null {
  return hasRequiredAuthorizations(boxes) ? acceptanceUpdate(boxes, hasMobilePhone) : null;
}

/** Authorizations count as accepted once the PII agreement is on the customer record (guard chain gate 4). */
export function areAuthorizationsAccepted(records: Pick<AuthorizationRecords, 'agreedToPIIAt'>): boolean {
  return records.agreedToPIIAt !== null;
}
