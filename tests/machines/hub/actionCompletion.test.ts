import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { SAMPLE_ACTION_LIST } from '../../../machines/hub/entries';
import { actionCompletionMachine, actionCompletionSelectors, type ActionCompletionInput } from '../../../machines/hub/actionCompletion.machine';
import type { HubActionListData } from '../../../machines/hub/ports';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('actionCompletion');
if (!entry) throw new Error('actionCompletion is not registered');

runModelPaths(entry, {
  variants: [
    { name: 'a coach without client actions', input: { userId: 'customer-1', canComplete: false, canRecordViews: false } },
    { name: 'a coach with client actions (no views recorded)', input: { userId: 'customer-1', canComplete: true, canRecordViews: false } },
  ],
});

const AT = '2026-11-26T15:00:00.000Z';

function hub(
  input: Omit<ActionCompletionInput, 'userId'>,
  options: { failUpdate?: boolean; failLoad?: boolean; failCalculation?: boolean; lists?: HubActionListData[] } = {},
) {
  const updates: { actionId: string; status: string }[] = [];
  const viewed: string[][] = [];
  const steps: string[] = [];
  const watched: string[] = [];
  const lists = options.lists ?? [SAMPLE_ACTION_LIST];
  let loads = 0;
  let failLoad = options.failLoad ?? false;
  let releaseUpdate: () => void = () => undefined;
  let changeActions: () => void = () => undefined;
  const machine = actionCompletionMachine.provide({
    actors: {
      calculateActions: fromPromise<void, void>(async () => {
        steps.push('calculateActions');
        if (options.failCalculation) throw { code: 'unavailable' };
      }),
      watchActions: fromCallback<EventObject, { userId: string }>(({ input: { userId }, sendBack }) => {
        watched.push(userId);
        changeActions = () => sendBack({ type: 'actions.changed' });
        return () => {
          changeActions = () => undefined;
        };
      }),
      loadActions: fromPromise<HubActionListData, void>(async () => {
        steps.push('loadActions');
        if (failLoad) throw { code: 'unavailable' };
        return lists[Math.min(loads++, lists.length - 1)] as HubActionListData;
      }),
      updateAction: fromPromise<void, { actionId: string; status: 'completed_by_user' }>(async ({ input: request }) => {
        updates.push(request);
        await new Promise<void>((resolve) => {
          releaseUpdate = resolve;
        });
        if (options.failUpdate) throw { code: 'internal' };
      }),
      markActionsViewed: fromPromise<void, { ids: string[] }>(async ({ input: request }) => {
        viewed.push(request.ids);
      }),
    },
  });
  const running = run(machine, { userId: 'customer-1', ...input });
  const list = () => actionCompletionSelectors.list(running.actor.getSnapshot());
  return {
    ...running,
    updates,
    viewed,
    steps,
    watched,
    list,
    release: () => releaseUpdate(),
    loads: () => loads,
    /** The server changed the customer's actions (their live stamp moved). */
    serverChanges: () => changeActions(),
    loadsFail: (fail: boolean) => {
      failLoad = fail;
    },
  };
}

const customer = { canComplete: true, canRecordViews: true };

describe('the hub actions and their completion (spec 002 §4, spec 001 §4)', () => {
  it("records the customer's first sight of the actions not seen yet", async () => {
    const h = hub(customer);
    await settle();
    expect(h.viewed).toEqual([['act-upload']]);
    expect(h.list()?.activeActions.map((action) => action.viewed)).toEqual([true, true]);
  });

  it('records no view for a coach', async () => {
    const h = hub({ canComplete: true, canRecordViews: false });
    await settle();
    expect(h.viewed).toEqual([]);
  });

  it('moves a completed action to completed today at once, updating, and sends updateAction; then reads the list again', async () => {
    const after: HubActionListData = { ...SAMPLE_ACTION_LIST, activeActions: [SAMPLE_ACTION_LIST.activeActions[1]!] };
    const h = hub(customer, { lists: [SAMPLE_ACTION_LIST, after] });
    await settle();
    h.actor.send({ type: 'action.complete', actionId: 'act-upload', at: AT });
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-save']);
    expect(h.list()?.completedActions[0]).toMatchObject({ id: 'act-upload', status: 'completed_by_user', completedAt: AT, updating: true });
    expect(actionCompletionSelectors.completing(h.actor.getSnapshot())).toBe(true);
    await settle();
    expect(h.updates).toEqual([{ actionId: 'act-upload', status: 'completed_by_user' }]);
    h.release();
    await settle();
    expect(h.loads()).toBe(2);
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-save']);
  });

  it('puts the action back where it was with errors.complete-action-error when the server fails', async () => {
    const h = hub(customer, { failUpdate: true });
    await settle();
    h.actor.send({ type: 'action.complete', actionId: 'act-upload', at: AT });
    await settle();
    h.release();
    await settle();
    expect(h.list()?.activeActions.map((action) => [action.id, action.status])).toEqual([
      ['act-upload', 'active'],
      ['act-save', 'active'],
    ]);
    expect(h.list()?.completedActions).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'notify', level: 'error', key: 'errors.complete-action-error' });
  });

  it('tells a coach without permission coach.toast.not-permitted and sends nothing', async () => {
    const h = hub({ canComplete: false, canRecordViews: false });
    await settle();
    h.actor.send({ type: 'action.complete', actionId: 'act-upload', at: AT });
    await settle();
    expect(h.updates).toEqual([]);
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-upload', 'act-save']);
    expect(h.emitted).toContainEqual({ type: 'notify', level: 'warning', key: 'coach.toast.not-permitted' });
  });

  it('ignores an action that is not active', async () => {
    const h = hub(customer);
    await settle();
    h.actor.send({ type: 'action.complete', actionId: 'act-unknown', at: AT });
    await settle();
    expect([h.updates, h.emitted]).toEqual([[], []]);
  });

  it('runs the action rules before the first read, so a customer who just finished onboarding sees their first actions', async () => {
    const h = hub(customer);
    expect(actionCompletionSelectors.loading(h.actor.getSnapshot())).toBe(true);
    await settle();
    expect(h.steps).toEqual(['calculateActions', 'loadActions']);
    expect(h.watched).toEqual(['customer-1']);
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-upload', 'act-save']);
  });

  it('still shows the list when the rules could not run', async () => {
    const h = hub(customer, { failCalculation: true });
    await settle();
    expect(h.steps).toEqual(['calculateActions', 'loadActions']);
    expect(h.list()?.activeActions).toHaveLength(2);
  });

  it('reads the list again in place when the server changes the actions, and records the new ones as seen', async () => {
    const review = { ...SAMPLE_ACTION_LIST.activeActions[0]!, id: 'rule-review-disputes', type: 'investigation' as const, viewed: false };
    const first = { ...SAMPLE_ACTION_LIST, activeActions: SAMPLE_ACTION_LIST.activeActions.map((action) => ({ ...action, viewed: true })) };
    const second = { ...first, activeActions: [...first.activeActions, review], totalActive: 3 };
    const h = hub(customer, { lists: [first, second] });
    await settle();
    expect(h.viewed).toEqual([]);
    h.serverChanges();
    // The list stays on screen while it is read again.
    expect(actionCompletionSelectors.loading(h.actor.getSnapshot())).toBe(false);
    expect(h.list()?.activeActions).toHaveLength(2);
    await settle();
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-upload', 'act-save', 'rule-review-disputes']);
    expect(h.viewed).toEqual([['rule-review-disputes']]);
  });

  it('keeps the list shown when reading it again fails, and reads it after the next change', async () => {
    const second = { ...SAMPLE_ACTION_LIST, activeActions: [SAMPLE_ACTION_LIST.activeActions[1]!], totalActive: 1 };
    const h = hub(customer, { lists: [SAMPLE_ACTION_LIST, second] });
    await settle();
    h.loadsFail(true);
    h.serverChanges();
    await settle();
    expect(h.list()?.activeActions).toHaveLength(2);
    expect(actionCompletionSelectors.failed(h.actor.getSnapshot())).toBe(false);
    h.loadsFail(false);
    h.serverChanges();
    await settle();
    expect(h.list()?.activeActions.map((action) => action.id)).toEqual(['act-save']);
  });

  it('recovers from a failed first read when the server changes the actions', async () => {
    const h = hub(customer, { failLoad: true });
    await settle();
    expect(actionCompletionSelectors.failed(h.actor.getSnapshot())).toBe(true);
    h.loadsFail(false);
    h.serverChanges();
    await settle();
    expect(h.list()?.activeActions).toHaveLength(2);
  });

  it('lets the customer complete an action while the list is being read again', async () => {
    const h = hub(customer);
    await settle();
    h.serverChanges();
    h.actor.send({ type: 'action.complete', actionId: 'act-upload', at: AT });
    expect(h.list()?.completedActions[0]).toMatchObject({ id: 'act-upload', updating: true });
    await settle();
    expect(h.updates).toEqual([{ actionId: 'act-upload', status: 'completed_by_user' }]);
  });
});
