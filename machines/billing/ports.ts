// What the billing machines need from the outside world (conventions as in machines/ports.ts): the card
// provider's browser script (an Accept.js look-alike: load, then encrypt the card fields into an opaque value in the
// browser), the payment callables of spec 001 §7 as plain data mirroring src/contract/billing.ts (machines may not
// import the contract; the adapter parses with it and TypeScript checks the adapter against this port), the
// failed-attempt store (session storage, spec 000 §9: only a fingerprint, src/domain/paymentAttempt.ts), a uuid
// source for idempotency keys, the browser's navigation, and each machine's actor signatures.
//
// Failures reject with a PortError (machines/ports.ts: the spec code as `code`, the HttpsError code as
// `callableCode`, and the server's key, details message and provider reason code). Codes the machines tell apart:
// - loadScript: 'script-load-error' (the provider's script did not load).
// - encrypt: 'script-not-loaded' (window.Accept is missing), 'encrypt-no-data' (the script answered nothing),
//   anything else counts as 'encrypt-caught' (the script threw). Field errors are not rejections: encrypt RESOLVES
//   with `{ errors }` (the script's E_WC codes).
// - updateCustomerPaymentProfile: 'not-found' or key 'errors.payment.contact-not-found' (Contact not found); a
//   `detailsMessage` from the server overrides the text; a `reasonCode` (the provider refused the card) maps to a
//   field like a charge's.
// - chargePayment: a decline RESOLVES (status 'declined' / 'error' with the provider's message); a rejection is a
//   refusal ('nothing-due', 'amount-mismatch': what is due changed; 'charge-result-being-checked',
//   'charge-in-progress': an earlier attempt's result is not known yet) or a network failure (then the same
//   idempotency key is used again on retry).
// - requestCancellation: 'in-progress' or 'already-complete'.
import type { CatalogueItemId, SecurePageRequest } from '../../src/domain/payments';
import type { CardFields, FailedPaymentAttempt } from '../../src/domain/paymentAttempt';
import type { PromiseActorSignature } from '../ports';

export type { FailedPaymentAttempt } from '../../src/domain/paymentAttempt';

/** The error codes the billing machines branch on (see the header). */
export const BILLING_ERROR_CODES = {
  scriptLoad: 'script-load-error',
  scriptNotLoaded: 'script-not-loaded',
  encryptNoData: 'encrypt-no-data',
  encryptCaught: 'encrypt-caught',
  notFound: 'not-found',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Data (mirrors src/contract/billing.ts; amounts are whole cents)

export interface CatalogueItem {
  itemId: CatalogueItemId;
  name: string;
  description: string;
  unitPrice: number;
  discounts: Record<string, number>;
}

/** The saved card: brand and the last four digits, masked ('XXXX1111'). */
export interface ProfileCardData {
  cardType: string;
  cardNumber: string;
}

export interface ChargeRecord {
  id: string;
  itemId: CatalogueItemId;
  amount: number;
  status: 'approved' | 'declined' | 'error';
  transactionId: string | null;
  cardType: string | null;
  last4: string | null;
  createdAt: string;
}

/** getContactPaymentData (spec 001 §3 "Payment data" plus what the billing and update-payment pages need). */
export interface PaymentData {
  subscriptionStatus: string | null;
  recurringFee: { recurringAmount: number; nextPaymentDate: string | null } | null;
  profileCardData: ProfileCardData | null;
  catalogue: { INITIAL_CONSULTATION: CatalogueItem; RECURRING_FEE: CatalogueItem };
  initialFeePaid: boolean;
  /** Cents owed now. */
  amountDue: number;
  amountDueItem: CatalogueItemId | null;
  cancellation: 'none' | 'in-progress' | 'complete';
  charges: ChargeRecord[];
  chargingEnabled: boolean;
  /** Charging off: the payment task staff have yet to charge (createdAt ISO); null otherwise. */
  pendingPaymentTask: PendingPaymentTask | null;
}

/** The payment task waiting for staff to charge the card on file (charging off). */
export interface PendingPaymentTask {
  createdAt: string;
  amount: number;
  itemId: CatalogueItemId;
}

/** The provider's opaque value (single use, 15 minutes). */
export interface OpaqueValue {
  dataDescriptor: string;
  dataValue: string;
}

/** The provider's answer as the pipeline maps it: response code, reason code, text. */
export interface ProviderMessage {
  code: string;
  reasonCode: string | null;
  text: string;
}

export interface ChargeResult {
  status: 'approved' | 'declined' | 'error';
  transactionId: string | null;
  message: ProviderMessage;
  replayed: boolean;
}

/**
 * The card form's fields as the customer types them (kept in memory only, never stored, never sent to us): the
 * fields src/domain/paymentAttempt.ts checks (month '1'–'12' or '01'–'12', year 'YYYY' or 'YY', the billing ZIP
 * 5 digits or ZIP+4).
 */
export type CardFormData = CardFields;
export const CARD_FORM_FIELDS = ['cardNumber', 'month', 'year', 'cardCode', 'fullName', 'zip'] as const;
export type CardFormField = (typeof CARD_FORM_FIELDS)[number];

/** What the provider's script takes (Accept.js dispatchData cardData). */
export type CardProviderData = CardFormData;

/** The provider script's answer: an opaque value, or its field errors (E_WC codes with its texts). */
export type EncryptResult = { opaqueValue: OpaqueValue } | { errors: { code: string; text: string }[] };

/** The customer the pipeline pays for (the CRM contact: spec 001 §3 "Customer record fields read"). */
export interface PaymentContact {
  email: string | null;
  contactId: string | null;
  firstName: string | null;
  lastName: string | null;
  /** MailingStreet. */
  address: string | null;
  /** MailingPostalCode. */
  zip: string | null;
  /** MailingCountry ('US'). */
  country: string | null;
}

/** The flags the pipeline reads (src/domain/flags.ts; production: all on but charging). */
export interface PaymentFlags {
  paymentForm: boolean;
  existingPaymentDataCheck: boolean;
  paymentProfileUpdate: boolean;
  charging: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Ports

/** The card provider's browser script (Accept.js look-alike; the sandbox's by default). */
export interface CardProviderPort {
  /** Adds the provider's script once; rejects with code 'script-load-error'. */
  loadScript(): Promise<void>;
  /**
   * window.Accept.dispatchData with the site's login id and client key. Resolves with the opaque value or the
   * script's errors; rejects 'script-not-loaded', 'encrypt-no-data' or 'encrypt-caught'.
   */
  encrypt(cardData: CardProviderData): Promise<EncryptResult>;
}

export interface UpdatePaymentProfileRequest {
  siteId: string;
  email: string;
  opaqueValue: OpaqueValue;
  sfContactId: string;
  firstName: string;
  lastName: string;
  address: string;
  zip: string;
  country: string;
}

export interface ChargePaymentRequest {
  siteId: string;
  idempotencyKey: string;
  itemId: CatalogueItemId;
  amount: number;
}

export interface SelfOnboardCardRequest {
  siteId: string;
  idempotencyKey: string;
  transactionId: string | null;
}

/** The payment callables (spec 001 §7; src/contract/billing.ts). */
export interface BillingPort {
  getContactPaymentData(): Promise<PaymentData>;
  updateCustomerPaymentProfile(request: UpdatePaymentProfileRequest): Promise<{ ok: true; profileCardData: ProfileCardData }>;
  chargePayment(request: ChargePaymentRequest): Promise<ChargeResult>;
  selfOnboardCard(request: SelfOnboardCardRequest): Promise<{ taskId: string }>;
  requestCancellation(): Promise<{ result: 'success' }>;
  getSecureSFURL(request: { request: SecurePageRequest; returnPath: string }): Promise<{ url: string }>;
  getContractLink(): Promise<{ link: string | null }>;
}

/** The failed-attempt store: session storage (spec 000 §9), one record, only a fingerprint and the failure time. */
export interface FailedAttemptStorePort {
  read(): FailedPaymentAttempt | null;
  write(record: FailedPaymentAttempt): void;
  clear(): void;
}

/** Idempotency keys: crypto.randomUUID() in the browser. */
export interface UuidPort {
  uuid(): string;
}

/** Leaving the app (the secure pages) and opening new windows (the contract). */
export interface BrowserNavigationPort {
  /** window.location.assign(url): the secure page, which returns to the app afterwards. */
  assign(url: string): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface PaymentPipelineActorSignatures {
  /** CardProviderPort.loadScript. */
  loadScript: PromiseActorSignature<void, void>;
  /** BillingPort.getContactPaymentData (refetched: the amount due must be current). */
  loadPaymentData: PromiseActorSignature<void, PaymentData>;
  /** FailedAttemptStorePort.read, with the time it was read (the lockout guard compares the two). */
  readFailedAttempt: PromiseActorSignature<void, { record: FailedPaymentAttempt | null; nowMs: number }>;
  /** FailedAttemptStorePort.write({ fingerprint, failedAtMs: now }): answers the record written. */
  rememberFailedAttempt: PromiseActorSignature<{ fingerprint: string }, FailedPaymentAttempt>;
  /** FailedAttemptStorePort.clear. */
  forgetFailedAttempt: PromiseActorSignature<void, void>;
  /** CardProviderPort.encrypt. */
  encryptCardData: PromiseActorSignature<{ cardData: CardProviderData }, EncryptResult>;
  /** BillingPort.updateCustomerPaymentProfile. */
  updatePaymentProfile: PromiseActorSignature<UpdatePaymentProfileRequest, { ok: true; profileCardData: ProfileCardData }>;
  /** UuidPort.uuid: made once per attempt, before the first charge call. */
  createIdempotencyKey: PromiseActorSignature<void, string>;
  /** BillingPort.chargePayment. */
  chargePayment: PromiseActorSignature<ChargePaymentRequest, ChargeResult>;
  /** BillingPort.selfOnboardCard. */
  createPaymentTask: PromiseActorSignature<SelfOnboardCardRequest, { taskId: string }>;
}

export interface BillingPageActorSignatures {
  /** BillingPort.getContactPaymentData (a fresh read: it runs again when the window regains focus). */
  loadPaymentData: PromiseActorSignature<void, PaymentData>;
  /** BillingPort.getSecureSFURL. */
  getSecureUrl: PromiseActorSignature<{ request: SecurePageRequest; returnPath: string }, { url: string }>;
  /** BrowserNavigationPort.assign. */
  goToSecurePage: PromiseActorSignature<{ url: string }, void>;
  /**
   * getContractLink, opened in a new window. The adapter opens the window when the actor starts (inside the click,
   * so no popup blocker stops it), then points it at the link; with no link it closes it and answers 'not-found'.
   */
  openContract: PromiseActorSignature<void, 'opened' | 'not-found'>;
}

export interface CancellationRequestActorSignatures {
  /** BillingPort.requestCancellation. */
  requestCancellation: PromiseActorSignature<void, { result: 'success' }>;
  /** Refetches the payment data (after already-complete). */
  refreshPaymentData: PromiseActorSignature<void, void>;
}

export interface ReportDownloadActorSignatures {
  /** Saves the customer's credit reports as a PDF (the payment-failed page's button; getCreditReportPdf). */
  downloadReports: PromiseActorSignature<void, void>;
}
