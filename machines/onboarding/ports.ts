// What the onboarding machines need from the outside world (conventions as in machines/ports.ts): the
// onboarding callables and the live initial report status, as plain data, and each onboarding machine's actor
// signatures. The Firebase adapter implements the ports with the src/contract/onboarding.ts schemas; src/app
// turns them into the actors with `.provide({ actors })`.
import type { AuthorizationRecords, AuthorizationsUpdate } from '../../src/domain/authorizations';
import type {
  GoalType,
  InitialReportStatus,
  IntakeGoal,
  IntakePersonalInfo,
  IntakeKey,
  IntakeSaveRequest,
  InvestigationReviewFacts,
} from '../../src/domain/intake';
import type { ErrorKey } from '../../src/domain/errors';
import type { ActorFacts } from '../../src/domain/permissions';
import type { QuickSignUpContact } from '../../src/domain/quickSignUp';
import type { DisputeWizardInput, DisputeWizardOutput } from '../disputes/disputeWizard.machine';
import type { InvestigationItemData } from '../disputes/ports';
import type { CallbackActorSignature, PortError, PromiseActorSignature, Unsubscribe } from '../ports';

// ---------------------------------------------------------------------------------------------------------------
// Ports

export interface ConnectedInstitutionData {
  id: string;
  name: string;
  logoUrl: string | null;
  accounts: { id: string; name: string; type: string; currentBalance: number }[];
}

export interface OnboardingCallablesPort {
  /** The signed contract's link, null until released (spec 001 §4). */
  getContractLink(): Promise<{ link: string | null }>;
  getContractLinkAnonymously(request: { contactId: string }): Promise<{ link: string | null }>;
  /** Where the customer signs, opened in a new window (spec 000 §2.2). */
  getContractSigningUrl(): Promise<{ url: string }>;
  /** Rejects with code 'not-found' for an unknown contact. */
  getContactAnonymously(request: { contactId: string }): Promise<QuickSignUpContact>;
  getAuthorizations(): Promise<AuthorizationRecords>;
  updateAuthorizations(update: AuthorizationsUpdate): Promise<AuthorizationRecords>;
  createGoal(request: { type: GoalType }): Promise<IntakeGoal>;
  getUserInfo(): Promise<{ goal: IntakeGoal | null; personalInfo: IntakePersonalInfo | null }>;
  updateUserInfo(request: IntakeSaveRequest): Promise<void>;
  /** The contact's bank opt-out (Link_Bank_Acct_Opt_Out__c). */
  getBankOptOut(): Promise<boolean>;
  setBankOptOut(optOut: boolean): Promise<void>;
  completeIntake(): Promise<{ userId: string }>;
  calculateReadinessScore(request: { isFirstScore: boolean }): Promise<void>;
  getInvestigationSummaries(): Promise<{
    userId: string;
    reportStatus: InitialReportStatus;
    investigations: InvestigationReviewFacts[];
  }>;
  getWidgetUrl(request: { widgetName: 'connect' }): Promise<{ url: string }>;
  getConnectedInstitutions(): Promise<{ institutions: ConnectedInstitutionData[] }>;
}

export interface OnboardingLiveDataPort {
  /** initialReportStatus/{userId}: 'none' while the document does not exist. */
  subscribeInitialReportStatus(
    userId: string,
    listener: (status: InitialReportStatus) => void,
    onError: (error: PortError) => void,
  ): Unsubscribe;
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface ContractPollingActorSignatures {
  /** anonymous ? getContractLinkAnonymously({ contactId }) : getContractLink(). */
  fetchContractLink: PromiseActorSignature<{ contactId: string; anonymous: boolean }, { link: string | null }>;
}

export interface AuthorizationsActorSignatures {
  /** getAuthorizations. */
  loadAuthorizations: PromiseActorSignature<void, AuthorizationRecords>;
  /** updateAuthorizations. */
  saveAuthorizations: PromiseActorSignature<AuthorizationsUpdate, void>;
}

export interface GoalSelectionActorSignatures {
  /** createGoal. */
  createGoal: PromiseActorSignature<{ type: GoalType }, { id: string; type: string }>;
}

/** What the intake starts from. */
export interface IntakeLoadResult {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  bankOptOut: boolean;
  linkedAccountCount: number;
}

/** Sent by `watchReportStatus` whenever initialReportStatus/{userId} changes. */
export interface ReportStatusChangedEvent {
  type: 'report.status';
  status: InitialReportStatus;
}

/** An intake step's machine as the intake invokes it: what it starts from and how it ends. */
export interface IntakeStepMachineSignature<TInput, TOutput> {
  input: TInput;
  output: TOutput;
}

/** What the Disputes step starts from (machines/onboarding/intakeDisputes.machine.ts). */
export interface IntakeDisputesInput {
  /** Who is taking the intake: the dispute wizard refuses a coach without client actions its saves and submit. */
  actor: ActorFacts;
  /** The step was reached going back: with nothing to review it passes on backwards. */
  movingBack: boolean;
  /** The message shown when the step opens (a refused completion taken back to it), else null. */
  errorKey: ErrorKey | IntakeKey | null;
}

/** How the Disputes step ends: on to the next step (nothing to review, or the disputes submitted) or back. */
export interface IntakeDisputesOutput {
  move: 'next' | 'back';
}

/** The BankAccounts step's facts, which the intake keeps between visits of the step. */
export interface IntakeBankFacts {
  bankOptOut: boolean;
  /** The opt-out as saved to the contact. */
  savedBankOptOut: boolean;
  linkedAccountCount: number;
}

/** What the BankAccounts step starts from (machines/onboarding/intakeBankAccounts.machine.ts). */
export interface IntakeBankAccountsInput extends IntakeBankFacts {
  actor: ActorFacts;
  productLine: string | null;
  /** Whether Back may go to a previous step. */
  canGoBack: boolean;
  /** The message shown when the step opens (a refused completion taken back to it), else null. */
  errorKey: ErrorKey | IntakeKey | null;
}

/** How the BankAccounts step ends: where the intake goes next, and the step's facts as they are now. */
export interface IntakeBankAccountsOutput extends IntakeBankFacts {
  move: { to: 'next' } | { to: 'back' } | { to: 'page'; page: number };
}

/** Sent by the BankAccounts step to the intake when a page asked for cannot be shown now (a call is under way). */
export interface IntakeVisitRefusedEvent {
  type: 'step.visitRefused';
}

export interface IntakeActorSignatures {
  /** getUserInfo, getBankOptOut and getConnectedInstitutions (linked account count) together. */
  loadIntake: PromiseActorSignature<void, IntakeLoadResult>;
  /** updateUserInfo with only what changed. */
  saveIntake: PromiseActorSignature<IntakeSaveRequest, void>;
  /** OnboardingLiveDataPort.subscribeInitialReportStatus(userId). */
  watchReportStatus: CallbackActorSignature<{ userId: string }, ReportStatusChangedEvent>;
  /** completeIntake. */
  completeIntake: PromiseActorSignature<void, { userId: string }>;
  /** Refreshes the cached credit display (query cache invalidation of the credit display and report). */
  refreshCreditDisplay: PromiseActorSignature<void, void>;
  /** calculateReadinessScore({ isFirstScore: true }). */
  generateReadinessScore: PromiseActorSignature<void, void>;
  /** Refreshes the token (the claims changed) and refetches user info, so the guard chain lets the hub open. */
  refetchUserData: PromiseActorSignature<void, void>;
  /** The Disputes step's machine. */
  intakeDisputes: IntakeStepMachineSignature<IntakeDisputesInput, IntakeDisputesOutput>;
  /** The BankAccounts step's machine. */
  intakeBankAccounts: IntakeStepMachineSignature<IntakeBankAccountsInput, IntakeBankAccountsOutput>;
}

export interface IntakeDisputesActorSignatures {
  /**
   * getInvestigationDetails with the initial report's status: the items the wizard reviews, and how many of them
   * are unchallenged (src/domain/disputes.ts isReviewable).
   */
  checkDisputes: PromiseActorSignature<
    void,
    { userId: string; reportStatus: InitialReportStatus; unchallengedCount: number; items: InvestigationItemData[] }
  >;
  /** OnboardingLiveDataPort.subscribeInitialReportStatus(userId). */
  watchReportStatus: CallbackActorSignature<{ userId: string }, ReportStatusChangedEvent>;
  /** The dispute wizard (machines/disputes/disputeWizard.machine.ts) with its actors provided. */
  disputeWizard: IntakeStepMachineSignature<DisputeWizardInput, DisputeWizardOutput>;
}

export interface IntakeBankAccountsActorSignatures {
  /** getWidgetUrl({ widgetName: 'connect' }). */
  fetchWidgetUrl: PromiseActorSignature<void, { url: string }>;
  /** getConnectedInstitutions: the number of linked accounts. */
  countLinkedAccounts: PromiseActorSignature<void, { linkedAccountCount: number }>;
  /** setBankOptOut (updateCustomerContact { Link_Bank_Acct_Opt_Out__c }). */
  saveBankOptOut: PromiseActorSignature<{ optOut: boolean }, void>;
}

export interface ReadinessScoreActorSignatures {
  /** getReadinessScore: the latest display score, null until one was generated. */
  fetchScore: PromiseActorSignature<void, { displayScore: number } | null>;
  /** calculateReadinessScore, then the score it stored. */
  calculateScore: PromiseActorSignature<void, { displayScore: number }>;
}

export interface QuickSignUpActorSignatures {
  /** getContactAnonymously({ contactId }). */
  fetchQuickSignUpContact: PromiseActorSignature<{ contactId: string }, QuickSignUpContact>;
}

/** Emitted by the intake when it is still on intake 15 s after completion started (spec 002 §4): the app logs it. */
export interface IntakeStuckEmitted {
  type: 'intake.stuck';
  /** 1-based page the intake was finishing from. */
  page: number;
}

/** The domain error key a rejected port call carries (HttpsError details.key), if any. */
export function portErrorKey(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string') return error.key;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Contract (spec 000 §2.2, §2.3 gate 3) and the onboarding facts (spec 000 §2.3 gates 3-6)

/**
 * What a cached read holds now (spec 000 §9: the query cache, its retries done by the cache): the data, null while
 * there is none, and whether the last read failed (a failed refetch keeps the data it had).
 */
export interface CachedRead<T> {
  data: T | null;
  failed: boolean;
}

/** Sent by `watchSigningUrl` whenever the cached signing address or its failure changes. */
export interface SigningUrlReadEvent {
  type: 'signingUrl.read';
  read: CachedRead<{ url: string }>;
}

/**
 * The prices the onboarding pages show (spec 000 §1, spec 002 §9): the catalogue's first work fee
 * (INITIAL_CONSULTATION) and recurring monthly fee (RECURRING_FEE), in cents. Placeholders: the price may vary by
 * state, and nothing is charged until the location is confirmed and the first work fee actions are done.
 */
export interface OnboardingPrices {
  firstWorkFee: number;
  monthlyFee: number;
}

export interface ContractActorSignatures {
  /** The cached getContractSigningUrl read, observed: its current state at once, then every change. */
  watchSigningUrl: CallbackActorSignature<void, SigningUrlReadEvent>;
  /** The prices from the billing catalogue (getContactPaymentData's catalogue). */
  loadPrices: PromiseActorSignature<void, OnboardingPrices>;
}

/** The goal and personal info as the intake gate reads them (getUserInfo). */
export interface UserInfoData {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
}

/** The cached reads the onboarding gates observe, each sent by its watching actor whenever it changes. */
export type OnboardingReadEvent =
  | { type: 'read.contractLink'; read: CachedRead<{ link: string | null }> }
  | { type: 'read.authorizations'; read: CachedRead<{ agreedToPII: boolean }> }
  | { type: 'read.userInfo'; read: CachedRead<UserInfoData> }
  | { type: 'read.customerContact'; read: CachedRead<{ bankOptOut: boolean }> }
  | { type: 'read.connectedInstitutions'; read: CachedRead<{ linkedAccountCount: number }> };

export interface OnboardingFactsActorSignatures {
  /** getContractLink, cached (the contract-complete polls put a signed contract's link there too). */
  watchContractLink: CallbackActorSignature<void, Extract<OnboardingReadEvent, { type: 'read.contractLink' }>>;
  /** The accepted authorization records the authorizations step puts in the cache (observed only, never fetched). */
  watchAuthorizations: CallbackActorSignature<void, Extract<OnboardingReadEvent, { type: 'read.authorizations' }>>;
  /** getUserInfo, cached (the goal step refetches it). */
  watchUserInfo: CallbackActorSignature<void, Extract<OnboardingReadEvent, { type: 'read.userInfo' }>>;
  /** getCustomerContact, cached: the bank opt-out (Link_Bank_Acct_Opt_Out__c). */
  watchCustomerContact: CallbackActorSignature<void, Extract<OnboardingReadEvent, { type: 'read.customerContact' }>>;
  /** getConnectedInstitutions, cached with its own policy (spec 001 §9): the number of linked accounts. */
  watchConnectedInstitutions: CallbackActorSignature<
    void,
    Extract<OnboardingReadEvent, { type: 'read.connectedInstitutions' }>
  >;
  /** The guard chain's Try again: every cached read that failed is read again (resolves once they have answered). */
  refetchFailedReads: PromiseActorSignature<void, void>;
}
