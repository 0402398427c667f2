import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { PortError } from '../../../machines/ports';
import { featureFlagsMachine, featureFlagsSelectors } from '../../../machines/shell/featureFlags.machine';
import type { FeatureFlagsChangedEvent } from '../../../machines/shell/ports';
import { provideFeatureFlagsMachine } from '../../../src/app/shell/machines';
import type { AppPorts } from '../../../src/app/ports';
import { resolveFlags } from '../../../src/domain/flags';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('featureFlags');
if (!entry) throw new Error('featureFlags is not registered');
runModelPaths(entry);

function startWithFake(environment: 'prod' | 'emulator') {
  let send: (event: FeatureFlagsChangedEvent) => void = () => undefined;
  const actor = createActor(
    featureFlagsMachine.provide({
      actors: {
        watchFeatureFlags: fromCallback<EventObject, void>(({ sendBack }) => {
          send = sendBack;
        }),
      },
    }),
    { input: { environment }, inspect },
  ).start();
  return {
    flags: () => featureFlagsSelectors.flags(actor.getSnapshot()),
    read: (overrides: Record<string, unknown>) => send({ type: 'featureFlags.changed', overrides }),
  };
}

describe('feature flags (spec 000 §6)', () => {
  it("are the environment's defaults until the document is read", () => {
    expect(startWithFake('prod').flags()).toEqual(resolveFlags(null, { env: 'prod' }));
    expect(startWithFake('emulator').flags()).toEqual(resolveFlags(null, { env: 'emulator' }));
    expect(startWithFake('prod').flags().charging).toBe(false);
  });

  it('take the overrides the document sets, live', () => {
    const flags = startWithFake('emulator');
    flags.read({ brokerInfoBanner: true });
    expect(flags.flags().brokerInfoBanner).toBe(true);
    flags.read({ brokerInfoBanner: false, bottomNavigation: false });
    expect(flags.flags()).toEqual(resolveFlags({ brokerInfoBanner: false, bottomNavigation: false }, { env: 'emulator' }));
  });

  it('count a document that does not parse as no overrides', () => {
    const flags = startWithFake('emulator');
    flags.read({ brokerInfoBanner: true });
    flags.read({ brokerInfoBanner: 'yes' });
    expect(flags.flags()).toEqual(resolveFlags(null, { env: 'emulator' }));
  });

  it('stay as they are when the document cannot be read (src/app/shell/machines.ts)', () => {
    let listener: (flags: Record<string, boolean>) => void = () => undefined;
    let onError: (error: PortError) => void = () => undefined;
    const ports = {
      liveData: {
        subscribeFeatureFlags: (next: typeof listener, fail: typeof onError) => {
          listener = next;
          onError = fail;
          return () => undefined;
        },
      },
    } as unknown as AppPorts;
    const actor = createActor(provideFeatureFlagsMachine(ports), { input: { environment: 'emulator' }, inspect }).start();
    listener({ brokerInfoBanner: true });
    onError({ code: 'permission-denied' });
    expect(featureFlagsSelectors.flags(actor.getSnapshot()).brokerInfoBanner).toBe(true);
  });
});
