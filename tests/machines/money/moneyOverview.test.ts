import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_MONEY_OVERVIEW } from '../../../machines/money/entries';
import { moneyOverviewMachine, moneyOverviewSelectors, type MoneyOverviewData } from '../../../machines/money/moneyOverview.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('moneyOverview');
if (!entry) throw new Error('moneyOverview is not registered');

runModelPaths(entry);

function overview(answers: ReadonlyArray<MoneyOverviewData | { code: string; key?: string }>) {
  let calls = 0;
  const machine = moneyOverviewMachine.provide({
    actors: {
      loadOverview: fromPromise<MoneyOverviewData, void>(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls += 1;
        if ('code' in answer) throw answer;
        return answer;
      }),
    },
  });
  const running = run(machine);
  return { ...running, calls: () => calls, snapshot: () => running.actor.getSnapshot() };
}

describe('the money overview page (spec 002 §2 Money overview)', () => {
  it('shows the loaded figures', async () => {
    const page = overview([SAMPLE_MONEY_OVERVIEW]);
    expect(moneyOverviewSelectors.loading(page.snapshot())).toBe(true);
    await settle();
    expect(moneyOverviewSelectors.data(page.snapshot())).toEqual(SAMPLE_MONEY_OVERVIEW);
  });

  it('offers a retry after a failed load, and loads again on it', async () => {
    const page = overview([{ code: 'unavailable' }, SAMPLE_MONEY_OVERVIEW]);
    await settle();
    expect(moneyOverviewSelectors.loadFailed(page.snapshot())).toBe(true);
    page.actor.send({ type: 'load.retry' });
    await settle();
    expect([page.calls(), moneyOverviewSelectors.data(page.snapshot())]).toEqual([2, SAMPLE_MONEY_OVERVIEW]);
  });

  it('tells the free line\'s refusal apart: the upgrade banner, no retry', async () => {
    const page = overview([{ code: 'failed-precondition', key: 'upgrade-required' }]);
    await settle();
    expect([moneyOverviewSelectors.upgradeRequired(page.snapshot()), moneyOverviewSelectors.loadFailed(page.snapshot())]).toEqual([true, false]);
  });

  it('keeps what was shown when a reload fails, and shows the new figures when it succeeds', async () => {
    const richer = { ...SAMPLE_MONEY_OVERVIEW, annualIncome: 90_000 };
    const page = overview([SAMPLE_MONEY_OVERVIEW, { code: 'unavailable' }, richer]);
    await settle();
    page.actor.send({ type: 'data.reload' });
    await settle();
    expect(moneyOverviewSelectors.data(page.snapshot())).toEqual(SAMPLE_MONEY_OVERVIEW);
    page.actor.send({ type: 'data.reload' });
    await settle();
    expect(moneyOverviewSelectors.data(page.snapshot())?.annualIncome).toBe(90_000);
  });
});
