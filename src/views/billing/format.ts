import dayjs from 'dayjs';
import 'dayjs/locale/es';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Language } from '../../i18n';

// How billing shows money and dates (spec 001 §2 Billing): amounts are whole cents in code and USD on screen; the
// next billing date in the long format of the page's language ('December 1, 2026', '1 de diciembre de 2026').

dayjs.extend(localizedFormat);

export function billingLanguage(resolved: string | undefined): Language {
  return resolved === 'es' ? 'es' : 'en';
}

/** Cents as US dollars: '$99.00'. */
export function formatUsd(cents: number, language: Language): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A YYYY-MM-DD day in the long format ('LL'). */
export function formatLongDate(isoDay: string, language: Language): string {
  return dayjs(isoDay).locale(language).format('LL');
}

/** A charge's time as a short date ('Nov 1, 2026'). */
export function formatChargeDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}

/** 'XXXX1111' → '1111'. */
export function lastDigits(maskedCardNumber: string): string {
  return maskedCardNumber.slice(-4);
}
