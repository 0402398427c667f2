import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { documentOpenMachine, documentOpenSelectors, type DocumentOpenInput } from '../../../machines/documents/documentOpen.machine';
import { SAMPLE_DOCUMENT, SAMPLE_DOCUMENTS_COACH, SAMPLE_DOCUMENTS_CUSTOMER, SAMPLE_DOCUMENTS_DOWNLOADING_COACH, SAMPLE_PROCESSING_DOCUMENT } from '../../../machines/documents/entries';
import { actorFromClaims } from '../../../src/domain/permissions';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('documentOpen');
if (!entry) throw new Error('documentOpen is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { actor: SAMPLE_DOCUMENTS_COACH } }] });

function locker(input: DocumentOpenInput = { actor: SAMPLE_DOCUMENTS_CUSTOMER }, fail = false) {
  const log: string[] = [];
  let finish: (() => void) | null = null;
  const machine = documentOpenMachine.provide({
    actors: {
      openDocument: fromPromise<void, { documentId: string; action: 'view' | 'download' }>(({ input: request }) => {
        log.push(`openDocument:${request.documentId}:${request.action}`);
        return new Promise<void>((resolve, reject) => {
          finish = () => (fail ? reject({ code: 'permission-denied' }) : resolve());
        });
      }),
    },
  });
  const running = run(machine, input);
  return {
    ...running,
    log,
    finish: async () => {
      finish?.();
      await settle();
    },
  };
}

describe('viewing and downloading a document (spec 001 §2, §6, §7)', () => {
  it('opens the document through a link, showing which one is opening until it opens', async () => {
    const l = locker();
    await l.send({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'download' });
    expect([documentOpenSelectors.openingId(l.snapshot()), documentOpenSelectors.openingAction(l.snapshot()), l.snapshot().hasTag('busy')]).toEqual([
      'doc-pay-stub',
      'download',
      true,
    ]);
    await l.finish();
    expect([l.log, documentOpenSelectors.openingId(l.snapshot()), l.emitted]).toEqual([['openDocument:doc-pay-stub:download'], null, []]);
  });

  it('a document still processing warns and is not opened', async () => {
    const l = locker();
    await l.send({ type: 'document.open', document: SAMPLE_PROCESSING_DOCUMENT, action: 'view' });
    expect([l.log, l.notices()]).toEqual([[], [{ level: 'warning', key: 'errors.document-processing' }]]);
  });

  it('a coach without download permission is refused with not-permitted', async () => {
    const l = locker({ actor: SAMPLE_DOCUMENTS_COACH });
    await l.send({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'view' });
    expect([l.log, l.notices()]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });

  it('a coach with allowPortalDownload, an agent admin or a coach with client actions may download', async () => {
    const actors = [
      SAMPLE_DOCUMENTS_DOWNLOADING_COACH,
      actorFromClaims({ isAgent: true, agentIsAdmin: true }),
      actorFromClaims({ isAgent: true, allowClientActions: true }),
    ];
    for (const actor of actors) {
      const l = locker({ actor });
      await l.send({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'download' });
      expect(l.log).toEqual(['openDocument:doc-pay-stub:download']);
    }
  });

  it('a failed open says open-error and the buttons work again', async () => {
    const l = locker(undefined, true);
    await l.send({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'view' });
    await l.finish();
    expect([l.notices(), l.snapshot().hasTag('busy'), l.snapshot().can({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'view' })]).toEqual([
      [{ level: 'error', key: 'toast.open-error' }],
      false,
      true,
    ]);
  });
});
