import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { devToolsMachine, devToolsSelectors } from '../../../machines/devTools/devTools.machine';
import { SAMPLE_DEV_ACTIONS } from '../../../machines/devTools/entries';
import type { DevToolsCommand, DevToolsResult } from '../../../machines/devTools/ports';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('devTools');
if (!entry) throw new Error('devTools is not registered');

runModelPaths(entry);

function devTools(answer: (command: DevToolsCommand) => DevToolsResult | Promise<never>) {
  const sent: DevToolsCommand[] = [];
  const machine = devToolsMachine.provide({
    actors: {
      runCommand: fromPromise<DevToolsResult, { command: DevToolsCommand }>(async ({ input }) => {
        sent.push(input.command);
        return answer(input.command);
      }),
    },
  });
  const running = run(machine);
  return {
    sent,
    snapshot: running.snapshot,
    notices: () => running.emitted.map(({ level, key, values }) => ({ level, key, values })),
    send: running.send,
  };
}

describe('the developer tools commands (spec 001 §2, §7 devTools)', () => {
  it('runs a harmless command at once and shows what it answered', async () => {
    const d = devTools(() => ({ command: 'getAllActions', actions: SAMPLE_DEV_ACTIONS }));
    await d.send({ type: 'command.run', command: { command: 'getAllActions' } });
    expect([d.sent, devToolsSelectors.actions(d.snapshot()), devToolsSelectors.result(d.snapshot())?.command, d.notices()]).toEqual([
      [{ command: 'getAllActions' }],
      SAMPLE_DEV_ACTIONS,
      'getAllActions',
      [{ level: 'success', key: 'toast.command-done', values: { command: 'getAllActions' } }],
    ]);
  });

  it.each<DevToolsCommand>([
    { command: 'delete', categories: ['documents'] },
    { command: 'setActions', actions: [{ name: 'Call your coach', type: 'call_agent', status: 'active' }] },
    { command: 'repopulateReport' },
  ])('asks before $command, and sends nothing when cancelled', async (command) => {
    const d = devTools(() => ({ command: command.command }));
    await d.send({ type: 'command.run', command });
    expect([devToolsSelectors.confirming(d.snapshot()), devToolsSelectors.pending(d.snapshot()), d.sent]).toEqual([true, command, []]);
    await d.send({ type: 'command.cancel' });
    expect([devToolsSelectors.confirming(d.snapshot()), d.sent]).toEqual([false, []]);
  });

  it('confirmed, the destructive command runs and its counts show', async () => {
    const d = devTools(() => ({ command: 'delete', deleted: { documents: 3 } }));
    await d.send({ type: 'command.run', command: { command: 'delete', categories: ['documents'] } });
    await d.send({ type: 'command.confirm' });
    expect([d.sent, devToolsSelectors.result(d.snapshot())?.deleted]).toEqual([[{ command: 'delete', categories: ['documents'] }], { documents: 3 }]);
  });

  it('refuses a delete without categories and an action without a name before sending anything', async () => {
    const d = devTools(() => ({ command: 'delete' }));
    await d.send({ type: 'command.run', command: { command: 'delete', categories: [] } });
    await d.send({ type: 'command.run', command: { command: 'setActions', actions: [{ name: '  ', type: 'call_agent', status: 'active' }] } });
    expect([d.sent, devToolsSelectors.confirming(d.snapshot()), d.notices().map((notice) => notice.key)]).toEqual([
      [],
      false,
      ['toast.command-invalid', 'toast.command-invalid'],
    ]);
  });

  it("a refused command shows the server's code and which command failed; another command can run after it", async () => {
    let refuse = true;
    const d = devTools((command) => (refuse ? Promise.reject({ code: 'not-available-in-production' }) : { command: command.command, score: 71 }));
    await d.send({ type: 'command.run', command: { command: 'recalculateScore' } });
    expect([devToolsSelectors.errorCode(d.snapshot()), devToolsSelectors.failedCommand(d.snapshot()), d.notices().at(-1)?.key]).toEqual([
      'not-available-in-production',
      'recalculateScore',
      'toast.command-failed',
    ]);
    refuse = false;
    await d.send({ type: 'command.run', command: { command: 'recalculateScore' } });
    expect([devToolsSelectors.errorCode(d.snapshot()), devToolsSelectors.result(d.snapshot())?.score]).toEqual([null, 71]);
  });

  it('is busy while the command runs', async () => {
    let finish: (value: DevToolsResult) => void = () => undefined;
    const d = devTools(() => new Promise<never>((resolve) => (finish = resolve as never)));
    await d.send({ type: 'command.run', command: { command: 'toggleV2' } });
    expect(devToolsSelectors.busy(d.snapshot())).toBe(true);
    finish({ command: 'toggleV2', v2Disputes: true });
    await settle();
    expect([devToolsSelectors.busy(d.snapshot()), devToolsSelectors.result(d.snapshot())?.v2Disputes]).toEqual([false, true]);
  });
});
