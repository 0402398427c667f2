import { describe, expect, it } from 'vitest';
import { browserTranslation, isTranslatedPageFailure } from '../../src/domain/browserTranslation';

// What the page can see of a browser's translation (spec 001 §8 "Video and translation").

describe("the browser's translation of the page", () => {
  it('is seen in the classes Chrome and Google Translate put on <html>', () => {
    expect(browserTranslation({ htmlClass: 'translated-ltr', htmlLang: 'fr', appLanguage: 'en' })).toBe('fr');
    expect(browserTranslation({ htmlClass: 'dark translated-rtl', htmlLang: 'ar', appLanguage: 'en' })).toBe('ar');
  });

  it('is seen in a <html lang> other than the app’s own language', () => {
    expect(browserTranslation({ htmlClass: '', htmlLang: 'de-DE', appLanguage: 'en' })).toBe('de');
  });

  it('is not seen on a page in the app’s language, whatever its region', () => {
    expect(browserTranslation({ htmlClass: '', htmlLang: 'es', appLanguage: 'es' })).toBeNull();
    expect(browserTranslation({ htmlClass: '', htmlLang: 'en', appLanguage: 'en-US' })).toBeNull();
    expect(browserTranslation({ htmlClass: '', htmlLang: '', appLanguage: 'en' })).toBeNull();
    expect(browserTranslation({ htmlClass: 'not-translated-ltr-theme', htmlLang: 'en', appLanguage: 'en' })).toBeNull();
  });
});

describe('a failure only a translated page has', () => {
  it("is told by the browsers' messages for a replaced text node", () => {
    expect(
      isTranslatedPageFailure({
        name: 'NotFoundError',
        message: "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
      }),
    ).toBe(true);
    expect(isTranslatedPageFailure({ name: 'NotFoundError', message: 'Node.insertBefore: Child to insert before is not a child of this node' })).toBe(true);
    expect(isTranslatedPageFailure({ name: 'NotFoundError', message: 'The object can not be found here.' })).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isTranslatedPageFailure({ name: 'TypeError', message: "Cannot read properties of undefined (reading 'balance')" })).toBe(false);
    expect(isTranslatedPageFailure({ name: 'Error', message: 'The object can not be found here.' })).toBe(false);
  });
});
