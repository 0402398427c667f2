import { useCallback, useEffect, useMemo, useState } from 'react';
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

  // The opening plan: once per machine, for the canvas it opens in.
  useEffect(() => {
    if (chosen !== null || viewport === null) return undefined;
    if (viewport.width <= 0 || viewport.height <= 0) {
      setChosen(new Set());
      return undefined;
    }
    let current = true;
    const trial = async (collapsed: ReadonlySet<string>) =>
      layoutChart(chart, { collapsed }, collapsed.size === 0 ? await cachedLayout(chart.id) : undefined);
    planLegibleCollapse(chart, viewport, trial, shownIds).then(
      (plan) => current && setChosen(plan),
      (error: unknown) => current && setResult({ layout: null, error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [chart, viewport, chosen, shownIds]);

  const collapsed = useMemo(() => (chosen === null ? null : revealing(chart, chosen, shownIds)), [chart, chosen, shownIds]);
  const focused = useMemo(() => (focus ? focusChart(chart, focus) : null), [chart, focus]);

  useEffect(() => {
    if (collapsed === null && !focused) return undefined;
    let current = true;
    performance.mark(`statecharts:layout:${chart.id}`);
    // ?layout=elk skips the generated default layout (the benchmark times elk in the page with it).
    const useCache = !focused && collapsed?.size === 0 && new URLSearchParams(window.location.search).get('layout') !== 'elk';
    (useCache ? cachedLayout(chart.id) : Promise.resolve(undefined))
      .then((cache) => (focused ? layoutChart(focused, {}) : layoutChart(chart, { collapsed: collapsed ?? new Set() }, cache)))
      .then(
        (layout) => current && setResult({ layout, error: null }),
        (error: unknown) => current && setResult({ layout: null, error: errorText(error) }),
      );
    return () => {
      current = false;
    };
  }, [chart, collapsed, focused]);

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
