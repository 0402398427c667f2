// Card error mapping for the payment form (spec 000 §5 last bullet; spec 001 §5): which card field, or the
// duplicate-transaction state, a payment provider error points at.

export type CardErrorTarget =
  | 'cardNumber'
  | 'month'
  | 'year'
  | 'expirationDate'
  | 'cardCode'
  | 'fullName'
  | 'duplicateTransaction';

// Client-side encryption codes (E_WC_*) and transaction response codes, matched exactly.
const CODE_TARGETS: Readonly<Record<string, CardErrorTarget>> = {
  E_WC_05: 'cardNumber',
  '17': 'cardNumber',
  E_WC_06: 'month',
  E_WC_07: 'year',
  E_WC_15: 'cardCode',
  '65': 'cardCode',
  '45': 'cardCode',
  E_WC_17: 'fullName',
  '2': 'duplicateTransaction',
  '11': 'duplicateTransaction',
};

// Provider texts, matched case-insensitively anywhere in the message.
const TEXT_TARGETS: readonly (readonly [string, CardErrorTarget])[] = [
  ['expiration date invalid', 'expirationDate'],
  ['card has expired', 'expirationDate'],
  ['duplicate transaction has been submitted', 'duplicateTransaction'],
];

/**
 * Accepts a bare code ('E_WC_05', '17', 17), a message that starts with an E_WC code ('E_WC_05: Please provide
 * valid credit card number.'), or a provider text. Returns null when nothing matches.
 */
export function mapCardError(codeOrText: string | number | null | undefined): CardErrorTarget | null {
  if (codeOrText === null || codeOrText === undefined) return null;
  const input = String(codeOrText).trim();
  const code = /^E_WC_\d+/i.exec(input)?.[0] ?? input;
  const byCode = CODE_TARGETS[code.toUpperCase()];
  if (byCode) return byCode;
  const text = input.toLowerCase();
  for (const [needle, target] of TEXT_TARGETS) {
    if (text.includes(needle)) return target;
  }
  return null;
}
