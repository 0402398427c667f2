import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { hubModalMachine, hubModalOf, hubModalSelectors, type HubModalState } from '../../../machines/hub/hubModal.machine';
import type { NavigateEmitted } from '../../../machines/ports';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('hubModal');
if (!entry) throw new Error('hubModal is not registered');

runModelPaths(entry);

/** The machine beside a browser history it drives (entries of navigation states), as the route connects them. */
function hub(initial: Record<string, unknown> | null = null) {
  const actor = createActor(hubModalMachine).start();
  const history: (Record<string, unknown> | null)[] = [initial];
  let index = 0;
  const tell = () => actor.send({ type: 'route.changed', path: '/', search: '', navigationState: history[index] });
  actor.on('navigate', (event: NavigateEmitted) => {
    if (event.back !== undefined) index -= event.back;
    else if (event.replace) history[index] = event.state ?? null;
    else {
      history.splice(index + 1, history.length, event.state ?? null);
      index += 1;
    }
    tell();
  });
  tell();
  return {
    actor,
    shown: () => hubModalSelectors.shown(actor.getSnapshot()),
    entry: () => history[index],
    entries: () => history.length,
    index: () => index,
    back: () => {
      index -= 1;
      tell();
    },
    forward: () => {
      index += 1;
      tell();
    },
  };
}

describe("the hub's dialogs in the navigation state (spec 002 §2)", () => {
  it('opens a dialog as its own history entry, and its Close goes back over it, so Back then leaves the page', () => {
    const h = hub();
    const tip: HubModalState = { hubModal: 'progressTip', actionId: 'act-1' };
    h.actor.send({ type: 'dialog.open', modal: tip });
    expect([h.shown(), h.entry(), h.entries()]).toEqual([tip, tip, 2]);
    h.actor.send({ type: 'dialog.close' });
    expect([h.shown(), h.entry(), h.index()]).toEqual([null, null, 0]);
  });

  it("closes with the browser's Back", () => {
    const h = hub();
    h.actor.send({ type: 'dialog.open', modal: { hubModal: 'scoreDetails' } });
    h.back();
    expect(h.shown()).toBeNull();
    expect(hubModalSelectors.openModal(h.actor.getSnapshot())).toBeNull();
  });

  it('reopens what a reloaded entry carries, and its Close then clears the state in place', () => {
    const h = hub({ hubModal: 'updateSavings' });
    expect(hubModalSelectors.openModal(h.actor.getSnapshot())).toBe('updateSavings');
    h.actor.send({ type: 'dialog.close' });
    expect([h.shown(), h.entry(), h.entries()]).toEqual([null, null, 1]);
  });

  it('goes from a checklist item back to the list with Back, then closes the list', () => {
    const h = hub();
    h.actor.send({ type: 'dialog.open', modal: { hubModal: 'checklist' } });
    h.actor.send({ type: 'checklist.openItem', checklistItemId: 'chk-w2' });
    expect(hubModalSelectors.checklistItemId(h.actor.getSnapshot())).toBe('chk-w2');
    h.back();
    expect([h.shown(), hubModalSelectors.checklistItemId(h.actor.getSnapshot())]).toEqual([{ hubModal: 'checklist' }, null]);
    h.back();
    expect(h.shown()).toBeNull();
  });

  it("an item's way back to the list goes back over the item's entry when the list opened it, and Close then leaves both", () => {
    const h = hub();
    h.actor.send({ type: 'dialog.open', modal: { hubModal: 'checklist' } });
    h.actor.send({ type: 'checklist.openItem', checklistItemId: 'chk-w2' });
    h.actor.send({ type: 'checklist.showList' });
    expect([h.shown(), h.index()]).toEqual([{ hubModal: 'checklist' }, 1]);
    h.actor.send({ type: 'checklist.openItem', checklistItemId: 'chk-pay' });
    h.actor.send({ type: 'dialog.close' });
    expect([h.shown(), h.index(), h.entry()]).toEqual([null, 0, null]);
  });

  it("a reloaded item's way back to the list replaces the item with the list", () => {
    const h = hub({ hubModal: 'checklist', checklistItemId: 'chk-w2' });
    h.actor.send({ type: 'checklist.showList' });
    expect([h.shown(), h.entry(), h.entries()]).toEqual([{ hubModal: 'checklist' }, { hubModal: 'checklist' }, 1]);
  });

  it('follows Forward back into a dialog', () => {
    const h = hub();
    h.actor.send({ type: 'dialog.open', modal: { hubModal: 'scoreDetails' } });
    h.back();
    h.forward();
    expect(h.shown()).toEqual({ hubModal: 'scoreDetails' });
  });

  it("reads only the hub's modal states from a navigation state", () => {
    expect(hubModalOf({ hubModal: 'progressTip' })).toBeNull();
    expect(hubModalOf({ hubModal: 'somethingElse' })).toBeNull();
    expect(hubModalOf({ modal: 'contactForm' })).toBeNull();
    expect(hubModalOf(null)).toBeNull();
    expect(hubModalOf({ hubModal: 'checklist', checklistItemId: 3 })).toEqual({ hubModal: 'checklist' });
  });
});
