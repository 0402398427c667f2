import { describe, expect, it } from 'vitest';
import { createI18nWithResources } from '../../src/i18n';
import { subscribeMissingTranslations, type MissingTranslation } from '../../src/i18n/missingKeys';

// spec 000 §8: missing translations are reported, once per language, namespace and key; keys a fallback language
// or namespace has are not missing.

describe('missing translations', () => {
  it('are handed to the listener once each; a key found in English or in a fallback namespace is not missing', async () => {
    const i18n = await createI18nWithResources('es', {
      en: { common: { onlyEnglish: 'Only in English' }, errors: { shared: 'Shared' } },
      es: { common: {} },
    });
    const heard: MissingTranslation[] = [];
    const stop = subscribeMissingTranslations((missing) => heard.push(missing));
    const t = i18n.t as unknown as (key: string) => string;
    expect(t('common:onlyEnglish')).toBe('Only in English');
    expect(t('shared')).toBe('Shared');
    t('common:neverWritten.anywhere');
    t('common:neverWritten.anywhere');
    stop();
    expect(heard.filter((missing) => missing.key === 'neverWritten.anywhere')).toEqual([
      { language: 'en', namespace: 'common', key: 'neverWritten.anywhere' },
    ]);
    expect(heard.some((missing) => missing.key === 'onlyEnglish' || missing.key === 'shared')).toBe(false);
  });
});
