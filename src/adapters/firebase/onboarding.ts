import type { ConnectedInstitutionData, OnboardingCallablesPort, OnboardingLiveDataPort } from '../../../machines/onboarding/ports';
import type { Unsubscribe } from '../../../machines/ports';
import type { InitialReportStatus, IntakeGoal, IntakePersonalInfo } from '../../domain/intake';
import { lazyCall } from './callablesPort';

// machines/onboarding/ports.ts over the onboarding callables (parsed with src/contract/onboarding.ts by `call`) and
// the live initialReportStatus/{userId} document. Like the other callables, the contract and the SDK load with the
// first call.

/** The contract's goal as the intake reads it (timestamps are not needed there). */
function intakeGoal(goal: { id: string; type: string; properties: IntakeGoal['properties'] }): IntakeGoal {
  return { id: goal.id, type: goal.type, properties: goal.properties };
}

export function createOnboardingCallablesPort(): OnboardingCallablesPort {
  return {
    getContractLink: () => lazyCall('getContractLink', null),
    getContractLinkAnonymously: (request) => lazyCall('getContractLinkAnonymously', request),
    getContractSigningUrl: () => lazyCall('getContractSigningUrl', null),
    getContactAnonymously: (request) => lazyCall('getContactAnonymously', request),
    getAuthorizations: () => lazyCall('getAuthorizations', null),
    updateAuthorizations: (update) => lazyCall('updateAuthorizations', update),
    createGoal: async (request) => intakeGoal(await lazyCall('createGoal', request)),
    getUserInfo: async () => {
      const info = await lazyCall('getUserInfo', null);
      const personalInfo: IntakePersonalInfo | null = info.personalInfo;
      return { goal: info.goal ? intakeGoal(info.goal) : null, personalInfo };
    },
    updateUserInfo: async (request) => {
      await lazyCall('updateUserInfo', request);
    },
    getBankOptOut: async () => (await lazyCall('getCustomerContact', null)).Link_Bank_Acct_Opt_Out__c === true,
    setBankOptOut: async (optOut) => {
      await lazyCall('updateCustomerContact', { Link_Bank_Acct_Opt_Out__c: optOut });
    },
    completeIntake: () => lazyCall('completeIntake', null),
    calculateReadinessScore: async (request) => {
      await lazyCall('calculateReadinessScore', request);
    },
    getInvestigationSummaries: () => lazyCall('getInvestigationSummaries', null),
    getWidgetUrl: (request) => lazyCall('getWidgetUrl', request),
    getConnectedInstitutions: async (): Promise<{ institutions: ConnectedInstitutionData[] }> =>
      lazyCall('getConnectedInstitutions', null),
  };
}

const SETTLED_OR_RUNNING: readonly InitialReportStatus[] = ['processing', 'complete', 'error'];

export function createOnboardingLiveDataPort(): OnboardingLiveDataPort {
  return {
    subscribeInitialReportStatus(userId, listener, onError) {
      let unsubscribe: Unsubscribe | null = null;
      let stopped = false;
      // Firestore's live listeners load on demand (src/adapters/firebase/firestoreLive.ts).
      void import('./firestoreLive').then(({ subscribeDocument }) => {
        if (stopped) return;
        unsubscribe = subscribeDocument(
          `initialReportStatus/${userId}`,
          (data) => {
            const status = data?.status;
            listener(SETTLED_OR_RUNNING.includes(status as InitialReportStatus) ? (status as InitialReportStatus) : 'none');
          },
          onError,
        );
      }, () => onError({ code: 'unavailable' }));
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
