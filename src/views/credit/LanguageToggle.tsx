import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n';

// spec 000 §4.8, spec 001 §2: the en/es switch of the credit report and simulator pages. The page decides what a
// choice does (src/app/credit/CreditLanguageToggle.tsx); this is the control.

export interface LanguageToggleProps {
  value: Language;
  onChange: (language: Language) => void;
}

export function LanguageToggle({ value, onChange }: LanguageToggleProps) {
  const { t } = useTranslation('creditTools');
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('languageToggle.label')}
      value={value}
      onChange={(next) => onChange(next === 'es' ? 'es' : 'en')}
      data={[
        { value: 'en', label: <span lang="en">{t('languageToggle.en')}</span> },
        { value: 'es', label: <span lang="es">{t('languageToggle.es')}</span> },
      ]}
    />
  );
}
