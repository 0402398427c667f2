import type { WelcomeFlowActorSignatures as WelcomeSig } from '../../../machines/disputes/ports';
import { actionCompletionMachine } from '../../../machines/hub/actionCompletion.machine';
import type {
  ActionCompletionActorSignatures as CompletionSig,
  AgentMessageActorSignatures as MessageSig,
  SavingsUpdateActorSignatures as SavingsSig,
} from '../../../machines/hub/ports';
import { savingsUpdateMachine } from '../../../machines/hub/savingsUpdate.machine';
import { unviewedResolved, welcomeFlowMachine } from '../../../machines/hub/welcomeFlow.machine';
import { DISPUTE_QUERY_KEYS, disputeQueries, invalidateQueries } from '../disputes/queries';
import { callbackActor, promiseActor, QUERY_KEYS, subscribeWhenLoaded, type AppPorts } from '../ports';

// The home hub's machines with their actors provided from the ports (ARCHITECTURE.md "Machines"): the welcome flow
// after sign-in (spec 002 §4), which reads the cached investigations for the corrected disputes the customer has
// not seen, or the coach's message, and marks them viewed once the modal is dismissed; the actions and their
// completion, with the action rules run when the hub opens and the list following their live stamp; the savings
// update. Kept apart from the disputes' machines, so the home hub does not load the wizard.

/** What moves when the customer's data changes on the hub: the score, its details and history, the actions. */
const HUB_SCORE_QUERIES = [QUERY_KEYS.readinessScore, QUERY_KEYS.actions] as const;

export function provideWelcomeFlowMachine(ports: AppPorts) {
  return welcomeFlowMachine.provide({
    actors: {
      loadResolvedDisputes: promiseActor<WelcomeSig['loadResolvedDisputes']>(async () => {
        const details = await (await ports.queryClient()).fetchQuery(disputeQueries(ports).investigations);
        return unviewedResolved(details.items);
      }),
      markInvestigationsViewed: promiseActor<WelcomeSig['markInvestigationsViewed']>(async ({ ids }) => {
        await (await ports.disputes()).markInvestigationsViewed(ids);
        await invalidateQueries(ports, [DISPUTE_QUERY_KEYS.investigations]);
      }),
      loadAgentMessage: promiseActor<MessageSig['loadAgentMessage']>(async () => (await ports.hub()).getAgentMessage()),
      markAgentMessageViewed: promiseActor<MessageSig['markAgentMessageViewed']>(async ({ name }) => (await ports.hub()).markAgentMessageViewed(name)),
    },
  });
}

export function provideActionCompletionMachine(ports: AppPorts) {
  return actionCompletionMachine.provide({
    actors: {
      calculateActions: promiseActor<CompletionSig['calculateActions']>(async () => (await ports.hub()).calculateActions()),
      // An unreadable stamp is waited out: the list still shows, and the next visit reads it again.
      watchActions: callbackActor<CompletionSig['watchActions']>(({ userId }, sendBack) =>
        subscribeWhenLoaded(ports.hub, (hub) => hub.subscribeActionChanges(userId, () => sendBack({ type: 'actions.changed' }), () => undefined)),
      ),
      loadActions: promiseActor<CompletionSig['loadActions']>(async () => (await ports.hub()).getActions()),
      updateAction: promiseActor<CompletionSig['updateAction']>(async ({ actionId }) => {
        await (await ports.hub()).completeAction(actionId);
        await invalidateQueries(ports, HUB_SCORE_QUERIES);
      }),
      markActionsViewed: promiseActor<CompletionSig['markActionsViewed']>(async ({ ids }) => (await ports.hub()).markActionsViewed(ids)),
    },
  });
}

export function provideSavingsUpdateMachine(ports: AppPorts, goalId: string) {
  return savingsUpdateMachine.provide({
    actors: {
      updateSavings: promiseActor<SavingsSig['updateSavings']>(async ({ currentSavings }) => {
        const score = await (await ports.hub()).updateSavings({ goalId, currentSavings });
        await invalidateQueries(ports, [...HUB_SCORE_QUERIES, QUERY_KEYS.userInfo]);
        return score;
      }),
    },
  });
}
