import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { canActForClient, type Actor } from '../../src/domain/permissions';
import { callable, type CallableSig } from '../actors';
import type { NotifyEmitted } from '../ports';
import {
  CONTACT_FIELD_RULES,
  contactFieldError,
  draftOf,
  isUnchangedDraft,
  contactUpdateRequest,
  keptValueOf,
  type ContactFieldErrorKey,
  type ContactFieldRule,
} from './contactFields';
import type { InlineContactField } from './ports';
import { refusalNotice } from './refusals';
import { machineSpec, spec } from '../spec';

// One contact field of the personal-info page (spec 000 §2.5, §4.7 "Inline edit", §5): view → edit → save. A typed
// value the field's rule refuses stays in the editor with the rule's message (from the first Save on, following each
// change); an unchanged value goes back to view without a call; a failed save brings the old value back with the
// error toast (intake.errors.error-updating, or the server's refusal key); Cancel (or Escape) brings the old value
// back. A coach without allowClientActions is refused before any call (coach.toast.not-permitted). The page runs one
// actor per field.

/** The machine's actors: updateCustomerContact with the one changed field (src/contract). */
export interface InlineEditActors {
  updateCustomerContact: CallableSig<'updateCustomerContact'>;
}

export interface InlineEditInput {
  actor: Actor;
  field: InlineContactField;
  /** The stored value (the SSN's last four digits), null when empty. */
  value: string | null;
  /** yyyy-MM-dd, the customer's today (the birthdate window). */
  today: string;
}

export interface InlineEditContext {
  actor: Actor;
  field: InlineContactField;
  rule: ContactFieldRule;
  today: string;
  value: string | null;
  draft: string;
  /** A Save was pressed in this edit: the rule's message shows from then on. */
  submitted: boolean;
  fieldError: ContactFieldErrorKey | null;
}

export type InlineEditEvent =
  | { type: 'edit.start' }
  | { type: 'edit.change'; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' };

export type InlineEditNotifyKey = ErrorKey;
export type InlineEditEmitted = NotifyEmitted<InlineEditNotifyKey>;
export type InlineEditTag = 'view' | 'editing' | 'busy';

export const inlineEditMachine = setup({
  types: {
    context: {} as InlineEditContext,
    events: {} as InlineEditEvent,
    input: {} as InlineEditInput,
    emitted: {} as InlineEditEmitted,
    tags: {} as InlineEditTag,
  },
  actors: {
    updateCustomerContact: callable('updateCustomerContact'),
  },
  guards: {
    isUnchanged: ({ context }) => isUnchangedDraft(context.rule, context.draft, context.value),
    isRefused: ({ context }) => contactFieldError(context.rule, context.draft, context.today) !== null,
    isNotPermitted: ({ context }) => !canActForClient(context.actor),
  },
  actions: {
    startDraft: assign(({ context }) => ({ draft: draftOf(context.rule, context.value), submitted: false, fieldError: null })),
    assignDraft: assign(({ context }, params: { value: string }) => ({
      draft: params.value,
      fieldError: context.submitted ? contactFieldError(context.rule, params.value, context.today) : null,
    })),
    showFieldError: assign(({ context }) => ({ submitted: true, fieldError: contactFieldError(context.rule, context.draft, context.today) })),
    assignSaved: assign(({ context }) => ({ value: keptValueOf(context.rule, context.draft) })),
    // The typed value leaves memory with the editor (a typed SSN above all).
    dropDraft: assign({ draft: '', submitted: false, fieldError: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifySaveError: emit(refusalNotice(ERROR_KEYS.errorUpdating)),
  },
}).createMachine({
  id: 'inlineEdit',
  meta: machineSpec(['000 §4.7', '000 §2.5']),
  context: ({ input }) => ({
    actor: input.actor,
    field: input.field,
    rule: CONTACT_FIELD_RULES[input.field],
    today: input.today,
    value: input.value,
    draft: '',
    submitted: false,
    fieldError: null,
  }),
  initial: 'view',
  states: {
    view: {
      meta: spec('000 §4.7'),
      tags: ['view'],
      on: { 'edit.start': { target: 'editing', actions: 'startDraft' } },
    },
    editing: {
      meta: spec('000 §4.7'),
      tags: ['editing'],
      on: {
        'edit.change': { actions: { type: 'assignDraft', params: ({ event }) => ({ value: event.value }) } },
        'edit.save': [
          { guard: 'isUnchanged', target: 'view', actions: 'dropDraft' },
          { guard: 'isRefused', actions: 'showFieldError' },
          { guard: 'isNotPermitted', target: 'view', actions: ['dropDraft', 'notifyNotPermitted'] },
          { target: 'saving' },
        ],
        'edit.cancel': { target: 'view', actions: 'dropDraft' },
      },
    },
    saving: {
      // The typed value shows (selectors.shownValue) until the server answers.
      meta: spec('000 §4.7'),
      tags: ['busy'],
      invoke: {
        id: 'updateCustomerContact',
        src: 'updateCustomerContact',
        input: ({ context }) => contactUpdateRequest(context.field, context.rule, context.draft),
        onDone: { target: 'view', actions: ['assignSaved', 'dropDraft'] },
        // The old value returns.
        onError: { target: 'view', actions: ['dropDraft', { type: 'notifySaveError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});

export type InlineEditSnapshot = SnapshotFrom<typeof inlineEditMachine>;
export type InlineEditMode = 'view' | 'editing' | 'saving';

/** What an inline field reads. */
export const inlineEditSelectors = {
  mode: (s: InlineEditSnapshot): InlineEditMode => (s.hasTag('busy') ? 'saving' : s.hasTag('editing') ? 'editing' : 'view'),
  field: (s: InlineEditSnapshot): InlineContactField => s.context.field,
  rule: (s: InlineEditSnapshot): ContactFieldRule => s.context.rule,
  /** The stored value (the SSN's last four digits), null when empty. */
  value: (s: InlineEditSnapshot): string | null => s.context.value,
  /** The value to show in view mode: while saving, the value being saved (kept form: the SSN's last four). */
  shownValue: (s: InlineEditSnapshot): string | null =>
    s.hasTag('busy') ? keptValueOf(s.context.rule, s.context.draft) : s.context.value,
  /** What the input holds while editing. */
  draft: (s: InlineEditSnapshot): string => s.context.draft,
  /** The rule's message key for the typed value, shown from the first Save on; null when accepted. */
  fieldError: (s: InlineEditSnapshot): ContactFieldErrorKey | null => s.context.fieldError,
};
