// The card provider (spec 001 §4 "Payment flow"): the server side of a card gateway such as
// Authorize.net. The browser script (Accept.js) turns the card fields into an opaque value at the vendor; our
// functions only ever hold that value, the customer payment profile it became, and the charges' answers. The card
// number and the security code never reach this interface.

/** Who the card belongs to, as the gateway keeps it on the customer's payment profile (Authorize.net's billTo). */
export interface BillTo {
  firstName: string;
  lastName: string;
  address: string;
  zip: string;
  country: string;
  email: string;
  /** Our customer reference at the vendor (the CRM contact id). */
  customerId: string;
}

/** The card on file as the vendor describes it: never more than the brand, the last four digits and the expiry. */
export interface PaymentProfile {
  profileId: string;
  /** 'Visa', 'Mastercard', 'AmericanExpress', 'Discover'. */
  cardType: string;
  last4: string;
}

/** A charge's answer, Authorize.net's transactionResponse in short. */
export interface ChargeResult {
  /** '1' approved, '2' declined, '3' error, '4' held for review. */
  code: '1' | '2' | '3' | '4';
  /** The response reason code ('1' approved, '2' declined, '11' duplicate, '17', '27', '45', '65', '8', …). */
  reasonCode: string;
  text: string;
  /** The vendor's transaction id; null when nothing was charged. */
  transactionId: string | null;
}

/** An invoice line the charge is made for (it shows on the vendor's receipt). */
export interface ChargeInvoice {
  invoiceNumber: string;
  description: string;
}

/** The profile call's refusals, with the gateway's own codes (E00114 invalid opaque value, E00040 not found …). */
export class CardGatewayError extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
  ) {
    super(`${code}: ${text}`);
    this.name = 'CardGatewayError';
  }
}

/**
 * The CardGatewayError codes that mean the gateway refused the request itself, so nothing was charged (Authorize.net:
 * E00003 invalid request, E00007 authentication failed, E00013 a field invalid, E00040 record not found, E00114
 * invalid opaque value). Any other failure of a charge (a timeout, a network failure, E00001 "an error occurred
 * during processing") leaves its outcome unknown: the charge may have gone through.
 */
export const REFUSAL_CODES: readonly string[] = ['E00003', 'E00007', 'E00013', 'E00040', 'E00114'];

/** Whether a failed gateway call is a definite refusal (nothing was charged), not an unknown outcome. */
export function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof CardGatewayError && REFUSAL_CODES.includes(error.code);
}

/** A transaction as the gateway's reporting API describes it (Authorize.net's getTransactionDetails, in short). */
export interface GatewayTransaction extends ChargeResult {
  transactionId: string;
  amount: number;
  invoiceNumber: string;
  /** When the gateway received it (ms). */
  submittedAt: number;
}

export interface CardGatewayProvider {
  /**
   * Saves the card behind an opaque value as the customer's payment profile. The opaque value is single use and
   * good for 15 minutes: a used, expired or unknown one is refused with CardGatewayError E00114.
   */
  createCustomerPaymentProfile(opaqueValue: { dataDescriptor: string; dataValue: string }, billTo: BillTo): Promise<PaymentProfile>;
  /**
   * Charges a saved profile `amount` cents. A decline is an answer, not an error; CardGatewayError only when the
   * profile does not exist (E00040).
   */
  chargeCustomerProfile(profileId: string, amount: number, invoice: ChargeInvoice): Promise<ChargeResult>;
  /**
   * The transactions charged to a profile with an invoice number, received at or after `since` (ms), oldest first:
   * Authorize.net's getTransactionListForCustomer read with getTransactionDetails' order.invoiceNumber. This is how a
   * charge whose answer was lost (a timeout, a network failure, our process dying) is found again; empty when the
   * gateway made none. A duplicate-window refusal is no transaction (it has no id and charged nothing).
   */
  findTransactions(profileId: string, invoiceNumber: string, since: number): Promise<GatewayTransaction[]>;
}
