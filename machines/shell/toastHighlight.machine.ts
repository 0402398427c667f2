import { setup, type SnapshotFrom } from 'xstate';
import { TOAST_HIGHLIGHT_RESET_MS } from '../../src/domain/constants';
import { machineSpec, spec } from '../spec';

// A toast's highlight (spec 001 §9: toast highlight reset 3000 ms). When the same toast is asked for while it still
// shows (the same failure twice, a button pressed again), it is not stacked a second time: the toast on screen is
// highlighted, and stays while highlighted; TOAST_HIGHLIGHT_RESET_MS after the last repeat the highlight resets and
// the toast's own time starts again. One actor per toast on screen, run by the toast host
// (src/app/shell/NotificationsHost.tsx).

export type ToastHighlightEvent = { type: 'toast.repeated' };

export const toastHighlightMachine = setup({
  types: {
    events: {} as ToastHighlightEvent,
    tags: {} as 'highlighted',
  },
  delays: {
    highlightReset: TOAST_HIGHLIGHT_RESET_MS,
  },
}).createMachine({
  id: 'toastHighlight',
  meta: machineSpec(['001 §9']),
  initial: 'shown',
  states: {
    shown: {
      meta: spec('001 §9'),
      on: { 'toast.repeated': 'highlighted' },
    },
    highlighted: {
      meta: spec('001 §9'),
      tags: ['highlighted'],
      after: { highlightReset: 'shown' },
      // Each repeat gives the highlight its full time again.
      on: { 'toast.repeated': { target: 'highlighted', reenter: true } },
    },
  },
});

type ToastHighlightSnapshot = SnapshotFrom<typeof toastHighlightMachine>;

export const toastHighlightSelectors = {
  highlighted: (s: ToastHighlightSnapshot): boolean => s.hasTag('highlighted'),
};
