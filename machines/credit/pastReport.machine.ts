import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PulledReportData } from './ports';
import { machineSpec, spec } from '../spec';

// Which pull the credit report page shows (spec 002 §7 getReport; spec 001 §2 "Credit report and score"): the
// current report, or an earlier one the customer picked from the page's list of pulls. Picking an earlier pull
// shows it, marked as a past report with its date, until the customer goes back to the current one (or picks the
// current pull from the list). The page reads the picked report (getReport) and the list (listCreditReports) as
// cached reads, like the current report (an order's new report refreshes them all); this machine only decides which
// one is on screen.

export interface PastReportContext {
  /** The earlier pull on screen; null while the current report is. */
  shown: PulledReportData | null;
}

export type PastReportEvent = { type: 'report.pick'; report: PulledReportData } | { type: 'report.showCurrent' };

export type PastReportTag = 'current' | 'past';

export const pastReportMachine = setup({
  types: {
    context: {} as PastReportContext,
    events: {} as PastReportEvent,
    tags: {} as PastReportTag,
  },
  guards: {
    isEarlierPull: (_, params: { report: PulledReportData }) => !params.report.current,
  },
  actions: {
    assignShown: assign((_, params: { report: PulledReportData }) => ({ shown: params.report })),
    clearShown: assign({ shown: null }),
  },
}).createMachine({
  id: 'pastReport',
  meta: machineSpec(['001 §2', '002 §7']),
  context: { shown: null },
  initial: 'current',
  states: {
    current: {
      meta: spec('001 §2'),
      tags: ['current'],
      on: {
        'report.pick': {
          guard: { type: 'isEarlierPull', params: ({ event }) => ({ report: event.report }) },
          target: 'past',
          actions: { type: 'assignShown', params: ({ event }) => ({ report: event.report }) },
        },
      },
    },
    past: {
      meta: spec('001 §2'),
      tags: ['past'],
      on: {
        'report.pick': [
          {
            guard: { type: 'isEarlierPull', params: ({ event }) => ({ report: event.report }) },
            actions: { type: 'assignShown', params: ({ event }) => ({ report: event.report }) },
          },
          { target: 'current', actions: 'clearShown' },
        ],
        'report.showCurrent': { target: 'current', actions: 'clearShown' },
      },
    },
  },
});

export type PastReportSnapshot = SnapshotFrom<typeof pastReportMachine>;

export const pastReportSelectors = {
  /** The earlier pull on screen, or null for the current report. */
  shown: (snapshot: PastReportSnapshot): PulledReportData | null => snapshot.context.shown,
  /** The id the page's report picker shows as chosen: the earlier pull's, or null for the current report. */
  shownId: (snapshot: PastReportSnapshot): string | null => snapshot.context.shown?.id ?? null,
};
