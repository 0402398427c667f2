import {
  passwordResetEntry,
  recoverEmailEntry,
  resetLinkRequestEntry,
  signInEntry,
  signUpEntry,
  providerSignOnEntry,
  verificationResendEntry,
  verifyEmailEntry,
} from './account/entries';
import { agentSignInEntry, crmLinkInEntry } from './agent/entries';
import { billingPageEntry, cancellationRequestEntry, paymentPipelineEntry, reportDownloadEntry } from './billing/entries';
import { initialReportEntry, kbaEntry, pastReportEntry, reportPrintEntry, reportRefreshEntry } from './credit/entries';
import {
  disputeChallengeEntry,
  disputeLetterEntry,
  disputesDevToolsEntry,
  disputesPauseEntry,
  disputeWizardEntry,
  walkthroughEntry,
} from './disputes/entries';
import { devToolsEntry, overridesEntry, testPlanRunnerEntry } from './devTools/entries';
import { documentDeleteEntry, documentEditEntry, documentOpenEntry, documentUploadEntry } from './documents/entries';
import { actionCompletionEntry, loadingMessagesEntry, savingsUpdateEntry, tourEntry, welcomeFlowEntry } from './hub/entries';
import {
  authorizationsEntry,
  contractEntry,
  onboardingFactsEntry,
  onboardingMenuEntry,
  contractPollingEntry,
  goalSelectionEntry,
  intakeBankAccountsEntry,
  intakeDisputesEntry,
  intakeEntry,
  quickSignUpEntry,
  readinessScoreEntry,
} from './onboarding/entries';
import type { MachineEntry } from './registry';
import {
  errorReporterEntry,
  featureFlagsEntry,
  guardChainEntry,
  loadViewEntry,
  maintenanceEntry,
  pageErrorCatcherEntry,
  sessionEntry,
  toastHighlightEntry,
  userDocumentEntry,
} from './shell/entries';
import {
  communicationTogglesEntry,
  emailChangeEntry,
  goalEditEntry,
  inlineEditEntry,
  passwordChangeEntry,
  ssnRevealEntry,
} from './settings/entries';
import { navigationModalEntry, supportRequestEntry } from './support/entries';
import { contentSearchEntry } from './content/entries';
import { debtsEntry } from './money/debtsEntries';
import { bankWidgetEntry } from './money/bankWidgetEntries';
import { identityWidgetEntry } from './identity/entries';
import { moneyOverviewEntry, mortgagePickerEntry, paymentSimulatorEntry } from './money/entries';

// The registry (ARCHITECTURE.md "Statecharts for QA and product managers"): every machine with its title, purpose
// and test-model settings. Each area folder holds its machines, their registry entries (`entries.ts`) and their
// actor signatures (`ports.ts`); the statechart export, the QA path generator, the model-based tests, statechart
// coverage and the visualizer read machines only through this list.

export const machineEntries: readonly MachineEntry[] = [
  sessionEntry,
  guardChainEntry,
  loadViewEntry,
  signInEntry,
  signUpEntry,
  providerSignOnEntry,
  passwordResetEntry,
  resetLinkRequestEntry,
  verifyEmailEntry,
  recoverEmailEntry,
  errorReporterEntry,
  pageErrorCatcherEntry,
  toastHighlightEntry,
  maintenanceEntry,
  supportRequestEntry,
  navigationModalEntry,
  contentSearchEntry,
  onboardingFactsEntry,
  onboardingMenuEntry,
  contractEntry,
  contractPollingEntry,
  authorizationsEntry,
  goalSelectionEntry,
  quickSignUpEntry,
  intakeEntry,
  intakeDisputesEntry,
  intakeBankAccountsEntry,
  readinessScoreEntry,
  agentSignInEntry,
  crmLinkInEntry,
  verificationResendEntry,
  userDocumentEntry,
  featureFlagsEntry,
  reportRefreshEntry,
  kbaEntry,
  reportPrintEntry,
  pastReportEntry,
  initialReportEntry,
  disputeWizardEntry,
  walkthroughEntry,
  disputeChallengeEntry,
  disputesPauseEntry,
  disputeLetterEntry,
  disputesDevToolsEntry,
  documentUploadEntry,
  documentEditEntry,
  documentDeleteEntry,
  documentOpenEntry,
  welcomeFlowEntry,
  tourEntry,
  actionCompletionEntry,
  loadingMessagesEntry,
  savingsUpdateEntry,
  devToolsEntry,
  testPlanRunnerEntry,
  overridesEntry,
  inlineEditEntry,
  ssnRevealEntry,
  goalEditEntry,
  communicationTogglesEntry,
  passwordChangeEntry,
  emailChangeEntry,
  paymentPipelineEntry,
  billingPageEntry,
  cancellationRequestEntry,
  reportDownloadEntry,
  debtsEntry,
  bankWidgetEntry,
  identityWidgetEntry,
  moneyOverviewEntry,
  mortgagePickerEntry,
  paymentSimulatorEntry,
];

export function machineEntry(id: string): MachineEntry | undefined {
  return machineEntries.find((entry) => entry.id === id);
}
