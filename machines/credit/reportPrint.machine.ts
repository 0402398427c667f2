import { assign, setup, type SnapshotFrom } from 'xstate';
import { PRINT_CLEANUP_MS, PRINT_DELAY_MS } from '../../src/domain/constants';
import { ACCOUNT_GROUPS } from '../../src/domain/creditReport';
import { provided } from '../actors';
import type { ReportPrintActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The report's sections and Download PDF (spec 001 §2 "Credit report and score", §9). Each
// section (the account groups, inquiries, public records, personal information, score history) expands or
// collapses on its own, or all at once. Download PDF remembers what was open, expands everything, prints after
// 1 s (PRINT_DELAY_MS: the expanded sections render first), and 100 ms after the print dialog closes
// (PRINT_CLEANUP_MS) puts the sections back as they were. Section toggles wait while printing.

type Sig = ReportPrintActorSignatures;

/** The report's sections, in page order: the account groups, then the rest. */
export const REPORT_SECTION_IDS = [...ACCOUNT_GROUPS, 'inquiries', 'publicRecords', 'personalInfo', 'scoreHistory'] as const;
export type ReportSectionId = (typeof REPORT_SECTION_IDS)[number];

export interface ReportPrintInput {
  /** The page's section ids (REPORT_SECTION_IDS unless the page shows fewer). */
  sectionIds?: readonly string[];
  /** The sections open when the page opens (none unless given). */
  expanded?: readonly string[];
}

export interface ReportPrintContext {
  sectionIds: readonly string[];
  /** section id → open */
  expanded: Record<string, boolean>;
  /** What was open when Download PDF was pressed, put back after printing. */
  remembered: Record<string, boolean> | null;
}

export type ReportPrintEvent =
  | { type: 'section.toggle'; id: string }
  | { type: 'sections.expandAll' }
  | { type: 'sections.collapseAll' }
  | { type: 'print.requested' };

export type ReportPrintTag = 'idle' | 'printing';

const allSet = (sectionIds: readonly string[], open: boolean): Record<string, boolean> =>
  Object.fromEntries(sectionIds.map((id) => [id, open]));

export const reportPrintMachine = setup({
  types: {
    context: {} as ReportPrintContext,
    events: {} as ReportPrintEvent,
    input: {} as ReportPrintInput,
    tags: {} as ReportPrintTag,
  },
  actors: {
    print: provided<Sig['print']>('print'),
  },
  guards: {
    isSection: ({ context }, params: { id: string }) => context.sectionIds.includes(params.id),
  },
  actions: {
    toggleSection: assign(({ context }, params: { id: string }) => ({
      expanded: { ...context.expanded, [params.id]: !context.expanded[params.id] },
    })),
    expandAll: assign(({ context }) => ({ expanded: allSet(context.sectionIds, true) })),
    collapseAll: assign(({ context }) => ({ expanded: allSet(context.sectionIds, false) })),
    remember: assign(({ context }) => ({ remembered: context.expanded })),
    restore: assign(({ context }) => ({ expanded: context.remembered ?? context.expanded, remembered: null })),
  },
  delays: {
    printDelay: PRINT_DELAY_MS,
    printCleanup: PRINT_CLEANUP_MS,
  },
}).createMachine({
  id: 'reportPrint',
  meta: machineSpec(['001 §2']),
  context: ({ input }) => {
    const sectionIds = input.sectionIds ?? REPORT_SECTION_IDS;
    const open = new Set(input.expanded ?? []);
    return {
      sectionIds,
      expanded: Object.fromEntries(sectionIds.map((id) => [id, open.has(id)])),
      remembered: null,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §2'),
      tags: ['idle'],
      on: {
        'section.toggle': {
          guard: { type: 'isSection', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'toggleSection', params: ({ event }) => ({ id: event.id }) },
        },
        'sections.expandAll': { actions: 'expandAll' },
        'sections.collapseAll': { actions: 'collapseAll' },
        'print.requested': { target: 'preparing', actions: ['remember', 'expandAll'] },
      },
    },
    preparing: {
      // Everything expanded renders before the print dialog opens.
      meta: spec('001 §2'),
      tags: ['printing'],
      after: { printDelay: 'printing' },
    },
    printing: {
      meta: spec('001 §2'),
      tags: ['printing'],
      invoke: {
        id: 'print',
        src: 'print',
        onDone: 'cleaningUp',
        // A print that could not open still puts the page back.
        onError: 'cleaningUp',
      },
    },
    cleaningUp: {
      meta: spec('001 §2'),
      tags: ['printing'],
      after: { printCleanup: { target: 'idle', actions: 'restore' } },
    },
  },
});

type ReportPrintSnapshot = SnapshotFrom<typeof reportPrintMachine>;

/** What the report's sections and its Download PDF button read. */
export const reportPrintSelectors = {
  isExpanded: (snapshot: ReportPrintSnapshot, id: string): boolean => snapshot.context.expanded[id] === true,
  /** The open section ids (for an Accordion's `value`). */
  expandedIds: (snapshot: ReportPrintSnapshot): string[] =>
    snapshot.context.sectionIds.filter((id) => snapshot.context.expanded[id] === true),
  allExpanded: (snapshot: ReportPrintSnapshot): boolean =>
    snapshot.context.sectionIds.every((id) => snapshot.context.expanded[id] === true),
  allCollapsed: (snapshot: ReportPrintSnapshot): boolean =>
    snapshot.context.sectionIds.every((id) => snapshot.context.expanded[id] !== true),
  /** Download PDF is under way (expanding, the print dialog, cleaning up): the button waits. */
  printing: (snapshot: ReportPrintSnapshot): boolean => snapshot.hasTag('printing'),
};
