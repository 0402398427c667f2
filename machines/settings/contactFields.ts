import { ADDRESS_FIELD_MAX_LENGTH } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import {
  digitsOnly,
  isValidBirthdate,
  isValidPhoneInput,
  isValidSsn,
  isValidZip,
  normalizePhone,
  US_STATE_CODES,
} from '../../src/domain/personalFields';
import type { CallableRequest } from '../../src/contract/callables';
import type { InlineContactField } from './ports';

// The rules of the personal-info page's inline fields (spec 000 §5, §9; the server's updateCustomerContact request
// schema in src/contract/callables.ts checks the same with the same src/domain functions): which rule each contact
// field follows, the text its input starts with, its refusal key, and the value stored.

/** The settings pages' own message keys (settings namespace, public/locales/{en,es}/settings.json). */
export const SETTINGS_KEYS = {
  /** A first or last name left empty. */
  nameRequired: 'personal-info.errors.name-required',
  /** The loan goal was saved (success toast). */
  goalSaved: 'loan-goal.saved',
  /** The confirmation differs from the new password. */
  passwordsDiffer: 'security.errors.passwords-differ',
  /** The email change asks for the address the account already has. */
  emailUnchanged: 'email-change.errors.same-address',
} as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

/** A field's refusal: a catalogue key (errors namespace) or a settings key. */
export type ContactFieldErrorKey = ErrorKey | typeof SETTINGS_KEYS.nameRequired;

/**
 * name: required, at most 255 characters; optionalName: at most 255 (empty clears it); phone: typed 000-000-0000,
 * stored as 10 digits (empty clears it); birthdate: yyyy-MM-dd between 120 and 12 years ago; ssn: 9 digits (typed
 * in any punctuation; edits start empty, the full number is never kept); address: at most 255 characters; state: the
 * 50 states and DC; zip: 12345 or 12345-6789.
 */
export type ContactFieldRule = 'name' | 'optionalName' | 'phone' | 'birthdate' | 'ssn' | 'address' | 'state' | 'zip';

export const CONTACT_FIELD_RULES: Readonly<Record<InlineContactField, ContactFieldRule>> = {
  FirstName: 'name',
  MiddleName: 'optionalName',
  LastName: 'name',
  MobilePhone: 'phone',
  Birthdate: 'birthdate',
  Social_Security_Number__c: 'ssn',
  MailingStreet: 'address',
  MailingCity: 'address',
  MailingStateCode: 'state',
  MailingPostalCode: 'zip',
};

/** The customer's today, yyyy-MM-dd, as a local calendar day. */
export function localDate(today: string): Date {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** 10 stored digits as typed: 000-000-0000 (anything else as it is). */
export function phoneInputOf(stored: string): string {
  const d = digitsOnly(stored);
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : stored;
}

/** What the input holds when editing starts: the stored value in its typed form (the SSN starts empty). */
export function draftOf(rule: ContactFieldRule, stored: string | null): string {
  if (rule === 'ssn' || stored === null) return '';
  return rule === 'phone' ? phoneInputOf(stored) : stored;
}

/** The refusal of a typed value, or null when the field's rule accepts it. */
export function contactFieldError(rule: ContactFieldRule, draft: string, today: string): ContactFieldErrorKey | null {
  const text = draft.trim();
  switch (rule) {
    case 'name':
      if (text === '') return SETTINGS_KEYS.nameRequired;
      return text.length > ADDRESS_FIELD_MAX_LENGTH ? ERROR_KEYS.addressFieldTooLong : null;
    case 'optionalName':
    case 'address':
      return text.length > ADDRESS_FIELD_MAX_LENGTH ? ERROR_KEYS.addressFieldTooLong : null;
    case 'phone':
      return text === '' || isValidPhoneInput(text) ? null : ERROR_KEYS.phoneInvalid;
    case 'birthdate':
      return isValidBirthdate(text, localDate(today)) ? null : ERROR_KEYS.birthdateInvalid;
    case 'ssn':
      return isValidSsn(text) ? null : ERROR_KEYS.ssnInvalid;
    case 'state':
      return (US_STATE_CODES as readonly string[]).includes(text) ? null : ERROR_KEYS.stateInvalid;
    case 'zip':
      return isValidZip(text) ? null : ERROR_KEYS.zipInvalid;
  }
}

/**
 * The value sent for an accepted draft, as updateCustomerContact's rule takes it (the server normalises it with the
 * same src/domain schema): the phone as typed 000-000-0000, the SSN as its 9 digits, text trimmed; null clears an
 * optional field.
 */
export function requestValueOf(rule: ContactFieldRule, draft: string): string | null {
  const text = draft.trim();
  switch (rule) {
    case 'optionalName':
    case 'phone':
      return text === '' ? null : text;
    case 'ssn':
      return digitsOnly(text).slice(0, 9);
    default:
      return text;
  }
}

/**
 * What the page keeps of an accepted draft once saved, as getCustomerContact answers it: the phone's 10 digits, the
 * SSN's last four digits only.
 */
export function keptValueOf(rule: ContactFieldRule, draft: string): string | null {
  const sent = requestValueOf(rule, draft);
  if (sent === null) return null;
  if (rule === 'phone') return normalizePhone(sent);
  if (rule === 'ssn') return sent.slice(-4);
  return sent;
}

/**
 * updateCustomerContact's request for one field (spec 000 §4.7): the field with its request value. The contract's
 * request schema refuses a value the field does not take (the field's rule has refused it before).
 */
export function contactUpdateRequest(field: InlineContactField, rule: ContactFieldRule, draft: string): CallableRequest<'updateCustomerContact'> {
  return { [field]: requestValueOf(rule, draft) } as CallableRequest<'updateCustomerContact'>;
}

/**
 * Whether a draft would store what is stored already: nothing to save. An empty SSN draft (the customer opened the
 * field and typed nothing) counts as unchanged; a typed SSN is always saved (only its last four digits are known).
 */
export function isUnchangedDraft(rule: ContactFieldRule, draft: string, stored: string | null): boolean {
  if (rule === 'ssn') return draft.trim() === '';
  return (keptValueOf(rule, draft) ?? '') === (stored ?? '');
}
