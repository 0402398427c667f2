import { z } from 'zod/mini';
import type { UserAddress, UserDocument, UserPartner } from '../../../machines/ports';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../domain/constants';
import { normalizePhone } from '../../domain/personalFields';
import { COMFORT_TYPES, PARTNER_FLYER_FIELDS, TABLE_SETTINGS, type PartnerFlyerField } from '../../domain/userSettings';

// The users/{uid} document parsed for the shell (spec 000 §3.1/§3.2, §5). Loaded with the Firestore SDK, when a
// signed-in page subscribes to the document (./liveData.ts), not with the sign-in page's start-up code.

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A nullish field read as the value or null. */
function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(z.nullish(schema), z.transform((value: z.output<T> | null | undefined) => value ?? null));
}
const optionalText = z.catch(orNull(z.string()), null);
const date = z.pipe(z.optional(z.unknown()), z.transform(toDate));

const optionalFlag = z.catch(z.pipe(z.nullish(z.boolean()), z.transform((value: boolean | null | undefined) => value === true)), false);
/** spec 000 §3.1: a phone kept as its last 10 digits; none when it has no digit. */
const phone = z.catch(
  z.pipe(z.nullish(z.string()), z.transform((value: string | null | undefined) => (value ? normalizePhone(value) || null : null))),
  null,
);
const comfortType = z.catch(orNull(z.object({ comfortType: z.catch(orNull(z.enum(COMFORT_TYPES)), null) })), null);
/** Each stored column choice that is a boolean; anything else is not a choice. */
const tableSettings = z.catch(z.nullish(z.record(z.string(), z.unknown())), null);

// spec 000 §3.1/§3.2: the user document fields the app shows, by the contract's names and values
// (src/contract/userDocument.ts userDocumentSchema). Parsed leniently: one malformed field must not hide the document
// (spec 000 §5: a mismatch is only logged in dev environments).
const userDocumentSchema = z.object({
  siteId: optionalText,
  tenantId: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  lastSignIn: date,
  phone,
  phone_nonMobile: phone,
  dateBirth: z.catch(orNull(z.iso.date()), null),
  address: z.catch(orNull(z.record(z.string(), z.unknown())), null),
  setupComplete: z.catch(
    z.pipe(z.nullish(z.boolean()), z.transform((value: boolean | null | undefined) => value === true)),
    false,
  ),
  customer: z.catch(
    orNull(
      z.object({
        contactId: optionalText,
        productLine: optionalText,
        subscriptionStatus: optionalText,
        agreedToPIIAt: date,
        idcsEnrollmentId: optionalText,
        inPurchasingPhase: optionalFlag,
      }),
    ),
    null,
  ),
  partner: z.catch(
    orNull(
      z.object({
        contactId: optionalText,
        nmlsId: optionalText,
        dateOnboarding: date,
        termsAndConditions: z.catch(orNull(z.object({ dateAccepted: date })), null),
        smsOptOut: optionalFlag,
        isAbleToSeeClientsInExtendedTimeRange: optionalFlag,
        reporteesCanSubmitLeads: optionalFlag,
        partnerFlyerMetadata: z.catch(orNull(z.record(z.string(), z.unknown())), null),
      }),
    ),
    null,
  ),
  degradedAccess: z.catch(orNull(z.object({ expiration: date })), null),
  settings: z.catch(
    z.nullish(
      z.object({
        ui: z.catch(z.nullish(z.object({ lang: z.catch(z.nullish(z.enum(['en', 'es'])), null) })), null),
        tableSettings,
        creditReportPage: comfortType,
        creditDashboard: comfortType,
      }),
    ),
    null,
  ),
  security: z.catch(z.nullish(z.object({ weakPassword: z.nullish(z.boolean()), passwordResetRequired: z.nullish(z.boolean()) })), null),
  // A malformed test state reads as none (the runner then starts at the plan list).
  testPlan: z.catch(
    orNull(
      z.object({
        testPlanId: z.string().check(z.minLength(1)),
        currentStep: z.number().check(z.int(), z.gte(0)),
        stepStatus: z.enum(['idle', 'in-progress', 'error']),
        error: z.catch(orNull(z.string()), null),
        stepStartedAtMs: z.catch(orNull(z.number()), null),
      }),
    ),
    null,
  ),
});

/** A stored text field of at most `max` characters, or none. */
function textOf(value: unknown, max = Number.POSITIVE_INFINITY): string | null {
  return typeof value === 'string' && value.length <= max ? value : null;
}

/** spec 000 §3.1: each address field a string of at most 255 characters; none when no field is. */
function addressOf(stored: Record<string, unknown> | null): UserAddress | null {
  if (!stored) return null;
  const address: UserAddress = {
    street1: textOf(stored.street1, ADDRESS_FIELD_MAX_LENGTH),
    street2: textOf(stored.street2, ADDRESS_FIELD_MAX_LENGTH),
    city: textOf(stored.city, ADDRESS_FIELD_MAX_LENGTH),
    stateCode: textOf(stored.stateCode, ADDRESS_FIELD_MAX_LENGTH),
    zip: textOf(stored.zip, ADDRESS_FIELD_MAX_LENGTH),
  };
  return Object.values(address).some((field) => field !== null) ? address : null;
}

function flyerOf(stored: Record<string, unknown> | null): UserPartner['flyer'] {
  if (!stored) return null;
  return Object.fromEntries(PARTNER_FLYER_FIELDS.map((field) => [field, textOf(stored[field])])) as Record<PartnerFlyerField, string | null>;
}

function tableSettingsOf(stored: Record<string, unknown> | null | undefined): UserDocument['tableSettings'] {
  const settings: UserDocument['tableSettings'] = {};
  for (const column of TABLE_SETTINGS) {
    const value = stored?.[column];
    if (typeof value === 'boolean') settings[column] = value;
  }
  return settings;
}

export function parseUserDocument(uid: string, data: unknown): UserDocument {
  const parsed = userDocumentSchema.parse(data ?? {});
  return {
    uid,
    siteId: parsed.siteId,
    tenantId: parsed.tenantId,
    lastSignIn: parsed.lastSignIn,
    firstName: parsed.firstName,
    lastName: parsed.lastName,
    email: parsed.email,
    setupComplete: parsed.setupComplete,
    productLine: parsed.customer?.productLine ?? null,
    customerContactId: parsed.customer?.contactId ?? null,
    subscriptionStatus: parsed.customer?.subscriptionStatus ?? null,
    authorizationsAcceptedAt: parsed.customer?.agreedToPIIAt ?? null,
    degradedAccess: parsed.degradedAccess,
    uiLang: parsed.settings?.ui?.lang ?? null,
    phone: parsed.phone,
    phoneNonMobile: parsed.phone_nonMobile,
    dateBirth: parsed.dateBirth,
    address: addressOf(parsed.address),
    idcsEnrollmentId: parsed.customer?.idcsEnrollmentId ?? null,
    inPurchasingPhase: parsed.customer?.inPurchasingPhase ?? false,
    partner: parsed.partner
      ? {
          contactId: parsed.partner.contactId,
          nmlsId: parsed.partner.nmlsId,
          dateOnboarding: parsed.partner.dateOnboarding,
          termsAcceptedAt: parsed.partner.termsAndConditions?.dateAccepted ?? null,
          smsOptOut: parsed.partner.smsOptOut,
          isAbleToSeeClientsInExtendedTimeRange: parsed.partner.isAbleToSeeClientsInExtendedTimeRange,
          reporteesCanSubmitLeads: parsed.partner.reporteesCanSubmitLeads,
          flyer: flyerOf(parsed.partner.partnerFlyerMetadata),
        }
      : null,
    tableSettings: tableSettingsOf(parsed.settings?.tableSettings),
    comfortType: {
      creditReportPage: parsed.settings?.creditReportPage?.comfortType ?? null,
      creditDashboard: parsed.settings?.creditDashboard?.comfortType ?? null,
    },
    security: {
      weakPassword: parsed.security?.weakPassword === true,
      passwordResetRequired: parsed.security?.passwordResetRequired === true,
    },
    testPlan: parsed.testPlan,
  };
}

