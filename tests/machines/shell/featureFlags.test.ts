import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { PortError } from '../../../machines/ports';
import { featureFlagsSelectors } from '../../../machines/shell/featureFlags.machine';
import { provideFeatureFlagsMachine, type PageVisibility } from '../../../src/app/shell/machines';
import type { AppPorts } from '../../../src/app/ports';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '../../../src/domain/constants';
import { resolveFlags } from '../../../src/domain/flags';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('featureFlags');
if (!entry) throw new Error('featureFlags is not registered');
runModelPaths(entry);

/**
 * The config/featureFlags document as the adapter serves it: each subscription answers with the document as it is
 * now (asynchronously, like a read), or fails while `failing` is set. `reads` counts the reads.
 */
function fakeConfig(initial: Record<string, unknown> = {}) {
  const state = { document: initial, failing: false, reads: 0, open: 0 };
  const ports = {
    liveData: {
      subscribeFeatureFlags: (listener: (flags: Record<string, unknown>) => void, onError: (error: PortError) => void) => {
        state.reads += 1;
        state.open += 1;
        let stopped = false;
        void Promise.resolve().then(() => {
          if (stopped) return;
          if (state.failing) onError({ code: 'unavailable' });
          else listener({ ...state.document });
        });
        return () => {
          stopped = true;
          state.open -= 1;
        };
      },
    },
  } as unknown as AppPorts;
  return { state, ports };
}

function fakePage(): PageVisibility & { show(visible: boolean): void } {
  let listener: (visible: boolean) => void = () => undefined;
  return {
    subscribe(next) {
      listener = next;
      return () => undefined;
    },
    show: (visible) => listener(visible),
  };
}

function start(config: ReturnType<typeof fakeConfig>, environment: 'prod' | 'emulator' = 'emulator') {
  const page = fakePage();
  const actor = createActor(provideFeatureFlagsMachine(config.ports, page), { input: { environment }, inspect }).start();
  return {
    page,
    flags: () => featureFlagsSelectors.flags(actor.getSnapshot()),
    read: () => featureFlagsSelectors.isRead(actor.getSnapshot()),
  };
}

/** Lets the fake's read answer. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('feature flags (spec 000 §6)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("are the environment's defaults until the first fetch answers", async () => {
    const prod = start(fakeConfig({ brokerInfoBanner: true }), 'prod');
    expect(prod.flags()).toEqual(resolveFlags(null, { env: 'prod' }));
    expect(prod.flags().charging).toBe(false);
    expect(prod.read()).toBe(false);
    await settle();
    expect(prod.read()).toBe(true);
    expect(prod.flags().brokerInfoBanner).toBe(true);
  });

  it("use each flag's default where the document lacks it or sets it with the wrong type, and its welcome message", async () => {
    const flags = start(fakeConfig({ bottomNavigation: 'yes', brokerInfoBanner: true, welcomeMessage: 'Hello there', notAFlag: 3 }));
    await settle();
    expect(flags.flags()).toEqual(resolveFlags({ brokerInfoBanner: true, welcomeMessage: 'Hello there' }, { env: 'emulator' }));
    expect(flags.flags().bottomNavigation).toBe(true);
  });

  it("keep the default welcome message 'Welcome' when the document's is blank", async () => {
    const flags = start(fakeConfig({ welcomeMessage: '  ' }));
    await settle();
    expect(flags.flags().welcomeMessage).toBe('Welcome');
  });

  it('fetch at most every 10 s: a change shows at the next fetch, not before', async () => {
    const config = fakeConfig({ disputeResults: false });
    const flags = start(config);
    await settle();
    expect(config.state.reads).toBe(1);
    config.state.document = { disputeResults: true };
    await vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS - 1);
    expect(config.state.reads).toBe(1);
    expect(flags.flags().disputeResults).toBe(false);
    // Focus inside the interval does not fetch either.
    flags.page.show(true);
    await settle();
    expect(config.state.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(config.state.reads).toBe(2);
    expect(flags.flags().disputeResults).toBe(true);
    // Every read is closed once answered: nothing stays subscribed.
    expect(config.state.open).toBe(0);
  });

  it('wait while the page is hidden and fetch as soon as it is shown again', async () => {
    const config = fakeConfig();
    const flags = start(config);
    await settle();
    flags.page.show(false);
    config.state.document = { partnerMode: true };
    await vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS * 5);
    expect(config.state.reads).toBe(1);
    expect(flags.flags().partnerMode).toBe(false);
    flags.page.show(true);
    await settle();
    expect(config.state.reads).toBe(2);
    expect(flags.flags().partnerMode).toBe(true);
  });

  it('stay as they are when a fetch fails, and fetch again after the interval', async () => {
    const config = fakeConfig({ brokerInfoBanner: true });
    const flags = start(config);
    await settle();
    config.state.failing = true;
    await vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS);
    expect(config.state.reads).toBe(2);
    expect(flags.flags().brokerInfoBanner).toBe(true);
    config.state.failing = false;
    config.state.document = {};
    await vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS);
    expect(flags.flags().brokerInfoBanner).toBe(false);
  });

  it('count as read when the first fetch fails (the defaults are the answer)', async () => {
    const config = fakeConfig();
    config.state.failing = true;
    const flags = start(config);
    await settle();
    expect(flags.read()).toBe(true);
    expect(flags.flags()).toEqual(resolveFlags(null, { env: 'emulator' }));
  });
});
