import type { PortError } from '../../../machines/ports';
import type {
  BillingPort,
  BrowserNavigationPort,
  CardProviderData,
  CardProviderPort,
  ChargeRecord,
  EncryptResult,
  FailedAttemptStorePort,
  FailedPaymentAttempt,
  PaymentData,
  UuidPort,
} from '../../../machines/billing/ports';
import { BILLING_ERROR_CODES } from '../../../machines/billing/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import { pdfBlobFromBase64 } from './disputes';

// machines/billing/ports.ts over the browser and the payment callables (spec 001 §4, §7, §9; spec 000 §9):
// - the card provider: its browser script (Accept.js's API; the functions' sandbox by default, src/app/config.ts)
//   added to the page once, and Accept.dispatchData, which turns the card fields into a single-use opaque value
//   in the browser (the card number and security code go to the provider only, never to our functions);
// - the payment callables, parsed with the shared contract by `call`, whose refusals reach the machines as the one
//   PortError `call` made of them (spec code, HttpsError code, key, details message, provider reason code): this
//   adapter does not map them again;
// - the failed-attempt store: one record in session storage (spec 000 §9), only a fingerprint and a time;
// - idempotency keys from crypto.randomUUID(); the secure pages by location.assign; the contract in a new window;
// - the credit report PDF (getCreditReportPdf, base64 in the answer) for the payment-failed page, saved as a file.

type Call = <N extends CallableName>(name: N, data: CallableRequest<N>) => Promise<Dated<CallableResponse<N>>>;

// ------------------------------------------------------------------------------------------------ callables

/** getContactPaymentData's answer with the charges' times as the ISO strings the machines keep. */
export function toPaymentData(answer: Dated<CallableResponse<'getContactPaymentData'>>): PaymentData {
  const charges: ChargeRecord[] = answer.charges.map((charge) => ({
    ...charge,
    createdAt: charge.createdAt instanceof Date ? charge.createdAt.toISOString() : String(charge.createdAt),
  }));
  const pending = answer.pendingPaymentTask;
  const pendingPaymentTask = pending == null ? null : { ...pending, createdAt: pending.createdAt instanceof Date ? pending.createdAt.toISOString() : String(pending.createdAt) };
  return { ...answer, charges, pendingPaymentTask };
}

export function createBillingPort({ call = lazyCall }: { call?: Call } = {}): BillingPort {
  return {
    getContactPaymentData: async () => toPaymentData(await call('getContactPaymentData', null)),
    updateCustomerPaymentProfile: (request) => call('updateCustomerPaymentProfile', request),
    chargePayment: (request) => call('chargePayment', request),
    selfOnboardCard: (request) => call('selfOnboardCard', request),
    requestCancellation: () => call('requestCancellation', null),
    getSecureSFURL: (request) => call('getSecureSFURL', request),
    getContractLink: () => call('getContractLink', null),
  };
}

// ----------------------------------------------------------------------------------------- the card provider

/** What the provider's script puts on window (Authorize.net's Accept.js API). */
interface AcceptResponse {
  opaqueData?: { dataDescriptor?: unknown; dataValue?: unknown };
  messages?: { resultCode?: unknown; message?: Array<{ code?: unknown; text?: unknown }> };
}
interface AcceptGlobal {
  dispatchData(
    secureData: {
      authData: { clientKey: string; apiLoginID: string };
      cardData: { cardNumber: string; month: string; year: string; cardCode: string; fullName: string; zip: string };
    },
    callback: (response: AcceptResponse) => void,
  ): void;
}

export interface CardProviderOptions {
  /** The provider's script (src/app/config.ts cardGateway.scriptUrl). */
  scriptUrl: string;
  apiLoginId: string;
  clientKey: string;
  /** How long the script may take to load. */
  loadTimeoutMs?: number;
  /** The script's answer may take this long (it calls the provider's token endpoint). */
  encryptTimeoutMs?: number;
  document?: Document;
  window?: Window;
}

const SCRIPT_ATTRIBUTE = 'data-card-provider';

function acceptOf(win: Window): AcceptGlobal | null {
  const accept = (win as unknown as { Accept?: unknown }).Accept;
  if (typeof accept !== 'object' || accept === null) return null;
  return typeof (accept as { dispatchData?: unknown }).dispatchData === 'function' ? (accept as AcceptGlobal) : null;
}

/** The script's answer: the opaque value, or its E_WC errors; an answer with neither is 'encrypt-no-data'. */
export function readAcceptResponse(response: AcceptResponse | null | undefined): EncryptResult | null {
  if (!response || typeof response !== 'object') return null;
  const messages = Array.isArray(response.messages?.message) ? response.messages.message : [];
  if (response.messages?.resultCode === 'Error') {
    const errors = messages
      .filter((message) => typeof message.code === 'string')
      .map((message) => ({ code: String(message.code), text: typeof message.text === 'string' ? message.text : '' }));
    return errors.length > 0 ? { errors } : null;
  }
  const { dataDescriptor, dataValue } = response.opaqueData ?? {};
  if (typeof dataDescriptor !== 'string' || typeof dataValue !== 'string' || dataDescriptor === '' || dataValue === '') return null;
  return { opaqueValue: { dataDescriptor, dataValue } };
}

const portError = (code: string): PortError => ({ code });

export function createCardProviderPort(options: CardProviderOptions): CardProviderPort {
  const doc = options.document ?? window.document;
  const win = options.window ?? window;
  const loadTimeoutMs = options.loadTimeoutMs ?? 20_000;
  const encryptTimeoutMs = options.encryptTimeoutMs ?? 30_000;
  let loading: Promise<void> | null = null;

  const load = () =>
    new Promise<void>((resolve, reject) => {
      if (acceptOf(win)) {
        resolve();
        return;
      }
      // A script left by an earlier failed attempt is replaced: a new element fetches it again.
      doc.querySelector(`script[${SCRIPT_ATTRIBUTE}]`)?.remove();
      const script = doc.createElement('script');
      script.src = options.scriptUrl;
      script.async = true;
      script.setAttribute(SCRIPT_ATTRIBUTE, '');
      const timer = win.setTimeout(() => fail(), loadTimeoutMs);
      const fail = () => {
        win.clearTimeout(timer);
        script.remove();
        reject(portError(BILLING_ERROR_CODES.scriptLoad));
      };
      script.addEventListener('load', () => {
        win.clearTimeout(timer);
        if (acceptOf(win)) resolve();
        else fail();
      });
      script.addEventListener('error', fail);
      doc.head.appendChild(script);
    });

  return {
    loadScript() {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
    encrypt(cardData: CardProviderData) {
      const accept = acceptOf(win);
      if (!accept) return Promise.reject(portError(BILLING_ERROR_CODES.scriptNotLoaded));
      return new Promise<EncryptResult>((resolve, reject) => {
        const timer = win.setTimeout(() => reject(portError(BILLING_ERROR_CODES.encryptNoData)), encryptTimeoutMs);
        try {
          accept.dispatchData(
            {
              authData: { clientKey: options.clientKey, apiLoginID: options.apiLoginId },
              cardData: {
                cardNumber: cardData.cardNumber.replace(/[\s-]/g, ''),
                month: cardData.month.trim(),
                year: cardData.year.trim(),
                cardCode: cardData.cardCode.trim(),
                fullName: cardData.fullName.trim(),
                zip: cardData.zip.trim(),
              },
            },
            (response) => {
              win.clearTimeout(timer);
              const result = readAcceptResponse(response);
              if (result) resolve(result);
              else reject(portError(BILLING_ERROR_CODES.encryptNoData));
            },
          );
        } catch {
          win.clearTimeout(timer);
          reject(portError(BILLING_ERROR_CODES.encryptCaught));
        }
      });
    },
  };
}

// ------------------------------------------------------------------------------------ the failed-attempt store

/** The session-storage key of the failed attempt (spec 000 §9). */
export const FAILED_ATTEMPT_STORAGE_KEY = 'payment.failedAttempt';

/** A stored record, or null when there is none or it is not one of ours (only these two fields are ever kept). */
export function parseFailedAttempt(raw: string | null): FailedPaymentAttempt | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { fingerprint, failedAtMs } = value as Record<string, unknown>;
    if (typeof fingerprint !== 'string' || !/^[0-9a-f]{16,128}$/.test(fingerprint)) return null;
    if (typeof failedAtMs !== 'number' || !Number.isFinite(failedAtMs)) return null;
    return { fingerprint, failedAtMs } as FailedPaymentAttempt;
  } catch {
    return null;
  }
}

/** Session storage (spec 000 §9): gone with the tab. A browser that refuses storage remembers nothing. */
export function createFailedAttemptStore(storage: () => Storage = () => window.sessionStorage): FailedAttemptStorePort {
  return {
    read() {
      try {
        return parseFailedAttempt(storage().getItem(FAILED_ATTEMPT_STORAGE_KEY));
      } catch {
        return null;
      }
    },
    write(record) {
      try {
        // Only the fingerprint and the time, whatever else the record may carry.
        storage().setItem(FAILED_ATTEMPT_STORAGE_KEY, JSON.stringify({ fingerprint: record.fingerprint, failedAtMs: record.failedAtMs }));
      } catch {
        // Storage full or refused: the server's duplicate window still protects the customer.
      }
    },
    clear() {
      try {
        storage().removeItem(FAILED_ATTEMPT_STORAGE_KEY);
      } catch {
        // Nothing stored.
      }
    },
  };
}

// ------------------------------------------------------------------------------------------- the browser

export const browserUuid: UuidPort = { uuid: () => crypto.randomUUID() };

export const browserNavigation: BrowserNavigationPort = {
  assign: (url) => window.location.assign(url),
};

/**
 * getContractLink in a new window: the window opens at once (inside the click, so no popup blocker stops it), then
 * goes to the link; with no link it closes and the answer is 'not-found'. A blocked window falls back to opening
 * the link when it has come.
 */
export function createContractOpener(
  getContractLink: () => Promise<{ link: string | null }>,
  open: (url: string, target: string) => Window | null = (url, target) => window.open(url, target),
): () => Promise<'opened' | 'not-found'> {
  return async () => {
    const tab = open('about:blank', '_blank');
    if (tab) tab.opener = null;
    let link: string | null;
    try {
      link = (await getContractLink()).link;
    } catch (error) {
      tab?.close();
      throw error;
    }
    if (!link) {
      tab?.close();
      return 'not-found';
    }
    if (tab) tab.location.replace(link);
    else open(link, '_blank')?.focus();
    return 'opened';
  };
}

/** A file the browser downloads: a Blob behind a download link, clicked, then let go. */
export function saveFile(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has started; the object URL can go once the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * getCreditReportPdf (the payment-failed page's "download reports"): the PDF's bytes from the answer's base64, as a
 * PDF Blob; an answer that is not a PDF rejects 'invalid-response' (nothing is saved). Refusals keep the
 * the PortError `call` made of it.
 */
export function createCreditReportPdfReader({ call = lazyCall }: { call?: Call } = {}): (request: { lang: 'en' | 'es' }) => Promise<Blob> {
  return async (request) => {
    const { base64 } = await call('getCreditReportPdf', request);
    let file: Blob;
    try {
      file = pdfBlobFromBase64(base64);
    } catch {
      throw { code: 'invalid-response' } satisfies PortError;
    }
    const magic = new TextDecoder().decode(new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer()));
    if (magic !== PDF_MAGIC) throw { code: 'invalid-response' } satisfies PortError;
    return file;
  };
}

const PDF_MAGIC = '%PDF-';

/** Everything the billing machines need from the browser and the server, loaded with the billing pages. */
export interface BillingPorts {
  billing: BillingPort;
  cardProvider: CardProviderPort;
  failedAttempts: FailedAttemptStorePort;
  uuid: UuidPort;
  navigation: BrowserNavigationPort;
  openContract: () => Promise<'opened' | 'not-found'>;
  saveFile: (name: string, content: BlobPart, type: string) => void;
  getCreditReportPdf: (request: { lang: 'en' | 'es' }) => Promise<Blob>;
}

export function createBillingPorts(options: { cardGateway: { scriptUrl: string; apiLoginId: string; clientKey: string }; call?: Call }): BillingPorts {
  const billing = createBillingPort({ call: options.call });
  return {
    billing,
    cardProvider: createCardProviderPort(options.cardGateway),
    failedAttempts: createFailedAttemptStore(),
    uuid: browserUuid,
    navigation: browserNavigation,
    openContract: createContractOpener(() => billing.getContractLink()),
    saveFile,
    getCreditReportPdf: createCreditReportPdfReader({ call: options.call }),
  };
}
