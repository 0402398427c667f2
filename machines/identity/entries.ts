import { actorSamples, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { identityWidgetMachine } from './identityWidget.machine';
import type { ArrayUserToken, IdentityWidgetActorSignatures } from './ports';

// The identity pages' machine's registry entry, listed in machines/index.ts. The sample token is shaped as
// getArrayUserToken answers (src/contract/identity.ts), for the local widget sandbox.

export const SAMPLE_IDENTITY_TOKEN: ArrayUserToken = {
  userToken: 'a'.repeat(32),
  widgetUrl: 'http://127.0.0.1:5001/demo-credit-readiness/us-west4/identityWidgetSandbox',
};

const identityEvent = sampleEvents<typeof identityWidgetMachine>();
const identityActors = actorSamples<IdentityWidgetActorSignatures>();

export const identityWidgetEntry = defineMachineEntry({
  id: 'identityWidget',
  title: 'Identity protection widget',
  purpose:
    "The /identity pages: the user token (cached without expiry) opens the widget; a token the widget refuses is read anew once, a second refusal or a failed read shows 'Unable to retrieve identity protection' with Try again.",
  machine: identityWidgetMachine,
  testModel: {
    events: eventsByType(
      identityEvent({ type: 'widget.tokenRefused' }),
      identityEvent({ type: 'widget.retry' }),
      identityActors.done('readToken', SAMPLE_IDENTITY_TOKEN),
      identityActors.fail('readToken', 'unavailable'),
    ),
    stateKey: (snapshot) =>
      JSON.stringify({ value: snapshot.value, token: snapshot.context.token !== null, renewed: snapshot.context.renewed }),
  },
});
