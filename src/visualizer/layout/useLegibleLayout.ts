import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Chart } from '../model/chart';
import { focusChart } from '../model/focus';
import { cachedLayout } from './cachedLayouts';
import { layoutChart, type DiagramLayout } from './layout';
import { collapsibleStates, planLegibleCollapse, revealing, type Viewport } from './legible';

// The drawing the visualizer shows (docs/statecharts.md "Legible at a glance"): on opening, the compound states
// folded so the machine fits its canvas with legible names (planLegibleCollapse); afterwards what the person
// expands or collapses; always with the states of the active path drawn; or, in focus mode, one state with its
// incoming and outgoing transitions.

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** ?layout=elk: no generated layout, elk lays out everything (the benchmark's cold case). */
function coldLayout(): boolean {
  return new URLSearchParams(window.location.search).get('layout') === 'elk';
}

interface LegibleLayout {
  layout: DiagramLayout | null;
  error: string | null;
  /** The states drawn collapsed (after revealing the active path). */
  collapsed: ReadonlySet<string>;
  toggle: (stateId: string) => void;
  expandAll: () => void;
  collapseAll: () => void;
}

/**
 * `viewport` is the canvas size once measured (null before; zero where nothing can be measured, as in a test DOM,
 * where the machine opens expanded). `shown` are the active states.
 */
export function useLegibleLayout(chart: Chart, viewport: Viewport | null, shown: readonly string[], focus: string | null): LegibleLayout {
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [result, setResult] = useState<{ layout: DiagramLayout | null; error: string | null }>({ layout: null, error: null });
  const shownKey = shown.join('|');
  // Stable for the same active states, so a step that changes nothing draws nothing again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shownIds = useMemo(() => shown, [shownKey]);

  // The first drawing is timed from the start of the opening plan (its trial layouts included), later ones from the
  // change that asks for them: `statecharts:layout:<id>`, read with the drawing's measure (Visualizer.tsx).
  const planning = useRef(false);
  // The layouts drawn or tried for this machine, by the states collapsed: the opening plan's last fitting trial is the
  // drawing it opens with, and a state collapsed again draws what it drew before, without laying it out again.
  const layouts = useMemo(() => {
    const known = new Map<string, Promise<DiagramLayout>>();
    return (collapsed: ReadonlySet<string>): Promise<DiagramLayout> => {
      const key = [...collapsed].sort().join('|');
      let layout = known.get(key);
      if (!layout) {
        layout = (collapsed.size === 0 && !coldLayout() ? cachedLayout(chart.id) : Promise.resolve(undefined)).then((cache) =>
          layoutChart(chart, { collapsed }, cache),
        );
        known.set(key, layout);
        // A failed layout is tried again next time.
        layout.catch(() => known.delete(key));
      }
      return layout;
    };
  }, [chart]);

  // The opening plan: once per machine, for the canvas it opens in.
  useEffect(() => {
    if (chosen !== null || viewport === null) return undefined;
    performance.mark(`statecharts:layout:${chart.id}`);
    planning.current = true;
    if (viewport.width <= 0 || viewport.height <= 0) {
      setChosen(new Set());
      return undefined;
    }
    let current = true;
    planLegibleCollapse(chart, viewport, layouts, shownIds).then(
      (plan) => current && setChosen(plan),
      (error: unknown) => current && setResult({ layout: null, error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [chart, viewport, chosen, shownIds, layouts]);

  const collapsed = useMemo(() => (chosen === null ? null : revealing(chart, chosen, shownIds)), [chart, chosen, shownIds]);
  const focused = useMemo(() => (focus ? focusChart(chart, focus) : null), [chart, focus]);

  useEffect(() => {
    if (collapsed === null && !focused) return undefined;
    let current = true;
    if (planning.current) planning.current = false;
    else performance.mark(`statecharts:layout:${chart.id}`);
    (focused ? layoutChart(focused, {}) : layouts(collapsed ?? new Set())).then(
        (layout) => current && setResult({ layout, error: null }),
        (error: unknown) => current && setResult({ layout: null, error: errorText(error) }),
      );
    return () => {
      current = false;
    };
  }, [chart, collapsed, focused, layouts]);

  const toggle = useCallback(
    (stateId: string) =>
      setChosen((previous) => {
        const next = new Set(previous ?? []);
        if (next.has(stateId)) next.delete(stateId);
        else next.add(stateId);
        return next;
      }),
    [],
  );
  const expandAll = useCallback(() => setChosen(new Set()), []);
  const collapseAll = useCallback(() => setChosen(new Set(collapsibleStates(chart))), [chart]);
  return { ...result, collapsed: collapsed ?? new Set(), toggle, expandAll, collapseAll };
}
