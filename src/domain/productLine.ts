// Product lines and their tiers (spec 000 §3.2).

export const PRODUCT_LINES = [
  'Primary',
  'Investigation Only',
  'Digital Experience (UQ)',
  'Freemium',
  'Credit Monitoring',
  'VIP Package',
  '6-Month Verbal Commitment',
  '12-Month Verbal Commitment',
  'Month to Month',
] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

export type ProductTier = 'FREE' | 'DIGITAL_ONLY' | 'PREMIUM';

/**
 * FREE is Freemium; DIGITAL_ONLY is Digital Experience; PREMIUM is all others (spec 000 §3.2), so a missing or
 * unrecognised line counts as PREMIUM.
 */
export function productTier(line: string | null | undefined): ProductTier {
  if (line === 'Freemium') return 'FREE';
  if (line === 'Digital Experience (UQ)') return 'DIGITAL_ONLY';
  return 'PREMIUM';
}

export function isFreeLine(line: string | null | undefined): boolean {
  return productTier(line) === 'FREE';
}

/**
 * The server's reading of a stored line for its gates (credit, disputes, bank widgets, premium articles): a user
 * document without a line is refused like the free line. signUp always writes one, so a missing line means a
 * document written some other way, and the paid features stay closed until it says which line was bought.
 */
export function lacksPaidLine(line: string | null | undefined): boolean {
  return line === null || line === undefined || line === '' || isFreeLine(line);
}
