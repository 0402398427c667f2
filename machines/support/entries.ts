import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { supportRequestMachine } from '../support/supportRequest.machine';
import { navigationModalMachine } from './navigationModal.machine';
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

// ---------------------------------------------------------------------------------------- navigation modal

const navigationModalEvent = sampleEvents<typeof navigationModalMachine>();

export const navigationModalEntry = defineMachineEntry({
  id: 'navigationModal',
  title: 'Dialog in the navigation state',
  purpose:
    'A dialog a page opens over itself (the contact form): opening adds a history entry with its modal state, Back or its Close closes it, a reload or a link with the modal state reopens it.',
  machine: navigationModalMachine,
  testModel: {
    input: { modal: 'contactForm' },
    events: {
      'route.changed': [
        // The support center, then the same page with the contact form's modal state (a reload, Forward).
        navigationModalEvent({ type: 'route.changed', path: '/support', search: '', modal: null }),
        navigationModalEvent({ type: 'route.changed', path: '/support', search: '', modal: 'contactForm' }),
      ],
      'dialog.open': [navigationModalEvent({ type: 'dialog.open' })],
      'dialog.close': [navigationModalEvent({ type: 'dialog.close' })],
    },
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        address: snapshot.context.address !== null,
        routeModal: snapshot.context.routeModal,
        pushed: snapshot.context.pushed,
      }),
  },
});
