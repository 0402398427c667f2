import type { Chart } from '../model/chart';
import { TITLE_FONT_PX, type DiagramLayout } from './layout';

// Legible at a glance (docs/statecharts.md "Legible at a glance"): a machine opens with every state name it shows
// at least 11 px high on screen. The diagram is fitted to the canvas, but never drawn smaller than that: compound
// states start collapsed to what fits at that size (the states of the active path always shown), and a machine
// that does not fit even folded opens at the smallest legible size around its active state, to be panned.

/** The smallest height, in screen pixels, of a state's name on first view. */
export const MIN_NAME_PX = 11;
/** The drawing scale at which a state name (TITLE_FONT_PX in layout units) is MIN_NAME_PX on screen. */
export const MIN_LEGIBLE_SCALE = MIN_NAME_PX / TITLE_FONT_PX;
export const FIT_MARGIN = 24;
const MAX_FIT_SCALE = 1.25;
/** elk runs at most this many times to decide what opens expanded (the largest machine's layouts take ~100 ms each). */
const MAX_TRIAL_LAYOUTS = 12;

export interface Viewport {
  width: number;
  height: number;
}

/** The scale that fits the whole drawing in the viewport (capped so a small machine is not blown up). */
export function fitScale(layout: Pick<DiagramLayout, 'width' | 'height'>, viewport: Viewport): number {
  return Math.min((viewport.width - FIT_MARGIN * 2) / Math.max(layout.width, 1), (viewport.height - FIT_MARGIN * 2) / Math.max(layout.height, 1), MAX_FIT_SCALE);
}

export function fitsLegibly(layout: Pick<DiagramLayout, 'width' | 'height'>, viewport: Viewport): boolean {
  return fitScale(layout, viewport) >= MIN_LEGIBLE_SCALE;
}

export interface FitTransform {
  scale: number;
  translateX: number;
  translateY: number;
}

/**
 * Where the drawing goes on first view: centred at the fitting scale when that keeps names legible, else at the
 * smallest legible scale with its top left corner (where elk puts the initial state) in view.
 */
export function legibleFit(
  layout: Pick<DiagramLayout, 'width' | 'height'>,
  viewport: Viewport,
  /** The box to keep in view (the active state) when the drawing cannot fit; its top left corner otherwise. */
  anchor?: { x: number; y: number; width: number; height: number } | null,
): FitTransform {
  const fitted = fitScale(layout, viewport);
  if (fitted >= MIN_LEGIBLE_SCALE) {
    return { scale: fitted, translateX: (viewport.width - layout.width * fitted) / 2, translateY: (viewport.height - layout.height * fitted) / 2 };
  }
  const scale = MIN_LEGIBLE_SCALE;
  if (anchor) {
    const clamp = (value: number, drawn: number, room: number) => (drawn <= room ? (room - drawn) / 2 : Math.min(FIT_MARGIN / 2, Math.max(room - drawn - FIT_MARGIN / 2, value)));
    return {
      scale,
      translateX: clamp(viewport.width / 2 - (anchor.x + anchor.width / 2) * scale, layout.width * scale, viewport.width),
      translateY: clamp(viewport.height / 3 - (anchor.y + anchor.height / 2) * scale, layout.height * scale, viewport.height),
    };
  }
  const translateX = layout.width * scale <= viewport.width ? (viewport.width - layout.width * scale) / 2 : FIT_MARGIN / 2;
  const translateY = layout.height * scale <= viewport.height ? (viewport.height - layout.height * scale) / 2 : FIT_MARGIN / 2;
  return { scale, translateX, translateY };
}

/** The compound and parallel states that can be collapsed (every state with children but the machine itself). */
export function collapsibleStates(chart: Chart): string[] {
  return chart.order.filter((id) => id !== chart.id && (chart.states[id]?.children.length ?? 0) > 0);
}

/** The proper ancestors of the given states (the machine's root left out). */
export function ancestorsOf(chart: Chart, ids: Iterable<string>): Set<string> {
  const ancestors = new Set<string>();
  for (const id of ids) {
    for (let parent = chart.states[id]?.parent ?? null; parent !== null && parent !== chart.id; parent = chart.states[parent]?.parent ?? null) ancestors.add(parent);
  }
  return ancestors;
}

/** `collapsed` without the states that would hide one of `shown` (the active path is always drawn). */
export function revealing(chart: Chart, collapsed: ReadonlySet<string>, shown: Iterable<string>): ReadonlySet<string> {
  const open = ancestorsOf(chart, shown);
  if (![...open].some((id) => collapsed.has(id))) return collapsed;
  return new Set([...collapsed].filter((id) => !open.has(id)));
}

/**
 * The compound states to draw collapsed so the machine fits the viewport with legible names: none when it fits
 * expanded; otherwise every one is collapsed but those holding a `shown` state, and then, shallowest first (document
 * order among equals), each is expanded again when the drawing still fits. `layout` lays the chart out with the
 * given states collapsed (elk, remembered, in its worker in a browser).
 */
export async function planLegibleCollapse(
  chart: Chart,
  viewport: Viewport,
  layout: (collapsed: ReadonlySet<string>) => Promise<Pick<DiagramLayout, 'width' | 'height'>>,
  shown: Iterable<string> = [],
): Promise<Set<string>> {
  const all = collapsibleStates(chart);
  if (all.length === 0) return new Set();
  if (fitsLegibly(await layout(new Set()), viewport)) return new Set();
  const open = ancestorsOf(chart, shown);
  const collapsed = new Set(all.filter((id) => !open.has(id)));
  let trials = 1;
  if (!fitsLegibly(await layout(collapsed), viewport)) return collapsed;
  trials += 1;
  const depth = (id: string) => chart.states[id]?.depth ?? 0;
  const visible = (id: string) => {
    for (let parent = chart.states[id]?.parent ?? null; parent !== null; parent = chart.states[parent]?.parent ?? null) if (collapsed.has(parent)) return false;
    return true;
  };
  const tried = new Set<string>();
  while (trials < MAX_TRIAL_LAYOUTS) {
    const candidate = all.filter((id) => collapsed.has(id) && !tried.has(id) && visible(id)).sort((a, b) => depth(a) - depth(b))[0];
    if (candidate === undefined) break;
    tried.add(candidate);
    collapsed.delete(candidate);
    trials += 1;
    if (!fitsLegibly(await layout(collapsed), viewport)) collapsed.add(candidate);
  }
  return collapsed;
}
