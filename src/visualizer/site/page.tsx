import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../public/locales/en/statecharts.json';
import es from '../../../public/locales/es/statecharts.json';
import { detectLanguage } from '../../i18n';
import { Visualizer } from '../Visualizer';

// The visualizer as a static site (npm run statecharts:build → dist-statecharts/), for reviewing flows
// without the app or its backend; main.tsx loads it once elk has started loading. No Live view: there is no
// running app to follow. Its texts (namespace `statecharts`, English and Spanish) are bundled, so the site works
// from any folder without a server for them.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const lng = detectLanguage(window.location, browserStorage(), navigator.languages);
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng,
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  ns: ['statecharts'],
  defaultNS: 'statecharts',
  resources: { en: { statecharts: en }, es: { statecharts: es } },
  interpolation: { escapeValue: false },
});
const showLanguage = (language: string) => {
  document.documentElement.lang = language;
  document.title = i18n.t('title', { ns: 'statecharts' });
};
showLanguage(lng);
i18n.on('languageChanged', showLanguage);

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Visualizer />
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
