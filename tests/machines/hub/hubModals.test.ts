import { describe, expect, it } from 'vitest';
import { CHECKLIST_MODAL, HUB_MODALS, hubModalOf, hubModalSelectors, type HubModalState } from '../../../machines/hub/hubModals';
import { MODAL_DEPTH_KEY, navigationModalMachine } from '../../../machines/support/navigationModal.machine';
import { browserHistory } from '../../support/browserHistory';
import { run } from '../../support/machineTestKit';

// The hub's dialogs (spec 002 §2) as the navigation modal machine keeps them with HUB_MODALS; its model paths run in
// tests/machines/support/navigationModal.test.ts.

/** The hub's dialogs beside the browser's history; `state` is the entry's on arrival (a reload, a link). */
function hub(state: Record<string, unknown> | null = null) {
  const history = browserHistory('/', state);
  const running = run(navigationModalMachine, HUB_MODALS);
  history.connect(running.actor);
  const actor = running.actor;
  return {
    history,
    open: (modal: HubModalState) => actor.send({ type: 'dialog.open', modal }),
    openItem: (checklistItemId: string) => actor.send({ type: 'dialog.open', modal: { ...CHECKLIST_MODAL, checklistItemId } }),
    showList: () => actor.send({ type: 'dialog.return', modal: CHECKLIST_MODAL }),
    close: () => actor.send({ type: 'dialog.close' }),
    shown: () => hubModalSelectors.shown(actor.getSnapshot()),
    openModal: () => hubModalSelectors.openModal(actor.getSnapshot()),
    itemId: () => hubModalSelectors.checklistItemId(actor.getSnapshot()),
    tipActionId: () => hubModalSelectors.progressTipActionId(actor.getSnapshot()),
    /** The hub modal state of the entry shown. */
    entry: () => hubModalOf(history.entry().state),
  };
}

describe("the hub's dialogs in the navigation state (spec 002 §2)", () => {
  it('opens a dialog as its own history entry, and its Close goes back over it, so Back then leaves the page', () => {
    const h = hub();
    const tip: HubModalState = { hubModal: 'progressTip', actionId: 'act-1' };
    h.open(tip);
    expect([h.shown(), h.tipActionId(), h.entry(), h.history.length()]).toEqual([tip, 'act-1', tip, 2]);
    h.close();
    expect([h.shown(), h.entry(), h.history.index()]).toEqual([null, null, 0]);
  });

  it("closes with the browser's Back", () => {
    const h = hub();
    h.open({ hubModal: 'scoreDetails' });
    h.history.back();
    expect([h.shown(), h.openModal()]).toEqual([null, null]);
  });

  it('reopens what a linked entry carries, and its Close then clears the state in place', () => {
    const h = hub({ hubModal: 'updateSavings' });
    expect(h.openModal()).toBe('updateSavings');
    h.close();
    expect([h.shown(), h.history.entry().state, h.history.length()]).toEqual([null, null, 1]);
  });

  it('goes from a checklist item back to the list with Back, then closes the list', () => {
    const h = hub();
    h.open(CHECKLIST_MODAL);
    h.openItem('chk-w2');
    expect([h.itemId(), h.history.entry().state]).toEqual(['chk-w2', { hubModal: 'checklist', checklistItemId: 'chk-w2', [MODAL_DEPTH_KEY]: 2 }]);
    h.history.back();
    expect([h.shown(), h.itemId()]).toEqual([CHECKLIST_MODAL, null]);
    h.history.back();
    expect(h.shown()).toBeNull();
  });

  it("an item's way back to the list goes back over the item's entry when the list opened it, and Close then leaves both", () => {
    const h = hub();
    h.open(CHECKLIST_MODAL);
    h.openItem('chk-w2');
    h.showList();
    expect([h.shown(), h.history.index()]).toEqual([CHECKLIST_MODAL, 1]);
    h.openItem('chk-pay');
    h.close();
    expect([h.shown(), h.history.index(), h.entry()]).toEqual([null, 0, null]);
  });

  it("a linked item's way back to the list replaces the item with the list", () => {
    const h = hub({ hubModal: 'checklist', checklistItemId: 'chk-w2' });
    h.showList();
    expect([h.shown(), h.history.entry().state, h.history.length()]).toEqual([CHECKLIST_MODAL, CHECKLIST_MODAL, 1]);
  });

  it("a reloaded item's way back to the list and Close go back over the entries the dialogs added before the reload", () => {
    const h = hub();
    h.open(CHECKLIST_MODAL);
    h.openItem('chk-w2');
    h.history.reload();
    const reloaded = run(navigationModalMachine, HUB_MODALS);
    h.history.connect(reloaded.actor);
    expect(hubModalSelectors.checklistItemId(reloaded.actor.getSnapshot())).toBe('chk-w2');
    reloaded.actor.send({ type: 'dialog.return', modal: CHECKLIST_MODAL });
    expect([hubModalSelectors.shown(reloaded.actor.getSnapshot()), h.history.index()]).toEqual([CHECKLIST_MODAL, 1]);
    reloaded.actor.send({ type: 'dialog.close' });
    expect([h.history.index(), h.history.entry().state]).toEqual([0, null]);
  });

  it('follows Forward back into a dialog', () => {
    const h = hub();
    h.open({ hubModal: 'scoreDetails' });
    h.history.back();
    h.history.forward();
    expect(h.shown()).toEqual({ hubModal: 'scoreDetails' });
  });

  it('opens the loan team over the page as it was, its query and #fragment kept', () => {
    const history = browserHistory('/?welcome=1#actions');
    const running = run(navigationModalMachine, HUB_MODALS);
    history.connect(running.actor);
    running.actor.send({ type: 'dialog.open', modal: { hubModal: 'loanTeam' } });
    expect(history.entry()).toEqual({ address: '/?welcome=1#actions', state: { hubModal: 'loanTeam', [MODAL_DEPTH_KEY]: 1 } });
  });

  it("reads only the hub's modal states from a navigation state", () => {
    expect(hubModalOf({ hubModal: 'progressTip' })).toBeNull();
    expect(hubModalOf({ hubModal: 'somethingElse' })).toBeNull();
    expect(hubModalOf({ modal: 'contactForm' })).toBeNull();
    expect(hubModalOf(null)).toBeNull();
    expect(hubModalOf({ hubModal: 'checklist', checklistItemId: 3 })).toEqual({ hubModal: 'checklist' });
  });
});
