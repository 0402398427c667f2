import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { documentEditMachine, documentEditSelectors, type DocumentEditInput } from '../../../machines/documents/documentEdit.machine';
import { SAMPLE_DOCUMENT, SAMPLE_DOCUMENTS_COACH, SAMPLE_DOCUMENTS_CUSTOMER, SAMPLE_DOCUMENTS_TODAY } from '../../../machines/documents/entries';
import type { DocumentData } from '../../../machines/documents/ports';
import type { DocumentFormValues } from '../../../src/domain/documents';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('documentEdit');
if (!entry) throw new Error('documentEdit is not registered');
const REGISTERED = entry.testModel.input as DocumentEditInput;

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...REGISTERED, actor: SAMPLE_DOCUMENTS_COACH } }] });

const NOVEMBER: DocumentFormValues = { category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: '2026-11-15', comments: 'November' };

/** The edit dialog over a server that stores the fields; `fail` names the calls that reject. */
function edit(input: Partial<DocumentEditInput> = {}, fail: readonly string[] = []) {
  const log: string[] = [];
  const machine = documentEditMachine.provide({
    actors: {
      updateDocument: fromPromise<DocumentData, { documentId: string; document: DocumentFormValues }>(async ({ input: request }) => {
        log.push(`updateDocument:${request.documentId}`);
        if (fail.includes('updateDocument')) throw { code: 'unavailable' };
        const { category, fileType, year, documentDate, comments } = request.document;
        return {
          ...SAMPLE_DOCUMENT,
          category: category ?? SAMPLE_DOCUMENT.category,
          fileType: fileType ?? SAMPLE_DOCUMENT.fileType,
          year,
          documentDate,
          comments,
          updatedAt: '2026-11-25T10:00:00.000Z',
        };
      }),
      refreshDocuments: fromPromise<void, void>(async () => {
        log.push('refreshDocuments');
        if (fail.includes('refreshDocuments')) throw { code: 'unavailable' };
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_DOCUMENTS_CUSTOMER, today: SAMPLE_DOCUMENTS_TODAY, document: SAMPLE_DOCUMENT, ...input });
  const { snapshot } = running;
  return {
    ...running,
    log,
    snapshot,
  };
}

describe("editing a document's details (spec 001 §2, §5, §7)", () => {
  it("starts with the document's fields", () => {
    expect(documentEditSelectors.form(edit().snapshot())).toEqual({
      category: 'income-statements',
      fileType: 'pay_stub',
      year: null,
      documentDate: '2026-10-31',
      comments: '',
    });
  });

  it('saves the changed fields, refreshes the locker, says so and closes with the saved document', async () => {
    const e = edit();
    await e.send({ type: 'form.change', values: NOVEMBER });
    await e.send({ type: 'form.submit' });
    expect(e.log).toEqual(['updateDocument:doc-pay-stub', 'refreshDocuments']);
    expect(e.notices()).toEqual([{ level: 'success', key: 'toast.document-updated' }]);
    expect(e.snapshot().output?.document).toMatchObject({ documentDate: '2026-11-15', comments: 'November' });
  });

  it('an unchanged form closes without a call', async () => {
    const e = edit();
    await e.send({ type: 'form.submit' });
    expect([e.log, e.emitted, e.snapshot().output]).toEqual([[], [], { document: null }]);
  });

  it('flags invalid fields only after submit', async () => {
    const e = edit();
    await e.send({ type: 'form.change', values: { ...NOVEMBER, documentDate: '2027-01-01' } });
    expect([documentEditSelectors.shownFormErrors(e.snapshot()), e.snapshot().hasTag('form.invalid')]).toEqual([{}, false]);
    await e.send({ type: 'form.submit' });
    expect([documentEditSelectors.shownFormErrors(e.snapshot()), e.snapshot().hasTag('form.invalid'), e.log]).toEqual([
      { documentDate: 'form.errors.date-in-future' },
      true,
      [],
    ]);
  });

  it('a tax document without a year, or outside the two prior years, is flagged and not saved', async () => {
    const e = edit();
    await e.send({ type: 'form.change', values: { category: 'taxes', fileType: 'w2', year: null, documentDate: null, comments: '' } });
    await e.send({ type: 'form.submit' });
    expect(documentEditSelectors.shownFormErrors(e.snapshot())).toEqual({ year: 'form.errors.year-required' });
    await e.send({ type: 'form.change', values: { category: 'taxes', fileType: 'w2', year: 2023, documentDate: null, comments: '' } });
    await e.send({ type: 'form.submit' });
    expect([documentEditSelectors.shownFormErrors(e.snapshot()), e.log]).toEqual([{ year: 'form.errors.year-out-of-range' }, []]);
  });

  it('a failed save keeps the dialog with create-document-error', async () => {
    const e = edit({}, ['updateDocument']);
    await e.send({ type: 'form.change', values: NOVEMBER });
    await e.send({ type: 'form.submit' });
    expect([e.snapshot().hasTag('step.form'), e.notices()]).toEqual([true, [{ level: 'error', key: 'errors.create-document-error' }]]);
  });

  it('a coach without permission is refused with not-permitted and nothing is saved', async () => {
    const e = edit({ actor: SAMPLE_DOCUMENTS_COACH });
    await e.send({ type: 'form.change', values: NOVEMBER });
    await e.send({ type: 'form.submit' });
    expect([e.log, e.notices(), e.snapshot().hasTag('step.form')]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }], true]);
  });

  it('Cancel closes without saving', async () => {
    const e = edit();
    await e.send({ type: 'form.change', values: NOVEMBER });
    await e.send({ type: 'edit.cancel' });
    expect([e.log, e.snapshot().output]).toEqual([[], { document: null }]);
  });
});
