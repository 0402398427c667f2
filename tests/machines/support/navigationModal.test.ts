import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { HUB_MODALS, LOAN_TEAM_MODAL } from '../../../machines/hub/hubModals';
import { MODAL_DEPTH_KEY, modalDepthOf, modalStateOf, navigationModalMachine, navigationModalSelectors, NAVIGATION_MODAL_KEY, type NavigationModalInput } from '../../../machines/support/navigationModal.machine';
import { browserHistory } from '../../support/browserHistory';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('navigationModal');
if (!entry) throw new Error('navigationModal is not registered');

runModelPaths(entry);

const CONTACT_FORM: NavigationModalInput = { key: NAVIGATION_MODAL_KEY, modals: { contactForm: {} } };
const contactFormState = { [NAVIGATION_MODAL_KEY]: 'contactForm' };

/** The contact form's dialog on the support center, beside the browser's history; `state` is the entry's on arrival. */
function contactForm(state: Record<string, unknown> | null = null, address = '/support?q=pass') {
  const history = browserHistory(address, state);
  const running = run(navigationModalMachine, CONTACT_FORM);
  history.connect(running.actor);
  return { actor: running.actor, history, open: () => navigationModalSelectors.open(running.actor.getSnapshot()) };
}

describe('a dialog kept in the navigation state (spec 002 §2: the contact form)', () => {
  it('opens as a history entry of the same address carrying its modal state and how many entries dialogs added', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    expect(page.open()).toBe(true);
    expect(page.history.navigations).toEqual([
      { type: 'navigate', to: '/support?q=pass', replace: false, state: { modal: 'contactForm', [MODAL_DEPTH_KEY]: 1 } },
    ]);
    expect([page.history.index(), page.history.length()]).toEqual([1, 2]);
  });

  it('keeps the #fragment of the page it opens over', () => {
    const page = contactForm(null, '/support/credit?q=pass#disputes');
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    expect(page.history.entry().address).toBe('/support/credit?q=pass#disputes');
    page.actor.send({ type: 'dialog.close' });
    expect(page.history.entry()).toEqual({ address: '/support/credit?q=pass#disputes', state: null });
  });

  it("closes on the browser's Back (the entry no longer carries it), asking for no navigation", () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    page.history.back();
    expect(page.open()).toBe(false);
    expect(page.history.navigations).toHaveLength(1);
  });

  it('closed by its button, goes back over the entry it added', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    page.actor.send({ type: 'dialog.close' });
    expect(page.open()).toBe(false);
    expect(page.history.navigations.at(-1)).toEqual({ type: 'navigate', to: '/support?q=pass', back: 1 });
    expect([page.history.index(), page.history.entry().state]).toEqual([0, null]);
  });

  it('reopens after a link whose entry carries it, and then clears the state in place when closed', () => {
    const page = contactForm(contactFormState);
    expect(page.open()).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.history.navigations).toEqual([{ type: 'navigate', to: '/support?q=pass', replace: true, state: null }]);
    expect(page.open()).toBe(false);
  });

  it('reopens after a reload of the entry it added, and its Close then goes back over that entry', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    page.history.reload();
    const reloaded = run(navigationModalMachine, CONTACT_FORM);
    page.history.connect(reloaded.actor);
    expect(navigationModalSelectors.open(reloaded.actor.getSnapshot())).toBe(true);
    reloaded.actor.send({ type: 'dialog.close' });
    expect([page.history.index(), page.history.entry().state]).toEqual([0, null]);
  });

  it('follows Forward back into the dialog', () => {
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: contactFormState });
    page.history.back();
    page.history.forward();
    expect(page.open()).toBe(true);
    page.actor.send({ type: 'dialog.close' });
    expect(page.history.index()).toBe(0);
  });

  it("leaves another dialog's modal state alone, and opens none it does not know or before it knows the address", () => {
    expect(contactForm({ [NAVIGATION_MODAL_KEY]: 'walkthrough' }).open()).toBe(false);
    const page = contactForm();
    page.actor.send({ type: 'dialog.open', modal: { [NAVIGATION_MODAL_KEY]: 'walkthrough' } });
    expect(page.open()).toBe(false);
    const early = run(navigationModalMachine, CONTACT_FORM);
    early.actor.send({ type: 'dialog.open', modal: contactFormState });
    expect(navigationModalSelectors.open(early.actor.getSnapshot())).toBe(false);
  });
});

describe("one page's dialogs opened and closed by different actors (the hub's call action and the header's loan team)", () => {
  it('closed by the other actor, goes back over the entry the first one added, so the next Back leaves the page', () => {
    const history = browserHistory('/');
    const hub = run(navigationModalMachine, HUB_MODALS);
    const header = run(navigationModalMachine, HUB_MODALS);
    history.connect(hub.actor);
    history.connect(header.actor);
    hub.actor.send({ type: 'dialog.open', modal: LOAN_TEAM_MODAL });
    expect(navigationModalSelectors.shown(header.actor.getSnapshot())).toEqual(LOAN_TEAM_MODAL);
    header.actor.send({ type: 'dialog.close' });
    expect([history.index(), history.entry().state]).toEqual([0, null]);
    expect([navigationModalSelectors.open(hub.actor.getSnapshot()), navigationModalSelectors.open(header.actor.getSnapshot())]).toEqual([false, false]);
  });
});

describe('modal states as the navigation state carries them', () => {
  it("reads the page's dialogs with their parameters, and nothing else", () => {
    expect(modalStateOf({ hubModal: 'progressTip', actionId: 'act-1', [MODAL_DEPTH_KEY]: 1, other: 'x' }, HUB_MODALS)).toEqual({ hubModal: 'progressTip', actionId: 'act-1' });
    expect(modalStateOf({ hubModal: 'progressTip' }, HUB_MODALS)).toBeNull();
    expect(modalStateOf({ hubModal: 'checklist', checklistItemId: 3 }, HUB_MODALS)).toEqual({ hubModal: 'checklist' });
    expect(modalStateOf({ modal: 'contactForm' }, HUB_MODALS)).toBeNull();
    expect(modalStateOf({ hubModal: 'toString' }, HUB_MODALS)).toBeNull();
    expect(modalStateOf(null, CONTACT_FORM)).toBeNull();
  });

  it('reads how many entries the dialogs added only as a whole positive number', () => {
    expect([modalDepthOf({ [MODAL_DEPTH_KEY]: 2 }), modalDepthOf({ [MODAL_DEPTH_KEY]: '2' }), modalDepthOf({ [MODAL_DEPTH_KEY]: -1 }), modalDepthOf(null)]).toEqual([2, 0, 0, 0]);
  });
});
