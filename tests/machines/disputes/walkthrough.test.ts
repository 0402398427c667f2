import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { WALKTHROUGH_DIALOG, WALKTHROUGH_MODAL, walkthroughDialogMachine, walkthroughSelectors } from '../../../machines/disputes/walkthrough.machine';
import { MODAL_DEPTH_KEY } from '../../../machines/support/navigationModal.machine';
import { browserHistory } from '../../support/browserHistory';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('walkthrough');
if (!entry) throw new Error('walkthrough is not registered');

runModelPaths(entry);

/** The walkthrough video on the disputes dashboard, beside the browser's history; `state` is the entry's on arrival. */
function dashboard(state: Record<string, unknown> | null = null) {
  const history = browserHistory('/credit/disputes/not-challenged?from=hub', state);
  const running = run(walkthroughDialogMachine, WALKTHROUGH_DIALOG);
  history.connect(running.actor);
  const dialog = running.actor;
  const player = () => walkthroughSelectors.player(dialog.getSnapshot());
  return {
    dialog,
    history,
    player,
    open: () => walkthroughSelectors.open(dialog.getSnapshot()),
    overlay: () => {
      const ref = player();
      return ref === undefined ? null : walkthroughSelectors.overlay(ref.getSnapshot());
    },
    failed: () => {
      const ref = player();
      return ref === undefined ? null : walkthroughSelectors.failed(ref.getSnapshot());
    },
  };
}

describe('the walkthrough video kept in the navigation state (spec 002 §2)', () => {
  it('opens as a history entry of the same address carrying the walkthrough', () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    expect(page.open()).toBe(true);
    expect(page.history.navigations).toEqual([
      { type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', replace: false, state: { modal: 'walkthrough', [MODAL_DEPTH_KEY]: 1 } },
    ]);
    // The router followed: the video stays open, its player as it was.
    page.player()!.send({ type: 'video.play' });
    page.history.reload();
    page.history.connect(page.dialog);
    expect([page.open(), page.overlay()]).toEqual([true, false]);
  });

  it("closes on the browser's Back, and its player with it", () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    page.history.back();
    expect([page.open(), page.player()]).toEqual([false, undefined]);
    expect(page.history.navigations).toHaveLength(1);
  });

  it('closed by its Close, goes back over the entry it added', () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    page.dialog.send({ type: 'dialog.close' });
    expect(page.open()).toBe(false);
    expect(page.history.navigations.at(-1)).toEqual({ type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', back: 1 });
  });

  it('reopens at its overlay after a link whose entry carries it, and then clears the state in place when closed', () => {
    const page = dashboard(WALKTHROUGH_MODAL);
    expect([page.open(), page.overlay()]).toEqual([true, true]);
    page.dialog.send({ type: 'dialog.close' });
    expect(page.history.navigations).toEqual([{ type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', replace: true, state: null }]);
  });

  it("leaves another dialog's modal state alone", () => {
    expect(dashboard({ modal: 'contactForm' }).open()).toBe(false);
  });
});

describe('the walkthrough player (spec 001 §2, §8)', () => {
  it('shows the overlay until play and again when the video ends', () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    expect(page.overlay()).toBe(true);
    page.player()!.send({ type: 'video.play' });
    expect(page.overlay()).toBe(false);
    page.player()!.send({ type: 'video.ended' });
    expect(page.overlay()).toBe(true);
  });

  it('says the video could not be loaded instead of the player, and Try again brings the player back', () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    page.player()!.send({ type: 'video.failed' });
    expect([page.failed(), page.overlay()]).toEqual([true, false]);
    page.player()!.send({ type: 'video.play' });
    expect(page.failed()).toBe(true);
    page.player()!.send({ type: 'video.retry' });
    expect([page.failed(), page.overlay()]).toEqual([false, true]);
    // A failure while playing too (the connection dropped).
    page.player()!.send({ type: 'video.play' });
    page.player()!.send({ type: 'video.failed' });
    expect(page.failed()).toBe(true);
  });

  it('opens again at its overlay after closing', () => {
    const page = dashboard();
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    page.player()!.send({ type: 'video.failed' });
    page.dialog.send({ type: 'dialog.close' });
    page.dialog.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL });
    expect([page.open(), page.overlay(), page.failed()]).toEqual([true, true, false]);
  });
});
