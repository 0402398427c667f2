// The card gateway behind cardGateway.ts in production (spec 001 §4 "Payment flow", §9): Authorize.net, spoken to
// through its JSON API (https://api.authorize.net/xml/v1/request.api) with fetch, no SDK.
//
// - A card is saved as a payment profile of the customer's profile (Customer Information Manager). The customer's
//   profile is found by its merchantCustomerId (our CRM contact id, BillTo.customerId) with getCustomerProfileRequest;
//   a first card creates the profile and the payment profile in one createCustomerProfileRequest, a later one adds a
//   payment profile with createCustomerPaymentProfileRequest (the same card again is E00039 and answers the existing
//   payment profile). The single-use opaque value (Accept.js) is spent by exactly one of those calls. The card's
//   brand and last four digits are read back with getCustomerProfileRequest: the card number never passes here.
// - The port's profile id is "<customerProfileId>-<customerPaymentProfileId>" (both numeric at the vendor).
// - A charge is a createTransactionRequest (authCaptureTransaction) on the profile with our invoice number and the
//   duplicate window of the product (120 s, src/domain/payments.ts). The transactionResponse is the answer (a decline
//   comes with the top-level E00027 and is an answer, not an error); a request refused as a whole (no
//   transactionResponse: E00003, E00007, E00013, E00040 …) is a CardGatewayError with the vendor's code.
// - A lost answer is found again (findTransactions) from the reporting API: getTransactionListForCustomerRequest for
//   the payment profile together with getUnsettledTransactionListRequest (a transaction of the last minutes may not
//   be listed for the customer yet), then getTransactionDetailsRequest for each candidate with our invoice number.
//
// Wire details the API imposes: the JSON is converted to the vendor's XML schema, so every object's keys must come in
// the schema's order (a misplaced key is E00003); each answer starts with a byte order mark, stripped before parsing;
// amounts are decimal dollars ("99.00"), the port's are cents.
import { defineSecret } from 'firebase-functions/params';
import { z } from 'zod/mini';
import { GATEWAY_DUPLICATE_WINDOW_MS } from '../../../src/domain/payments';
import {
  CardGatewayError,
  type BillTo,
  type CardGatewayProvider,
  type ChargeInvoice,
  type ChargeResult,
  type GatewayTransaction,
  type PaymentProfile,
} from './cardGateway';

// ------------------------------------------------------------------------------------------- settings

/** The provider name that selects this gateway (CARD_GATEWAY_PROVIDER=authorizenet). */
export const AUTHORIZE_NET_PROVIDER = 'authorizenet';

export const AUTHORIZE_NET_ENDPOINTS = {
  production: 'https://api.authorize.net/xml/v1/request.api',
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
} as const;

/** The merchant's credentials, kept in Secret Manager and bound to the functions that charge (defineSecret). */
export const AUTHORIZE_NET_API_LOGIN_ID = defineSecret('AUTHORIZE_NET_API_LOGIN_ID');
export const AUTHORIZE_NET_TRANSACTION_KEY = defineSecret('AUTHORIZE_NET_TRANSACTION_KEY');
export const AUTHORIZE_NET_SECRETS = [AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY] as const;

export const VALIDATION_MODES = ['none', 'testMode', 'liveMode'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

/**
 * The gateway's settings: the two secrets, AUTHORIZE_NET_ENVIRONMENT (which of the vendor's endpoints; production
 * unless it says sandbox), AUTHORIZE_NET_API_URL (another endpoint: the tests' local fake only),
 * AUTHORIZE_NET_VALIDATION_MODE (how a new card is checked when saved: none by default; liveMode makes the vendor
 * authorize a zero amount, testMode checks the number only).
 */
export const authorizeNetSettingsSchema = z.object({
  AUTHORIZE_NET_API_LOGIN_ID: z.string().check(z.regex(/^[A-Za-z0-9]{1,25}$/, 'must be the API login id from the Authorize.net account (letters and digits, at most 25)')),
  AUTHORIZE_NET_TRANSACTION_KEY: z.string().check(z.regex(/^[A-Za-z0-9]{16}$/, 'must be the 16-character transaction key from the Authorize.net account')),
  AUTHORIZE_NET_ENVIRONMENT: z._default(z.enum(['production', 'sandbox'], 'must be production or sandbox'), 'production'),
  AUTHORIZE_NET_API_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AUTHORIZE_NET_VALIDATION_MODE: z._default(z.enum(VALIDATION_MODES, `must be one of ${VALIDATION_MODES.join(', ')}`), 'none'),
});

export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  endpoint: string;
  validationMode?: ValidationMode;
  /** How long one API call may take before it counts as lost (ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The gateway's options from settings (secret values included), or every problem with them. In production only the
 * vendor's production endpoint is allowed: its sandbox (apitest) and any other address are refused.
 */
export function authorizeNetOptionsFrom(
  env: Record<string, string | undefined>,
  production: boolean,
): { ok: true; options: AuthorizeNetOptions } | { ok: false; problems: string[] } {
  const raw = Object.fromEntries(Object.keys(authorizeNetSettingsSchema.shape).map((key) => [key, env[key]?.trim() || undefined]));
  const parsed = authorizeNetSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        return raw[key] === undefined ? `${key} is unset` : `${key} ${issue.message}`;
      }),
    };
  }
  const settings = parsed.data;
  const endpoint = settings.AUTHORIZE_NET_API_URL ?? AUTHORIZE_NET_ENDPOINTS[settings.AUTHORIZE_NET_ENVIRONMENT];
  if (production) {
    const problems: string[] = [];
    if (settings.AUTHORIZE_NET_ENVIRONMENT !== 'production') problems.push("AUTHORIZE_NET_ENVIRONMENT is 'sandbox' (the vendor's test endpoint)");
    if (settings.AUTHORIZE_NET_API_URL !== undefined) problems.push('AUTHORIZE_NET_API_URL is set (only the local fake of the tests uses another endpoint)');
    if (problems.length > 0) return { ok: false, problems };
  }
  return {
    ok: true,
    options: {
      apiLoginId: settings.AUTHORIZE_NET_API_LOGIN_ID,
      transactionKey: settings.AUTHORIZE_NET_TRANSACTION_KEY,
      endpoint,
      validationMode: settings.AUTHORIZE_NET_VALIDATION_MODE,
    },
  };
}

// ------------------------------------------------------------------------------------------- the wire format

const messageSchema = z.object({ code: z.string(), text: z.string() });
const messagesSchema = z.object({ resultCode: z.enum(['Ok', 'Error']), message: z.array(messageSchema) });
const apiResponseSchema = z.looseObject({ messages: messagesSchema });
type ApiResponse = z.infer<typeof apiResponseSchema> & Record<string, unknown>;

const numeric = z.union([z.string(), z.number()]);

const transactionResponseSchema = z.looseObject({
  responseCode: z.string(),
  transId: z.optional(z.string()),
  messages: z.optional(z.array(z.looseObject({ code: z.string(), description: z.string() }))),
  errors: z.optional(z.array(z.looseObject({ errorCode: z.string(), errorText: z.string() }))),
});

const maskedProfileSchema = z.looseObject({
  customerProfileId: z.string(),
  paymentProfiles: z.optional(
    z.array(
      z.looseObject({
        customerPaymentProfileId: z.string(),
        payment: z.optional(z.looseObject({ creditCard: z.optional(z.looseObject({ cardNumber: z.string(), cardType: z.optional(z.string()) })) })),
      }),
    ),
  ),
});

const transactionSummarySchema = z.looseObject({
  transId: z.string(),
  submitTimeUTC: z.optional(z.string()),
  invoiceNumber: z.optional(z.string()),
  profile: z.optional(z.looseObject({ customerProfileId: z.optional(numeric), customerPaymentProfileId: z.optional(numeric) })),
});

const transactionDetailsSchema = z.looseObject({
  transId: z.string(),
  submitTimeUTC: z.string(),
  responseCode: numeric,
  responseReasonCode: z.optional(numeric),
  responseReasonDescription: z.optional(z.string()),
  order: z.optional(z.looseObject({ invoiceNumber: z.optional(z.string()) })),
  authAmount: z.optional(numeric),
  settleAmount: z.optional(numeric),
  profile: z.optional(z.looseObject({ customerProfileId: z.optional(numeric), customerPaymentProfileId: z.optional(numeric) })),
});

/** The vendor's response reason texts for the codes the product shows (the Response Reason Code table). */
export const RESPONSE_REASON_TEXTS: Record<string, string> = {
  '1': 'This transaction has been approved.',
  '2': 'This transaction has been declined.',
  '3': 'This transaction has been declined.',
  '4': 'This transaction has been declined.',
  '6': 'The credit card number is invalid.',
  '8': 'The credit card has expired.',
  '11': 'A duplicate transaction has been submitted.',
  '17': 'The merchant does not accept this type of credit card.',
  '27': 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  '44': 'This transaction has been declined.',
  '45': 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  '65': 'The transaction has been declined because of a card code mismatch.',
};

const RESPONSE_CODES = ['1', '2', '3', '4'] as const;
const responseCodeOf = (value: string): ChargeResult['code'] =>
  (RESPONSE_CODES as readonly string[]).includes(value) ? (value as ChargeResult['code']) : '3';

/** Cents to the API's decimal dollars. */
export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
/** The API's decimal dollars to cents. */
const centsOf = (dollars: string | number | undefined) => Math.round(Number(dollars ?? 0) * 100);

/** "12345-67890" to the vendor's two ids; null when it is not one of ours. */
export function profileIdsOf(profileId: string): { customerProfileId: string; customerPaymentProfileId: string } | null {
  const match = /^(\d+)-(\d+)$/.exec(profileId);
  return match ? { customerProfileId: match[1] as string, customerPaymentProfileId: match[2] as string } : null;
}

/** The API's UTC times come with or without a zone ("2026-11-26T12:00:00Z", "2026-11-26T12:00:00.113"). */
const millisOfUtc = (value: string) => Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);

/**
 * The API's answers start with a byte order mark (U+FEFF), which JSON.parse refuses. fetch's text() drops a UTF-8
 * one while decoding; this keeps a BOM from reaching JSON.parse whichever way the body was decoded.
 */
export const withoutBom = (body: string) => body.replace(/^\uFEFF/, '');

const first = <T>(values: readonly T[] | undefined): T | undefined => values?.[0];

/** Recent lists read at most this many transactions (the API's page limit is 1000). */
const LIST_LIMIT = 1000;

// ------------------------------------------------------------------------------------------- the gateway

export class AuthorizeNetCardGateway implements CardGatewayProvider {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: AuthorizeNetOptions) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /**
   * One API call. Answers the parsed response, whatever its resultCode; throws a plain Error when there is no
   * well-formed answer (a timeout, a network failure, an HTTP error, a body that is not the API's JSON): for a charge
   * that is an unknown outcome, never a refusal.
   */
  private async call(requestName: string, body: Record<string, unknown>): Promise<ApiResponse> {
    const request = {
      [requestName]: { merchantAuthentication: { name: this.options.apiLoginId, transactionKey: this.options.transactionKey }, ...body },
    };
    const response = await this.fetch(this.options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Authorize.net ${requestName}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(withoutBom(text));
    } catch {
      throw new Error(`Authorize.net ${requestName}: the answer is not JSON`);
    }
    const parsed = apiResponseSchema.safeParse(json);
    if (!parsed.success) throw new Error(`Authorize.net ${requestName}: the answer has no messages`);
    return parsed.data as ApiResponse;
  }

  /** The call's answer when Ok; a CardGatewayError with the vendor's first message otherwise. */
  private async callOk(requestName: string, body: Record<string, unknown>): Promise<ApiResponse> {
    const response = await this.call(requestName, body);
    if (response.messages.resultCode !== 'Ok') throw errorOf(response);
    return response;
  }

  private billToOf(billTo: BillTo) {
    // NameAndAddressType's order: firstName, lastName, company, address, city, state, zip, country.
    return {
      firstName: billTo.firstName.slice(0, 50),
      lastName: billTo.lastName.slice(0, 50),
      address: billTo.address.slice(0, 60),
      zip: billTo.zip.slice(0, 20),
      country: billTo.country.slice(0, 60),
    };
  }

  async createCustomerPaymentProfile(opaqueValue: { dataDescriptor: string; dataValue: string }, billTo: BillTo): Promise<PaymentProfile> {
    const validationMode = this.options.validationMode ?? 'none';
    const paymentProfile = {
      customerType: 'individual',
      billTo: this.billToOf(billTo),
      payment: { opaqueData: { dataDescriptor: opaqueValue.dataDescriptor, dataValue: opaqueValue.dataValue } },
    };
    const merchantCustomerId = billTo.customerId.slice(0, 20);

    let customerProfileId = await this.findCustomerProfileId(merchantCustomerId);
    let customerPaymentProfileId: string | undefined;
    if (customerProfileId === null) {
      const created = await this.call('createCustomerProfileRequest', {
        profile: { merchantCustomerId, email: billTo.email.slice(0, 255), paymentProfiles: [paymentProfile] },
        validationMode,
      });
      if (created.messages.resultCode === 'Ok') {
        customerProfileId = String(created.customerProfileId ?? '');
        customerPaymentProfileId = first(z.array(z.string()).safeParse(created.customerPaymentProfileIdList).data);
      } else {
        // Another save for the same customer made the profile in between (E00039 names it): add the card to it.
        const duplicate = errorOf(created);
        const existing = duplicate.code === 'E00039' ? /ID (\d+)/.exec(duplicate.text)?.[1] : undefined;
        if (!existing) throw duplicate;
        customerProfileId = existing;
      }
    }
    if (customerPaymentProfileId === undefined) {
      const added = await this.call('createCustomerPaymentProfileRequest', {
        customerProfileId,
        paymentProfile: { ...paymentProfile, defaultPaymentProfile: true },
        validationMode,
      });
      // E00039: this card is already a payment profile of the customer; the vendor names it, and it is reused.
      if (added.messages.resultCode !== 'Ok' && first(added.messages.message)?.code !== 'E00039') throw errorOf(added);
      customerPaymentProfileId = typeof added.customerPaymentProfileId === 'string' ? added.customerPaymentProfileId : undefined;
      if (!customerPaymentProfileId) throw errorOf(added);
    }
    if (!customerProfileId || !customerPaymentProfileId) throw new Error('Authorize.net: the profile ids are missing from the answer');

    const profile = await this.customerProfile({ customerProfileId });
    const saved = profile?.paymentProfiles?.find((candidate) => candidate.customerPaymentProfileId === customerPaymentProfileId);
    const card = saved?.payment?.creditCard;
    if (!card) throw new CardGatewayError('E00040', 'The record cannot be found.');
    return { profileId: `${customerProfileId}-${customerPaymentProfileId}`, cardType: card.cardType ?? '', last4: card.cardNumber.replace(/\D/g, '').slice(-4) };
  }

  /** The customer's profile id at the vendor, or null when it has none (E00040). */
  private async findCustomerProfileId(merchantCustomerId: string): Promise<string | null> {
    const profile = await this.customerProfile({ merchantCustomerId });
    return profile?.customerProfileId ?? null;
  }

  private async customerProfile(lookup: { customerProfileId: string } | { merchantCustomerId: string }) {
    // GetCustomerProfileRequest's order: customerProfileId, merchantCustomerId, email, unmaskExpirationDate.
    const response = await this.call('getCustomerProfileRequest', lookup);
    if (response.messages.resultCode !== 'Ok') {
      const error = errorOf(response);
      if (error.code === 'E00040') return null;
      throw error;
    }
    const parsed = maskedProfileSchema.safeParse(response.profile);
    if (!parsed.success) throw new Error('Authorize.net getCustomerProfileRequest: the answer has no profile');
    return parsed.data;
  }

  async chargeCustomerProfile(profileId: string, amount: number, invoice: ChargeInvoice): Promise<ChargeResult> {
    const ids = profileIdsOf(profileId);
    if (!ids) throw new CardGatewayError('E00040', 'The record cannot be found.');
    // TransactionRequestType's order: transactionType, amount, profile, order, …, transactionSettings.
    const response = await this.call('createTransactionRequest', {
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: dollarsOf(amount),
        profile: { customerProfileId: ids.customerProfileId, paymentProfile: { paymentProfileId: ids.customerPaymentProfileId } },
        order: { invoiceNumber: invoice.invoiceNumber.slice(0, 20), description: invoice.description.slice(0, 255) },
        transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: String(GATEWAY_DUPLICATE_WINDOW_MS / 1_000) }] },
      },
    });
    const parsed = transactionResponseSchema.safeParse(response.transactionResponse);
    if (!parsed.success) {
      // Refused as a whole (nothing was charged for E00003, E00007, E00013, E00040; the outcome of others is unknown).
      throw errorOf(response);
    }
    const transaction = parsed.data;
    const code = responseCodeOf(transaction.responseCode);
    const message = first(transaction.messages);
    const error = first(transaction.errors);
    const reasonCode = message?.code ?? error?.errorCode ?? '';
    const text = message?.description ?? error?.errorText ?? RESPONSE_REASON_TEXTS[reasonCode] ?? '';
    // A duplicate-window refusal charged nothing; the vendor may name the original transaction, which is not this one.
    const transId = transaction.transId && transaction.transId !== '0' && reasonCode !== '11' ? transaction.transId : null;
    return { code, reasonCode, text, transactionId: transId };
  }

  async findTransactions(profileId: string, invoiceNumber: string, since: number): Promise<GatewayTransaction[]> {
    const ids = profileIdsOf(profileId);
    if (!ids) return [];
    const wanted = invoiceNumber.slice(0, 20);
    const sorting = { orderBy: 'submitTimeUTC', orderDescending: true };
    const paging = { limit: LIST_LIMIT, offset: 1 };

    const forCustomer = await this.call('getTransactionListForCustomerRequest', { ...ids, sorting, paging });
    const unsettled = await this.callOk('getUnsettledTransactionListRequest', { sorting, paging });
    const summaries = [...summariesOf(forCustomer, 'getTransactionListForCustomerRequest'), ...summariesOf(unsettled, 'getUnsettledTransactionListRequest')];

    const candidates = new Map<string, z.infer<typeof transactionSummarySchema>>();
    for (const summary of summaries) {
      if (candidates.has(summary.transId)) continue;
      // Every charge of ours carries an invoice number; a transaction without one is not ours.
      if (summary.invoiceNumber !== wanted) continue;
      if (summary.submitTimeUTC !== undefined && millisOfUtc(summary.submitTimeUTC) < since) continue;
      const profile = summary.profile;
      if (profile && (String(profile.customerProfileId) !== ids.customerProfileId || String(profile.customerPaymentProfileId) !== ids.customerPaymentProfileId)) continue;
      // The unsettled list names the profile only for transactions made with one; without it the details decide.
      candidates.set(summary.transId, summary);
    }

    const found: GatewayTransaction[] = [];
    for (const transId of candidates.keys()) {
      const details = await this.callOk('getTransactionDetailsRequest', { transId });
      const parsed = transactionDetailsSchema.safeParse(details.transaction);
      if (!parsed.success) throw new Error('Authorize.net getTransactionDetailsRequest: the answer has no transaction');
      const transaction = parsed.data;
      const profile = transaction.profile;
      if (!profile || String(profile.customerProfileId) !== ids.customerProfileId || String(profile.customerPaymentProfileId) !== ids.customerPaymentProfileId) continue;
      if (transaction.order?.invoiceNumber !== wanted) continue;
      const submittedAt = millisOfUtc(transaction.submitTimeUTC);
      if (!(submittedAt >= since)) continue;
      const reasonCode = String(transaction.responseReasonCode ?? '');
      if (reasonCode === '11') continue;
      found.push({
        transactionId: transaction.transId,
        code: responseCodeOf(String(transaction.responseCode)),
        reasonCode,
        text: RESPONSE_REASON_TEXTS[reasonCode] ?? transaction.responseReasonDescription ?? '',
        amount: centsOf(transaction.authAmount ?? transaction.settleAmount),
        invoiceNumber: transaction.order.invoiceNumber,
        submittedAt,
      });
    }
    return found.sort((a, b) => a.submittedAt - b.submittedAt || a.transactionId.localeCompare(b.transactionId));
  }
}

/** The transactions of a list answer; none when the list is empty (the customer list answers E00040 for no profile). */
function summariesOf(response: ApiResponse, requestName: string): z.infer<typeof transactionSummarySchema>[] {
  if (response.messages.resultCode !== 'Ok') {
    const error = errorOf(response);
    if (error.code === 'E00040') return [];
    throw error;
  }
  const list = response.transactions;
  if (list === undefined || list === null) return [];
  const parsed = z.array(transactionSummarySchema).safeParse(list);
  if (!parsed.success) throw new Error(`Authorize.net ${requestName}: the transaction list is not readable`);
  return parsed.data;
}

/** The vendor's first message as our error. */
function errorOf(response: ApiResponse): CardGatewayError {
  const message = first(response.messages.message);
  return new CardGatewayError(message?.code ?? 'E00001', message?.text ?? 'An error occurred during processing.');
}
