// Payments and billing (spec 001 §2 Billing, §3 Payment data, §4 Payment flow, §5, §8, §9; spec 000 §5):
// the constants the client, the machines and the functions share. Amounts are whole cents everywhere in code and
// on the wire; views format them as USD.

/**
 * spec 001 §5: payment setup requires the site id to be in a supported list. The customer sites take payments:
 * the customer app ('APP', the app's default VITE_SITE_ID) and the customer portals of spec 000 §1 (the ids ending
 * in CP). Partner sites, the admin console and the marketing site do not, nor does any other id ending in CP.
 */
export const PAYMENT_SITE_IDS = ['APP', 'CCCP', 'NCCCP', 'HLACP', 'UQUALCP'] as const;

export function isPaymentSiteId(siteId: string | null | undefined): boolean {
  if (!siteId) return false;
  return (PAYMENT_SITE_IDS as readonly string[]).includes(siteId);
}

/** spec 001 §3: the catalogue items. */
export const CATALOGUE_ITEM_IDS = ['INITIAL_CONSULTATION', 'RECURRING_FEE'] as const;
export type CatalogueItemId = (typeof CATALOGUE_ITEM_IDS)[number];

/** spec 001 §3: the card fields of the payment form (the card provider's script reads them; they never reach us). */
export const CARD_FIELDS = ['cardNumber', 'month', 'year', 'expirationDate', 'cardCode', 'fullName'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/**
 * Field names that carry card data. No callable request schema has them and every one is strict, so a request
 * naming any of them is refused by the parse, before the handler runs: the refusal names the key, never the value,
 * and nothing is logged or written (tests/functions/billingCardData.test.ts sends each of them). Our functions only
 * ever see the provider's opaque value.
 */
export const FORBIDDEN_CARD_DATA_KEYS = ['cardNumber', 'cardCode', 'cvv', 'cvc', 'securityCode', 'month', 'year', 'expirationDate', 'pan'] as const;

/** spec 001 §4: the payment pipeline's statuses, in the order a successful run passes them. */
export const PAYMENT_PIPELINE_STATUSES = [
  'init',
  'error',
  'idle',
  'acceptJsLoadComplete',
  'paymentDataComplete',
  'cardDataEncryptComplete',
  'paymentProfileUpdateComplete',
  'paymentTransactionComplete',
  'duplicateTransaction',
  'paymentTaskComplete',
  'complete',
] as const;
export type PaymentPipelineStatus = (typeof PAYMENT_PIPELINE_STATUSES)[number];

/** spec 001 §8, §9: the duplicate-transaction lockout (120 000 ms). */
export { DUPLICATE_LOCKOUT_MS } from './constants';

/** The card provider's duplicate window (same card, same amount): the gateways' default of 120 s. */
export const GATEWAY_DUPLICATE_WINDOW_MS = 120_000;

/** The provider's opaque values are single use and expire after 15 minutes (like the gateways' payment nonces). */
export const OPAQUE_VALUE_TTL_MS = 15 * 60_000;

/** Idempotency keys are kept 24 hours (like the well-known payment APIs). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** spec 001 §9: recurring cancellation only for mailing state CA. */
export const CANCELLATION_STATE = 'CA';

export function canRequestCancellation(mailingStateCode: string | null | undefined): boolean {
  return (mailingStateCode ?? '').trim().toUpperCase() === CANCELLATION_STATE;
}

/** spec 001 §7 getSecureSFURL: the two secure pages. */
export const SECURE_PAGE_REQUESTS = ['getSecureBillingInformationURL', 'getSecureProcessPaymentURL'] as const;
export type SecurePageRequest = (typeof SECURE_PAGE_REQUESTS)[number];

/** The plan's name per product line (spec 001 §2 Billing "plan name by product line"): an i18n key suffix. */
export function planKey(productLine: string | null | undefined): string {
  switch (productLine) {
    case 'Freemium':
      return 'free';
    case 'Digital Experience (UQ)':
      return 'digital';
    case 'Investigation Only':
      return 'investigation';
    case 'Credit Monitoring':
      return 'monitoring';
    case 'VIP Package':
      return 'vip';
    case '6-Month Verbal Commitment':
      return 'sixMonth';
    case '12-Month Verbal Commitment':
      return 'twelveMonth';
    case 'Month to Month':
      return 'monthToMonth';
    default:
      return 'premium';
  }
}
