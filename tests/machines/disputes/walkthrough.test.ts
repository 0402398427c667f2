import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { walkthroughMachine, walkthroughSelectors } from '../../../machines/disputes/walkthrough.machine';
import type { NavigateEmitted } from '../../../machines/ports';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('walkthrough');
if (!entry) throw new Error('walkthrough is not registered');

runModelPaths(entry);

/** The walkthrough video on the disputes dashboard; `modal` is the navigation state's modal state on arrival. */
function dashboard(modal: string | null = null) {
  const running = run(walkthroughMachine);
  const navigations: NavigateEmitted[] = [];
  running.actor.on('navigate', (event) => navigations.push(event));
  const arrive = (state: string | null) =>
    running.actor.send({ type: 'route.changed', path: '/credit/disputes/not-challenged', search: '?from=hub', modal: state });
  arrive(modal);
  const snapshot = () => running.actor.getSnapshot();
  return {
    actor: running.actor,
    navigations,
    arrive,
    open: () => walkthroughSelectors.open(snapshot()),
    overlay: () => walkthroughSelectors.overlay(snapshot()),
    failed: () => walkthroughSelectors.failed(snapshot()),
  };
}

describe('the walkthrough video kept in the navigation state (spec 002 §2)', () => {
  it('opens as a history entry of the same address carrying the walkthrough', () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    expect(page.open()).toBe(true);
    expect(page.navigations).toEqual([
      { type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', replace: false, state: { modal: 'walkthrough' } },
    ]);
    // The router follows: the video stays open, as it was.
    page.actor.send({ type: 'video.play' });
    page.arrive('walkthrough');
    expect([page.open(), page.overlay()]).toEqual([true, false]);
  });

  it("closes on the browser's Back (the entry no longer carries it), asking for no navigation", () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    page.arrive('walkthrough');
    page.arrive(null);
    expect(page.open()).toBe(false);
    expect(page.navigations).toHaveLength(1);
  });

  it('closed by its Close, goes back over the entry it added', () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    page.arrive('walkthrough');
    page.actor.send({ type: 'video.close' });
    expect(page.open()).toBe(false);
    expect(page.navigations.at(-1)).toEqual({ type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', back: 1 });
  });

  it('reopens after a reload (or a link) whose entry carries it, and then clears the state in place when closed', () => {
    const page = dashboard('walkthrough');
    expect([page.open(), page.overlay()]).toEqual([true, true]);
    page.actor.send({ type: 'video.close' });
    expect(page.navigations).toEqual([{ type: 'navigate', to: '/credit/disputes/not-challenged?from=hub', replace: true, state: null }]);
  });

  it("leaves another dialog's modal state alone, and does not open before it knows the address", () => {
    expect(dashboard('contactForm').open()).toBe(false);
    const early = run(walkthroughMachine);
    early.actor.send({ type: 'video.open' });
    expect(walkthroughSelectors.open(early.actor.getSnapshot())).toBe(false);
  });
});

describe('the walkthrough player (spec 001 §2, §8)', () => {
  it('shows the overlay until play and again when the video ends', () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    expect(page.overlay()).toBe(true);
    page.actor.send({ type: 'video.play' });
    expect(page.overlay()).toBe(false);
    page.actor.send({ type: 'video.ended' });
    expect(page.overlay()).toBe(true);
  });

  it('says the video could not be loaded instead of the player, and Try again brings the player back', () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    page.actor.send({ type: 'video.failed' });
    expect([page.failed(), page.overlay()]).toEqual([true, false]);
    page.actor.send({ type: 'video.play' });
    expect(page.failed()).toBe(true);
    page.actor.send({ type: 'video.retry' });
    expect([page.failed(), page.overlay()]).toEqual([false, true]);
    // A failure while playing too (the connection dropped).
    page.actor.send({ type: 'video.play' });
    page.actor.send({ type: 'video.failed' });
    expect(page.failed()).toBe(true);
  });

  it('opens again at its overlay after closing', () => {
    const page = dashboard();
    page.actor.send({ type: 'video.open' });
    page.actor.send({ type: 'video.failed' });
    page.actor.send({ type: 'video.close' });
    page.actor.send({ type: 'video.open' });
    expect([page.open(), page.overlay(), page.failed()]).toEqual([true, true, false]);
  });
});
