import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from '../../i18n';
import { LanguageToggle } from '../../views/credit/LanguageToggle';
import { showToast } from '../shell/NotificationsHost';
import { TOAST_COLORS } from '../shell/notify';
import { useAppActors } from '../shell/appActors';

// spec 000 §1, §4.8: the language toggle of the report and simulator pages. The choice applies at once (the whole
// app follows i18next), stays in this browser and is stored on the user (settings.ui.lang) with setUILang, so
// another device opens in it too (src/app/shell/sync.tsx useLanguageSync).

export function CreditLanguageToggle() {
  const { ports } = useAppActors();
  const { i18n } = useTranslation('creditTools');
  const language: Language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  // One store after the other, so quick changes end with the last choice stored, not whichever call finished last.
  const stored = useRef<Promise<void>>(Promise.resolve());
  const choose = (next: Language) => {
    if (next === language) return;
    rememberLanguage(next);
    void i18n.changeLanguage(next);
    stored.current = stored.current.then(() =>
      ports.setUILang(next).catch(() => {
        // The page is already in the new language; only the account's copy of the choice is missing.
        showToast({ color: TOAST_COLORS.warning, message: i18n.t('languageToggle.notSaved', { ns: 'creditTools', lng: next }) });
      }),
    );
  };
  return <LanguageToggle value={language} onChange={choose} />;
}
