// A page the browser translated (spec 001 §8 "Video and translation"). Browser translators (Chrome's and Edge's
// built-in ones, the Google Translate extension) replace the page's text nodes with their own, which React does not
// expect: the next update of such a text throws, and the page would be lost. What the page can see of it:
// - Chrome / Google Translate put `translated-ltr` or `translated-rtl` on <html> and set its `lang` to the target
//   language;
// - Edge and the others set <html lang> to the target language.
// The app sets <html lang> itself whenever its own language changes (src/i18n), so a `lang` that differs from the
// app's language was set by someone else. A page that fails with the error a replaced text node causes is taken for a
// translated one too, for the translators that leave no mark on <html>.

export interface PageLanguageFacts {
  /** <html>'s class attribute. */
  htmlClass: string;
  /** <html>'s lang attribute ('' when there is none). */
  htmlLang: string;
  /** The app's own language (i18next's). */
  appLanguage: string;
}

const primaryLanguage = (tag: string): string => tag.trim().toLowerCase().split('-')[0] ?? '';

/** The language the browser translated the page to ('' when it is not known), or null when it did not translate it. */
export function browserTranslation(facts: PageLanguageFacts): string | null {
  const lang = primaryLanguage(facts.htmlLang);
  if (/(^|\s)translated-(ltr|rtl)(\s|$)/.test(facts.htmlClass)) return lang;
  if (lang !== '' && lang !== primaryLanguage(facts.appLanguage)) return lang;
  return null;
}

/** What a page failure says about itself: the error's name and message. */
export interface PageFailure {
  name: string;
  message: string;
}

/**
 * Whether a page failed the way a translated page does: React removing or inserting beside a text node the
 * translator replaced. Chrome and Edge: "Failed to execute 'removeChild' on 'Node': The node to be removed is not
 * a child of this node."; Firefox: "Node.removeChild: The node to be removed is not a child of this node"; Safari:
 * a NotFoundError "The object can not be found here."
 */
export function isTranslatedPageFailure({ name, message }: PageFailure): boolean {
  if (/\b(removeChild|insertBefore)\b.*\bnot a child of this node/i.test(message)) return true;
  return name === 'NotFoundError' && /The object can not be found here/i.test(message);
}
