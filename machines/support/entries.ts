import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { supportRequestMachine } from '../support/supportRequest.machine';
import { CHECKLIST_MODAL, HUB_MODALS } from '../hub/hubModals';
import { MODAL_DEPTH_KEY, navigationModalMachine } from './navigationModal.machine';
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
const HUB = { type: 'route.changed', path: '/', search: '', hash: '' } as const;
const CHECKLIST_ITEM = { ...CHECKLIST_MODAL, checklistItemId: 'chk-w2' } as const;

export const navigationModalEntry = defineMachineEntry({
  id: 'navigationModal',
  title: 'Dialogs in the navigation state',
  purpose:
    "A page's dialogs as modal states of the history entry (the contact form, the walkthrough video, the hub's dialogs and the loan team): opening adds an entry, Back closes (or shows the dialog under it), a reload keeps them, Close goes back over the entries the page's dialogs added or clears a state found open.",
  machine: navigationModalMachine,
  testModel: {
    // The hub's dialogs: the richest page (parameters, and the checklist's item over its list).
    input: HUB_MODALS,
    events: {
      // The hub's address without a modal state, then with the checklist found open (a link), and an item that the
      // list's entry lies under (a reload, Forward).
      'route.changed': [
        navigationModalEvent({ ...HUB, navigationState: null }),
        navigationModalEvent({ ...HUB, navigationState: CHECKLIST_MODAL }),
        navigationModalEvent({ ...HUB, navigationState: { ...CHECKLIST_ITEM, [MODAL_DEPTH_KEY]: 2 } }),
      ],
      'dialog.open': [navigationModalEvent({ type: 'dialog.open', modal: CHECKLIST_MODAL }), navigationModalEvent({ type: 'dialog.open', modal: CHECKLIST_ITEM })],
      'dialog.return': [navigationModalEvent({ type: 'dialog.return', modal: CHECKLIST_MODAL })],
      'dialog.close': [navigationModalEvent({ type: 'dialog.close' })],
    },
    // The guards read whether the address is known, what is shown and whether a dialog's entry lies under it.
    stateKey: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.address !== null, snapshot.context.shown, Math.min(snapshot.context.depth, 2)]),
  },
});
