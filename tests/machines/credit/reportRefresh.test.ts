import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { OrderReportResult } from '../../../machines/credit/ports';
import { reportRefreshMachine, reportRefreshSelectors } from '../../../machines/credit/reportRefresh.machine';
import type { ReportRefreshFacts } from '../../../src/domain/reportRefresh';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('reportRefresh');
if (!entry) throw new Error('reportRefresh is not registered');
runModelPaths(entry);

const TODAY = '2026-11-25';
const DUE: ReportRefreshFacts = { creditPullDate: '2026-10-16', kbaStatus: true, isAgent: false, allowClientActions: false };

/** A refresh control whose orders the test answers, one at a time, counting the orders placed. */
function refresh(facts: ReportRefreshFacts = DUE, kbaFlag = false) {
  let answer: { resolve: (result: OrderReportResult) => void; reject: (error: unknown) => void } | null = null;
  let orders = 0;
  const machine = reportRefreshMachine.provide({
    actors: {
      orderReport: fromPromise<OrderReportResult, void>(
        () =>
          new Promise((resolve, reject) => {
            orders += 1;
            answer = { resolve, reject };
          }),
      ),
    },
  });
  const running = run(machine, { facts, today: TODAY, kbaFlag });
  const { snapshot } = running;
  return {
    ...running,
    orders: () => orders,
    status: () => reportRefreshSelectors.status(snapshot()),
    disabledUntil: () => reportRefreshSelectors.disabledUntil(snapshot()),
    async resolve(result: OrderReportResult) {
      answer?.resolve(result);
      await settle();
    },
    async reject(error: unknown) {
      answer?.reject(error);
      await settle();
    },
  };
}

describe('report refresh (spec 001 §4 report ordering, §5, §8)', () => {
  it('orders a new report: in-progress toast, loading, then the report is invalidated and refresh waits 30 days', async () => {
    const control = refresh();
    expect(control.status()).toBe('enabled');
    control.actor.send({ type: 'refresh.order' });
    expect(control.status()).toBe('loading');
    expect(control.emitted).toEqual([{ type: 'notify', level: 'info', key: 'refresh.ordering' }]);
    await control.resolve({ status: 'ordered', creditPullDate: TODAY });
    expect(control.emitted.slice(1)).toEqual([
      { type: 'report.ordered', creditPullDate: TODAY },
      { type: 'notify', level: 'success', key: 'refresh.ordered' },
    ]);
    expect(control.status()).toBe('disabled');
    expect(control.disabledUntil()).toBe('2026-12-25');
  });

  it('sends the customer to the identity check when the order needs KBA first', async () => {
    const control = refresh(DUE, true);
    expect(reportRefreshSelectors.needsKba(control.actor.getSnapshot())).toBe(false);
    control.actor.send({ type: 'facts.changed', facts: { ...DUE, kbaStatus: null }, today: TODAY, kbaFlag: true });
    expect(reportRefreshSelectors.needsKba(control.actor.getSnapshot())).toBe(true);
    control.actor.send({ type: 'refresh.order' });
    await control.resolve({ status: 'kba-required', kbaLinkId: 'kba session/1' });
    expect(control.emitted.at(-1)).toEqual({ type: 'navigate', to: '/kba?id=kba%20session%2F1' });
    expect(control.status()).toBe('enabled');
  });

  it('shows the seconds left when the server refuses a second order as throttled, and is enabled again', async () => {
    const control = refresh();
    control.actor.send({ type: 'refresh.order' });
    await control.reject({ code: 'resource-exhausted', retryAfterSeconds: 11 });
    expect(control.emitted.at(-1)).toEqual({ type: 'notify', level: 'info', key: 'refresh.throttled', values: { count: 11 } });
    expect(control.status()).toBe('enabled');
  });

  it('counts the whole throttle window when the server does not say the seconds left', async () => {
    const control = refresh();
    control.actor.send({ type: 'refresh.order' });
    await control.reject({ code: 'resource-exhausted' });
    expect(control.emitted.at(-1)).toEqual({ type: 'notify', level: 'info', key: 'refresh.throttled', values: { count: 15 } });
  });

  it('says a report is already on its way when the server aborts the order for an earlier one still being pulled', async () => {
    const control = refresh();
    control.actor.send({ type: 'refresh.order' });
    await control.reject({ code: 'aborted', callableCode: 'aborted', key: 'order-in-progress' });
    expect(control.emitted.at(-1)).toEqual({ type: 'notify', level: 'info', key: 'refresh.inProgress' });
    expect(control.status()).toBe('enabled');
  });

  it('shows an error toast for any other failure and keeps the refresh enabled', async () => {
    for (const error of [{ code: 'unavailable' }, { code: 'failed-precondition', key: 'refresh-not-allowed' }, new Error('offline')]) {
      const control = refresh();
      control.actor.send({ type: 'refresh.order' });
      await control.reject(error);
      expect(control.emitted.at(-1)).toEqual({ type: 'notify', level: 'error', key: 'refresh.failed' });
      expect(control.status()).toBe('enabled');
    }
  });

  it('places one order however often Refresh is pressed while it runs', async () => {
    const control = refresh();
    control.actor.send({ type: 'refresh.order' });
    control.actor.send({ type: 'refresh.order' });
    await settle();
    expect(control.orders()).toBe(1);
  });

  it('orders nothing while disabled or not permitted', async () => {
    const recent = refresh({ ...DUE, creditPullDate: '2026-11-10' });
    expect([recent.status(), recent.disabledUntil()]).toEqual(['disabled', '2026-12-10']);
    recent.actor.send({ type: 'refresh.order' });
    const coach = refresh({ ...DUE, isAgent: true });
    expect([coach.status(), coach.disabledUntil()]).toEqual(['notPermitted', null]);
    coach.actor.send({ type: 'refresh.order' });
    await settle();
    expect([recent.orders(), coach.orders(), recent.emitted, coach.emitted]).toEqual([0, 0, [], []]);
  });

  it('is disabled with no date after a failed identity check', () => {
    const control = refresh({ ...DUE, kbaStatus: false });
    expect([control.status(), control.disabledUntil()]).toEqual(['disabled', null]);
  });

  it('follows the contact query as it reloads, and a coach given client actions may refresh', () => {
    const control = refresh({ ...DUE, isAgent: true });
    control.actor.send({ type: 'facts.changed', facts: { ...DUE, isAgent: true, allowClientActions: true }, today: TODAY, kbaFlag: false });
    expect(control.status()).toBe('enabled');
    control.actor.send({ type: 'facts.changed', facts: { ...DUE, creditPullDate: '2026-11-24' }, today: TODAY, kbaFlag: false });
    expect(control.status()).toBe('disabled');
    control.actor.send({ type: 'facts.changed', facts: { ...DUE, creditPullDate: '2026-11-24' }, today: '2026-12-24', kbaFlag: false });
    expect(control.status()).toBe('enabled');
  });

  it('decides with the facts the contact query brought while the order ran', async () => {
    const control = refresh();
    control.actor.send({ type: 'refresh.order' });
    control.actor.send({ type: 'facts.changed', facts: { ...DUE, isAgent: true }, today: TODAY, kbaFlag: false });
    expect(control.status()).toBe('loading');
    await control.reject({ code: 'unavailable' });
    expect(control.status()).toBe('notPermitted');
  });
});
