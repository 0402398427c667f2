import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { navigationModalMachine, navigationModalSelectors } from '../../../machines/support/navigationModal.machine';
import type { NavigateEmitted } from '../../../machines/ports';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('navigationModal');
if (!entry) throw new Error('navigationModal is not registered');

runModelPaths(entry);

/** The contact form's dialog on the support center; `modal` is the navigation state's modal state on arrival. */
function contactForm(modal: string | null = null) {
  const running = run(navigationModalMachine, { modal: 'contactForm' });
  const navigations: NavigateEmitted[] = [];
  running.actor.on('navigate', (event) => navigations.push(event));
  const arrive = (state: string | null) => running.actor.send({ type: 'route.changed', path: '/support', search: '?q=pass', modal: state });
  arrive(modal);
  return { actor: running.actor, navigations, arrive, open: () => navigationModalSelectors.open(running.actor.getSnapshot()) };
}

describe('a dialog kept in the navigation state (spec 002 §2: the contact form)', () => {
  it('opens as a history entry of the same address carrying its modal state', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open' });
    expect(page.open()).toBe(true);
    expect(page.navigations).toEqual([{ type: 'navigate', to: '/support?q=pass', replace: false, state: { modal: 'contactForm' } }]);
    // The router follows: the same dialog stays open.
    page.arrive('contactForm');
    expect(page.open()).toBe(true);
  });

  it("closes on the browser's Back (the entry no longer carries it), asking for no navigation", () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open' });
    page.arrive('contactForm');
    page.arrive(null);
    expect(page.open()).toBe(false);
    expect(page.navigations).toHaveLength(1);
  });

  it('closed by its button, goes back over the entry it added', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open' });
    page.arrive('contactForm');
    page.actor.send({ type: 'dialog.close' });
    expect(page.open()).toBe(false);
    expect(page.navigations.at(-1)).toEqual({ type: 'navigate', to: '/support?q=pass', back: 1 });
  });

  it('reopens after a reload (or a link) whose entry carries it, and then clears the state in place when closed', () => {
    const page = contactForm('contactForm');
    expect(page.open()).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.navigations).toEqual([{ type: 'navigate', to: '/support?q=pass', replace: true, state: null }]);
  });

  it("leaves another dialog's modal state alone", () => {
    const page = contactForm('scoreDetails');
    expect(page.open()).toBe(false);
  });
});
