import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { TOUR_RESTORE_WAIT_MS, tourMachine, tourSelectors } from '../../../machines/hub/tour.machine';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('tour');
if (!entry) throw new Error('tour is not registered');

runModelPaths(entry);

const HOME = ['scoreComponent', 'scoreDetailsButton', 'actionsSection'];

function tour() {
  const actor = createActor(tourMachine).start();
  return { actor, target: () => tourSelectors.target(actor.getSnapshot()) };
}

describe('the guided tour (spec 002 §4 Tour)', () => {
  it('visits the page’s targets in order and closes after the last one', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: HOME });
    const seen = [t.target()];
    t.actor.send({ type: 'tour.next' });
    seen.push(t.target());
    t.actor.send({ type: 'tour.next' });
    seen.push(t.target());
    expect(tourSelectors.isLast(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'tour.next' });
    seen.push(t.target());
    expect(seen).toEqual([...HOME, null]);
  });

  it('skips the targets the page does not show, counting only the shown ones', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: ['moneyOverview', 'paymentSimulator'] });
    expect([t.target(), tourSelectors.step(t.actor.getSnapshot()), tourSelectors.total(t.actor.getSnapshot())]).toEqual(['moneyOverview', 1, 2]);
  });

  it('does not open on a page that shows none of its targets', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: [] });
    expect(t.target()).toBeNull();
  });

  it('goes back one step, but not before the first', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: HOME });
    t.actor.send({ type: 'tour.back' });
    expect(t.target()).toBe('scoreComponent');
    t.actor.send({ type: 'tour.next' });
    t.actor.send({ type: 'tour.back' });
    expect(t.target()).toBe('scoreComponent');
  });

  it('closes when dismissed (Escape or a click outside)', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: HOME });
    t.actor.send({ type: 'tour.dismiss' });
    expect(t.target()).toBeNull();
  });

  it('follows the navigation state: a reload or Forward reopens its step, Back past the start closes it', () => {
    const t = tour();
    t.actor.send({ type: 'tour.restore', target: 'actionsSection', available: HOME });
    expect([t.target(), tourSelectors.step(t.actor.getSnapshot())]).toEqual(['actionsSection', 3]);
    t.actor.send({ type: 'tour.restore', target: null, available: HOME });
    expect(t.target()).toBeNull();
  });

  it('closes instead of showing a restored target the page no longer shows', () => {
    const t = tour();
    t.actor.send({ type: 'tour.start', available: HOME });
    t.actor.send({ type: 'tour.restore', target: 'scoreDetailsButton', available: ['scoreComponent', 'actionsSection'] });
    expect(t.target()).toBeNull();
  });

  describe('after a reload, while the page is still loading', () => {
    afterEach(() => vi.useRealTimers());
    const LOADING = ['scoreComponent', 'actionsSection'];

    it('waits for the restored step’s part of the page and opens there once it shows', () => {
      const t = tour();
      t.actor.send({ type: 'tour.restore', target: 'scoreDetailsButton', available: LOADING });
      expect(t.target()).toBeNull();
      expect(tourSelectors.navigationTarget(t.actor.getSnapshot())).toBe('scoreDetailsButton');
      t.actor.send({ type: 'tour.targetsChanged', available: LOADING });
      expect(t.target()).toBeNull();
      t.actor.send({ type: 'tour.targetsChanged', available: HOME });
      expect([t.target(), tourSelectors.step(t.actor.getSnapshot()), tourSelectors.total(t.actor.getSnapshot())]).toEqual(['scoreDetailsButton', 2, 3]);
    });

    it('closes, and drops the step from the navigation state, when that part never shows', () => {
      vi.useFakeTimers();
      const t = tour();
      t.actor.send({ type: 'tour.restore', target: 'scoreDetailsButton', available: LOADING });
      vi.advanceTimersByTime(TOUR_RESTORE_WAIT_MS - 1);
      expect(tourSelectors.isRestoring(t.actor.getSnapshot())).toBe(true);
      vi.advanceTimersByTime(1);
      expect(tourSelectors.isRestoring(t.actor.getSnapshot())).toBe(false);
      expect(tourSelectors.navigationTarget(t.actor.getSnapshot())).toBeNull();
      t.actor.send({ type: 'tour.targetsChanged', available: HOME });
      expect(t.target()).toBeNull();
    });

    it('keeps waiting while the page keeps changing, and closes once it has stayed still for the whole wait', () => {
      vi.useFakeTimers();
      const t = tour();
      t.actor.send({ type: 'tour.restore', target: 'scoreDetailsButton', available: LOADING });
      vi.advanceTimersByTime(TOUR_RESTORE_WAIT_MS - 1);
      t.actor.send({ type: 'tour.targetsChanged', available: LOADING });
      vi.advanceTimersByTime(TOUR_RESTORE_WAIT_MS - 1);
      expect(tourSelectors.navigationTarget(t.actor.getSnapshot())).toBe('scoreDetailsButton');
      vi.advanceTimersByTime(1);
      expect(tourSelectors.isRestoring(t.actor.getSnapshot())).toBe(false);
    });

    it('starts afresh when the customer asks for the tour while waiting', () => {
      const t = tour();
      t.actor.send({ type: 'tour.restore', target: 'scoreDetailsButton', available: LOADING });
      t.actor.send({ type: 'tour.start', available: LOADING });
      expect([t.target(), tourSelectors.step(t.actor.getSnapshot())]).toEqual(['scoreComponent', 1]);
    });
  });
});
