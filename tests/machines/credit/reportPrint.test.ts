import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { REPORT_SECTION_IDS, reportPrintMachine, reportPrintSelectors } from '../../../machines/credit/reportPrint.machine';
import { PRINT_CLEANUP_MS, PRINT_DELAY_MS } from '../../../src/domain/constants';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('reportPrint');
if (!entry) throw new Error('reportPrint is not registered');
runModelPaths(entry);

/** The report's sections with a print whose dialog the test closes; what was open at each print is recorded. */
function report(input: { sectionIds?: string[]; expanded?: string[] } = {}, printFails = false) {
  const printedWith: string[][] = [];
  let closeDialog: (() => void) | null = null;
  const running = run(
    reportPrintMachine.provide({
      actors: {
        print: fromPromise<void, void>(
          () =>
            new Promise<void>((resolve, reject) => {
              printedWith.push(reportPrintSelectors.expandedIds(running.actor.getSnapshot()));
              closeDialog = () => (printFails ? reject(new Error('print blocked')) : resolve());
            }),
        ),
      },
    }),
    input,
  );
  const { snapshot } = running;
  return {
    ...running,
    printedWith,
    async closeDialog() {
      closeDialog?.();
      await settle();
    },
    expanded: () => reportPrintSelectors.expandedIds(snapshot()),
    printing: () => reportPrintSelectors.printing(snapshot()),
    snapshot,
  };
}

describe('report sections and Download PDF (spec 001 §2, §9)', () => {
  it('opens with every report section closed, unless told which are open', () => {
    expect(REPORT_SECTION_IDS).toEqual([
      'creditCard', 'realEstate', 'autoLoans', 'studentLoans', 'other', 'inquiries', 'publicRecords', 'personalInfo', 'scoreHistory',
    ]);
    expect(report().expanded()).toEqual([]);
    expect(reportPrintSelectors.allCollapsed(report().snapshot())).toBe(true);
    expect(report({ expanded: ['inquiries', 'nope'] }).expanded()).toEqual(['inquiries']);
  });

  it('expands and collapses each section on its own, and all at once', () => {
    const page = report();
    page.actor.send({ type: 'section.toggle', id: 'inquiries' });
    page.actor.send({ type: 'section.toggle', id: 'creditCard' });
    expect(page.expanded()).toEqual(['creditCard', 'inquiries']);
    expect(reportPrintSelectors.isExpanded(page.snapshot(), 'inquiries')).toBe(true);
    page.actor.send({ type: 'section.toggle', id: 'inquiries' });
    expect(page.expanded()).toEqual(['creditCard']);
    page.actor.send({ type: 'section.toggle', id: 'not-a-section' });
    expect(page.expanded()).toEqual(['creditCard']);
    page.actor.send({ type: 'sections.expandAll' });
    expect(reportPrintSelectors.allExpanded(page.snapshot())).toBe(true);
    page.actor.send({ type: 'sections.collapseAll' });
    expect(page.expanded()).toEqual([]);
  });

  it('expands everything, prints after 1 s, and puts the sections back 100 ms after the dialog closes', async () => {
    const page = report({ expanded: ['personalInfo'] });
    page.actor.send({ type: 'print.requested' });
    expect(page.printing()).toBe(true);
    expect(reportPrintSelectors.allExpanded(page.snapshot())).toBe(true);
    await page.advance(PRINT_DELAY_MS - 1);
    expect(page.printedWith).toEqual([]);
    await page.advance(1);
    expect(page.printedWith).toEqual([[...REPORT_SECTION_IDS]]);
    await page.closeDialog();
    await page.advance(PRINT_CLEANUP_MS - 1);
    expect(reportPrintSelectors.allExpanded(page.snapshot())).toBe(true);
    await page.advance(1);
    expect(page.expanded()).toEqual(['personalInfo']);
    expect(page.printing()).toBe(false);
  });

  it('ignores section buttons and a second Download PDF while printing', async () => {
    const page = report();
    page.actor.send({ type: 'print.requested' });
    page.actor.send({ type: 'sections.collapseAll' });
    page.actor.send({ type: 'section.toggle', id: 'inquiries' });
    page.actor.send({ type: 'print.requested' });
    expect(reportPrintSelectors.allExpanded(page.snapshot())).toBe(true);
    await page.advance(PRINT_DELAY_MS);
    expect(page.printedWith).toHaveLength(1);
  });

  it('puts the sections back even when the print dialog could not open', async () => {
    const page = report({ expanded: ['inquiries'] }, true);
    page.actor.send({ type: 'print.requested' });
    await page.advance(PRINT_DELAY_MS);
    await page.closeDialog();
    await page.advance(PRINT_CLEANUP_MS);
    expect(page.expanded()).toEqual(['inquiries']);
  });

  it('takes the sections the page shows', () => {
    const page = report({ sectionIds: ['accounts', 'inquiries'] });
    page.actor.send({ type: 'sections.expandAll' });
    expect(page.expanded()).toEqual(['accounts', 'inquiries']);
  });
});
