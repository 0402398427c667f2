import { describe, expect, it } from 'vitest';
import { createHubPort } from '../../src/adapters/firebase/hub';

// The hub's adapter (src/adapters/firebase/hub.ts): the calls it makes and the answers' dates back to ISO strings.

describe('the hub adapter', () => {
  it("asks getActions with the browser's clock offset and answers the dates as ISO strings", async () => {
    const calls: [string, unknown][] = [];
    const completedAt = new Date('2026-11-26T15:00:00.000Z');
    const call = async (name: string, data: unknown) => {
      calls.push([name, data]);
      const action = { id: 'a1', name: 'Call', type: 'schedule_call', status: 'completed_by_agent', completedAt, updating: false, viewed: true, properties: { recurrence: 'quarterly', nextDueAt: new Date('2027-02-24T15:00:00.000Z') } };
      return { activeActions: [], completedActions: [action], history: [], totalActive: 0, totalComplete: 1, metrics: { totalComplete: 1, completedLast30Days: 1, completedByYou: 0, lastCompletedAt: completedAt } };
    };
    const port = createHubPort(call as never, () => -300);
    const list = await port.getActions();
    expect(calls).toEqual([['getActions', { utcOffsetMinutes: -300 }]]);
    expect(list.completedActions[0]).toMatchObject({ completedAt: '2026-11-26T15:00:00.000Z', properties: { recurrence: 'quarterly', nextDueAt: '2027-02-24T15:00:00.000Z' } });
    expect(list.metrics.lastCompletedAt).toBe('2026-11-26T15:00:00.000Z');
  });

  it('completes an action as the customer and updates the savings on the goal', async () => {
    const calls: [string, unknown][] = [];
    const call = async (name: string, data: unknown) => {
      calls.push([name, data]);
      return name === 'updateSavings' ? { score: { displayScore: 70 }, previousScore: { displayScore: 64 }, components: [], createdAt: new Date() } : { ok: true };
    };
    const port = createHubPort(call as never);
    await port.completeAction('a1');
    await expect(port.updateSavings({ goalId: 'g1', currentSavings: 5_000 })).resolves.toEqual({ displayScore: 70 });
    expect(calls).toEqual([
      ['updateAction', { actionId: 'a1', status: 'completed_by_user' }],
      ['updateSavings', { goalId: 'g1', currentSavings: 5_000 }],
    ]);
  });

  it('runs the action rules through calculateActions', async () => {
    const calls: [string, unknown][] = [];
    const port = createHubPort((async (name: string, data: unknown) => {
      calls.push([name, data]);
      return { actions: [] };
    }) as never);
    await port.calculateActions();
    expect(calls).toEqual([['calculateActions', null]]);
  });

  it("tells of each change the action rules stamp on actions/{uid}, not of the first read nor of the order's upkeep", async () => {
    let push: (data: Record<string, unknown> | null) => void = () => undefined;
    const paths: string[] = [];
    let stopped = false;
    const live = async () => ({
      subscribeDocument: (path: string, listener: (data: Record<string, unknown> | null) => void) => {
        paths.push(path);
        push = listener;
        return () => {
          stopped = true;
        };
      },
    });
    const port = createHubPort((async () => null) as never, () => 0, live);
    const changes: number[] = [];
    const stop = port.subscribeActionChanges('customer-1', () => changes.push(changes.length + 1), () => undefined);
    await Promise.resolve();
    await Promise.resolve();
    expect(paths).toEqual(['actions/customer-1']);
    push(null);
    expect(changes).toEqual([]);
    push({ activeOrder: ['a1'] });
    expect(changes).toEqual([]);
    push({ activeOrder: ['a1'], changedAt: new Date('2026-12-07T12:00:00.000Z') });
    expect(changes).toEqual([1]);
    push({ activeOrder: ['a1', 'a2'], changedAt: new Date('2026-12-07T12:00:00.000Z') });
    expect(changes).toEqual([1]);
    push({ activeOrder: ['a1', 'a2'], changedAt: new Date('2026-12-07T12:05:00.000Z') });
    expect(changes).toEqual([1, 2]);
    stop();
    expect(stopped).toBe(true);
  });
});
