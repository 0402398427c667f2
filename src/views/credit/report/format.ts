import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// How the credit pages show amounts and dates in the reader's language: whole US dollars (spec 002 §9), report days
// and months as the bureaus date them (plain calendar days, so formatted in UTC and never shifted by the time zone).

export interface CreditFormat {
  /** $1,234; an em dash when the bureau did not report it. */
  money: (amount: number | null) => string;
  /** yyyy-MM-dd → Mar 5, 2026. */
  day: (isoDay: string | null) => string;
  /** yyyy-MM or yyyy-MM-dd → Mar 2026. */
  month: (isoMonth: string) => string;
}

export const NOT_REPORTED = '—';

function utcDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number | undefined];
  return new Date(Date.UTC(year, month - 1, day ?? 1));
}

export function creditFormat(language: string): CreditFormat {
  const currency = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const days = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const months = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    money: (amount) => (amount === null ? NOT_REPORTED : currency.format(amount)),
    day: (isoDay) => (isoDay === null ? NOT_REPORTED : days.format(utcDate(isoDay))),
    month: (isoMonth) => months.format(utcDate(isoMonth)),
  };
}

/** The formats for the page's language. */
export function useCreditFormat(): CreditFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => creditFormat(language), [language]);
}
