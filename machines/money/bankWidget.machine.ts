import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { BankWidgetName } from '../../src/domain/bankWidgets';
import { canConnectBank, type Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { BankWidgetActorSignatures } from './bankWidgetPorts';
import { machineSpec, spec } from '../spec';

// A bank widget in a sandboxed frame (spec 002 §2 /money/modal/link-accounts and /money/:widgetName, §6, §7): the
// widget's address is fetched (getWidgetUrl, a new session each time, never cached) and shown; a failure offers Try
// again. A coach without the CONNECT_MX permission gets no address: the page shows money.coach-cant-connect and an
// inert widget (the callable refuses them too). The connect widget tells the page when an institution is linked
// (its origin checked by the view), and the page says so.

type Sig = BankWidgetActorSignatures;

export interface BankWidgetInput {
  actor: Actor;
  widget: BankWidgetName;
}

export interface BankWidgetContext {
  actor: Actor;
  widget: BankWidgetName;
  url: string | null;
  /** Institutions linked while the widget was open. */
  linkedCount: number;
}

export type BankWidgetEvent = { type: 'widget.retry' } | { type: 'bank.linked' };
export type BankWidgetTag = 'loading' | 'error' | 'ready' | 'inert';
export type BankWidgetNotifyKey = 'linkAccounts.linked';

export const bankWidgetMachine = setup({
  types: {
    context: {} as BankWidgetContext,
    events: {} as BankWidgetEvent,
    input: {} as BankWidgetInput,
    emitted: {} as NotifyEmitted<BankWidgetNotifyKey>,
    tags: {} as BankWidgetTag,
  },
  actors: {
    fetchWidgetUrl: provided<Sig['fetchWidgetUrl']>('fetchWidgetUrl'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canConnectBank(context.actor),
  },
  actions: {
    assignUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    clearUrl: assign({ url: null }),
    countLinked: assign(({ context }) => ({ linkedCount: context.linkedCount + 1 })),
    notifyLinked: emit({ type: 'notify', level: 'success', key: 'linkAccounts.linked' } as const),
  },
}).createMachine({
  id: 'bankWidget',
  meta: machineSpec(['002 §2'], ['checking']),
  context: ({ input }) => ({ actor: input.actor, widget: input.widget, url: null, linkedCount: 0 }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isNotPermitted', target: 'coachInert' }, { target: 'loading' }],
    },
    // Nothing a coach without permission can do here changes that: the widget stays inert.
    coachInert: {
      meta: spec('002 §2'),
      type: 'final',
      tags: ['inert'],
    },
    loading: {
      meta: spec('002 §2'),
      tags: ['loading'],
      entry: 'clearUrl',
      invoke: {
        id: 'fetchWidgetUrl',
        src: 'fetchWidgetUrl',
        input: ({ context }) => ({ widgetName: context.widget }),
        onDone: { target: 'ready', actions: { type: 'assignUrl', params: ({ event }) => ({ url: event.output.url }) } },
        onError: 'failed',
      },
    },
    failed: {
      meta: spec('002 §2'),
      tags: ['error'],
      on: { 'widget.retry': 'loading' },
    },
    ready: {
      meta: spec('002 §2'),
      tags: ['ready'],
      on: {
        'bank.linked': { actions: ['countLinked', 'notifyLinked'] },
        // A widget session expires: a new address is a new session.
        'widget.retry': 'loading',
      },
    },
  },
});

export type BankWidgetSnapshot = SnapshotFrom<typeof bankWidgetMachine>;
export type BankWidgetStatus = 'loading' | 'failed' | 'ready' | 'inert';

/** What the widget pages read. */
export const bankWidgetSelectors = {
  status: (s: BankWidgetSnapshot): BankWidgetStatus =>
    s.hasTag('inert') ? 'inert' : s.hasTag('ready') ? 'ready' : s.hasTag('error') ? 'failed' : 'loading',
  url: (s: BankWidgetSnapshot): string | null => s.context.url,
  linkedCount: (s: BankWidgetSnapshot): number => s.context.linkedCount,
};
