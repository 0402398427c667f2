import type { QueryClient } from '@tanstack/query-core';
import { authorizationsMachine } from '../../../machines/onboarding/authorizations.machine';
import { contractMachine } from '../../../machines/onboarding/contract.machine';
import { contractPollingMachine } from '../../../machines/onboarding/contractPolling.machine';
import { goalSelectionMachine } from '../../../machines/onboarding/goalSelection.machine';
import { intakeMachine } from '../../../machines/onboarding/intake.machine';
import { intakeBankAccountsMachine } from '../../../machines/onboarding/intakeBankAccounts.machine';
import { intakeDisputesMachine } from '../../../machines/onboarding/intakeDisputes.machine';
import { onboardingFactsMachine } from '../../../machines/onboarding/onboardingFacts.machine';
import type {
  AuthorizationsActorSignatures as AuthorizationsSig,
  CachedRead,
  ConnectedInstitutionData,
  ContractActorSignatures as ContractSig,
  ContractPollingActorSignatures as ContractPollingSig,
  GoalSelectionActorSignatures as GoalSelectionSig,
  IntakeActorSignatures as IntakeSig,
  IntakeBankAccountsActorSignatures as IntakeBankSig,
  IntakeDisputesActorSignatures as IntakeDisputesSig,
  OnboardingFactsActorSignatures as OnboardingFactsSig,
  QuickSignUpActorSignatures as QuickSignUpSig,
  ReadinessScoreActorSignatures as ReadinessScoreSig,
} from '../../../machines/onboarding/ports';
import { quickSignUpMachine } from '../../../machines/onboarding/quickSignUp.machine';
import { readinessScoreMachine } from '../../../machines/onboarding/readinessScore.machine';
import type { AuthorizationRecords } from '../../domain/authorizations';
import { INSTITUTIONS_QUERY_CACHE_MS, INSTITUTIONS_QUERY_STALE_MS } from '../../domain/constants';
import { isReviewable } from '../../domain/disputes';
import { provideDisputeWizardMachine } from '../disputes/machines';
import { callbackActor, promiseActor, QUERY_KEYS, subscribeWhenLoaded, type AppPorts } from '../ports';
import { observeCachedQuery, type CachePolicy, type CachedQueryState } from '../shell/queries';

// The onboarding machines with their actors provided from the ports (ARCHITECTURE.md "Machines"). Each
// step that changes what the guard chain decides on (spec 000 §2.3 gates 3-6) updates the query cache the
// onboarding facts machine observes (machines/onboarding/onboardingFacts.machine.ts), so the chain moves the
// customer on to the next gate.

/** How many bank accounts are linked (the intake's BankAccounts step, spec 002 §4). */
export const linkedAccountCount = (institutions: readonly ConnectedInstitutionData[]) =>
  institutions.reduce((count, institution) => count + institution.accounts.length, 0);

/** spec 001 §9: the institutions are kept longer than other reads and a failed read is not retried. */
export const INSTITUTIONS_CACHE_POLICY: CachePolicy = {
  staleMs: INSTITUTIONS_QUERY_STALE_MS,
  cacheMs: INSTITUTIONS_QUERY_CACHE_MS,
  retry: false,
};

/** The cached reads the onboarding machines share with the guard facts and the home hub. */
export function onboardingQueries(ports: AppPorts) {
  return {
    contractLink: { queryKey: QUERY_KEYS.contractLink, queryFn: async () => (await ports.onboarding()).getContractLink() },
    userInfo: { queryKey: QUERY_KEYS.userInfo, queryFn: async () => (await ports.onboarding()).getUserInfo() },
    customerContact: { queryKey: QUERY_KEYS.customerContact, queryFn: () => ports.getCustomerContact() },
    connectedInstitutions: {
      queryKey: QUERY_KEYS.connectedInstitutions,
      queryFn: async () => (await ports.onboarding()).getConnectedInstitutions(),
      policy: INSTITUTIONS_CACHE_POLICY,
    },
  } as const;
}

/** Refetches a cached read now (the facts and pages observing it update), waiting for the new data. */
async function refetch(client: QueryClient, queryKey: readonly string[]): Promise<void> {
  await client.invalidateQueries({ queryKey: [...queryKey] });
}

/** A cached read's state as the machines take it, its data reduced to what they decide on. */
function cachedRead<T, R>({ data, isError }: CachedQueryState<T>, pick: (data: T) => R): CachedRead<R> {
  return { data: data === undefined ? null : pick(data), failed: isError };
}

/** The contract page (spec 000 §2.3 gate 3): the signing page's address, a cached read. */
export function provideContractMachine(ports: AppPorts) {
  return contractMachine.provide({
    actors: {
      watchSigningUrl: callbackActor<ContractSig['watchSigningUrl']>((_, sendBack) =>
        observeCachedQuery(
          ports.queryClient(),
          { queryKey: QUERY_KEYS.contractSigningUrl, queryFn: async () => (await ports.onboarding()).getContractSigningUrl() },
          (state) => sendBack({ type: 'signingUrl.read', read: cachedRead(state, ({ url }) => ({ url })) }),
        ),
      ),
      // The catalogue's prices (the billing adapter loads with this first use).
      loadPrices: promiseActor<ContractSig['loadPrices']>(async () => {
        const { catalogue } = await (await ports.billing()).billing.getContactPaymentData();
        return { firstWorkFee: catalogue.INITIAL_CONSULTATION.unitPrice, monthlyFee: catalogue.RECURRING_FEE.unitPrice };
      }),
    },
  });
}

const notFetched = () => Promise.reject(new Error('set by the authorizations step'));

/**
 * The guard chain's onboarding facts (spec 000 §2.3 gates 3-6): each gate's read observed in the query cache, so
 * the steps below that put or refetch a read move the customer on.
 */
export function provideOnboardingFactsMachine(ports: AppPorts) {
  const queries = onboardingQueries(ports);
  return onboardingFactsMachine.provide({
    actors: {
      watchContractLink: callbackActor<OnboardingFactsSig['watchContractLink']>((_, sendBack) =>
        observeCachedQuery(ports.queryClient(), queries.contractLink, (state) =>
          sendBack({ type: 'read.contractLink', read: cachedRead(state, ({ link }) => ({ link })) }),
        ),
      ),
      // Only observed: the authorizations step puts the accepted records here.
      watchAuthorizations: callbackActor<OnboardingFactsSig['watchAuthorizations']>((_, sendBack) =>
        observeCachedQuery<AuthorizationRecords>(
          ports.queryClient(),
          { queryKey: QUERY_KEYS.authorizations, queryFn: notFetched, enabled: false },
          (state) =>
            sendBack({
              type: 'read.authorizations',
              read: cachedRead(state, (records) => ({ agreedToPII: (records.agreedToPIIAt ?? null) !== null })),
            }),
        ),
      ),
      watchUserInfo: callbackActor<OnboardingFactsSig['watchUserInfo']>((_, sendBack) =>
        observeCachedQuery(ports.queryClient(), queries.userInfo, (state) =>
          sendBack({
            type: 'read.userInfo',
            read: cachedRead(state, ({ goal, personalInfo }) => ({ goal, personalInfo })),
          }),
        ),
      ),
      watchCustomerContact: callbackActor<OnboardingFactsSig['watchCustomerContact']>((_, sendBack) =>
        observeCachedQuery(ports.queryClient(), queries.customerContact, (state) =>
          sendBack({
            type: 'read.customerContact',
            read: cachedRead(state, (contact) => ({ bankOptOut: contact.Link_Bank_Acct_Opt_Out__c === true })),
          }),
        ),
      ),
      watchConnectedInstitutions: callbackActor<OnboardingFactsSig['watchConnectedInstitutions']>((_, sendBack) =>
        observeCachedQuery(ports.queryClient(), queries.connectedInstitutions, (state) =>
          sendBack({
            type: 'read.connectedInstitutions',
            read: cachedRead(state, ({ institutions }) => ({ linkedAccountCount: linkedAccountCount(institutions) })),
          }),
        ),
      ),
      refetchFailedReads: promiseActor<OnboardingFactsSig['refetchFailedReads']>(async () => {
        const client = await ports.queryClient();
        await client.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      }),
    },
  });
}

export function provideContractPollingMachine(ports: AppPorts) {
  return contractPollingMachine.provide({
    actors: {
      fetchContractLink: promiseActor<ContractPollingSig['fetchContractLink']>(async ({ contactId, anonymous }) => {
        if (anonymous) return (await ports.onboarding()).getContractLinkAnonymously({ contactId });
        const result = await (await ports.onboarding()).getContractLink();
        // The contract gate reads the same link (spec 000 §2.3 gate 3).
        if (result.link !== null) (await ports.queryClient()).setQueryData(QUERY_KEYS.contractLink, result);
        return result;
      }),
    },
  });
}

export function provideAuthorizationsMachine(ports: AppPorts) {
  return authorizationsMachine.provide({
    actors: {
      loadAuthorizations: promiseActor<AuthorizationsSig['loadAuthorizations']>(async () => (await ports.onboarding()).getAuthorizations()),
      saveAuthorizations: promiseActor<AuthorizationsSig['saveAuthorizations']>(async (update) => {
        const records = await (await ports.onboarding()).updateAuthorizations(update);
        // The authorizations gate passes at once, before the live user document brings agreedToPIIAt.
        (await ports.queryClient()).setQueryData(QUERY_KEYS.authorizations, records);
      }),
    },
  });
}

export function provideGoalSelectionMachine(ports: AppPorts) {
  return goalSelectionMachine.provide({
    actors: {
      createGoal: promiseActor<GoalSelectionSig['createGoal']>(async (request) => {
        const goal = await (await ports.onboarding()).createGoal(request);
        await refetch(await ports.queryClient(), QUERY_KEYS.userInfo);
        return { id: goal.id, type: goal.type };
      }),
    },
  });
}

export function provideQuickSignUpMachine(ports: AppPorts) {
  return quickSignUpMachine.provide({
    actors: {
      fetchQuickSignUpContact: promiseActor<QuickSignUpSig['fetchQuickSignUpContact']>(async (request) =>
        (await ports.onboarding()).getContactAnonymously(request),
      ),
    },
  });
}

/** The home hub's score: reads it, or has it calculated (spec 002 §3, §4) and reads what was stored. */
export function provideReadinessScoreMachine(ports: AppPorts) {
  const latest = async () => {
    const stored = await ports.getReadinessScore();
    return stored === null ? null : { displayScore: stored.score.displayScore };
  };
  return readinessScoreMachine.provide({
    actors: {
      fetchScore: promiseActor<ReadinessScoreSig['fetchScore']>(latest),
      calculateScore: promiseActor<ReadinessScoreSig['calculateScore']>(async () => {
        // There is no score yet, so this one is the first (spec 002 §3 previousScore).
        await (await ports.onboarding()).calculateReadinessScore({ isFirstScore: true });
        const stored = await latest();
        if (stored === null) throw Object.assign(new Error('no readiness score after calculating'), { code: 'internal' });
        return stored;
      }),
    },
  });
}

/** The intake (spec 002 §4) with its Disputes and BankAccounts steps' machines, over the onboarding ports. */
export function provideIntakeMachine(ports: AppPorts) {
  const { auth } = ports;
  const onboarding = () => ports.onboarding();
  const invalidate = async (keys: readonly (readonly string[])[]) => {
    const client = await ports.queryClient();
    await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
  };
  const saveIntake = promiseActor<IntakeSig['saveIntake']>(async (request) => {
    await (await onboarding()).updateUserInfo(request);
    // The guard chain's intake step and the pages showing the goal read the cached user info (refetched without
    // holding up the next step).
    void invalidate([QUERY_KEYS.userInfo]);
  });
  const watchReportStatus = callbackActor<IntakeSig['watchReportStatus']>(({ userId }, sendBack) =>
    // An unreadable status (or an adapter that could not load) is waited out: the waits are bounded (spec 002 §9:
    // 10 s at completion).
    subscribeWhenLoaded(ports.onboardingLive, (live) =>
      live.subscribeInitialReportStatus(
        userId,
        (status) => sendBack({ type: 'report.status', status }),
        () => undefined,
      ),
    ),
  );
  const intakeDisputes = intakeDisputesMachine.provide({
    actors: {
      // The initial report's status from the summaries, the items themselves (what the wizard reviews) from the
      // details; the step counts the ones that still need a decision.
      checkDisputes: promiseActor<IntakeDisputesSig['checkDisputes']>(async () => {
        const [calls, disputes] = await Promise.all([onboarding(), ports.disputes()]);
        const [{ userId, reportStatus }, { items }] = await Promise.all([
          calls.getInvestigationSummaries(),
          // The free line has no disputes (spec 000 §6): the server refuses its reads with 'upgrade-required', and
          // the step has nothing to review, so it moves on.
          disputes.getInvestigationDetails().catch((error: unknown) => {
            if (typeof error === 'object' && error !== null && 'key' in error && error.key === 'upgrade-required') {
              return { asOf: '', items: [] };
            }
            throw error;
          }),
        ]);
        return { userId, reportStatus, unchallengedCount: items.filter(isReviewable).length, items };
      }),
      watchReportStatus,
      disputeWizard: provideDisputeWizardMachine(ports),
    },
  });
  const intakeBankAccounts = intakeBankAccountsMachine.provide({
    actors: {
      fetchWidgetUrl: promiseActor<IntakeBankSig['fetchWidgetUrl']>(async () => (await onboarding()).getWidgetUrl({ widgetName: 'connect' })),
      countLinkedAccounts: promiseActor<IntakeBankSig['countLinkedAccounts']>(async () => {
        const { institutions } = await (await onboarding()).getConnectedInstitutions();
        void invalidate([QUERY_KEYS.connectedInstitutions]);
        return { linkedAccountCount: linkedAccountCount(institutions) };
      }),
      saveBankOptOut: promiseActor<IntakeBankSig['saveBankOptOut']>(async ({ optOut }) => {
        await (await onboarding()).setBankOptOut(optOut);
        void invalidate([QUERY_KEYS.customerContact]);
      }),
    },
  });
  return intakeMachine.provide({
    actors: {
      loadIntake: promiseActor<IntakeSig['loadIntake']>(async () => {
        const calls = await onboarding();
        const [info, bankOptOut, connected] = await Promise.all([calls.getUserInfo(), calls.getBankOptOut(), calls.getConnectedInstitutions()]);
        return {
          goal: info.goal,
          personalInfo: info.personalInfo,
          bankOptOut,
          linkedAccountCount: linkedAccountCount(connected.institutions),
        };
      }),
      saveIntake,
      watchReportStatus,
      completeIntake: promiseActor<IntakeSig['completeIntake']>(async () => (await onboarding()).completeIntake()),
      refreshCreditDisplay: promiseActor<IntakeSig['refreshCreditDisplay']>(() =>
        invalidate([QUERY_KEYS.creditDisplay, QUERY_KEYS.investigations]),
      ),
      generateReadinessScore: promiseActor<IntakeSig['generateReadinessScore']>(async () =>
        (await onboarding()).calculateReadinessScore({ isFirstScore: true }),
      ),
      refetchUserData: promiseActor<IntakeSig['refetchUserData']>(async () => {
        // completeIntake changed the claims (customerOnboardingComplete).
        await auth.refreshToken();
        await invalidate([QUERY_KEYS.userInfo, QUERY_KEYS.connectedInstitutions]);
      }),
      intakeDisputes,
      intakeBankAccounts,
    },
  });
}
