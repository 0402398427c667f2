// The catalogue (spec 001 §3 "Payment data"): the initial consultation fee and the monthly fee, in whole cents.
// Prices come from the functions config (PRICE_INITIAL_CONSULTATION_CENTS, PRICE_RECURRING_FEE_CENTS) with these
// defaults; a setting that is not a whole number of cents is ignored.
import type { CatalogueItemId } from '../../../src/domain/payments';

export interface CatalogueItem {
  itemId: CatalogueItemId;
  name: string;
  description: string;
  unitPrice: number;
  discounts: Record<string, number>;
}

export const DEFAULT_PRICES: Readonly<Record<CatalogueItemId, number>> = { INITIAL_CONSULTATION: 19_900, RECURRING_FEE: 9_900 };

function priceFrom(value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return fallback;
  const cents = Number(text);
  return cents > 0 && cents <= 100_000_000 ? cents : fallback;
}

export function catalogue(env: Record<string, string | undefined> = process.env): Record<CatalogueItemId, CatalogueItem> {
  return {
    INITIAL_CONSULTATION: {
      itemId: 'INITIAL_CONSULTATION',
      name: 'Initial consultation',
      description: 'Review of your three-bureau credit report and your plan toward your loan goal',
      unitPrice: priceFrom(env.PRICE_INITIAL_CONSULTATION_CENTS, DEFAULT_PRICES.INITIAL_CONSULTATION),
      discounts: {},
    },
    RECURRING_FEE: {
      itemId: 'RECURRING_FEE',
      name: 'Monthly fee',
      description: 'Credit readiness services, billed monthly',
      unitPrice: priceFrom(env.PRICE_RECURRING_FEE_CENTS, DEFAULT_PRICES.RECURRING_FEE),
      discounts: {},
    },
  };
}
