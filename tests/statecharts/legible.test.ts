import { describe, expect, it } from 'vitest';
import { machineEntries } from '../../machines';
import { layoutChart } from '../../src/visualizer/layout/layout';
import { ancestorsOf, fitsLegibly, legibleFit, MIN_LEGIBLE_SCALE, planLegibleCollapse, revealing } from '../../src/visualizer/layout/legible';
import { TITLE_FONT_PX } from '../../src/visualizer/layout/layout';
import { toChart } from '../../src/visualizer/model/chart';
import { focusChart, focusTransitions } from '../../src/visualizer/model/focus';

// Legible at a glance (docs/statecharts.md): the opening drawing of a machine, its fit and its focus mode.

const chartOf = (id: string) => {
  const entry = machineEntries.find((e) => e.id === id);
  if (!entry) throw new Error(`no machine ${id}`);
  return toChart(entry.machine);
};
/** The canvas of the visualizer in a 1280×900 window (beside the machine list and the panels). */
const CANVAS = { width: 560, height: 700 };

describe('the legible fit', () => {
  it('centres a drawing that fits, and never draws a name under 11 px', () => {
    const small = legibleFit({ width: 200, height: 100 }, CANVAS);
    expect(small.scale).toBe(1.25);
    expect(small.translateX).toBeCloseTo((560 - 250) / 2);
    const wide = legibleFit({ width: 4000, height: 800 }, CANVAS);
    expect(wide.scale * TITLE_FONT_PX).toBeGreaterThanOrEqual(11 - 1e-9);
    expect(wide.translateX).toBe(12);
    // Too large to fit: the active state is kept in view, the drawing's edge never pulled inside the canvas.
    const around = legibleFit({ width: 4000, height: 800 }, CANVAS, { x: 2000, y: 400, width: 100, height: 40 });
    const centre = (2050 * around.scale) + around.translateX;
    expect(centre).toBeCloseTo(CANVAS.width / 2);
    const atEdge = legibleFit({ width: 4000, height: 800 }, CANVAS, { x: 0, y: 0, width: 100, height: 40 });
    expect(atEdge.translateX).toBe(12);
  });
});

describe('the opening plan of a large machine', () => {
  it('leaves a machine that fits expanded', async () => {
    const chart = chartOf('verifyEmail');
    const plan = await planLegibleCollapse(chart, { width: 4000, height: 4000 }, (collapsed) => layoutChart(chart, { collapsed }));
    expect([...plan]).toEqual([]);
  });

  it('folds the dispute wizard so more of it fits, and keeps the active state drawn', async () => {
    const chart = chartOf('disputeWizard');
    const expanded = await layoutChart(chart, {});
    expect(fitsLegibly(expanded, CANVAS)).toBe(false);
    const active = chart.order.filter((id) => (chart.states[id]?.children.length ?? 0) === 0 && id !== chart.id)[0] as string;
    const plan = await planLegibleCollapse(chart, CANVAS, (collapsed) => layoutChart(chart, { collapsed }), [active]);
    expect(plan.size).toBeGreaterThan(0);
    for (const ancestor of ancestorsOf(chart, [active])) expect(plan.has(ancestor), ancestor).toBe(false);
    const folded = await layoutChart(chart, { collapsed: plan });
    expect(folded.width * folded.height).toBeLessThan(expanded.width * expanded.height);
    expect(folded.nodes.some((node) => node.id === active)).toBe(true);
  });

  it('expands again, shallowest first, what still fits in a larger canvas', async () => {
    const chart = chartOf('disputeWizard');
    const large = { width: 3000, height: 1200 };
    const plan = await planLegibleCollapse(chart, large, (collapsed) => layoutChart(chart, { collapsed }));
    const drawn = await layoutChart(chart, { collapsed: plan });
    expect(fitsLegibly(drawn, large)).toBe(true);
    expect(plan.has('disputeWizard.open')).toBe(false);
  });

  it('opens a folded state again when the active path enters it', () => {
    const chart = chartOf('intake');
    const inner = chart.order.find((id) => chart.states[id]?.depth === 3) as string;
    const collapsed = new Set(ancestorsOf(chart, [inner]));
    expect(collapsed.size).toBeGreaterThan(0);
    expect([...revealing(chart, collapsed, [inner])]).toEqual([]);
    expect(revealing(chart, collapsed, [])).toBe(collapsed);
  });

  it('keeps the legible scale at 11 px names', () => {
    expect(MIN_LEGIBLE_SCALE * TITLE_FONT_PX).toBeCloseTo(11);
  });
});

describe('focus mode', () => {
  it("shows the password reset's valid state with the transitions into and out of it, and the states at their ends", async () => {
    const chart = chartOf('passwordReset');
    const { incoming, outgoing } = focusTransitions(chart, 'passwordReset.valid');
    expect(incoming.length).toBeGreaterThan(0);
    expect(outgoing.length).toBeGreaterThan(0);
    const focused = focusChart(chart, 'passwordReset.valid');
    if (!focused) throw new Error('no focus chart');
    expect(focused.states[chart.id]?.children[0]).toBe('passwordReset.valid');
    expect(focused.states['passwordReset.loading']?.key).toBe('loading');
    for (const t of focused.transitions) {
      expect(t.source === 'passwordReset.valid' || t.targets.includes('passwordReset.valid')).toBe(true);
    }
    const layout = await layoutChart(focused, {});
    expect(layout.nodes.map((n) => n.id)).toContain('passwordReset.valid');
    expect(layout.nodes.some((n) => n.id.startsWith('passwordReset.valid.'))).toBe(false);
  });
});
