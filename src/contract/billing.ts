// Billing and payments (spec 001 §2 Billing, §3 Payment data, §4, §7; spec 002 §7). Amounts are whole
// cents. Card data never travels through these shapes: the card provider's browser script turns the card fields
// into an opaque value (src/domain/payments.ts FORBIDDEN_CARD_DATA_KEYS are refused by every payment callable).
import { z } from 'zod/mini';
import { CATALOGUE_ITEM_IDS, SECURE_PAGE_REQUESTS } from '../domain/payments';
import { idSchema, isoDateSchema, isoDateTimeSchema, shortTextSchema } from './common';
import { siteIdSchema } from './settings';

const cents = z.int().check(z.minimum(0), z.maximum(100_000_000));

// ------------------------------------------------------------------------------------------- payment data

/** spec 001 §3: a catalogue item (INITIAL_CONSULTATION, RECURRING_FEE). `discounts` maps a code to cents off. */
export const catalogueItemSchema = z.object({
  itemId: z.enum(CATALOGUE_ITEM_IDS),
  name: shortTextSchema,
  description: shortTextSchema,
  unitPrice: cents,
  discounts: z.record(z.string(), cents),
});

/** The saved card as the provider reports it: its brand and the last four digits, masked ('XXXX1111'). */
export const profileCardDataSchema = z.object({
  cardType: shortTextSchema,
  cardNumber: z.string().check(z.regex(/^X{4}\d{4}$/)),
});

/** One charge of the customer's ledger, as the billing page lists it. */
export const chargeRecordSchema = z.object({
  id: idSchema,
  itemId: z.enum(CATALOGUE_ITEM_IDS),
  amount: cents,
  status: z.enum(['approved', 'declined', 'error']),
  transactionId: z.nullable(z.string()),
  cardType: z.nullable(shortTextSchema),
  last4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  createdAt: isoDateTimeSchema,
});

/** spec 001 §3 "Payment data" plus what the billing page and the update-payment page need. */
export const paymentDataSchema = z.object({
  subscriptionStatus: z.nullable(z.string()),
  /** spec 001 §3: recurringAmount (cents) and nextPaymentDate (YYYY-MM-DD); null before a subscription exists. */
  recurringFee: z.nullable(z.object({ recurringAmount: cents, nextPaymentDate: z.nullable(isoDateSchema) })),
  /** null when no card is on file. */
  profileCardData: z.nullable(profileCardDataSchema),
  catalogue: z.object({ INITIAL_CONSULTATION: catalogueItemSchema, RECURRING_FEE: catalogueItemSchema }),
  /** Whether the initial consultation fee has been paid. */
  initialFeePaid: z.boolean(),
  /** What the customer owes now (cents): the initial fee if unpaid, plus a recurring fee past due. */
  amountDue: cents,
  /** Which catalogue item the amount due is charged as. */
  amountDueItem: z.nullable(z.enum(CATALOGUE_ITEM_IDS)),
  /** The cancellation request's state (spec 001 §4 "Cancellation request results"). */
  cancellation: z.enum(['none', 'in-progress', 'complete']),
  /** The latest charges first (at most 12). */
  charges: z.array(chargeRecordSchema),
  /** Whether charging is on in this environment (spec 001 §9: off in production; the task then asks staff to charge). */
  chargingEnabled: z.boolean(),
  /**
   * Charging off: the payment task created when the customer saved their card, while staff have not yet charged what
   * it asks (the same amount is still due; at most a week old). null otherwise.
   */
  pendingPaymentTask: z.nullable(z.object({ createdAt: isoDateTimeSchema, amount: cents, itemId: z.enum(CATALOGUE_ITEM_IDS) })),
});
export type PaymentData = z.infer<typeof paymentDataSchema>;

// ------------------------------------------------------------------------------------ the card provider

/** The provider's opaque value (its browser script's answer), single use, 15 minutes. */
export const opaqueValueSchema = z.strictObject({
  dataDescriptor: z.string().check(z.minLength(1), z.maxLength(128)),
  dataValue: z.string().check(z.minLength(1), z.maxLength(8_192)),
});
export type OpaqueValue = z.infer<typeof opaqueValueSchema>;

/** The provider's answer to a charge or profile call, as the pipeline maps it (src/domain/cardErrors.ts). */
export const providerMessageSchema = z.object({
  /** The provider's response code ('1' approved, '2' declined, '3' error, '4' held) or an E_WC code. */
  code: z.string(),
  /** The provider's reason code ('11' duplicate, '17', '45', '65', …) when it gave one. */
  reasonCode: z.nullable(z.string()),
  text: z.string(),
});

// ------------------------------------------------------------------------------------------ the callables

/** updateCustomerPaymentProfile (spec 001 §7): saves the card on file from the opaque value. */
export const updatePaymentProfileRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  email: z.string().check(z.minLength(1), z.maxLength(254)),
  opaqueValue: opaqueValueSchema,
  sfContactId: idSchema,
  firstName: shortTextSchema,
  lastName: shortTextSchema,
  address: shortTextSchema,
  zip: z.string().check(z.regex(/^\d{5}(-\d{4})?$/)),
  country: z.string().check(z.minLength(2), z.maxLength(56)),
});
export const updatePaymentProfileResponseSchema = z.object({
  ok: z.literal(true),
  profileCardData: profileCardDataSchema,
});

/**
 * chargePayment (ours; spec 001 §4's charge step): charges the card on file `amount` cents for `itemId`, once per
 * idempotency key (made by the client before the first attempt, a UUID). The amount must equal what is due. A
 * replay of the key with the same body answers the first result; with a different body it is refused.
 */
export const chargePaymentRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  idempotencyKey: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i)),
  itemId: z.enum(CATALOGUE_ITEM_IDS),
  amount: cents,
});
export const chargePaymentResponseSchema = z.object({
  /** approved: charged; declined / error: nothing charged, `message` says why (its code maps to a card field). */
  status: z.enum(['approved', 'declined', 'error']),
  transactionId: z.nullable(z.string()),
  message: providerMessageSchema,
  /** Whether this answer is a replay of an earlier attempt with the same key. */
  replayed: z.boolean(),
});

/**
 * selfOnboardCard (spec 001 §7, the pipeline's last step): creates the payment task for the CRM. Ours carries the
 * transaction id and the idempotency key, never card fields (the spec's payload names them; see the README).
 */
export const selfOnboardCardRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  idempotencyKey: chargePaymentRequestSchema.shape.idempotencyKey,
  /** The approved charge's id; null when charging is off (production) and staff charge from the task. */
  transactionId: z.nullable(z.string().check(z.minLength(1), z.maxLength(64))),
});
export const selfOnboardCardResponseSchema = z.object({ taskId: idSchema });

/** requestCancellation (spec 001 §4, §7): success, or failed-precondition in-progress / already-complete. */
export const requestCancellationResponseSchema = z.object({ result: z.literal('success') });

/** getSecureSFURL (spec 001 §7, spec 002 §7): the secure page to navigate to, which returns to `returnPath`. */
export const secureUrlRequestSchema = z.strictObject({
  request: z.enum(SECURE_PAGE_REQUESTS),
  /** An in-app path ('/settings/billing', '/update-payment') the secure page returns to. */
  returnPath: z.string().check(z.regex(/^\/[A-Za-z0-9/_-]{0,200}$/)),
});
export const secureUrlResponseSchema = z.object({ url: z.string().check(z.url(), z.maxLength(2_048)) });
