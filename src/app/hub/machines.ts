import type { WelcomeFlowActorSignatures as WelcomeSig } from '../../../machines/disputes/ports';
import { unviewedResolved, welcomeFlowMachine } from '../../../machines/hub/welcomeFlow.machine';
import { DISPUTE_QUERY_KEYS, disputeQueries, invalidateQueries } from '../disputes/queries';
import { promiseActor, type AppPorts } from '../ports';

// The home hub's machines with their actors provided from the ports (ARCHITECTURE.md "Machines"): the welcome flow
// after sign-in (spec 002 §4), which reads the cached investigations for the corrected disputes the customer has
// not seen, and marks them viewed once the modal is dismissed. Kept apart from the disputes' machines, so the home
// hub does not load the wizard.

export function provideWelcomeFlowMachine(ports: AppPorts) {
  return welcomeFlowMachine.provide({
    actors: {
      loadResolvedDisputes: promiseActor<WelcomeSig['loadResolvedDisputes']>(async () => {
        const details = await (await ports.queryClient()).fetchQuery(disputeQueries(ports).investigations);
        return unviewedResolved(details.items);
      }),
      markInvestigationsViewed: promiseActor<WelcomeSig['markInvestigationsViewed']>(async ({ ids }) => {
        await ports.disputes.markInvestigationsViewed(ids);
        await invalidateQueries(ports, [DISPUTE_QUERY_KEYS.investigations]);
      }),
    },
  });
}
