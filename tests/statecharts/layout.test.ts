import { describe, expect, it } from 'vitest';
import { layoutCacheFor, layoutChart, type DiagramLayout, type NodeBox } from '../../src/visualizer/layout/layout';
import { diagramSvgMarkup } from '../../src/visualizer/export/svg';
import { toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

const chart = toChart(demoMachine);
const inside = (inner: NodeBox, outer: NodeBox) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const node = (layout: DiagramLayout, id: string) => {
  const found = layout.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};

describe('the layout adapter', () => {
  it('places every child state inside its parent, in absolute coordinates', async () => {
    const layout = await layoutChart(chart);
    for (const box of layout.nodes) {
      const parentId = box.kind === 'initial' ? box.id.replace(/::initial$/, '') : chart.states[box.id]?.parent;
      if (parentId) expect(inside(box, node(layout, parentId)), `${box.id} inside ${parentId}`).toBe(true);
    }
  });

  it('draws one arrow per transition target and one per initial state, each with points', async () => {
    const layout = await layoutChart(chart);
    const initialArrows = layout.edges.filter((e) => e.transition === null);
    expect(layout.edges.length - initialArrows.length).toBe(chart.transitions.length);
    expect(initialArrows.map((e) => e.target).sort()).toEqual(['demo.editing.form.empty', 'demo.editing.panel.closed', 'demo.idle']);
    for (const edge of layout.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
  });

  it('gives guarded alternatives between the same two states separate labels', async () => {
    const layout = await layoutChart(chart);
    const labels = layout.edges
      .filter((e) => e.source === 'demo.editing.form.dirty' && e.target === 'demo.editing.form.empty')
      .map((e) => e.label);
    expect(labels).toHaveLength(2);
    expect(labels[0]?.x === labels[1]?.x && labels[0]?.y === labels[1]?.y).toBe(false);
  });

  it('hides the children of a collapsed state and ends arrows at the collapsed state', async () => {
    const layout = await layoutChart(chart, { collapsed: new Set(['demo.editing']) });
    expect(layout.nodes.some((n) => n.id.startsWith('demo.editing.'))).toBe(false);
    expect(node(layout, 'demo.editing').collapsed).toBe(true);
    expect(layout.edges.find((e) => e.transition?.event === 'form.edit' && e.transition.source === 'demo.failed')?.target).toBe('demo.editing');
    expect(layout.edges.some((e) => e.transition?.event === 'panel.toggle')).toBe(false);
  });

  it('lays out the same chart identically every time', async () => {
    expect(JSON.stringify(await layoutChart(chart))).toBe(JSON.stringify(await layoutChart(chart)));
  });

  it('renders the layout to a standalone SVG with every state and label', async () => {
    const svg = diagramSvgMarkup(await layoutChart(chart), 'Demo flow');
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('data-state-id="demo.editing.form.dirty"');
    expect(svg).toContain('after lookupTimeout (15 s)');
    expect(svg).toContain('form.submit [isShortPassword]');
  });

  it('draws from a generated layout of the same chart without running elk, and ignores one made for another', async () => {
    const cache = await layoutCacheFor(chart);
    const cached = await layoutChart(chart, {}, cache);
    expect(cached.engine).toBe('cache');
    expect(cached.nodes.map((n) => n.id)).toEqual((await layoutChart(chart)).nodes.map((n) => n.id));
    expect((await layoutChart(chart, {}, { ...cache, key: 'another machine' })).engine).toBe('elk');
    expect((await layoutChart(chart, { collapsed: new Set(['demo.editing']) }, cache)).engine).toBe('elk');
  });
});
