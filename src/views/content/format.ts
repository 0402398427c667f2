// Small formatting helpers of the content pages.

/** An article's date (YYYY-MM-DD, a calendar day) in the page's language: 'October 1, 2026', '1 de octubre de 2026'. */
export function formatArticleDate(isoDate: string, lang: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
