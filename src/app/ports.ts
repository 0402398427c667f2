import type { QueryClient } from '@tanstack/query-core';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type {
  AuthPort,
  CallablesPort,
  CallbackActorSignature,
  LiveDataPort,
  PortError,
  PromiseActorSignature,
  QueryCachePort,
  StoragePort,
  Unsubscribe,
  UserDocument,
} from '../../machines/ports';
import type { ContactIdErrorCode } from '../../machines/shell/session.machine';
import type { OnboardingCallablesPort, OnboardingLiveDataPort } from '../../machines/onboarding/ports';
import type { CreditActionsPort } from '../../machines/credit/ports';
import type { DisputesPort } from '../../machines/disputes/ports';
import type { DevToolsPort } from '../../machines/devTools/ports';
import type { DocumentsPort, FilesPort } from '../../machines/documents/ports';
import type { SettingsPort } from '../../machines/settings/ports';
import type { HubPort } from '../../machines/hub/ports';
import type {
  BillingPort,
  BrowserNavigationPort,
  CardProviderPort,
  FailedAttemptStorePort,
  UuidPort,
} from '../../machines/billing/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../contract/callables';
import type { CustomerContact } from '../contract/contact';
import type { ContentPort } from './content/port';
import type { IdentityPort } from '../../machines/identity/ports';
import type { DebtsPort } from '../../machines/money/debtsPorts';
import type { MoneyPort } from '../../machines/money/overviewPorts';
import type {
  CreditDisplay,
  CreditDisplayTokens,
  CreditReport,
  GetReportRequest,
  ReportList,
  ReportSource,
  ScoreHistoryItem,
} from '../contract/credit';

// What the app needs from the outside world: machines/ports.ts plus the reads the shell shows. The Firebase
// adapter implements these and src/main.tsx hands them over, so src/app depends on interfaces, not on the SDK.
// An area's port is a loader (`credit(): Promise<CreditReadPort>`): its adapter is its own chunk, built on first use,
// so the sign-in page's start-up code carries only the shell's ports (docs/benchmarks.md §1).
// `promiseActor` and `callbackActor` turn a port call into an actor whose input and output are checked against
// the signature in machines/ports.ts.

export type { UserDocument } from '../../machines/ports';

export interface AppPorts {
  auth: AuthPort;
  callables: CallablesPort;
  /**
   * Any callable by its contract name: the request and the answer as src/contract declares them (timestamps ISO
   * strings), a failure as one PortError. The machines' callable actors come from it (src/app/callableActors.ts).
   */
  call<N extends CallableName>(name: N, request: CallableRequest<N>): Promise<CallableResponse<N>>;
  liveData: LiveDataPort;
  /** The page's QueryClient (spec 000 §9 caching), loaded with the first cached read. */
  queryClient: () => Promise<QueryClient>;
  queryCache: QueryCachePort;
  storage: StoragePort;
  subscribeUserDocument(
    uid: string,
    listener: (document: UserDocument | null) => void,
    onError: (error: PortError) => void,
  ): Unsubscribe;
  /** getCustomerContact (spec 000 §7), for the broker banner and the bank opt-out. */
  getCustomerContact(): Promise<CustomerContact>;
  /**
   * The onboarding callables (spec 000 §7, spec 001 §7): contract, authorizations, goal, intake, quick sign-up. Loaded
   * with the first onboarding read (the adapter is its own chunk).
   */
  onboarding(): Promise<OnboardingCallablesPort>;
  /** initialReportStatus/{userId}, live. Loaded with the intake. */
  onboardingLive(): Promise<OnboardingLiveDataPort>;
  /** getReadinessScore: the latest readiness score, null until one was generated (spec 002 §3). */
  getReadinessScore(): Promise<ReadinessScore | null>;
  /**
   * The credit area's reads (spec 001 §7): the report, the score history, the credit display, the display tokens.
   * Loaded with the credit pages (the adapter is its own chunk).
   */
  credit(): Promise<CreditReadPort>;
  /** Report orders and the KBA identity check (spec 001 §4, §7), for the credit machines. Loaded on first use. */
  creditActions(): Promise<CreditActionsPort>;
  /**
   * The dispute calls (spec 001 §7): investigations, reasons, challenges, the pause, letters, the dev clock. Loaded on
   * first use (the adapter is its own chunk).
   */
  disputes(): Promise<DisputesPort>;
  /**
   * The home hub's calls (spec 002 §7): the actions, their completion and views, the coach's message and its view,
   * the score's details and history, the savings update. Loaded with the home hub (the adapter is its own chunk).
   */
  hub(): Promise<HubPort>;
  /**
   * The document calls (spec 001 §7): the documents, the checklist, view/download links, prepared uploads, the
   * server's outcome of an upload. The page's cached reads are refreshed by src/app/documents/queries.ts. Loaded with
   * the documents locker (the adapter is its own chunk).
   */
  documents(): Promise<Omit<DocumentsPort, 'refresh'>>;
  /**
   * The browser's side of an upload for the signed-in user `uid`: files, crop, HEIC, Storage, connection, stash.
   * Loaded with the documents locker.
   */
  documentFiles(uid: string): Promise<FilesPort>;
  /**
   * The identity provider's password change and re-authentication for the settings pages (spec 000 §4.6, §8); their
   * callables are the table's (src/app/callableActors.ts). Loaded with the settings pages (the adapter is its own chunk).
   */
  settings(): Promise<SettingsPort>;
  /**
   * The billing area (spec 001 §2 Billing, §4, §7): the payment callables, the card provider's browser
   * script, the failed-attempt store (session storage), idempotency keys, the secure pages and the contract's new
   * window. Loaded with the billing pages (the adapter is its own chunk).
   */
  billing(): Promise<BillingPorts>;
  /**
   * The learning center's and the support center's content calls (spec 002 §7 content queries).
   * Loaded with the content pages (the adapter is its own chunk).
   */
  content(): Promise<ContentPort>;
  /**
   * The identity-protection call (spec 000 §7 getArrayUserToken). Loaded with the identity pages
   * (the adapter is its own chunk).
   */
  identity(): Promise<IdentityPort>;
  /** The debts page's and the bank widgets' calls (spec 002 §7). Loaded with the debts page (the adapter is its own chunk). */
  debts(): Promise<DebtsPort>;
  /** The money overview's reads (spec 002 §2, §7). Loaded with /money (the adapter is its own chunk). */
  money(): Promise<MoneyPort>;
  /**
   * The developer tools' calls (devTools commands, test plans, setUser overrides). Loaded with the developer
   * tools; a production build has no adapter behind it (src/app/devTools/gate.ts) and rejects.
   */
  devTools(): Promise<DevToolsPort>;
  /** setUILang: stores the user's language choice on the user (spec 000 §1 settings.ui.lang). */
  setUILang(lang: 'en' | 'es'): Promise<void>;
  /** Every callable that answers no-customer-contact-id or no-partner-contact-id, as it happens (spec 000 §4.1). */
  subscribeContactIdMissing(listener: (code: ContactIdErrorCode) => void): Unsubscribe;
}

/** What the billing machines are given (machines/billing/ports.ts), src/adapters/firebase/billing.ts over Firebase. */
export interface BillingPorts {
  billing: BillingPort;
  cardProvider: CardProviderPort;
  failedAttempts: FailedAttemptStorePort;
  uuid: UuidPort;
  navigation: BrowserNavigationPort;
  /** getContractLink in a new window (opened inside the click): 'not-found' when there is no contract. */
  openContract(): Promise<'opened' | 'not-found'>;
  /** Saves `content` as a file named `name` (the browser's download). */
  saveFile(name: string, content: BlobPart, type: string): void;
  /** getCreditReportPdf: the customer's current credit report as a PDF, labelled in `lang` (rejects 'invalid-response' when not a PDF). */
  getCreditReportPdf(request: { lang: 'en' | 'es' }): Promise<Blob>;
}

/** The credit area's reads (src/contract/credit.ts shapes); orders and the identity check are machines/credit ports. */
export interface CreditReadPort {
  getCreditReport(request: { source: ReportSource; kbaLinkId?: string }): Promise<CreditReport>;
  getCreditScoreHistory(request?: { kbaLinkId?: string }): Promise<ScoreHistoryItem[]>;
  getCreditDisplay(): Promise<CreditDisplay>;
  getCreditDisplayTokens(): Promise<CreditDisplayTokens>;
  /** The customer's pulls, the latest first (spec 002 §7 getReport: the ids it reads). */
  listCreditReports(): Promise<ReportList>;
  /** A pulled report by its id: the current one or an earlier one (spec 002 §7 getReport). */
  getReport(request: GetReportRequest): Promise<CreditReport>;
}

/** spec 002 §3 "Readiness score", as the home hub shows it (0-100, spec 002 §9). */
export interface ReadinessScore {
  score: { displayScore: number };
  previousScore: { displayScore: number } | null;
  createdAt: Date;
}

/** Keys of the cached reads (spec 000 §7). */
export const QUERY_KEYS = {
  customerContact: ['customerContact'],
  userInfo: ['userInfo'],
  investigations: ['investigations'],
  authorizations: ['authorizations'],
  identityToken: ['identityToken'],
  contractLink: ['contractLink'],
  contractSigningUrl: ['contractSigningUrl'],
  connectedInstitutions: ['connectedInstitutions'],
  creditDisplay: ['creditDisplay'],
  /** The customer's actions (spec 002 §3); the disputes wizard completes the dispute action in it optimistically. */
  actions: ['actions'],
  /** The readiness score with its components, and its history (the home hub's score details, spec 002 §1). */
  readinessScoreDetails: ['readinessScore', 'details'],
  readinessScoreHistory: ['readinessScore', 'history'],
  readinessScore: ['readinessScore'],
  /** The documents locker: the documents, and the checklist below the same root. */
  documents: ['documents'],
  documentChecklist: ['documents', 'checklist'],
} as const;

export function promiseActor<S extends PromiseActorSignature<unknown, unknown>>(
  run: (input: S['input']) => Promise<S['output']>,
) {
  return fromPromise<S['output'], S['input']>(({ input }) => run(input));
}

/**
 * Subscribes once `load` has given the port, for a callback actor over a port that loads on first use: stopping before
 * then subscribes to nothing. A port that cannot load is reported to `onLoadFailed`.
 */
export function subscribeWhenLoaded<P>(
  load: () => Promise<P>,
  subscribe: (port: P) => Unsubscribe,
  onLoadFailed: (error: unknown) => void = () => undefined,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | null = null;
  load().then(
    (port) => {
      if (!stopped) stop = subscribe(port);
    },
    (error: unknown) => {
      if (!stopped) onLoadFailed(error);
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

export function callbackActor<S extends CallbackActorSignature<unknown, EventObject>>(
  subscribe: (input: S['input'], sendBack: (event: S['sends']) => void) => () => void,
) {
  return fromCallback<EventObject, S['input']>(({ input, sendBack }) => subscribe(input, sendBack));
}
