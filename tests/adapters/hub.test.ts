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
});
