import type {
  DisputeChallengeActorSignatures as ChallengeSig,
  DisputeLetterActorSignatures as LetterSig,
  DisputesDevToolsActorSignatures as DevToolsSig,
  DisputesPauseActorSignatures as PauseSig,
  DisputeWizardActorSignatures as WizardSig,
} from '../../../machines/disputes/ports';
import { disputeChallengeMachine } from '../../../machines/disputes/disputeChallenge.machine';
import { disputeLetterMachine } from '../../../machines/disputes/disputeLetter.machine';
import { disputesDevToolsMachine } from '../../../machines/disputes/disputesDevTools.machine';
import { disputesPauseMachine } from '../../../machines/disputes/disputesPause.machine';
import { disputeWizardMachine } from '../../../machines/disputes/disputeWizard.machine';
import { DO_NOT_CHALLENGE } from '../../domain/disputes';
import { promiseActor, type AppPorts } from '../ports';
import {
  createDisputeActionsPort,
  DISPUTE_QUERIES_AFTER_ADVANCE,
  DISPUTE_QUERY_KEYS,
  disputeQueries,
  invalidateQueries,
} from './queries';

// The disputes machines with their actors provided from the ports (ARCHITECTURE.md "Machines"; the only
// `.provide()` of machines/disputes): the wizard (dashboard and intake), a challenge per item, the pause, the
// letters and the bureau sandbox's dev panel (the home hub's welcome flow: src/app/hub/machines.ts). Each call that changes what
// the dashboard shows marks the cached reads it changes as stale (src/app/disputes/queries.ts).

export function provideDisputeWizardMachine(ports: AppPorts) {
  const actions = createDisputeActionsPort(ports);
  return disputeWizardMachine.provide({
    actors: {
      saveReasons: promiseActor<WizardSig['saveReasons']>(async ({ investigations }) => {
        const items = await (await ports.disputes()).updateInvestigationReasons(investigations);
        // The dashboard and the badge read the reasons again (not waited for: the wizard goes on).
        void invalidateQueries(ports, [DISPUTE_QUERY_KEYS.investigations]);
        return items;
      }),
      completeDisputeActionOptimistically: promiseActor<WizardSig['completeDisputeActionOptimistically']>(() =>
        actions.completeDisputeActionOptimistically(),
      ),
      submitDisputes: promiseActor<WizardSig['submitDisputes']>(async () => (await ports.disputes()).challengeAllInvestigations()),
      rollbackDisputeAction: promiseActor<WizardSig['rollbackDisputeAction']>(({ undo }) => actions.rollbackDisputeAction(undo)),
      refreshAfterSubmit: promiseActor<WizardSig['refreshAfterSubmit']>(() => actions.refreshAfterSubmit()),
    },
  });
}

/** Sets the cached paused flag to what the server answered. */
async function cachePaused(ports: AppPorts, isPaused: boolean): Promise<boolean> {
  const client = await ports.queryClient();
  client.setQueryData([...DISPUTE_QUERY_KEYS.paused], isPaused);
  return isPaused;
}

export function provideDisputeChallengeMachine(ports: AppPorts) {
  const afterChange = () => invalidateQueries(ports, [DISPUTE_QUERY_KEYS.investigations]);
  return disputeChallengeMachine.provide({
    actors: {
      startChallenge: promiseActor<ChallengeSig['startChallenge']>(async ({ item }) => {
        const items = await (await ports.disputes()).updateInvestigationsChallenged([{ id: item.id, itemIds: item.itemIds, challengeReasonSelected: false }]);
        await afterChange();
        return items;
      }),
      resumeInvestigations: promiseActor<ChallengeSig['resumeInvestigations']>(async () =>
        cachePaused(ports, await (await ports.disputes()).setIsDisputesPaused(false)),
      ),
      // spec 001 §4: cancelling sends 'do not challenge', and the item returns to not challenged.
      cancelChallenge: promiseActor<ChallengeSig['cancelChallenge']>(async ({ item }) => {
        await (await ports.disputes()).updateInvestigationReasons([
          { id: item.id, itemIds: item.itemIds, disputeIds: item.disputeIds, type: item.type, reason: DO_NOT_CHALLENGE, reasonOptions: [] },
        ]);
        const items = await (await ports.disputes()).updateInvestigationsChallenged([{ id: item.id, itemIds: item.itemIds, challengeReasonSelected: true }]);
        await afterChange();
        return items;
      }),
    },
  });
}

export function provideDisputesPauseMachine(ports: AppPorts) {
  const paused = disputeQueries(ports).paused;
  return disputesPauseMachine.provide({
    actors: {
      // One read shared with the page's cached flag.
      checkIfDisputesPaused: promiseActor<PauseSig['checkIfDisputesPaused']>(async () => (await ports.queryClient()).fetchQuery(paused)),
      setIsDisputesPaused: promiseActor<PauseSig['setIsDisputesPaused']>(async ({ isPaused }) =>
        cachePaused(ports, await (await ports.disputes()).setIsDisputesPaused(isPaused)),
      ),
    },
  });
}

export function provideDisputeLetterMachine(ports: AppPorts) {
  return disputeLetterMachine.provide({
    actors: {
      downloadDisputePdf: promiseActor<LetterSig['downloadDisputePdf']>(async ({ letter }) => (await ports.disputes()).downloadDisputePdf(letter)),
    },
  });
}

export function provideDisputesDevToolsMachine(ports: AppPorts) {
  return disputesDevToolsMachine.provide({
    actors: {
      advanceDisputes: promiseActor<DevToolsSig['advanceDisputes']>(async ({ days }) => {
        const answer = await (await ports.disputes()).advanceDisputes(days);
        // The bureaus' answers change the items, and a correction the report and the score.
        await invalidateQueries(ports, DISPUTE_QUERIES_AFTER_ADVANCE);
        return answer;
      }),
    },
  });
}
