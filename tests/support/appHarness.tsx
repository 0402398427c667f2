import { QueryClient } from '@tanstack/query-core';
import { act, render, type RenderResult } from '@testing-library/react';
import type { CreditActionsPort } from '../../machines/credit/ports';
import type { DisputesPort } from '../../machines/disputes/ports';
import type { HubPort } from '../../machines/hub/ports';
import type { DevToolsPort } from '../../machines/devTools/ports';
import type { DocumentsPort, FilesPort } from '../../machines/documents/ports';
import type { OnboardingCallablesPort, OnboardingLiveDataPort } from '../../machines/onboarding/ports';
import type { SettingsPort } from '../../machines/settings/ports';
import type { ContentPort } from '../../src/app/content/port';
import type { IdentityPort } from '../../machines/identity/ports';
import type { DebtsPort } from '../../machines/money/debtsPorts';
import type { MoneyPort } from '../../machines/money/overviewPorts';
import type { AuthPort, AuthUser, CallablesPort, MaintenanceFlagValue, RawClaims } from '../../machines/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../src/contract/callables';
import type { ContactIdErrorCode } from '../../machines/shell/session.machine';
import { App } from '../../src/app/App';
import { createAppActors, type AppActors } from '../../src/app/shell/appActors';
import { readConfig } from '../../src/app/config';
import type { AppPorts, BillingPorts, CreditReadPort, UserDocument } from '../../src/app/ports';
import { Providers } from '../../src/app/providers';
import { testI18n } from './render';
import { sampleUserDocument } from './userDocumentSample';

// The whole app rendered at a path with fake ports, as main.tsx wires it, for the tests that walk the app's routes.

export interface AppHarness {
  renderApp: (path: string, fakes: { ports: AppPorts }) => Promise<RenderResult>;
  /** The root actors of the app rendered last, until stopApp. */
  actors: () => AppActors | undefined;
  /** Stops the root actors (call in afterEach). */
  stopApp: () => void;
}

export function appHarness(env: Record<string, unknown>): AppHarness {
  const config = readConfig(env);
  let actors: AppActors | undefined;
  return {
    renderApp: async (path, fakes) => {
      window.history.replaceState(null, '', path);
      actors = createAppActors(config, fakes.ports, path);
      const i18n = await testI18n('en');
      return render(
        <Providers actors={actors} i18n={i18n}>
          <App />
        </Providers>,
      );
    },
    actors: () => actors,
    stopApp: () => {
      if (!actors) return;
      for (const actor of [actors.session, actors.maintenance, actors.guardChain, actors.errorReporter]) actor.stop();
      void actors.crmLinkIn?.then((actor) => actor.stop());
      actors = undefined;
    },
  };
}

export interface FakeAppPortsOptions {
  /** Who is signed in when the app starts (default: nobody). */
  user?: AuthUser | null;
  /** Default: an onboarded customer. */
  claims?: RawClaims;
  /** The maintenance flag as soon as the app asks; by default it waits for setMaintenance. */
  maintenance?: MaintenanceFlagValue;
  /** Replaces the default user document's fields (Maria Alvarez, onboarded, active). Read on every subscription. */
  userDocument?: () => Partial<UserDocument>;
  /** Auth calls that differ; `changeUser` signs a user in or out as the identity provider would. */
  auth?: (session: { changeUser: (user: AuthUser | null) => void }) => Partial<AuthPort>;
  callables?: Partial<CallablesPort>;
  /** The callables a test answers through `ports.call` (src/app/callableActors.ts), by name (every other one unused). */
  call?: FakeCalls;
  onboarding?: Partial<OnboardingCallablesPort>;
  /** The page's QueryClient; by default one that never retries, so failures show at once. */
  queryClient?: Promise<QueryClient>;
  getCustomerContact?: AppPorts['getCustomerContact'];
  /** The credit reads a test answers; every other one is unused. */
  credit?: Partial<CreditReadPort>;
  creditActions?: Partial<CreditActionsPort>;
  /** The dispute calls a test answers; by default the customer has no dispute items and every other call is unused. */
  disputes?: Partial<DisputesPort>;
  /** The home hub's calls a test answers; by default no actions (and no change to them), no coach message, no score history. */
  hub?: Partial<HubPort>;
  /** The document calls a test answers; by default the customer has no documents and an empty checklist. */
  documents?: Partial<Omit<DocumentsPort, 'refresh'>>;
  /** The browser's side of uploads a test answers (every other part unused). */
  documentFiles?: (uid: string) => Partial<FilesPort>;
  setUILang?: AppPorts['setUILang'];
  /** The settings calls a test answers (every other one unused). */
  settings?: Partial<SettingsPort>;
  /** The developer tools' calls a test answers (every other one unused). */
  devTools?: Partial<DevToolsPort>;
  /** The billing ports a test answers (every other one unused). */
  billing?: Partial<BillingPorts>;
  /** The content calls a test answers (every other one unused). */
  content?: Partial<ContentPort>;
  /** The identity-protection call a test answers (unused otherwise). */
  identity?: Partial<IdentityPort>;
  /** The debts page's calls a test answers (every other one unused). */
  debts?: Partial<DebtsPort>;
  /** The money overview's calls a test answers (every other one unused). */
  money?: Partial<MoneyPort>;
}

/** Fakes of callables by name, with the contract's request and answer. */
export type FakeCalls = { [N in CallableName]?: (request: CallableRequest<N>) => Promise<CallableResponse<N>> };

export interface FakeAppPorts {
  ports: AppPorts;
  /** Signs `user` in (or out, with null), as the identity provider reports it. */
  setUser: (user: AuthUser | null) => void;
  setMaintenance: (flag: MaintenanceFlagValue) => void;
  /** A callable answers no-customer-contact-id or no-partner-contact-id, as the adapter reports it. */
  failWithContactIdMissing: (code: ContactIdErrorCode) => void;
}

// A call the test does not expect throws at once, before the caller goes on to its next call.
const unused = (): never => {
  throw new Error('not used in this test');
};

/** `known`, where every other call is unused. Not a thenable, so a port can be the answer of a promise. */
function onlyKnown<T extends object>(known: Partial<T>): T {
  return new Proxy(known, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : key === 'then' ? undefined : unused),
  }) as T;
}

/** A loader that answers `port` every time, as main.tsx's area loaders do once their adapter is built. */
function always<T>(port: T): () => Promise<T> {
  const loaded = Promise.resolve(port);
  return () => loaded;
}

/** Ports for one customer, with nothing more than the session and the maintenance gate need; options add the rest. */
export function fakeAppPorts(options: FakeAppPortsOptions = {}): FakeAppPorts {
  let userListener: (user: AuthUser | null) => void = () => undefined;
  let flagListener: (flag: MaintenanceFlagValue) => void = () => undefined;
  const contactIdListeners = new Set<(code: ContactIdErrorCode) => void>();
  let currentUser: AuthUser | null = options.user ?? null;
  const changeUser = (user: AuthUser | null) => {
    currentUser = user;
    userListener(user);
  };
  // One promise, as the adapter keeps it: a page suspends on it until the query library has loaded.
  const queryClient = options.queryClient ?? Promise.resolve(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const ports: AppPorts = {
    auth: {
      currentUser: () => currentUser,
      getClaims: async () => options.claims ?? { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true },
      signInWithEmail: unused,
      signInWithCustomToken: unused,
      providerIdentityByPopup: unused,
      startProviderRedirect: unused,
      pendingProviderRedirect: () => null,
      completeProviderRedirect: unused,
      providerIdentityToken: unused,
      adoptProviderIdentity: unused,
      forgetProviderIdentity: unused,
      signOut: async () => changeUser(null),
      refreshToken: async () => undefined,
      verifyPasswordResetCode: unused,
      confirmPasswordReset: unused,
      applyActionCode: unused,
      sendEmailVerification: async () => undefined,
      subscribeUser: (listener) => {
        userListener = listener;
        return () => undefined;
      },
      ...options.auth?.({ changeUser }),
    },
    callables: onlyKnown<CallablesPort>({
      storeLastSignIn: async () => ({ stored: true }),
      reportError: async () => ({ stored: 1 }),
      ...options.callables,
    }),
    liveData: {
      subscribeUserDocument: () => () => undefined,
      subscribeMaintenanceFlag: (_siteType, listener) => {
        flagListener = listener;
        if (options.maintenance !== undefined) listener(options.maintenance);
        return () => undefined;
      },
      subscribeFeatureFlags: (listener) => {
        listener({});
        return () => undefined;
      },
    },
    queryClient: () => queryClient,
    queryCache: { reset: async () => undefined },
    storage: { readLastSignInMs: () => Date.now(), writeLastSignInMs: () => undefined },
    subscribeUserDocument: (uid, listener) => {
      listener({
        ...sampleUserDocument(uid),
        ...options.userDocument?.(),
      });
      return () => undefined;
    },
    getCustomerContact: options.getCustomerContact ?? unused,
    call: async (name, request) => {
      const fake = options.call?.[name] as ((request: unknown) => Promise<never>) | undefined;
      return fake ? fake(request) : unused();
    },
    // The area ports load as main.tsx's do (a promise of the port), each the same port on every call.
    onboarding: always(onlyKnown<OnboardingCallablesPort>({ ...options.onboarding })),
    onboardingLive: always<OnboardingLiveDataPort>({ subscribeInitialReportStatus: () => () => undefined }),
    // The home hub's readiness score is not there.
    getReadinessScore: async () => null,
    credit: always(onlyKnown<CreditReadPort>({ ...options.credit })),
    creditActions: always(onlyKnown<CreditActionsPort>({ ...options.creditActions })),
    disputes: always(
      onlyKnown<DisputesPort>({
        getInvestigationDetails: async () => ({ asOf: '2026-11-26', items: [] }),
        ...options.disputes,
      }),
    ),
    hub: always(
      onlyKnown<HubPort>({
        getActions: async () => ({
          activeActions: [],
          completedActions: [],
          history: [],
          totalActive: 0,
          totalComplete: 0,
          metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null },
        }),
        calculateActions: async () => undefined,
        subscribeActionChanges: () => () => undefined,
        getAgentMessage: async () => null,
        getReadinessScoreDetails: async () => null,
        getReadinessScoreHistory: async () => [],
        ...options.hub,
      }),
    ),
    documents: always(
      onlyKnown<Omit<DocumentsPort, 'refresh'>>({
        getDocuments: async () => [],
        getChecklist: async () => [],
        ...options.documents,
      }),
    ),
    documentFiles: async (uid) => onlyKnown<FilesPort>({ ...options.documentFiles?.(uid) }),
    settings: async () => onlyKnown<SettingsPort>({ ...options.settings }),
    billing: async () => onlyKnown<BillingPorts>({ ...options.billing }),
    content: async () => onlyKnown<ContentPort>({ ...options.content }),
    identity: async () => onlyKnown<IdentityPort>({ ...options.identity }),
    debts: async () => onlyKnown<DebtsPort>({ ...options.debts }),
    money: async () => onlyKnown<MoneyPort>({ ...options.money }),
    devTools: async () => onlyKnown<DevToolsPort>({ ...options.devTools }),
    setUILang: options.setUILang ?? unused,
    subscribeContactIdMissing: (listener) => {
      contactIdListeners.add(listener);
      return () => contactIdListeners.delete(listener);
    },
  };
  return {
    ports,
    setUser: (user) => act(() => changeUser(user)),
    setMaintenance: (flag) => act(() => flagListener(flag)),
    failWithContactIdMissing: (code) => act(() => contactIdListeners.forEach((listener) => listener(code))),
  };
}
