import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_DISPUTE_ITEMS } from '../../../machines/disputes/entries';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { welcomeFlowMachine, welcomeFlowSelectors, type WelcomeFlowInput } from '../../../machines/hub/welcomeFlow.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('welcomeFlow');
if (!entry) throw new Error('welcomeFlow is not registered');
const REGISTERED = entry.testModel.input as WelcomeFlowInput;

runModelPaths(entry, {
  variants: [
    { name: 'flag off', input: { ...REGISTERED, resolvedDisputeModal: false } },
    { name: 'a coach (no views recorded)', input: { ...REGISTERED, canRecordViews: false } },
  ],
});

const { corrected, underReview } = SAMPLE_DISPUTE_ITEMS;

function welcome(input: Partial<WelcomeFlowInput>, items: InvestigationItemData[], failMark = false) {
  const loads: number[] = [];
  const marked: string[][] = [];
  const machine = welcomeFlowMachine.provide({
    actors: {
      loadResolvedDisputes: fromPromise<InvestigationItemData[], void>(async () => {
        loads.push(1);
        return items;
      }),
      markInvestigationsViewed: fromPromise<void, { ids: string[] }>(async ({ input: request }) => {
        marked.push(request.ids);
        if (failMark) throw { code: 'unavailable' };
      }),
    },
  });
  const running = run(machine, { ...REGISTERED, ...input });
  return { ...running, loads, marked, snapshot: () => running.actor.getSnapshot() };
}

describe('the welcome flow after sign-in (spec 002 §4)', () => {
  it('shows the unviewed corrected disputes once, then marks them viewed', async () => {
    const viewed = { ...corrected, id: 'collection-seen', viewed: true };
    const w = welcome({}, [corrected, viewed, underReview]);
    await settle();
    expect(welcomeFlowSelectors.resolvedOpen(w.snapshot())).toBe(true);
    expect(welcomeFlowSelectors.resolved(w.snapshot()).map((item) => item.id)).toEqual(['collection-removed']);
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect(w.marked).toEqual([['collection-removed']]);
    expect(w.snapshot().output).toEqual({ shown: true });
  });

  it('shows nothing when every corrected dispute was seen', async () => {
    const w = welcome({}, [{ ...corrected, viewed: true }, underReview]);
    await settle();
    expect([welcomeFlowSelectors.resolvedOpen(w.snapshot()), w.snapshot().output]).toEqual([false, { shown: false }]);
  });

  it('asks nothing with the flag off or when shown already in this sign-in', async () => {
    const off = welcome({ resolvedDisputeModal: false }, [corrected]);
    const shown = welcome({ alreadyShown: true }, [corrected]);
    await settle();
    expect([off.loads, shown.loads, off.snapshot().status, shown.snapshot().status]).toEqual([[], [], 'done', 'done']);
  });

  it('records no view for a coach', async () => {
    const w = welcome({ canRecordViews: false }, [corrected]);
    await settle();
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.marked, w.snapshot().status]).toEqual([[], 'done']);
  });

  it('ends even when the views cannot be recorded', async () => {
    const w = welcome({}, [corrected], true);
    await settle();
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.marked.length, w.snapshot().status]).toEqual([1, 'done']);
  });
});
