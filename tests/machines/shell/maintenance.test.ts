import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { MAINTENANCE_BYPASS_WARNING_KEY, maintenanceMachine } from '../../../machines/shell/maintenance.machine';
import type { MaintenanceFlagValue, NotifyEmitted } from '../../../machines/ports';
import type { SiteType } from '../../../src/domain/maintenance';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('maintenance');
if (!entry) throw new Error('maintenance is not registered');
runModelPaths(entry);

const NOW = new Date('2026-11-02T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function startWatcher(path = '/') {
  const watched: SiteType[] = [];
  let sendFlag: (flag: MaintenanceFlagValue) => void = () => undefined;
  const clock = new SimulatedClock();
  const actor = createActor(
    maintenanceMachine.provide({
      actors: {
        watchMaintenanceFlag: fromCallback<EventObject, { siteType: SiteType }>(({ input, sendBack }) => {
          watched.push(input.siteType);
          sendFlag = (flag) => sendBack({ type: 'flag.changed', flag });
        }),
      },
    }),
    { input: { siteType: 'Customer', path }, clock, inspect },
  );
  const notifications: NotifyEmitted[] = [];
  actor.on('notify', (event) => notifications.push(event));
  actor.start();
  return {
    actor,
    watched,
    notifications,
    flag: (flag: MaintenanceFlagValue) => sendFlag(flag),
    shows: () => actor.getSnapshot().hasTag('maintenance.screen'),
    /** Moves both the machine's timers and the wall clock its guards read. */
    advance(ms: number) {
      vi.setSystemTime(at(Date.now() - NOW.getTime() + ms));
      clock.increment(ms);
    },
  };
}

describe('maintenance watcher (spec 001 §2, §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the flag of the site's type and shows nothing while it loads", () => {
    const watcher = startWatcher();
    expect(watcher.watched).toEqual(['Customer']);
    expect(watcher.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(watcher.shows()).toBe(false);
  });

  it('shows the maintenance screen when the flag is on and hides it live when cleared', () => {
    const watcher = startWatcher();
    watcher.flag(true);
    expect(watcher.shows()).toBe(true);
    watcher.flag(false);
    expect(watcher.shows()).toBe(false);
  });

  it('shows it inside a window, with either end optional', () => {
    const watcher = startWatcher();
    watcher.flag({ startTime: at(-60_000), endTime: at(60_000) });
    expect(watcher.shows()).toBe(true);
    watcher.flag({ startTime: at(-60_000), endTime: undefined });
    expect(watcher.shows()).toBe(true);
    watcher.flag({ startTime: undefined, endTime: at(60_000) });
    expect(watcher.shows()).toBe(true);
    watcher.flag({ startTime: at(-120_000), endTime: at(-60_000) });
    expect(watcher.shows()).toBe(false);
  });

  it('re-checks an upcoming window every 10 s and shows the screen once it starts', () => {
    const watcher = startWatcher();
    watcher.flag({ startTime: at(15_000), endTime: undefined });
    expect(watcher.shows()).toBe(false);
    watcher.advance(10_000);
    expect(watcher.shows()).toBe(false);
    watcher.advance(9_999);
    expect(watcher.shows()).toBe(false);
    watcher.advance(1);
    expect(watcher.shows()).toBe(true);
  });

  it('never replaces /agent pages', () => {
    const watcher = startWatcher('/agent');
    watcher.flag(true);
    expect(watcher.shows()).toBe(false);
    watcher.actor.send({ type: 'route.changed', path: '/credit' });
    expect(watcher.shows()).toBe(true);
    watcher.actor.send({ type: 'route.changed', path: '/agent/sign-in?token=abc' });
    expect(watcher.shows()).toBe(false);
  });

  it('never shows developers and agent-developers the screen, but warns them', () => {
    for (const claims of [{ isDeveloper: true }, { isAgent: true, agentIsDeveloper: true }]) {
      const watcher = startWatcher();
      watcher.actor.send({ type: 'viewer.changed', claims });
      watcher.flag(true);
      expect(watcher.shows()).toBe(false);
      expect(watcher.actor.getSnapshot().hasTag('maintenance.bypassed')).toBe(true);
      expect(watcher.notifications).toEqual([{ type: 'notify', level: 'warning', key: MAINTENANCE_BYPASS_WARNING_KEY }]);
    }
  });

  it('shows the screen to an agent who is not a developer', () => {
    const watcher = startWatcher();
    watcher.flag(true);
    watcher.actor.send({ type: 'viewer.changed', claims: { isAgent: true } });
    expect(watcher.shows()).toBe(true);
    expect(watcher.notifications).toEqual([]);
  });
});
