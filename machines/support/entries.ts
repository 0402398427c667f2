import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { supportRequestMachine } from '../support/supportRequest.machine';
import type { SupportRequestActorSignatures } from './ports';


// Sample events carry real payloads so guards that read them can pass; `xstate.done.actor.<id>` /
// `xstate.error.actor.<id>` stand for an invoked actor's result and `xstate.after.<delay>.<state id>` for a delay
// running out (machines/registry.ts).

// ---------------------------------------------------------------------------------------- support request

const supportRequestEvent = sampleEvents<typeof supportRequestMachine>();
const supportRequestActors = actorSamples<SupportRequestActorSignatures>();

export const supportRequestEntry = defineMachineEntry({
  id: 'supportRequest',
  title: 'Support request',
  purpose: 'The support dialog contact form: 4 to 500 characters and a valid email, then sent or failed.',
  machine: supportRequestMachine,
  testModel: {
    input: { email: 'pat.doe@example.com' },
    events: {
      'field.change': [
        supportRequestEvent({ type: 'field.change', field: 'message', value: 'My report does not load.' }),
        supportRequestEvent({ type: 'field.change', field: 'message', value: 'Hi' }),
      ],
      'form.submit': [supportRequestEvent({ type: 'form.submit' })],
      'form.reset': [supportRequestEvent({ type: 'form.reset' })],
      'xstate.done.actor.sendContactRequest': [supportRequestActors.done('sendContactRequest')],
      'xstate.error.actor.sendContactRequest': [supportRequestActors.fail('sendContactRequest', 'internal')],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.message]),
  },
});
