// The embedded card gateway: behaves like the common gateways' test environments (Authorize.net's
// sandbox above all). Its vendor side is the HTTP function cardGatewaySandboxPage.ts (the Accept.js look-alike
// and its token endpoint); this module is the vendor's logic and what our functions call in process.
//
// What the vendor keeps per opaque value (keyed by the value's SHA-256, so not even the value is stored): brand,
// last4, expiry month/year, the ZIP, the trigger outcome, a card fingerprint (a keyed HMAC of the number: the same
// card gives the same fingerprint, and the number cannot be recovered from it), createdAt, used. NEVER the card
// number or the security code. Nothing here logs a request body.
//
// Test cards (approved): Visa 4111111111111111 and 4007000000027, Mastercard 5424000000000015, Amex 370000000000002
// (4-digit code), Discover 6011000000000012; any future expiry, any 3-digit code (4 for Amex), any other ZIP.
//
// Token errors (the browser script's E_WC codes; every failing field is listed):
//   E_WC_05 card number (digits, Luhn, brand and length: Visa 4 13/16/19, Mastercard 51-55 and 2221-2720 16,
//           Amex 34/37 15, Discover 6011/644-649/65 16/19; other prefixes refused)
//   E_WC_06 month 1-12 · E_WC_07 year (2 or 4 digits, at most 20 years ahead) · E_WC_08 expiry before this month
//   E_WC_15 security code (3 digits, 4 for Amex) · E_WC_16 ZIP (12345 or 12345-6789) · E_WC_17 cardholder name
//   E_WC_10 apiLoginID missing · E_WC_19 clientKey missing · E_WC_21 login id and client key do not match
//
// Charge triggers (chargeCustomerProfile's answer, code / reason / text):
//   ZIP 46282                 → 2 / 2  This transaction has been declined.
//   card 4000000000000002     → 2 / 2  This transaction has been declined.
//   card 4222222222222        → 3 / 17 The merchant does not accept this type of credit card.
//   security code 901         → 2 / 65 The transaction has been declined because of a card code mismatch.
//   security code 902         → 2 / 45 … declined because of an AVS mismatch … (card code and AVS mismatch)
//   ZIP 46217                 → 2 / 27 … declined because of an AVS mismatch …
//   the card on file expired  → 3 / 8  The credit card has expired.
//   the same card (fingerprint) and amount again within 120 s of an approved or declined charge
//                             → 3 / 11 A duplicate transaction has been submitted.
//   card 4000000000000119     → the answer is lost: the charge is made and approved (findTransactions has it), but
//                               the call fails with a TimeoutError, as when the gateway's answer never reaches us
//
// Every charge with a transaction id (approved, declined, error) is remembered (cardGateway/sandbox/transactions:
// profile, amount, code, reason, text, invoice number, time), and findTransactions answers them by profile and
// invoice number, oldest first: the reporting API our charge uses to find out what became of a lost answer.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { GATEWAY_DUPLICATE_WINDOW_MS, OPAQUE_VALUE_TTL_MS } from '../../../src/domain/payments';
import { BRAND_LENGTHS, cardBrand, passesLuhn, type CardBrand as FormCardBrand } from '../../../src/domain/paymentAttempt';
import {
  CardGatewayError,
  type BillTo,
  type CardGatewayProvider,
  type ChargeInvoice,
  type ChargeResult,
  type GatewayTransaction,
  type PaymentProfile,
} from './cardGateway';

// ------------------------------------------------------------------------------------------- credentials

/** The sandbox's only credentials (the app's VITE_CARD_GATEWAY_LOGIN_ID / VITE_CARD_GATEWAY_CLIENT_KEY defaults). */
export const SANDBOX_API_LOGIN_ID = 'sandbox-login';
export const SANDBOX_CLIENT_KEY = 'sandbox-client-key';

export const OPAQUE_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

/** The fingerprint's key: functions config CARD_GATEWAY_FINGERPRINT_SECRET, else the sandbox default. */
export function fingerprintSecret(): string {
  return process.env.CARD_GATEWAY_FINGERPRINT_SECRET?.trim() || 'card-gateway-sandbox-fingerprint-key';
}

/** How long the sandbox vendor takes to answer (CARD_GATEWAY_SANDBOX_LATENCY_MS; 0 in tests). */
export function sandboxLatencyMs(): number {
  const configured = Number(process.env.CARD_GATEWAY_SANDBOX_LATENCY_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 250;
}

// ------------------------------------------------------------------------------------------- token rules

export interface WireMessage {
  code: string;
  text: string;
}

export const TOKEN_MESSAGES = {
  ok: { code: 'I_WC_01', text: 'Successful.' },
  cardNumber: { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
  month: { code: 'E_WC_06', text: 'Please provide valid expiration month.' },
  year: { code: 'E_WC_07', text: 'Please provide valid expiration year.' },
  expired: { code: 'E_WC_08', text: 'Expiration date must be in the future.' },
  apiLoginId: { code: 'E_WC_10', text: 'Please provide valid apiloginid.' },
  cardCode: { code: 'E_WC_15', text: 'Please provide valid CVV.' },
  zip: { code: 'E_WC_16', text: 'Please provide valid Zip code.' },
  fullName: { code: 'E_WC_17', text: 'Please provide valid card holder name.' },
  clientKey: { code: 'E_WC_19', text: 'Please provide valid clientkey.' },
  authentication: { code: 'E_WC_21', text: 'User authentication failed due to invalid authentication values.' },
} as const satisfies Record<string, WireMessage>;

/** The brands the gateway accepts: the card form's (src/domain/paymentAttempt.ts), an unknown prefix refused. */
export type CardBrand = Exclude<FormCardBrand, 'Unknown'>;

/** The brand by the number's prefix, by the card form's own rule; null for a prefix no brand issues. */
export function brandOf(digits: string): CardBrand | null {
  const brand = cardBrand(digits);
  return brand === 'Unknown' ? null : brand;
}

export interface CardData {
  cardNumber?: unknown;
  month?: unknown;
  year?: unknown;
  cardCode?: unknown;
  fullName?: unknown;
  zip?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The card fields checked: the valid card's parts, or every failing field's message in the script's order. */
export type CheckedCard =
  | { ok: true; digits: string; brand: CardBrand; month: number; year: number; cardCode: string; zip: string }
  | { ok: false; messages: WireMessage[] };

export function checkCardData(cardData: CardData, now: Date): CheckedCard {
  const messages: WireMessage[] = [];
  const digits = text(cardData.cardNumber).replace(/[\s-]/g, '');
  const brand = /^\d{12,19}$/.test(digits) ? brandOf(digits) : null;
  if (!brand || !BRAND_LENGTHS[brand].includes(digits.length) || !passesLuhn(digits)) messages.push(TOKEN_MESSAGES.cardNumber);

  const monthText = text(cardData.month);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  const monthOk = month >= 1 && month <= 12;
  if (!monthOk) messages.push(TOKEN_MESSAGES.month);

  const yearText = text(cardData.year);
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  const thisYear = now.getUTCFullYear();
  const yearOk = Number.isInteger(year) && year >= 2000 && year <= thisYear + 20;
  if (!yearOk) messages.push(TOKEN_MESSAGES.year);
  // A card is good through the last day of its expiry month.
  if (monthOk && yearOk && year * 12 + month < thisYear * 12 + now.getUTCMonth() + 1) messages.push(TOKEN_MESSAGES.expired);

  const cardCode = text(cardData.cardCode);
  const codeLength = brand === 'AmericanExpress' ? 4 : 3;
  if (!new RegExp(`^\\d{${codeLength}}$`).test(cardCode)) messages.push(TOKEN_MESSAGES.cardCode);

  const zip = text(cardData.zip);
  if (!/^\d{5}(-\d{4})?$/.test(zip)) messages.push(TOKEN_MESSAGES.zip);

  const fullName = text(cardData.fullName);
  if (!/^[\p{L}][\p{L} .'-]{0,63}$/u.test(fullName)) messages.push(TOKEN_MESSAGES.fullName);

  if (messages.length > 0 || !brand) return { ok: false, messages };
  return { ok: true, digits, brand, month, year, cardCode, zip };
}

/** The sandbox's credentials check: E_WC_10 / E_WC_19 for a missing one, E_WC_21 for a wrong pair. */
export function checkAuthData(authData: { apiLoginID?: unknown; clientKey?: unknown } | undefined): WireMessage | null {
  const login = text(authData?.apiLoginID);
  const key = text(authData?.clientKey);
  if (!login) return TOKEN_MESSAGES.apiLoginId;
  if (!key) return TOKEN_MESSAGES.clientKey;
  if (login !== SANDBOX_API_LOGIN_ID || key !== SANDBOX_CLIENT_KEY) return TOKEN_MESSAGES.authentication;
  return null;
}

// ------------------------------------------------------------------------------------------- triggers

export const TRIGGER_OUTCOMES = ['approve', 'decline', 'cardTypeNotAccepted', 'cardCodeMismatch', 'cardCodeAndAvsMismatch', 'avsMismatch'] as const;
export type TriggerOutcome = (typeof TRIGGER_OUTCOMES)[number];

const DECLINED = 'This transaction has been declined.';
const AVS_MISMATCH = 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.';

export const CHARGE_ANSWERS: Record<TriggerOutcome | 'expired' | 'duplicate', Omit<ChargeResult, 'transactionId'>> = {
  approve: { code: '1', reasonCode: '1', text: 'This transaction has been approved.' },
  decline: { code: '2', reasonCode: '2', text: DECLINED },
  cardTypeNotAccepted: { code: '3', reasonCode: '17', text: 'The merchant does not accept this type of credit card.' },
  cardCodeMismatch: { code: '2', reasonCode: '65', text: 'The transaction has been declined because of a card code mismatch.' },
  cardCodeAndAvsMismatch: { code: '2', reasonCode: '45', text: AVS_MISMATCH },
  avsMismatch: { code: '2', reasonCode: '27', text: AVS_MISMATCH },
  expired: { code: '3', reasonCode: '8', text: 'The credit card has expired.' },
  duplicate: { code: '3', reasonCode: '11', text: 'A duplicate transaction has been submitted.' },
};

/** The test card whose charges are made but whose answer is lost (known by its fingerprint, as the number is gone). */
export const LOST_ANSWER_CARD = '4000000000000119';

/** The documented triggers, decided when the card is tokenized (the number and code are gone afterwards). */
export function triggerOutcomeOf(card: { digits: string; cardCode: string; zip: string }): TriggerOutcome {
  if (card.digits === '4222222222222') return 'cardTypeNotAccepted';
  if (card.digits === '4000000000000002') return 'decline';
  if (card.cardCode === '901') return 'cardCodeMismatch';
  if (card.cardCode === '902') return 'cardCodeAndAvsMismatch';
  const zip5 = card.zip.slice(0, 5);
  if (zip5 === '46282') return 'decline';
  if (zip5 === '46217') return 'avsMismatch';
  return 'approve';
}

/** The card's fingerprint: a keyed HMAC of the number (same card, same fingerprint; the number is not recoverable). */
export function cardFingerprint(digits: string, secret = fingerprintSecret()): string {
  return createHmac('sha256', secret).update(digits).digest('hex');
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// ------------------------------------------------------------------------------------------- the vendor's store

/** What the vendor keeps about a card (an opaque value's, then a profile's). */
export interface StoredCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  zip: string;
  outcome: TriggerOutcome;
  fingerprint: string;
}

export interface StoredOpaqueValue extends StoredCard {
  createdAt: number;
  expiresAt: number;
  used: boolean;
}

export interface StoredProfile extends StoredCard {
  customerId: string;
  billTo: Omit<BillTo, 'customerId'>;
  createdAt: number;
}

export interface StoredTransaction {
  profileId: string;
  amount: number;
  code: ChargeResult['code'];
  reasonCode: string;
  /** The answer's text (a record made before it was kept reads its text from CHARGE_ANSWERS). */
  text?: string;
  invoiceNumber: string;
  createdAt: number;
}

/** A stored transaction as the reporting API answers it. */
function gatewayTransactionOf(transactionId: string, record: StoredTransaction): GatewayTransaction {
  const known = Object.values(CHARGE_ANSWERS).find((answer) => answer.code === record.code && answer.reasonCode === record.reasonCode);
  return {
    transactionId,
    code: record.code,
    reasonCode: record.reasonCode,
    text: record.text ?? known?.text ?? '',
    amount: record.amount,
    invoiceNumber: record.invoiceNumber,
    submittedAt: record.createdAt,
  };
}

/** The reporting API's order: oldest first, then by id (the same answer every time). */
const byReceipt = (a: GatewayTransaction, b: GatewayTransaction) => a.submittedAt - b.submittedAt || a.transactionId.localeCompare(b.transactionId);

export type ConsumeResult = { ok: true; card: StoredOpaqueValue } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** The vendor's records. Consuming an opaque value and claiming the duplicate window are atomic. */
export interface CardGatewayStore {
  putOpaqueValue(key: string, record: StoredOpaqueValue): Promise<void>;
  consumeOpaqueValue(key: string, now: number): Promise<ConsumeResult>;
  putProfile(profileId: string, record: StoredProfile): Promise<void>;
  getProfile(profileId: string): Promise<StoredProfile | null>;
  /** Records a charge attempt of `key` at `now`; false (nothing recorded) when one was within `windowMs`. */
  claimDuplicateWindow(key: string, now: number, windowMs: number): Promise<boolean>;
  putTransaction(transactionId: string, record: StoredTransaction): Promise<void>;
  /** The transactions of a profile with an invoice number, made at or after `since`, oldest first. */
  findTransactions(profileId: string, invoiceNumber: string, since: number): Promise<GatewayTransaction[]>;
}

export class MemoryCardGatewayStore implements CardGatewayStore {
  readonly opaqueValues = new Map<string, StoredOpaqueValue>();
  readonly profiles = new Map<string, StoredProfile>();
  readonly attempts = new Map<string, number>();
  readonly transactions = new Map<string, StoredTransaction>();

  async putOpaqueValue(key: string, record: StoredOpaqueValue) {
    this.opaqueValues.set(key, { ...record });
  }
  async consumeOpaqueValue(key: string, now: number): Promise<ConsumeResult> {
    const record = this.opaqueValues.get(key);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.used) return { ok: false, reason: 'used' };
    if (record.expiresAt <= now) return { ok: false, reason: 'expired' };
    record.used = true;
    return { ok: true, card: { ...record } };
  }
  async putProfile(profileId: string, record: StoredProfile) {
    this.profiles.set(profileId, { ...record });
  }
  async getProfile(profileId: string) {
    const record = this.profiles.get(profileId);
    return record ? { ...record } : null;
  }
  async claimDuplicateWindow(key: string, now: number, windowMs: number) {
    const last = this.attempts.get(key);
    if (last !== undefined && now - last < windowMs) return false;
    this.attempts.set(key, now);
    return true;
  }
  async putTransaction(transactionId: string, record: StoredTransaction) {
    this.transactions.set(transactionId, { ...record });
  }
  async findTransactions(profileId: string, invoiceNumber: string, since: number) {
    return [...this.transactions.entries()]
      .filter(([, record]) => record.profileId === profileId && record.invoiceNumber === invoiceNumber && record.createdAt >= since)
      .map(([transactionId, record]) => gatewayTransactionOf(transactionId, record))
      .sort(byReceipt);
  }
}

/** The sandbox vendor's collections (server-only, firestore.rules denies every client). */
export const CARD_GATEWAY_COLLECTIONS = {
  opaqueValues: 'cardGateway/sandbox/opaqueValues',
  profiles: 'cardGateway/sandbox/profiles',
  attempts: 'cardGateway/sandbox/attempts',
  transactions: 'cardGateway/sandbox/transactions',
} as const;

const millis = (value: unknown): number => (value instanceof Timestamp ? value.toMillis() : typeof value === 'number' ? value : 0);

function storedCardOf(data: FirebaseFirestore.DocumentData): StoredCard {
  return {
    brand: data.brand as CardBrand,
    last4: String(data.last4),
    expMonth: Number(data.expMonth),
    expYear: Number(data.expYear),
    zip: String(data.zip),
    outcome: data.outcome as TriggerOutcome,
    fingerprint: String(data.fingerprint),
  };
}

export class FirestoreCardGatewayStore implements CardGatewayStore {
  constructor(private readonly db: () => Firestore) {}

  async putOpaqueValue(key: string, record: StoredOpaqueValue) {
    await this.db()
      .collection(CARD_GATEWAY_COLLECTIONS.opaqueValues)
      .doc(key)
      .set({ ...record, createdAt: Timestamp.fromMillis(record.createdAt), expiresAt: Timestamp.fromMillis(record.expiresAt) });
  }

  async consumeOpaqueValue(key: string, now: number): Promise<ConsumeResult> {
    const ref = this.db().collection(CARD_GATEWAY_COLLECTIONS.opaqueValues).doc(key);
    return this.db().runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const data = snapshot.data();
      if (!data) return { ok: false, reason: 'unknown' } as const;
      if (data.used === true) return { ok: false, reason: 'used' } as const;
      if (millis(data.expiresAt) <= now) return { ok: false, reason: 'expired' } as const;
      transaction.update(ref, { used: true, usedAt: FieldValue.serverTimestamp() });
      return {
        ok: true,
        card: { ...storedCardOf(data), createdAt: millis(data.createdAt), expiresAt: millis(data.expiresAt), used: true },
      } as const;
    });
  }

  async putProfile(profileId: string, record: StoredProfile) {
    await this.db()
      .collection(CARD_GATEWAY_COLLECTIONS.profiles)
      .doc(profileId)
      .set({ ...record, createdAt: Timestamp.fromMillis(record.createdAt) });
  }

  async getProfile(profileId: string): Promise<StoredProfile | null> {
    const data = (await this.db().collection(CARD_GATEWAY_COLLECTIONS.profiles).doc(profileId).get()).data();
    if (!data) return null;
    const billTo = (data.billTo ?? {}) as StoredProfile['billTo'];
    return { ...storedCardOf(data), customerId: String(data.customerId ?? ''), billTo, createdAt: millis(data.createdAt) };
  }

  async claimDuplicateWindow(key: string, now: number, windowMs: number) {
    const ref = this.db().collection(CARD_GATEWAY_COLLECTIONS.attempts).doc(key);
    return this.db().runTransaction(async (transaction) => {
      const last = (await transaction.get(ref)).data()?.lastAt;
      if (last !== undefined && now - millis(last) < windowMs) return false;
      transaction.set(ref, { lastAt: Timestamp.fromMillis(now), expiresAt: Timestamp.fromMillis(now + windowMs) });
      return true;
    });
  }

  async putTransaction(transactionId: string, record: StoredTransaction) {
    await this.db()
      .collection(CARD_GATEWAY_COLLECTIONS.transactions)
      .doc(transactionId)
      .set({ ...record, createdAt: Timestamp.fromMillis(record.createdAt) });
  }

  async findTransactions(profileId: string, invoiceNumber: string, since: number) {
    const snapshot = await this.db()
      .collection(CARD_GATEWAY_COLLECTIONS.transactions)
      .where('profileId', '==', profileId)
      .where('invoiceNumber', '==', invoiceNumber)
      .get();
    return snapshot.docs
      .map((doc) => {
        const data = doc.data();
        return gatewayTransactionOf(doc.id, {
          profileId: String(data.profileId),
          amount: Number(data.amount),
          code: String(data.code) as ChargeResult['code'],
          reasonCode: String(data.reasonCode),
          text: typeof data.text === 'string' ? data.text : undefined,
          invoiceNumber: String(data.invoiceNumber),
          createdAt: millis(data.createdAt),
        });
      })
      .filter((transaction) => transaction.submittedAt >= since)
      .sort(byReceipt);
  }
}

// ------------------------------------------------------------------------------------------- the vendor

/** The token endpoint's answer (Accept.js's response object). */
export interface TokenResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: 'Ok' | 'Error'; message: WireMessage[] };
}

export interface CardGatewaySandboxOptions {
  latencyMs?: number;
  now?: () => number;
  secret?: string;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export class CardGatewaySandbox implements CardGatewayProvider {
  private readonly latencyMs: number;
  private readonly now: () => number;
  private readonly secret: string;

  constructor(
    private readonly store: CardGatewayStore,
    options: CardGatewaySandboxOptions = {},
  ) {
    this.latencyMs = options.latencyMs ?? sandboxLatencyMs();
    this.now = options.now ?? Date.now;
    this.secret = options.secret ?? fingerprintSecret();
  }

  /** The vendor's token endpoint (POST /v1/tokens): card fields in, an opaque value out. */
  async createToken(body: { authData?: { apiLoginID?: unknown; clientKey?: unknown }; cardData?: CardData }): Promise<TokenResponse> {
    const authError = checkAuthData(body.authData);
    if (authError) return { messages: { resultCode: 'Error', message: [authError] } };
    const now = this.now();
    const checked = checkCardData(body.cardData ?? {}, new Date(now));
    if (!checked.ok) return { messages: { resultCode: 'Error', message: checked.messages } };
    const dataValue = randomBytes(48).toString('base64url');
    await this.store.putOpaqueValue(sha256(dataValue), {
      brand: checked.brand,
      last4: checked.digits.slice(-4),
      expMonth: checked.month,
      expYear: checked.year,
      zip: checked.zip,
      outcome: triggerOutcomeOf(checked),
      fingerprint: cardFingerprint(checked.digits, this.secret),
      createdAt: now,
      expiresAt: now + OPAQUE_VALUE_TTL_MS,
      used: false,
    });
    return {
      opaqueData: { dataDescriptor: OPAQUE_DATA_DESCRIPTOR, dataValue },
      messages: { resultCode: 'Ok', message: [TOKEN_MESSAGES.ok] },
    };
  }

  async createCustomerPaymentProfile(opaqueValue: { dataDescriptor: string; dataValue: string }, billTo: BillTo): Promise<PaymentProfile> {
    await wait(this.latencyMs);
    if (opaqueValue.dataDescriptor !== OPAQUE_DATA_DESCRIPTOR) throw new CardGatewayError('E00114', 'Invalid OTS Token.');
    const consumed = await this.store.consumeOpaqueValue(sha256(opaqueValue.dataValue), this.now());
    if (!consumed.ok) throw new CardGatewayError('E00114', consumed.reason === 'expired' ? 'OTS Token has expired.' : 'Invalid OTS Token.');
    const { card } = consumed;
    const profileId = String(randomInt(100_000_000, 999_999_999));
    const { customerId, ...rest } = billTo;
    await this.store.putProfile(profileId, {
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      zip: card.zip,
      outcome: card.outcome,
      fingerprint: card.fingerprint,
      customerId,
      billTo: rest,
      createdAt: this.now(),
    });
    return { profileId, cardType: card.brand, last4: card.last4 };
  }

  async chargeCustomerProfile(profileId: string, amount: number, invoice: ChargeInvoice): Promise<ChargeResult> {
    await wait(this.latencyMs);
    const profile = await this.store.getProfile(profileId);
    if (!profile) throw new CardGatewayError('E00040', 'The record cannot be found.');
    const now = this.now();
    const today = new Date(now);
    // Every answer but a duplicate carries a transaction id (a declined transaction is one too, as at the gateways).
    const answer = async (key: keyof typeof CHARGE_ANSWERS): Promise<ChargeResult> => {
      const transactionId = key === 'duplicate' ? null : String(randomInt(10_000_000_000, 99_999_999_999));
      const result: ChargeResult = { ...CHARGE_ANSWERS[key], transactionId };
      if (transactionId) {
        await this.store.putTransaction(transactionId, {
          profileId,
          amount,
          code: result.code,
          reasonCode: result.reasonCode,
          text: result.text,
          invoiceNumber: invoice.invoiceNumber,
          createdAt: now,
        });
      }
      return result;
    };
    if (profile.expYear * 12 + profile.expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return answer('expired');
    if (profile.outcome === 'cardTypeNotAccepted') return answer('cardTypeNotAccepted');
    if (!(await this.store.claimDuplicateWindow(`${profile.fingerprint}-${amount}`, now, GATEWAY_DUPLICATE_WINDOW_MS))) {
      return answer('duplicate');
    }
    if (profile.fingerprint === cardFingerprint(LOST_ANSWER_CARD, this.secret)) {
      // The gateway charges, but its answer never arrives (a timeout): only findTransactions can tell what happened.
      await answer('approve');
      throw new DOMException('The card gateway did not answer in time.', 'TimeoutError');
    }
    return answer(profile.outcome);
  }

  async findTransactions(profileId: string, invoiceNumber: string, since: number): Promise<GatewayTransaction[]> {
    await wait(this.latencyMs);
    return this.store.findTransactions(profileId, invoiceNumber, since);
  }
}
