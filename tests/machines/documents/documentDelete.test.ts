import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { documentDeleteMachine, type DocumentDeleteInput } from '../../../machines/documents/documentDelete.machine';
import { SAMPLE_DOCUMENT, SAMPLE_DOCUMENTS_COACH, SAMPLE_DOCUMENTS_CUSTOMER, SAMPLE_DOCUMENTS_DOWNLOADING_COACH } from '../../../machines/documents/entries';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('documentDelete');
if (!entry) throw new Error('documentDelete is not registered');
const REGISTERED = entry.testModel.input as DocumentDeleteInput;

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...REGISTERED, actor: SAMPLE_DOCUMENTS_COACH } }] });

function confirmDelete(input: Partial<DocumentDeleteInput> = {}, fail: readonly string[] = []) {
  const log: string[] = [];
  const machine = documentDeleteMachine.provide({
    actors: {
      deleteDocument: fromPromise<void, { id: string }>(async ({ input: { id } }) => {
        log.push(`deleteDocument:${id}`);
        if (fail.includes('deleteDocument')) throw { code: 'unavailable' };
      }),
      refreshDocuments: fromPromise<void, void>(async () => {
        log.push('refreshDocuments');
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_DOCUMENTS_CUSTOMER, document: SAMPLE_DOCUMENT, ...input });
  return {
    ...running,
    log,
  };
}

describe('deleting a document (spec 001 §2, §7)', () => {
  it('asks first; confirmed, deletes it, refreshes the locker and says so', async () => {
    const d = confirmDelete();
    expect(d.snapshot().hasTag('dialog.confirmDelete')).toBe(true);
    await d.send({ type: 'delete.confirm' });
    expect([d.log, d.notices(), d.snapshot().output]).toEqual([
      ['deleteDocument:doc-pay-stub', 'refreshDocuments'],
      [{ level: 'success', key: 'toast.document-deleted' }],
      { deleted: true },
    ]);
  });

  it('a failed delete keeps the dialog with delete-document-error', async () => {
    const d = confirmDelete({}, ['deleteDocument']);
    await d.send({ type: 'delete.confirm' });
    expect([d.snapshot().hasTag('dialog.confirmDelete'), d.snapshot().hasTag('busy'), d.notices()]).toEqual([
      true,
      false,
      [{ level: 'error', key: 'errors.delete-document-error' }],
    ]);
  });

  it('a coach without permission is refused with not-permitted, even one who may download', async () => {
    for (const actor of [SAMPLE_DOCUMENTS_COACH, SAMPLE_DOCUMENTS_DOWNLOADING_COACH]) {
      const d = confirmDelete({ actor });
      await d.send({ type: 'delete.confirm' });
      expect([d.log, d.notices(), d.snapshot().hasTag('dialog.confirmDelete')]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }], true]);
    }
  });

  it('Cancel closes without deleting', async () => {
    const d = confirmDelete();
    await d.send({ type: 'delete.cancel' });
    expect([d.log, d.snapshot().output]).toEqual([[], { deleted: false }]);
  });
});
