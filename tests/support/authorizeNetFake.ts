// A local Authorize.net for the adapter's tests (functions/src/billing/cardGatewayAuthorizeNet.ts): a real HTTP
// server on an ephemeral port speaking the vendor's JSON API as its API reference documents it: the request envelope
// (merchantAuthentication, then the request's elements in the schema's order: a key out of order is E00003, as the
// vendor's JSON-to-XML conversion refuses it), answers that start with a byte order mark, resultCode Ok/Error with
// the E000xx message codes, and a transactionResponse with responseCode 1/2/3/4 and the response reason code.
//
// What it models:
// - Accept.js's side is issueOpaqueValue (the browser script's token call is not part of this API): single use, good
//   for 15 minutes, E00114 'Invalid OTS Token.' otherwise. The card rules and the test triggers are the ones the
//   vendor's sandbox documents, shared with the app's embedded sandbox (cardGatewaySandbox.ts): ZIP 46282 declines
//   (2/2), card 4000000000000002 declines, 4222222222222 is a card type not accepted (3/17), code 901 a card code
//   mismatch (2/65), 902 card code and AVS (2/45), ZIP 46217 AVS (2/27); a card past its expiry answers 3/8.
// - Customer profiles (merchantCustomerId unique: E00039 'A duplicate record with ID … already exists.'), payment
//   profiles (the same card twice in a profile: E00039 with the existing ids), getCustomerProfile by id or
//   merchantCustomerId (E00040 when none), validationMode liveMode declining a card whose trigger declines (E00027).
// - The duplicate window: the same card, amount, invoice number and billing name/address within the request's
//   duplicateWindow seconds (120 by default) answers 3/11 with the ORIGINAL transaction's id, as the vendor does when
//   the request sets a window. Approved and declined charges count.
// - Reporting: getTransactionListForCustomer lists the customer's SETTLED transactions only (the stricter reading of
//   the reference: settle() settles everything so far), getUnsettledTransactionList the merchant's unsettled ones,
//   getTransactionDetails one transaction. A duplicate refusal and a code-3 card error are no transaction (id "0").
// - Faults: failNext(request, 'http-500' | 'drop-after-processing' | 'delay') — the last two are lost answers.
import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardFingerprint, checkCardData, triggerOutcomeOf, type CardBrand, type CardData, type TriggerOutcome } from '../../functions/src/billing/cardGatewaySandbox';
import { OPAQUE_VALUE_TTL_MS } from '../../src/domain/payments';

const NS = "in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'";
const OPAQUE_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

type Json = Record<string, unknown>;

interface Card {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  zip: string;
  outcome: TriggerOutcome;
  fingerprint: string;
}

interface FakePaymentProfile {
  billTo: Json;
  card: Card;
}

interface FakeCustomerProfile {
  merchantCustomerId: string;
  email: string;
  paymentProfiles: Map<string, FakePaymentProfile>;
}

export interface FakeTransaction {
  transId: string;
  customerProfileId: string;
  customerPaymentProfileId: string;
  /** Dollars as sent ("99.00"). */
  amount: string;
  invoiceNumber: string;
  description: string;
  responseCode: 1 | 2 | 3 | 4;
  reasonCode: number;
  submittedAt: number;
  settled: boolean;
}

export type Fault = 'http-500' | 'drop-after-processing' | 'delay';

export interface AuthorizeNetFakeOptions {
  apiLoginId: string;
  transactionKey: string;
  now?: () => number;
  /** How long a 'delay' fault holds the answer (ms). */
  delayMs?: number;
}

// The schema's element order for what the adapter sends (AnetApiSchema.xsd).
const ORDER: Record<string, readonly string[]> = {
  createCustomerProfileRequest: ['merchantAuthentication', 'clientId', 'refId', 'profile', 'validationMode'],
  createCustomerPaymentProfileRequest: ['merchantAuthentication', 'clientId', 'refId', 'customerProfileId', 'paymentProfile', 'validationMode'],
  getCustomerProfileRequest: ['merchantAuthentication', 'clientId', 'refId', 'customerProfileId', 'merchantCustomerId', 'email', 'unmaskExpirationDate', 'includeIssuerInfo'],
  createTransactionRequest: ['merchantAuthentication', 'clientId', 'refId', 'transactionRequest'],
  getTransactionListForCustomerRequest: ['merchantAuthentication', 'clientId', 'refId', 'customerProfileId', 'customerPaymentProfileId', 'sorting', 'paging'],
  getUnsettledTransactionListRequest: ['merchantAuthentication', 'clientId', 'refId', 'status', 'sorting', 'paging'],
  getTransactionDetailsRequest: ['merchantAuthentication', 'clientId', 'refId', 'transId'],
  merchantAuthentication: ['name', 'transactionKey'],
  customerProfile: ['merchantCustomerId', 'description', 'email', 'paymentProfiles', 'shipToList', 'profileType'],
  paymentProfile: ['customerType', 'billTo', 'payment', 'driversLicense', 'taxId', 'defaultPaymentProfile'],
  billTo: ['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country', 'phoneNumber', 'faxNumber', 'email'],
  payment: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData'],
  opaqueData: ['dataDescriptor', 'dataValue', 'dataKey'],
  transactionRequest: [
    'transactionType', 'amount', 'currencyCode', 'payment', 'profile', 'solution', 'callId', 'terminalNumber', 'authCode',
    'refTransId', 'splitTenderId', 'order', 'lineItems', 'tax', 'duty', 'shipping', 'taxExempt', 'poNumber', 'customer',
    'billTo', 'shipTo', 'customerIP', 'cardholderAuthentication', 'retail', 'employeeId', 'transactionSettings', 'userFields',
  ],
  chargeProfile: ['createProfile', 'customerProfileId', 'paymentProfile', 'shippingProfileId'],
  chargePaymentProfile: ['paymentProfileId', 'cardCode'],
  order: ['invoiceNumber', 'description'],
  sorting: ['orderBy', 'orderDescending'],
  paging: ['limit', 'offset'],
};

class SchemaError extends Error {}

/** E00003 when `value`'s keys are not in the schema's order (or not in it at all), as the vendor answers. */
function checkOrder(parent: string, value: unknown, order: readonly string[]): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SchemaError(`The element '${parent}' ${NS} has invalid content.`);
  let last = -1;
  for (const key of Object.keys(value)) {
    const index = order.indexOf(key);
    if (index <= last) {
      const expected = order.slice(last + 1).map((name) => `'${name}'`).join(', ');
      throw new SchemaError(`The element '${parent}' ${NS} has invalid child element '${key}' ${NS}. List of possible elements expected: ${expected} ${NS}.`);
    }
    last = index;
  }
  return value as Json;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const newId = (digits: number) => String(randomInt(10 ** (digits - 1), 10 ** digits - 1));

const REASON_TEXTS: Record<number, string> = {
  1: 'This transaction has been approved.',
  2: 'This transaction has been declined.',
  8: 'The credit card has expired.',
  11: 'A duplicate transaction has been submitted.',
  17: 'The merchant does not accept this type of credit card.',
  27: 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  45: 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  65: 'The transaction has been declined because of a card code mismatch.',
};

const OUTCOME_ANSWERS: Record<TriggerOutcome, { responseCode: 1 | 2 | 3; reasonCode: number }> = {
  approve: { responseCode: 1, reasonCode: 1 },
  decline: { responseCode: 2, reasonCode: 2 },
  cardTypeNotAccepted: { responseCode: 3, reasonCode: 17 },
  cardCodeMismatch: { responseCode: 2, reasonCode: 65 },
  cardCodeAndAvsMismatch: { responseCode: 2, reasonCode: 45 },
  avsMismatch: { responseCode: 2, reasonCode: 27 },
};

export class AuthorizeNetFake {
  readonly opaqueValues = new Map<string, { card: Card; expiresAt: number; used: boolean }>();
  readonly customerProfiles = new Map<string, FakeCustomerProfile>();
  readonly transactions = new Map<string, FakeTransaction>();
  /** Every request received, by name, with its body (for assertions on what the adapter sends). */
  readonly requests: { name: string; body: Json }[] = [];
  private readonly attempts = new Map<string, { at: number; transId: string }>();
  private readonly faults = new Map<string, Fault[]>();
  private server: Server | undefined;
  /** Runs before a request is answered (a test makes something happen at the vendor in between). */
  beforeAnswer: ((requestName: string) => void) | undefined;
  url = '';
  now: () => number;

  constructor(private readonly options: AuthorizeNetFakeOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/xml/v1/request.api`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Accept.js's token call: the card's opaque value, or the card's field errors. */
  issueOpaqueValue(cardData: CardData): { dataDescriptor: string; dataValue: string } {
    const checked = checkCardData(cardData, new Date(this.now()));
    if (!checked.ok) throw new Error(`Accept.js refused the card: ${checked.messages.map((message) => message.code).join(', ')}`);
    const dataValue = `eyJ${Buffer.from(newId(12) + newId(12)).toString('base64url')}`;
    this.opaqueValues.set(sha256(dataValue), {
      card: {
        brand: checked.brand,
        last4: checked.digits.slice(-4),
        expMonth: checked.month,
        expYear: checked.year,
        zip: checked.zip,
        outcome: triggerOutcomeOf(checked),
        fingerprint: cardFingerprint(checked.digits, 'authorize-net-fake'),
      },
      expiresAt: this.now() + OPAQUE_VALUE_TTL_MS,
      used: false,
    });
    return { dataDescriptor: OPAQUE_DATA_DESCRIPTOR, dataValue };
  }

  /** The next `requestName` meets `fault`. */
  failNext(requestName: string, fault: Fault): void {
    this.faults.set(requestName, [...(this.faults.get(requestName) ?? []), fault]);
  }

  /** A customer profile made at the vendor by someone else (another save, the merchant interface). */
  addCustomerProfile(merchantCustomerId: string, email = ''): string {
    const id = newId(9);
    this.customerProfiles.set(id, { merchantCustomerId, email, paymentProfiles: new Map() });
    return id;
  }

  /** The day's batch settles: every transaction so far is settled. */
  settle(): void {
    for (const transaction of this.transactions.values()) transaction.settled = true;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Json;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    } catch {
      this.send(response, { messages: error('E00001', 'An error occurred during processing. Please try again.') });
      return;
    }
    const [name] = Object.keys(body);
    const inner = (name ? body[name] : undefined) as Json | undefined;
    if (request.method !== 'POST' || !name || !inner) {
      this.send(response, { messages: error('E00003', 'Root element is missing.') });
      return;
    }
    this.requests.push({ name, body: inner });
    const fault = this.faults.get(name)?.shift();
    if (fault === 'http-500') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    this.beforeAnswer?.(name);
    let answer: Json;
    try {
      answer = this.answer(name, inner);
    } catch (caught) {
      if (!(caught instanceof SchemaError)) throw caught;
      answer = { messages: error('E00003', caught.message) };
    }
    if (fault === 'drop-after-processing') {
      request.socket.destroy();
      return;
    }
    if (fault === 'delay') await new Promise((resolve) => setTimeout(resolve, this.options.delayMs ?? 2_000));
    this.send(response, answer);
  }

  private send(response: ServerResponse, answer: Json): void {
    if (response.destroyed) return;
    // The vendor's JSON answers start with a byte order mark.
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(`\uFEFF${JSON.stringify(answer)}`);
  }

  private answer(name: string, body: Json): Json {
    const order = ORDER[name];
    if (!order) throw new SchemaError(`The element '${name}' ${NS} is not declared.`);
    checkOrder(name, body, order);
    const auth = checkOrder('merchantAuthentication', body.merchantAuthentication, ORDER.merchantAuthentication ?? []);
    if (auth.name !== this.options.apiLoginId || auth.transactionKey !== this.options.transactionKey) {
      return { messages: error('E00007', 'User authentication failed due to invalid authentication values.') };
    }
    switch (name) {
      case 'createCustomerProfileRequest':
        return this.createCustomerProfile(body);
      case 'createCustomerPaymentProfileRequest':
        return this.createCustomerPaymentProfile(body);
      case 'getCustomerProfileRequest':
        return this.getCustomerProfile(body);
      case 'createTransactionRequest':
        return this.createTransaction(body);
      case 'getTransactionListForCustomerRequest':
        return this.transactionListForCustomer(body);
      case 'getUnsettledTransactionListRequest':
        return this.unsettledTransactionList(body);
      default:
        return this.transactionDetails(body);
    }
  }

  /** The opaque value's card, spending it; an error answer when it cannot be used. */
  private spendOpaqueValue(payment: unknown): Card | Json {
    const opaque = checkOrder('opaqueData', checkOrder('payment', payment, ORDER.payment ?? []).opaqueData, ORDER.opaqueData ?? []);
    const record = this.opaqueValues.get(sha256(text(opaque.dataValue)));
    if (opaque.dataDescriptor !== OPAQUE_DATA_DESCRIPTOR || !record || record.used) return { messages: error('E00114', 'Invalid OTS Token.') };
    record.used = true;
    if (record.expiresAt <= this.now()) return { messages: error('E00114', 'Invalid OTS Token.') };
    return record.card;
  }

  /** liveMode authorizes the card: a card whose trigger declines is refused with E00027. */
  private validation(card: Card, validationMode: unknown): Json | null {
    if (validationMode !== 'liveMode') return null;
    const answer = OUTCOME_ANSWERS[card.outcome];
    if (answer.responseCode === 1) return null;
    return {
      messages: error('E00027', REASON_TEXTS[answer.reasonCode] ?? 'This transaction has been declined.'),
      validationDirectResponse: `${answer.responseCode},1,${answer.reasonCode},${REASON_TEXTS[answer.reasonCode] ?? ''},000000,N,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only`,
    };
  }

  private paymentProfileOf(value: unknown): { billTo: Json; payment: unknown } {
    const paymentProfile = checkOrder('paymentProfiles', value, ORDER.paymentProfile ?? []);
    return { billTo: checkOrder('billTo', paymentProfile.billTo ?? {}, ORDER.billTo ?? []), payment: paymentProfile.payment };
  }

  private createCustomerProfile(body: Json): Json {
    const profile = checkOrder('profile', body.profile, ORDER.customerProfile ?? []);
    const merchantCustomerId = text(profile.merchantCustomerId);
    const existing = [...this.customerProfiles.entries()].find(([, candidate]) => candidate.merchantCustomerId === merchantCustomerId);
    if (existing) return { messages: error('E00039', `A duplicate record with ID ${existing[0]} already exists.`) };
    const paymentProfiles = asArray(profile.paymentProfiles).map((value) => this.paymentProfileOf(value));
    const stored: FakeCustomerProfile = { merchantCustomerId, email: text(profile.email), paymentProfiles: new Map() };
    const ids: string[] = [];
    for (const paymentProfile of paymentProfiles) {
      const card = this.spendOpaqueValue(paymentProfile.payment);
      if (!('fingerprint' in card)) return card;
      const refused = this.validation(card as Card, body.validationMode);
      if (refused) return refused;
      const id = newId(9);
      stored.paymentProfiles.set(id, { billTo: paymentProfile.billTo, card: card as Card });
      ids.push(id);
    }
    const customerProfileId = newId(9);
    this.customerProfiles.set(customerProfileId, stored);
    return {
      customerProfileId,
      customerPaymentProfileIdList: ids,
      customerShippingAddressIdList: [],
      validationDirectResponseList: [],
      messages: ok(),
    };
  }

  private createCustomerPaymentProfile(body: Json): Json {
    const customerProfileId = text(body.customerProfileId);
    const profile = this.customerProfiles.get(customerProfileId);
    const paymentProfile = this.paymentProfileOf(body.paymentProfile);
    if (!profile) return { messages: error('E00040', 'The record cannot be found.') };
    const card = this.spendOpaqueValue(paymentProfile.payment);
    if (!('fingerprint' in card)) return card;
    const saved = card as Card;
    const duplicate = [...profile.paymentProfiles.entries()].find(
      ([, candidate]) => candidate.card.fingerprint === saved.fingerprint && candidate.card.expMonth === saved.expMonth && candidate.card.expYear === saved.expYear,
    );
    if (duplicate) {
      return { customerProfileId, customerPaymentProfileId: duplicate[0], messages: error('E00039', 'A duplicate customer payment profile already exists.') };
    }
    const refused = this.validation(saved, body.validationMode);
    if (refused) return refused;
    const id = newId(9);
    profile.paymentProfiles.set(id, { billTo: paymentProfile.billTo, card: saved });
    return { customerProfileId, customerPaymentProfileId: id, messages: ok() };
  }

  private getCustomerProfile(body: Json): Json {
    const entry =
      body.customerProfileId !== undefined
        ? ([text(body.customerProfileId), this.customerProfiles.get(text(body.customerProfileId))] as const)
        : [...this.customerProfiles.entries()].find(([, candidate]) => candidate.merchantCustomerId === text(body.merchantCustomerId));
    const [customerProfileId, profile] = entry ?? [];
    if (!customerProfileId || !profile) return { messages: error('E00040', 'The record cannot be found.') };
    return {
      profile: {
        merchantCustomerId: profile.merchantCustomerId,
        email: profile.email,
        customerProfileId,
        paymentProfiles: [...profile.paymentProfiles.entries()].map(([id, paymentProfile]) => ({
          customerPaymentProfileId: id,
          payment: { creditCard: { cardNumber: `XXXX${paymentProfile.card.last4}`, expirationDate: 'XXXX', cardType: paymentProfile.card.brand } },
          customerType: 'individual',
          billTo: paymentProfile.billTo,
        })),
        profileType: 'regular',
      },
      messages: ok(),
    };
  }

  private createTransaction(body: Json): Json {
    const request = checkOrder('transactionRequest', body.transactionRequest, ORDER.transactionRequest ?? []);
    if (request.transactionType !== 'authCaptureTransaction') return { messages: error('E00003', `The value '${text(request.transactionType)}' is invalid.`) };
    const amount = text(request.amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) return { messages: error('E00003', `The '${NS}:amount' element is invalid - The value '${amount}' is invalid according to its datatype.`) };
    const chargeProfile = checkOrder('profile', request.profile, ORDER.chargeProfile ?? []);
    const paymentProfileRef = checkOrder('paymentProfile', chargeProfile.paymentProfile, ORDER.chargePaymentProfile ?? []);
    const order = checkOrder('order', request.order ?? {}, ORDER.order ?? []);
    let windowSeconds = 120;
    for (const setting of asArray((request.transactionSettings as Json | undefined)?.setting)) {
      const { settingName, settingValue } = setting as Json;
      if (settingName === 'duplicateWindow') windowSeconds = Number(settingValue);
    }
    const customerProfileId = text(chargeProfile.customerProfileId);
    const paymentProfileId = text(paymentProfileRef.paymentProfileId);
    const paymentProfile = this.customerProfiles.get(customerProfileId)?.paymentProfiles.get(paymentProfileId);
    if (!paymentProfile) return { messages: error('E00040', 'The record cannot be found.') };
    const customer = this.customerProfiles.get(customerProfileId);
    const { card, billTo } = paymentProfile;
    const now = this.now();
    const invoiceNumber = text(order.invoiceNumber);
    const today = new Date(now);

    const answer = (responseCode: 1 | 2 | 3 | 4, reasonCode: number, transId: string): Json => {
      const approved = responseCode === 1;
      const transactionResponse: Json = {
        responseCode: String(responseCode),
        authCode: approved ? newId(6) : '',
        avsResultCode: reasonCode === 27 || reasonCode === 45 ? 'N' : 'Y',
        cvvResultCode: reasonCode === 65 || reasonCode === 45 ? 'N' : 'M',
        cavvResultCode: '',
        transId,
        refTransID: '',
        transHash: '',
        testRequest: '0',
        accountNumber: `XXXX${card.last4}`,
        accountType: card.brand,
        ...(approved
          ? { messages: [{ code: String(reasonCode), description: REASON_TEXTS[reasonCode] }] }
          : { errors: [{ errorCode: String(reasonCode), errorText: REASON_TEXTS[reasonCode] }] }),
        transHashSha2: '',
        profile: { customerProfileId, customerPaymentProfileId: paymentProfileId },
      };
      return { transactionResponse, messages: approved ? ok() : error('E00027', 'The transaction was unsuccessful.') };
    };

    if (card.expYear * 12 + card.expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return answer(3, 8, '0');
    if (card.outcome === 'cardTypeNotAccepted') return answer(3, 17, '0');
    const duplicateKey = [card.fingerprint, card.expMonth, card.expYear, amount, invoiceNumber, customer?.merchantCustomerId, billTo.firstName, billTo.lastName, billTo.address, billTo.zip, billTo.country].join('|');
    const previous = this.attempts.get(duplicateKey);
    if (previous && now - previous.at < windowSeconds * 1_000) return answer(3, 11, previous.transId);

    const { responseCode, reasonCode } = OUTCOME_ANSWERS[card.outcome];
    const transId = newId(11);
    this.attempts.set(duplicateKey, { at: now, transId });
    this.transactions.set(transId, {
      transId,
      customerProfileId,
      customerPaymentProfileId: paymentProfileId,
      amount,
      invoiceNumber,
      description: text(order.description),
      responseCode,
      reasonCode,
      submittedAt: now,
      settled: false,
    });
    return answer(responseCode, reasonCode, transId);
  }

  private summaryOf(transaction: FakeTransaction): Json {
    return {
      transId: transaction.transId,
      submitTimeUTC: new Date(transaction.submittedAt).toISOString().replace(/\.\d+Z$/, 'Z'),
      submitTimeLocal: new Date(transaction.submittedAt - 7 * 3_600_000).toISOString().replace(/\.\d+Z$/, ''),
      transactionStatus: this.statusOf(transaction),
      invoiceNumber: transaction.invoiceNumber,
      firstName: 'Ana',
      lastName: 'Lopez',
      accountType: 'Visa',
      accountNumber: 'XXXX1111',
      settleAmount: transaction.responseCode === 1 ? Number(transaction.amount) : 0,
      marketType: 'eCommerce',
      product: 'Card Not Present',
      profile: { customerProfileId: Number(transaction.customerProfileId), customerPaymentProfileId: Number(transaction.customerPaymentProfileId) },
    };
  }

  private statusOf(transaction: FakeTransaction): string {
    if (transaction.responseCode === 2) return 'declined';
    return transaction.settled ? 'settledSuccessfully' : 'capturedPendingSettlement';
  }

  private sorted(transactions: FakeTransaction[], body: Json): Json[] {
    const sorting = body.sorting === undefined ? { orderBy: 'id', orderDescending: false } : checkOrder('sorting', body.sorting, ORDER.sorting ?? []);
    const paging = body.paging === undefined ? { limit: 1000, offset: 1 } : checkOrder('paging', body.paging, ORDER.paging ?? []);
    const limit = Number(paging.limit);
    const offset = Number(paging.offset);
    if (!(limit >= 1 && limit <= 1000) || !(offset >= 1)) throw new SchemaError(`The element 'paging' ${NS} has an invalid value.`);
    const descending = sorting.orderDescending === true || sorting.orderDescending === 'true';
    const key = (transaction: FakeTransaction) => (sorting.orderBy === 'submitTimeUTC' ? transaction.submittedAt : Number(transaction.transId));
    const ordered = [...transactions].sort((a, b) => (descending ? key(b) - key(a) : key(a) - key(b)));
    return ordered.slice((offset - 1) * limit, offset * limit).map((transaction) => this.summaryOf(transaction));
  }

  private transactionListForCustomer(body: Json): Json {
    const customerProfileId = text(body.customerProfileId);
    if (!this.customerProfiles.has(customerProfileId)) return { messages: error('E00040', 'The record cannot be found.') };
    const paymentProfileId = body.customerPaymentProfileId === undefined ? undefined : text(body.customerPaymentProfileId);
    const matching = [...this.transactions.values()].filter(
      (transaction) =>
        transaction.settled &&
        transaction.customerProfileId === customerProfileId &&
        (paymentProfileId === undefined || transaction.customerPaymentProfileId === paymentProfileId),
    );
    return this.list(this.sorted(matching, body), matching.length);
  }

  private unsettledTransactionList(body: Json): Json {
    const matching = [...this.transactions.values()].filter((transaction) => !transaction.settled);
    return this.list(this.sorted(matching, body), matching.length);
  }

  private list(transactions: Json[], total: number): Json {
    if (total === 0) return { totalNumInResultSet: 0, messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } };
    return { transactions, totalNumInResultSet: total, messages: ok() };
  }

  private transactionDetails(body: Json): Json {
    const transaction = this.transactions.get(text(body.transId));
    if (!transaction) return { messages: error('E00040', 'The record cannot be found.') };
    const dollars = Number(transaction.amount);
    return {
      transaction: {
        transId: transaction.transId,
        submitTimeUTC: new Date(transaction.submittedAt).toISOString(),
        submitTimeLocal: new Date(transaction.submittedAt - 7 * 3_600_000).toISOString().replace(/Z$/, ''),
        transactionType: 'authCaptureTransaction',
        transactionStatus: this.statusOf(transaction),
        responseCode: transaction.responseCode,
        responseReasonCode: transaction.reasonCode,
        responseReasonDescription: transaction.responseCode === 1 ? 'Approval' : 'Declined',
        authCode: transaction.responseCode === 1 ? '000000' : '',
        AVSResponse: 'Y',
        order: { invoiceNumber: transaction.invoiceNumber, description: transaction.description, discountAmount: 0, taxIsAfterDiscount: false },
        authAmount: dollars,
        settleAmount: transaction.responseCode === 1 ? dollars : 0,
        taxExempt: false,
        payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX', cardType: 'Visa' } },
        recurringBilling: false,
        product: 'Card Not Present',
        marketType: 'eCommerce',
        profile: { customerProfileId: transaction.customerProfileId, customerPaymentProfileId: transaction.customerPaymentProfileId },
      },
      messages: ok(),
    };
  }
}

function ok(): Json {
  return { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
}

function error(code: string, message: string): Json {
  return { resultCode: 'Error', message: [{ code, text: message }] };
}

/** A started fake with the given credentials. */
export async function startAuthorizeNetFake(options: AuthorizeNetFakeOptions): Promise<AuthorizeNetFake> {
  return new AuthorizeNetFake(options).start();
}
