import { assign, setup, type SnapshotFrom } from 'xstate';
import { machineSpec, spec } from '../spec';

// The limited drawer during onboarding (spec 000 §2.4, spec 002 §2 Header: "During onboarding a limited drawer opens
// a complete-onboarding dialog"). The onboarding pages' header has a menu: the drawer lists the areas the customer
// will have, the contact page and sign-out; choosing an area does not go there but opens the complete-onboarding
// dialog, which says which step the customer is on and that the area opens once setup is complete.

/** The areas the drawer lists (spec 000 §2.4 header areas; the permitted ones are decided after onboarding). */
export const ONBOARDING_MENU_AREAS = ['dashboard', 'credit', 'money', 'documents', 'learning-center'] as const;
export type OnboardingMenuArea = (typeof ONBOARDING_MENU_AREAS)[number];

export interface OnboardingMenuContext {
  /** The area chosen in the drawer, while the complete-onboarding dialog says it waits. */
  area: OnboardingMenuArea | null;
}

export type OnboardingMenuEvent =
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'menu.pickArea'; area: OnboardingMenuArea }
  | { type: 'dialog.continue' }
  | { type: 'dialog.close' };

export const onboardingMenuMachine = setup({
  types: { context: {} as OnboardingMenuContext, events: {} as OnboardingMenuEvent },
  guards: {
    isListedArea: ({ event }) => event.type === 'menu.pickArea' && (ONBOARDING_MENU_AREAS as readonly string[]).includes(event.area),
  },
  actions: {
    assignArea: assign(({ event }) => (event.type === 'menu.pickArea' ? { area: event.area } : {})),
    clearArea: assign({ area: null }),
  },
}).createMachine({
  id: 'onboardingMenu',
  meta: machineSpec(['000 §2.4', '002 §2']),
  context: { area: null },
  initial: 'closed',
  states: {
    closed: {
      meta: spec('000 §2.4'),
      on: { 'menu.open': 'drawerOpen' },
    },
    drawerOpen: {
      meta: spec('000 §2.4'),
      on: {
        'menu.close': 'closed',
        // The burger toggles the drawer.
        'menu.open': 'closed',
        'menu.pickArea': { guard: 'isListedArea', target: 'completeOnboardingDialog', actions: 'assignArea' },
      },
    },
    completeOnboardingDialog: {
      meta: spec('000 §2.4'),
      on: {
        // "Continue setup", the dialog's close button / Escape, or the menu's own close all leave the customer on
        // the onboarding page they were on.
        'dialog.continue': { target: 'closed', actions: 'clearArea' },
        'dialog.close': { target: 'closed', actions: 'clearArea' },
        'menu.close': { target: 'closed', actions: 'clearArea' },
      },
    },
  },
});

type OnboardingMenuSnapshot = SnapshotFrom<typeof onboardingMenuMachine>;

export const onboardingMenuSelectors = {
  drawerOpened: (snapshot: OnboardingMenuSnapshot): boolean => snapshot.matches('drawerOpen'),
  /** The area the complete-onboarding dialog is about, or null when it is closed. */
  dialogArea: (snapshot: OnboardingMenuSnapshot): OnboardingMenuArea | null =>
    snapshot.matches('completeOnboardingDialog') ? snapshot.context.area : null,
};
