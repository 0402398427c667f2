import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { LanguageChoiceActorSignatures, SettingsLanguage } from './ports';

// The language choice of the settings pages (spec 000 §3.2 settings.ui.lang, §4.8, §7 setUILang; issue 14 item 7):
// choosing a language applies it at once (the machine emits `language.apply`, the app switches the translations) and
// stores it on the user with setUILang, so every device the customer signs in on follows it. When the call fails the
// previous language comes back (`language.apply` again) with errors.general-error.

type Sig = LanguageChoiceActorSignatures;

export interface LanguageChoiceInput {
  /** The language shown now. */
  lang: SettingsLanguage;
}

export interface LanguageChoiceContext {
  lang: SettingsLanguage;
  /** The language to go back to while a choice is being stored. */
  previous: SettingsLanguage | null;
}

export type LanguageChoiceEvent = { type: 'language.choose'; lang: SettingsLanguage };

/** The app switches the translations to `lang`. */
export interface LanguageApplyEmitted {
  type: 'language.apply';
  lang: SettingsLanguage;
}

export type LanguageChoiceEmitted = NotifyEmitted<typeof ERROR_KEYS.generalError> | LanguageApplyEmitted;
export type LanguageChoiceTag = 'idle' | 'busy';

export const languageChoiceMachine = setup({
  types: {
    context: {} as LanguageChoiceContext,
    events: {} as LanguageChoiceEvent,
    input: {} as LanguageChoiceInput,
    emitted: {} as LanguageChoiceEmitted,
    tags: {} as LanguageChoiceTag,
  },
  actors: {
    setLanguage: provided<Sig['setLanguage']>('setLanguage'),
  },
  guards: {
    isCurrentLanguage: ({ context }, params: { lang: SettingsLanguage }) => context.lang === params.lang,
  },
  actions: {
    chooseLanguage: assign(({ context }, params: { lang: SettingsLanguage }) => ({ lang: params.lang, previous: context.lang })),
    applyLanguage: emit(({ context }) => ({ type: 'language.apply' as const, lang: context.lang })),
    confirmLanguage: assign({ previous: null }),
    restoreLanguage: assign(({ context }) => ({ lang: context.previous ?? context.lang, previous: null })),
    notifyError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.generalError } as const),
  },
}).createMachine({
  id: 'languageChoice',
  context: ({ input }) => ({ lang: input.lang, previous: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['idle'],
      on: {
        'language.choose': [
          { guard: { type: 'isCurrentLanguage', params: ({ event }) => ({ lang: event.lang }) } },
          { target: 'saving', actions: [{ type: 'chooseLanguage', params: ({ event }) => ({ lang: event.lang }) }, 'applyLanguage'] },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'setLanguage',
        src: 'setLanguage',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'idle', actions: 'confirmLanguage' },
        onError: { target: 'idle', actions: ['restoreLanguage', 'applyLanguage', 'notifyError'] },
      },
    },
  },
});

export type LanguageChoiceSnapshot = SnapshotFrom<typeof languageChoiceMachine>;

/** What the language select reads. */
export const languageChoiceSelectors = {
  lang: (s: LanguageChoiceSnapshot): SettingsLanguage => s.context.lang,
  busy: (s: LanguageChoiceSnapshot): boolean => s.hasTag('busy'),
};
