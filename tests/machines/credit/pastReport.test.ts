import { describe, expect, it } from 'vitest';
import { SAMPLE_PULLED_REPORTS } from '../../../machines/credit/entries';
import { pastReportMachine, pastReportSelectors, type PastReportEvent } from '../../../machines/credit/pastReport.machine';
import { machineEntry } from '../../../machines/index';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('pastReport');
if (!entry) throw new Error('pastReport is not registered');
runModelPaths(entry);

function page() {
  const running = run(pastReportMachine);
  const { snapshot } = running;
  return {
    send: (event: PastReportEvent) => running.actor.send(event),
    shown: () => pastReportSelectors.shown(snapshot()),
    shownId: () => pastReportSelectors.shownId(snapshot()),
    isPast: () => snapshot().hasTag('past'),
    isCurrent: () => snapshot().hasTag('current'),
  };
}

describe('which pull the credit report page shows (spec 002 §7 getReport)', () => {
  it('opens on the current report', () => {
    const report = page();
    expect(report.isCurrent()).toBe(true);
    expect(report.shown()).toBeNull();
  });

  it('shows an earlier pull the customer picks, with its date, and another one picked after it', () => {
    const report = page();
    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.october });
    expect(report.isPast()).toBe(true);
    expect(report.shown()).toEqual(SAMPLE_PULLED_REPORTS.october);
    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.september });
    expect(report.shownId()).toBe('report-2026-09');
    expect(report.shown()?.pulledAt).toBe('2026-09-01T09:12:00.000Z');
  });

  it('goes back to the current report by the back button or by picking the current pull', () => {
    const report = page();
    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.october });
    report.send({ type: 'report.showCurrent' });
    expect(report.isCurrent()).toBe(true);
    expect(report.shownId()).toBeNull();

    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.september });
    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.current });
    expect(report.isCurrent()).toBe(true);
    expect(report.shown()).toBeNull();
  });

  it('stays on the current report when the current pull is picked from it', () => {
    const report = page();
    report.send({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.current });
    expect(report.isCurrent()).toBe(true);
    expect(report.shown()).toBeNull();
  });
});
