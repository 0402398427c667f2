import { SAMPLE_DISPUTE_ITEMS } from '../disputes/entries';
import type { WelcomeFlowActorSignatures } from '../disputes/ports';
import { actorSamples, defineMachineEntry, sampleEvents, valueKey } from '../registry';
import { welcomeFlowMachine } from './welcomeFlow.machine';

// The home hub's machines' registry entries, listed in machines/index.ts.

const welcomeEvent = sampleEvents<typeof welcomeFlowMachine>();
const welcomeActors = actorSamples<WelcomeFlowActorSignatures>();

export const welcomeFlowEntry = defineMachineEntry({
  id: 'welcomeFlow',
  title: 'Welcome flow after sign-in',
  purpose: 'Once per sign-in: the resolved-disputes modal when corrected disputes are unviewed (flag on); then marked viewed.',
  machine: welcomeFlowMachine,
  testModel: {
    input: { resolvedDisputeModal: true, alreadyShown: false, canRecordViews: true },
    events: {
      'welcome.dismiss': [welcomeEvent({ type: 'welcome.dismiss' })],
      'xstate.done.actor.loadResolvedDisputes': [
        welcomeActors.done('loadResolvedDisputes', [SAMPLE_DISPUTE_ITEMS.corrected]),
        welcomeActors.done('loadResolvedDisputes', []),
      ],
      'xstate.error.actor.loadResolvedDisputes': [welcomeActors.fail('loadResolvedDisputes', 'unavailable')],
      'xstate.done.actor.markInvestigationsViewed': [welcomeActors.done('markInvestigationsViewed')],
      'xstate.error.actor.markInvestigationsViewed': [welcomeActors.fail('markInvestigationsViewed', 'unavailable')],
    },
    // The guards read the input and the loaded items (payloads).
    stateKey: valueKey,
  },
});
