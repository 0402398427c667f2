import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { reportDownloadMachine, reportDownloadSelectors as select } from '../../../machines/billing/reportDownload.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('reportDownload');
if (!entry) throw new Error('reportDownload is not registered');

runModelPaths(entry);

function download(outcomes: boolean[]) {
  let calls = 0;
  const release: Array<() => void> = [];
  const machine = reportDownloadMachine.provide({
    actors: {
      downloadReports: fromPromise(() => {
        const ok = outcomes[calls] ?? true;
        calls += 1;
        return new Promise<void>((resolve, reject) => release.push(() => (ok ? resolve() : reject({ code: 'unavailable' }))));
      }),
    },
  });
  const running = run(machine);
  return { running, calls: () => calls, release: async () => (release.shift()?.(), await settle()), s: () => running.actor.getSnapshot() };
}

describe('downloading the reports from the payment-failed page (spec 002 §2, §8)', () => {
  it('downloads once however often the button is pressed while it runs', async () => {
    const d = download([true]);
    d.running.actor.send({ type: 'reports.download' });
    d.running.actor.send({ type: 'reports.download' });
    expect([select.downloading(d.s()), d.calls()]).toEqual([true, 1]);
    await d.release();
    expect([select.downloading(d.s()), select.failed(d.s()), select.done(d.s())]).toEqual([false, false, true]);
  });

  it('a finished download says so until the button is pressed again, which downloads again', async () => {
    const d = download([true, false]);
    d.running.actor.send({ type: 'reports.download' });
    await d.release();
    expect(select.done(d.s())).toBe(true);
    d.running.actor.send({ type: 'reports.download' });
    expect([select.done(d.s()), select.downloading(d.s()), d.calls()]).toEqual([false, true, 2]);
    await d.release();
    expect([select.done(d.s()), select.failed(d.s())]).toEqual([false, true]);
  });

  it('a failure opens the credit-report-download-error dialog until closed, and the button works again', async () => {
    const d = download([false, true]);
    d.running.actor.send({ type: 'reports.download' });
    await d.release();
    expect(select.failed(d.s())).toBe(true);
    d.running.actor.send({ type: 'reports.dialogClose' });
    d.running.actor.send({ type: 'reports.download' });
    expect([select.failed(d.s()), select.done(d.s()), d.calls()]).toEqual([false, false, 2]);
  });
});
