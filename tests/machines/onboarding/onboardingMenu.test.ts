import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { onboardingMenuMachine, onboardingMenuSelectors, type OnboardingMenuArea } from '../../../machines/onboarding/onboardingMenu.machine';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('onboardingMenu');
if (!entry) throw new Error('onboardingMenu is not registered');

runModelPaths(entry);

function menu() {
  const actor = createActor(onboardingMenuMachine).start();
  const shown = () => ({
    drawer: onboardingMenuSelectors.drawerOpened(actor.getSnapshot()),
    dialog: onboardingMenuSelectors.dialogArea(actor.getSnapshot()),
  });
  return { actor, shown };
}

describe('the onboarding menu (spec 000 §2.4 limited drawer)', () => {
  it('opens the complete-onboarding dialog about the area chosen, in place of the drawer', () => {
    const m = menu();
    m.actor.send({ type: 'menu.open' });
    expect(m.shown()).toEqual({ drawer: true, dialog: null });
    m.actor.send({ type: 'menu.pickArea', area: 'money' });
    expect(m.shown()).toEqual({ drawer: false, dialog: 'money' });
    m.actor.send({ type: 'dialog.close' });
    expect(m.shown()).toEqual({ drawer: false, dialog: null });
  });

  it('leaves the dialog for the onboarding page with Continue setup or the menu closing', () => {
    const m = menu();
    m.actor.send({ type: 'menu.open' });
    m.actor.send({ type: 'menu.pickArea', area: 'credit' });
    m.actor.send({ type: 'dialog.continue' });
    expect(m.shown()).toEqual({ drawer: false, dialog: null });
    m.actor.send({ type: 'menu.open' });
    m.actor.send({ type: 'menu.pickArea', area: 'documents' });
    m.actor.send({ type: 'menu.close' });
    expect(m.shown()).toEqual({ drawer: false, dialog: null });
  });

  it('closes the drawer with its close button or the menu button again', () => {
    const m = menu();
    m.actor.send({ type: 'menu.open' });
    m.actor.send({ type: 'menu.close' });
    expect(m.shown().drawer).toBe(false);
    m.actor.send({ type: 'menu.open' });
    m.actor.send({ type: 'menu.open' });
    expect(m.shown().drawer).toBe(false);
  });

  it('opens no dialog for an area the drawer does not list', () => {
    const m = menu();
    m.actor.send({ type: 'menu.open' });
    m.actor.send({ type: 'menu.pickArea', area: 'settings' as OnboardingMenuArea });
    expect(m.shown()).toEqual({ drawer: true, dialog: null });
  });
});
