import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { createFirebasePorts } from './adapters/firebase';
import { lazyCall } from './adapters/firebase/callablesPort';
import { startAnalytics } from './app/analytics';
import { trackClicks } from './app/analytics/clicks';
import { App, preloadOpeningPage } from './app/App';
import { loadDevToolsAdapter } from './app/devTools/gate';
import { createAppActors } from './app/shell/appActors';
import { readAppCheckSettings } from './app/appCheckConfig';
import { config } from './app/builtConfig';
import { createBrowserStoragePort } from './app/shell/browserStorage';
import type { AppPorts } from './app/ports';
import type { FilesPort } from '../machines/documents/ports';
import { Providers } from './app/providers';
import { initI18n } from './i18n';

// Bootstrap: the ports over Firebase, the root actors (they start listening for the signed-in user at once), the
// translations, then the first render. Only the shell's ports are built here; every area's adapter is its own chunk,
// imported and built on its first use and then kept, so the sign-in page does not download them
// (docs/benchmarks.md §1).

/** The port `build` makes, built on the first call and handed out again after that (a failed load is tried again). */
function onFirstUse<T>(build: () => Promise<T>): () => Promise<T> {
  let port: Promise<T> | null = null;
  return () => {
    if (port === null) {
      port = build();
      port.catch(() => {
        port = null;
      });
    }
    return port;
  };
}

const filesPorts = new Map<string, () => Promise<FilesPort>>();

const ports: AppPorts = {
  ...createFirebasePorts({
    ...config.firebase,
    useEmulators: config.useEmulators,
    emulatorHost: config.emulatorHost,
    defaultTenantId: config.tenantId,
    appCheck: readAppCheckSettings(import.meta.env, config.isProductionLike),
  }),
  storage: createBrowserStoragePort(),
  // The onboarding adapter loads with the first onboarding read (the signed-in facts, the onboarding pages).
  onboarding: onFirstUse(() => import('./adapters/firebase/onboarding').then(({ createOnboardingCallablesPort }) => createOnboardingCallablesPort())),
  onboardingLive: onFirstUse(() => import('./adapters/firebase/onboarding').then(({ createOnboardingLiveDataPort }) => createOnboardingLiveDataPort())),
  getReadinessScore: () => lazyCall('getReadinessScore', null),
  // The credit, disputes, home hub and documents adapters load with their areas' first calls.
  credit: onFirstUse(() => import('./adapters/firebase/credit').then(({ createCreditReadPort }) => createCreditReadPort())),
  creditActions: onFirstUse(() => import('./adapters/firebase/credit').then(({ createCreditActionsPort }) => createCreditActionsPort())),
  disputes: onFirstUse(() => import('./adapters/firebase/disputes').then(({ createDisputesPort }) => createDisputesPort())),
  hub: onFirstUse(() => import('./adapters/firebase/hub').then(({ createHubPort }) => createHubPort())),
  documents: onFirstUse(() => import('./adapters/firebase/documents').then(({ createDocumentCallsPort }) => createDocumentCallsPort())),
  // One files port per signed-in user (its stash is theirs).
  documentFiles: (uid) => {
    let files = filesPorts.get(uid);
    if (!files) {
      files = onFirstUse(() => import('./adapters/firebase/documents').then(({ createFilesPort }) => createFilesPort(uid)));
      filesPorts.set(uid, files);
    }
    return files();
  },
  // The settings adapter loads with the settings pages, not with the sign-in page's start-up code.
  settings: () => import('./adapters/firebase/settings').then(({ createSettingsPort }) => createSettingsPort()),
  // The billing adapter (payment callables, the card provider's script) loads with the billing pages.
  billing: () => import('./adapters/firebase/billing').then(({ createBillingPorts }) => createBillingPorts({ cardGateway: config.cardGateway })),
  // The content adapter loads with the learning center's and the support center's pages.
  content: () => import('./adapters/firebase/content').then(({ createContentPort }) => createContentPort()),
  // The identity-protection adapter loads with the identity pages.
  identity: () => import('./adapters/firebase/identity').then(({ createIdentityPort }) => createIdentityPort()),
  // The debts adapter loads with the debts page.
  debts: () => import('./adapters/firebase/debts').then(({ createDebtsPort }) => createDebtsPort()),
  // The money overview's adapter loads with /money.
  money: () => import('./adapters/firebase/money').then(({ createMoneyPort }) => createMoneyPort()),
  // Only builds with the developer tools carry their adapter (src/app/devTools/gate.ts).
  devTools: async () => {
    if (!loadDevToolsAdapter) throw new Error('The developer tools are not in this build.');
    return (await loadDevToolsAdapter()).createDevToolsPort();
  },
  setUILang: async (lang) => {
    await lazyCall('setUILang', { lang });
  },
};
// Analytics (spec 002 §7) before the first actor starts, so its domain events are seen: the sandbox sink by default.
startAnalytics();
trackClicks();
const actors = createAppActors(config, ports, `${window.location.pathname}${window.location.search}`);
preloadOpeningPage(window.location.pathname);
const i18n = await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <Providers actors={actors} i18n={i18n}>
    <App />
  </Providers>,
);
