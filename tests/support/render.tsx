import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { Resource, ResourceLanguage } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../src/app/theme';
import { SupportProvider, type SupportSettings } from '../../src/views/support/SupportContext';
import { createI18nWithResources, type Language } from '../../src/i18n';

// Views render inside the app's theme (env="test": no transitions, no portals) with the real locale files loaded
// synchronously, so tests find the English (or Spanish) text a user reads.

const localeFiles = import.meta.glob<ResourceLanguage>('../../public/locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [path, content] of Object.entries(localeFiles)) {
  const match = /locales\/([a-z]+)\/([a-zA-Z]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  resources[language] = { ...resources[language], [namespace]: content };
}

export async function testI18n(language: Language = 'en') {
  return createI18nWithResources(language, resources);
}

export interface RenderViewOptions {
  language?: Language;
  /** The router's initial entry, e.g. '/handle?mode=verifyEmail'. */
  route?: string;
  /** The support dialog's settings (phone, admin site, contact form). */
  support?: Partial<SupportSettings>;
}

const defaultSupport: SupportSettings = {
  phone: '800-555-0199',
  showPhone: true,
  SupportRequestForm: () => <p>contact form</p>,
};

export async function renderView(ui: ReactElement, options: RenderViewOptions = {}) {
  const i18n = await testI18n(options.language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <SupportProvider value={{ ...defaultSupport, ...options.support }}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
        </SupportProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
