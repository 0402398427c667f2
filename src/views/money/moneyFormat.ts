// Whole-USD amounts for the money overview (spec 002 §9: currency in whole USD).
export function formatUsd(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
    Math.round(amount),
  );
}
