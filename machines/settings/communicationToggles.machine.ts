import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { CallableResponse } from '../../src/contract/callables';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { canUpdateAuth, type Actor } from '../../src/domain/permissions';
import { callable, type CallableSig } from '../actors';
import type { NotifyEmitted } from '../ports';
import { COMMUNICATION_TOGGLES, type CommunicationToggle, type CommunicationValues } from './ports';
import { refusalNotice } from './refusals';
import { machineSpec, spec } from '../spec';

// The communications settings page (spec 000 §2.5, §3.4, §8): the authorization and opt-in toggles
// (Allow_Referral_Update__c, Round_Opt_In__c, DoNotCall, Do_Not_SMS__c, SMS_Opt_out__c) read with getAuthorizations
// and saved one at a time with updateAuthorizations. A toggle moves at once (optimistic); when the save fails it moves
// back with authorizations.error. A coach without allowClientActions is refused before any call
// (coach.toast.not-permitted), as updateAuthorizations refuses them the toggles ('update auth', spec 000 §6, whatever
// the accept-authorizations check flag says; the page also shows them disabled). The
// SMS opt-out exists only with a mobile phone (spec 002 §5; the server refuses it otherwise). While one toggle saves
// the others wait (the page disables them).

/** The machine's actors: the authorizations read and their settings form of update (src/contract). */
export interface CommunicationTogglesActors {
  getAuthorizations: CallableSig<'getAuthorizations'>;
  updateAuthorizations: CallableSig<'updateAuthorizations'>;
}

/** The toggles as the page shows them. */
export interface CommunicationSettings {
  values: CommunicationValues;
  /** The SMS toggles only mean something with a mobile phone. */
  hasMobilePhone: boolean;
}

/** getAuthorizations as the communications page reads it: an unset flag counts as off. */
export function communicationSettingsOf(answer: CallableResponse<'getAuthorizations'>): CommunicationSettings {
  const values = Object.fromEntries(COMMUNICATION_TOGGLES.map((toggle) => [toggle, answer[toggle] === true])) as CommunicationValues;
  return { values, hasMobilePhone: answer.hasMobilePhone };
}

export interface CommunicationTogglesInput {
  /** Who acts, the coach console's flag applied to an agent's allowClientActions (src/domain/permissions.ts). */
  actor: Actor;
}

export interface CommunicationTogglesContext {
  actor: Actor;
  values: CommunicationValues;
  hasMobilePhone: boolean;
  /** The toggle being saved and the value it goes back to if the save fails. */
  pending: { toggle: CommunicationToggle; previous: boolean } | null;
}

export type CommunicationTogglesEvent =
  | { type: 'toggle.change'; toggle: CommunicationToggle; value: boolean }
  | { type: 'load.retry' };

export type CommunicationTogglesEmitted = NotifyEmitted<ErrorKey>;
export type CommunicationTogglesTag = 'loading' | 'error' | 'ready' | 'busy';

const ALL_OFF: CommunicationValues = {
  Allow_Referral_Update__c: false,
  Round_Opt_In__c: false,
  DoNotCall: false,
  Do_Not_SMS__c: false,
  SMS_Opt_out__c: false,
};

/** The toggles the page shows: the SMS opt-out only with a mobile phone. */
export function shownToggles(hasMobilePhone: boolean): CommunicationToggle[] {
  return COMMUNICATION_TOGGLES.filter((toggle) => toggle !== 'SMS_Opt_out__c' || hasMobilePhone);
}

export const communicationTogglesMachine = setup({
  types: {
    context: {} as CommunicationTogglesContext,
    events: {} as CommunicationTogglesEvent,
    input: {} as CommunicationTogglesInput,
    emitted: {} as CommunicationTogglesEmitted,
    tags: {} as CommunicationTogglesTag,
  },
  actors: {
    getAuthorizations: callable('getAuthorizations'),
    updateAuthorizations: callable('updateAuthorizations'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canUpdateAuth(context.actor),
    // A toggle the page shows, moved to the other value (anything else has nothing to save).
    isChange: ({ context }, params: { toggle: CommunicationToggle; value: boolean }) =>
      shownToggles(context.hasMobilePhone).includes(params.toggle) && context.values[params.toggle] !== params.value,
  },
  actions: {
    assignSettings: assign((_, params: { settings: CommunicationSettings }) => ({
      values: { ...ALL_OFF, ...params.settings.values },
      hasMobilePhone: params.settings.hasMobilePhone,
    })),
    applyToggle: assign(({ context }, params: { toggle: CommunicationToggle; value: boolean }) => ({
      values: { ...context.values, [params.toggle]: params.value },
      pending: { toggle: params.toggle, previous: context.values[params.toggle] },
    })),
    confirmToggle: assign({ pending: null }),
    // The old value returns.
    revertToggle: assign(({ context }) =>
      context.pending === null ? {} : { values: { ...context.values, [context.pending.toggle]: context.pending.previous }, pending: null },
    ),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifySaveError: emit(refusalNotice(ERROR_KEYS.authorizationsError)),
  },
}).createMachine({
  id: 'communicationToggles',
  meta: machineSpec(['000 §2.5', '002 §5']),
  context: ({ input }) => ({
    actor: input.actor,
    values: ALL_OFF,
    hasMobilePhone: false,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §2.5'),
      tags: ['loading'],
      invoke: {
        id: 'getAuthorizations',
        src: 'getAuthorizations',
        input: null,
        onDone: { target: 'ready', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: communicationSettingsOf(event.output) }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      meta: spec('000 §2.5'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
    ready: {
      meta: spec('000 §2.5'),
      tags: ['ready'],
      on: {
        'toggle.change': [
          { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
          {
            guard: { type: 'isChange', params: ({ event }) => ({ toggle: event.toggle, value: event.value }) },
            target: 'saving',
            actions: { type: 'applyToggle', params: ({ event }) => ({ toggle: event.toggle, value: event.value }) },
          },
        ],
      },
    },
    saving: {
      meta: spec('000 §2.5'),
      tags: ['ready', 'busy'],
      invoke: {
        id: 'updateAuthorizations',
        src: 'updateAuthorizations',
        input: ({ context }) => ({
          communications: context.pending === null ? {} : { [context.pending.toggle]: context.values[context.pending.toggle] },
        }),
        onDone: { target: 'ready', actions: 'confirmToggle' },
        onError: { target: 'ready', actions: ['revertToggle', { type: 'notifySaveError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});

export type CommunicationTogglesSnapshot = SnapshotFrom<typeof communicationTogglesMachine>;
export type CommunicationTogglesStatus = 'loading' | 'loadFailed' | 'ready';

/** What the communications page reads. */
export const communicationTogglesSelectors = {
  status: (s: CommunicationTogglesSnapshot): CommunicationTogglesStatus =>
    s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'loadFailed' : 'ready',
  /** Each toggle's value as shown (a toggle being saved shows its new value). */
  values: (s: CommunicationTogglesSnapshot): CommunicationValues => s.context.values,
  value: (toggle: CommunicationToggle) => (s: CommunicationTogglesSnapshot): boolean => s.context.values[toggle],
  /** The toggle being saved, null when none is. */
  savingToggle: (s: CommunicationTogglesSnapshot): CommunicationToggle | null => s.context.pending?.toggle ?? null,
  /** A save runs: the toggles wait. */
  busy: (s: CommunicationTogglesSnapshot): boolean => s.hasTag('busy'),
  hasMobilePhone: (s: CommunicationTogglesSnapshot): boolean => s.context.hasMobilePhone,
  /** The toggles to show, in order: the SMS opt-out only with a mobile phone. */
  toggles: (s: CommunicationTogglesSnapshot): CommunicationToggle[] => shownToggles(s.context.hasMobilePhone),
};
