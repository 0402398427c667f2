import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { disputeLetterMachine, disputeLetterSelectors } from '../../../machines/disputes/disputeLetter.machine';
import type { DisputeLetterData } from '../../../machines/disputes/ports';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('disputeLetter');
if (!entry) throw new Error('disputeLetter is not registered');
runModelPaths(entry);

type Letter = Pick<DisputeLetterData, 'bureau' | 'documentId'>;

function letters(fail = false) {
  const downloads: Letter[] = [];
  let finish: (() => void) | null = null;
  const machine = disputeLetterMachine.provide({
    actors: {
      downloadDisputePdf: fromPromise<void, { letter: Letter }>(
        ({ input }) =>
          new Promise<void>((resolve, reject) => {
            downloads.push(input.letter);
            finish = () => (fail ? reject({ code: 'not-found' }) : resolve());
          }),
      ),
    },
  });
  const running = run(machine);
  return {
    ...running,
    downloads,
    snapshot: () => running.actor.getSnapshot(),
    async finish() {
      finish?.();
      await settle();
    },
  };
}

describe('dispute letters (spec 001 §3 Dispute PDF result, §7)', () => {
  it('downloads the letter asked for, showing which one while it runs, one at a time', async () => {
    const l = letters();
    l.actor.send({ type: 'letter.download', bureau: 'EXPERIAN', documentId: 'letter-2' });
    l.actor.send({ type: 'letter.download', bureau: 'EQUIFAX', documentId: 'letter-1' });
    await settle();
    expect(disputeLetterSelectors.downloadingId(l.snapshot())).toBe('letter-2');
    expect(l.downloads).toEqual([{ bureau: 'EXPERIAN', documentId: 'letter-2' }]);
    await l.finish();
    expect([disputeLetterSelectors.busy(l.snapshot()), disputeLetterSelectors.downloadingId(l.snapshot()), l.emitted]).toEqual([false, null, []]);
  });

  it('says the download failed', async () => {
    const l = letters(true);
    l.actor.send({ type: 'letter.download', bureau: 'TRANSUNION', documentId: 'letter-3' });
    await settle();
    await l.finish();
    expect(l.emitted).toEqual([{ type: 'notify', level: 'error', key: 'toast.letter-download-error' }]);
  });

  it('asks for nothing without a document id', async () => {
    const l = letters();
    l.actor.send({ type: 'letter.download', bureau: 'TRANSUNION', documentId: ' ' });
    await settle();
    expect(l.downloads).toEqual([]);
  });
});
