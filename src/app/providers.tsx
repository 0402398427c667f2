import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { lazy, StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { HelpTooltipsContext } from '../views/components/helpTooltips';
import { SupportProvider, type SupportSettings } from '../views/support/SupportContext';
import { AppActorsContext, type AppActors } from './shell/appActors';
import { FeatureFlagsProvider } from './shell/featureFlags';
import { NotificationsHost } from './shell/NotificationsHost';
import { PageErrorCatcher } from './shell/PageErrorCatcher';
import { cssVariablesResolver, theme } from './theme';
import { UserDocumentProvider } from './shell/userDocument';

// Everything a page needs around it: the theme (spec 000 §9), toasts, translations, the root
// actors, the live user document and flags, the support settings, the page error catcher, and the router.

// The contact form loads when the support dialog first opens; the dialog shows once it has (AppModal).
const SupportRequestForm = lazy(() => import('./support/SupportRequestForm').then((m) => ({ default: m.SupportRequestForm })));

export function Providers({ actors, i18n, children }: { actors: AppActors; i18n: I18n; children: ReactNode }) {
  const support: SupportSettings = {
    phone: actors.config.supportPhone,
    // spec 001 §2: the phone section is omitted on the admin site.
    showPhone: actors.config.siteType !== 'Admin',
    SupportRequestForm,
  };
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <NotificationsHost />
          <AppActorsContext.Provider value={actors}>
            <SupportProvider value={support}>
              {/* spec 000 §6: help tooltips only for the customer site type. */}
              <HelpTooltipsContext.Provider value={actors.config.siteType === 'Customer'}>
                <UserDocumentProvider>
                  <FeatureFlagsProvider>
                    <PageErrorCatcher report={(report) => actors.errorReporter.send({ type: 'report.add', report })}>
                      <BrowserRouter>{children}</BrowserRouter>
                    </PageErrorCatcher>
                  </FeatureFlagsProvider>
                </UserDocumentProvider>
              </HelpTooltipsContext.Provider>
            </SupportProvider>
          </AppActorsContext.Provider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
