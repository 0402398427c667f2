import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { overridesMachine, overridesSelectors as select, overridesToSend } from '../../../machines/devTools/overrides.machine';
import type { UserOverridesData } from '../../../machines/devTools/ports';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('overrides');
if (!entry) throw new Error('overrides is not registered');

runModelPaths(entry, { variants: [{ name: 'overrides already active', input: { active: true } }] });

function overrides(active: boolean, fail: readonly string[] = []) {
  const calls: string[] = [];
  const machine = overridesMachine.provide({
    actors: {
      applyOverrides: fromPromise<UserOverridesData, { overrides: UserOverridesData }>(async ({ input }) => {
        calls.push(`override:${JSON.stringify(input.overrides)}`);
        if (fail.includes('apply')) throw { code: 'permission-denied' };
        return input.overrides;
      }),
      restoreOverrides: fromPromise<void, void>(async () => {
        calls.push('restore');
        if (fail.includes('restore')) throw { code: 'unavailable' };
      }),
      refreshToken: fromPromise<void, void>(async () => {
        calls.push('refreshToken');
        if (fail.includes('refresh')) throw { code: 'network-request-failed' };
      }),
    },
  });
  const running = run(machine, { active });
  return {
    calls,
    snapshot: running.snapshot,
    emitted: () => running.emitted.map((event) => ('key' in event ? event.key : event.type)),
    send: running.send,
  };
}

describe('developer overrides (spec 000 §6, spec 001 §7 setUser)', () => {
  it('applies only the fields chosen, refreshes the token so the app follows, and is active', async () => {
    const o = overrides(false);
    await o.send({ type: 'overrides.change', overrides: { productLine: 'Freemium', role: undefined, claims: { allowClientActions: undefined } } });
    await o.send({ type: 'overrides.apply' });
    expect([o.calls, select.active(o.snapshot()), select.activeOverrides(o.snapshot()), o.emitted()]).toEqual([
      ['override:{"productLine":"Freemium"}', 'refreshToken'],
      true,
      { productLine: 'Freemium' },
      ['toast.overrides-applied', 'claims.changed'],
    ]);
  });

  it('refuses to apply a form that overrides nothing', async () => {
    const o = overrides(false);
    await o.send({ type: 'overrides.apply' });
    expect([o.calls, select.active(o.snapshot()), o.emitted()]).toEqual([[], false, ['toast.overrides-empty']]);
  });

  it('a refused override leaves nothing active and says so', async () => {
    const o = overrides(false, ['apply']);
    await o.send({ type: 'overrides.change', overrides: { isDeveloper: false } });
    await o.send({ type: 'overrides.apply' });
    expect([select.active(o.snapshot()), select.errorCode(o.snapshot()), o.emitted()]).toEqual([false, 'permission-denied', ['toast.overrides-failed']]);
  });

  it('starts active when the session carries the overridesActive claim, and Restore puts everything back', async () => {
    const o = overrides(true);
    expect(select.active(o.snapshot())).toBe(true);
    await o.send({ type: 'overrides.restore' });
    expect([o.calls, select.active(o.snapshot()), o.emitted()]).toEqual([['restore', 'refreshToken'], false, ['toast.overrides-restored', 'claims.changed']]);
  });

  it('a failed restore stays active with the error', async () => {
    const o = overrides(true, ['restore']);
    await o.send({ type: 'overrides.restore' });
    expect([select.active(o.snapshot()), select.errorCode(o.snapshot()), o.emitted()]).toEqual([true, 'unavailable', ['toast.overrides-failed']]);
  });

  it('applied but the token refresh failed: active, with a warning that the app follows later', async () => {
    const o = overrides(false, ['refresh']);
    await o.send({ type: 'overrides.change', overrides: { companyAffiliated: true } });
    await o.send({ type: 'overrides.apply' });
    expect([select.active(o.snapshot()), o.emitted()]).toEqual([true, ['toast.overrides-applied', 'toast.overrides-refresh-failed']]);
  });

  it('sends claims only when one is chosen', () => {
    expect([overridesToSend({ claims: {} }), overridesToSend({ claims: { allowPortalDownload: true }, isDeveloper: false })]).toEqual([
      {},
      { isDeveloper: false, claims: { allowPortalDownload: true } },
    ]);
  });

  it('applies a provider fault chosen in the form (security review "faults"), sending only the providers chosen', async () => {
    const o = overrides(false);
    await o.send({ type: 'overrides.change', overrides: { providerFaults: { crm: 'fail', kba: undefined }, providerDeadlineMs: 1_000 } });
    await o.send({ type: 'overrides.apply' });
    expect([o.calls, select.active(o.snapshot()), select.activeOverrides(o.snapshot())]).toEqual([
      ['override:{"providerFaults":{"crm":"fail"},"providerDeadlineMs":1000}', 'refreshToken'],
      true,
      { providerFaults: { crm: 'fail' }, providerDeadlineMs: 1_000 },
    ]);
    expect(overridesToSend({ providerFaults: { mail: undefined } })).toEqual({});
  });
});
