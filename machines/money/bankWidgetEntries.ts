import { actorFromClaims, type Actor } from '../../src/domain/permissions';
import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { bankWidgetMachine, type BankWidgetInput } from './bankWidget.machine';
import type { BankWidgetActorSignatures } from './bankWidgetPorts';

// The bank widget's registry entry, listed in machines/index.ts.

/** A coach without client actions: no widget address, money.coach-cant-connect. */
export const SAMPLE_WIDGET_COACH: Actor = actorFromClaims({ isAgent: true });
export const SAMPLE_WIDGET_INPUT: BankWidgetInput = { actor: actorFromClaims({}), widget: 'connect' };
export const SAMPLE_WIDGET_URL = 'https://sandbox.example/bankLinkSandbox?session=0123456789abcdef0123456789abcdef&widget=connect';

const widgetEvent = sampleEvents<typeof bankWidgetMachine>();
const widgetActors = actorSamples<BankWidgetActorSignatures>();

export const bankWidgetEntry = defineMachineEntry({
  id: 'bankWidget',
  title: 'Bank widget',
  purpose:
    'Link accounts and the money widget pages: the widget address is fetched (never cached) and framed, with Try again on failure; a coach without permission sees money.coach-cant-connect and an inert widget.',
  machine: bankWidgetMachine,
  testModel: {
    input: SAMPLE_WIDGET_INPUT,
    events: {
      'widget.retry': [widgetEvent({ type: 'widget.retry' })],
      'bank.linked': [widgetEvent({ type: 'bank.linked' })],
      'xstate.done.actor.fetchWidgetUrl': [widgetActors.done('fetchWidgetUrl', { url: SAMPLE_WIDGET_URL })],
      'xstate.error.actor.fetchWidgetUrl': [widgetActors.fail('fetchWidgetUrl', 'unavailable')],
    },
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, url: snapshot.context.url, linked: snapshot.context.linkedCount > 0 }),
  },
});
