import { and, assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { isTranslatedPageFailure } from '../../src/domain/browserTranslation';
import { TRANSLATED_PAGE_REMOUNT_LIMIT, TRANSLATED_PAGE_STEADY_MS } from '../../src/domain/constants';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { ErrorReport, NotifyEmitted } from '../ports';
import { machineSpec, spec } from '../spec';

// The page error catcher (spec 001 §8 "Video and translation": "A page error catcher remounts the page and reports it
// when the browser translates the page"). A browser's translation replaces the page's texts behind React's back, and
// the next change of such a text makes the page fail (src/domain/browserTranslation.ts). When a page fails while the
// browser has translated it (or fails the way only a translated page does), the catcher remounts it, reports it and
// says global.error-browser-translate; any other failure shows the error view and is reported (spec 000 §9), as it
// did before. A page that keeps failing right after each remount is not remounted for ever: after
// TRANSLATED_PAGE_REMOUNT_LIMIT remounts in a row the error view shows; TRANSLATED_PAGE_STEADY_MS without a failure
// starts the count again.
// The host watches <html> and sends page.translated / page.untranslated; the app's error boundary sends page.crashed;
// the host passes `report` on to the error reporter and shows `notify` as a toast.

export const PAGE_ERROR_REPORTS = {
  /** The report of a translated page that failed and was remounted. */
  browserTranslate: 'browser-translate',
  /** A page failure without a message of its own. */
  renderError: 'render error',
} as const;

export interface PageErrorCatcherContext {
  /** The page's mount: each remount is a new number (the host keys the page with it). */
  mount: number;
  /** Remounts since the page last ran TRANSLATED_PAGE_STEADY_MS without failing. */
  remounts: number;
  /** The language the browser translated the page to ('' when not known), or null when it has not translated it. */
  translatedTo: string | null;
}

export type PageErrorCatcherEvent =
  | { type: 'page.translated'; language: string }
  | { type: 'page.untranslated' }
  | { type: 'page.crashed'; name: string; message: string; componentStack: string | null };

export interface PageErrorReportEmitted {
  type: 'report';
  report: ErrorReport;
}

export type PageErrorCatcherEmitted = NotifyEmitted<typeof ERROR_KEYS.errorBrowserTranslate> | PageErrorReportEmitted;

export const pageErrorCatcherMachine = setup({
  types: {
    context: {} as PageErrorCatcherContext,
    events: {} as PageErrorCatcherEvent,
    emitted: {} as PageErrorCatcherEmitted,
    tags: {} as 'translated' | 'crashed',
  },
  guards: {
    isTranslatedPage: ({ context, event }) => {
      assertEvent(event, 'page.crashed');
      return context.translatedTo !== null || isTranslatedPageFailure(event);
    },
    hasRemountsLeft: ({ context }) => context.remounts < TRANSLATED_PAGE_REMOUNT_LIMIT,
  },
  actions: {
    assignTranslation: assign(({ event }) => {
      assertEvent(event, 'page.translated');
      return { translatedTo: event.language };
    }),
    clearTranslation: assign({ translatedTo: null }),
    remountPage: assign(({ context }) => ({ mount: context.mount + 1, remounts: context.remounts + 1 })),
    resetRemounts: assign({ remounts: 0 }),
    reportTranslatedPage: emit(({ context, event }) => {
      assertEvent(event, 'page.crashed');
      return {
        type: 'report' as const,
        report: {
          message: PAGE_ERROR_REPORTS.browserTranslate,
          extra: { error: event.message, language: context.translatedTo, remounts: context.remounts, componentStack: event.componentStack },
        },
      };
    }),
    reportCrash: emit(({ context, event }) => {
      assertEvent(event, 'page.crashed');
      const extra: Record<string, unknown> = { componentStack: event.componentStack };
      if (context.translatedTo !== null) extra.translatedTo = context.translatedTo;
      return { type: 'report' as const, report: { message: event.message || PAGE_ERROR_REPORTS.renderError, extra } };
    }),
    notifyBrowserTranslate: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.errorBrowserTranslate } as const),
  },
  delays: {
    steadyPage: TRANSLATED_PAGE_STEADY_MS,
  },
}).createMachine({
  id: 'pageErrorCatcher',
  meta: machineSpec(['001 §8', '000 §9']),
  context: { mount: 0, remounts: 0, translatedTo: null },
  type: 'parallel',
  states: {
    // What the browser did to the page's language.
    translation: {
      meta: spec('001 §8'),
      initial: 'original',
      states: {
        original: {
          meta: spec('001 §8'),
          on: { 'page.translated': { target: 'translated', actions: 'assignTranslation' } },
        },
        translated: {
          meta: spec('001 §8'),
          tags: ['translated'],
          on: {
            'page.translated': { actions: 'assignTranslation' },
            'page.untranslated': { target: 'original', actions: 'clearTranslation' },
          },
        },
      },
    },
    // The page itself: running, just remounted after a failure, or given up (the error view).
    page: {
      meta: spec('001 §8'),
      initial: 'running',
      states: {
        running: {
          meta: spec('001 §8'),
          on: {
            'page.crashed': [
              {
                guard: and(['isTranslatedPage', 'hasRemountsLeft']),
                target: 'recovering',
                actions: ['reportTranslatedPage', 'remountPage', 'notifyBrowserTranslate'],
              },
              { target: 'crashed', actions: 'reportCrash' },
            ],
          },
        },
        recovering: {
          meta: spec('001 §8'),
          after: { steadyPage: { target: 'running', actions: 'resetRemounts' } },
          on: {
            'page.crashed': [
              {
                guard: and(['isTranslatedPage', 'hasRemountsLeft']),
                target: 'recovering',
                reenter: true,
                actions: ['reportTranslatedPage', 'remountPage', 'notifyBrowserTranslate'],
              },
              { target: 'crashed', actions: 'reportCrash' },
            ],
          },
        },
        crashed: {
          meta: spec('001 §8'),
          tags: ['crashed'],
        },
      },
    },
  },
});

type PageErrorCatcherSnapshot = SnapshotFrom<typeof pageErrorCatcherMachine>;

export const pageErrorCatcherSelectors = {
  /** The page's key: it changes when the catcher remounts the page. */
  mount: (s: PageErrorCatcherSnapshot): number => s.context.mount,
  /** The page failed for good: the error view shows. */
  crashed: (s: PageErrorCatcherSnapshot): boolean => s.hasTag('crashed'),
  /** The browser has translated the page. */
  translated: (s: PageErrorCatcherSnapshot): boolean => s.hasTag('translated'),
};
