import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElkRequest, ElkResponse } from '../../src/visualizer/layout/elkEngine';
import { toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

// Where the visualizer runs elk: a Web Worker in browsers (stood in for here by a fake that answers with the
// real elk), the same thread where there is none or it fails to start.

const chart = toChart(demoMachine);
const elk = new ELK();
const received: ElkRequest[] = [];

/** Answers like elk.worker.ts. */
class AnsweringWorker {
  onmessage: ((event: MessageEvent<ElkResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(request: ElkRequest) {
    received.push(request);
    void elk.layout(request.graph).then((result: ElkNode) => this.onmessage?.({ data: { id: request.id, ok: true, result } } as MessageEvent<ElkResponse>));
  }
  terminate() {}
}

/** A worker whose script cannot load (blocked, missing): it reports an error and never answers. */
class FailingWorker extends AnsweringWorker {
  override postMessage(request: ElkRequest) {
    received.push(request);
    setTimeout(() => this.onerror?.({ message: 'script blocked' } as ErrorEvent), 0);
  }
}

/** layout.ts as a page loads it: a fresh module with no engine started yet. */
async function freshLayoutModule() {
  vi.resetModules();
  return import('../../src/visualizer/layout/layout');
}

describe('the layout engine', () => {
  beforeEach(() => {
    received.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lays out in the worker when there is one, drawing exactly what elk draws in the same thread', async () => {
    const inThread = await (await freshLayoutModule()).layoutChart(chart);
    vi.stubGlobal('Worker', AnsweringWorker);
    const inWorker = await (await freshLayoutModule()).layoutChart(chart);
    expect(received).toHaveLength(1);
    expect(inWorker.engine).toBe('elk');
    expect(JSON.stringify(inWorker)).toBe(JSON.stringify(inThread));
  });

  it('lays out in the same thread when the worker cannot start, answering the layouts already asked for', async () => {
    const inThread = await (await freshLayoutModule()).layoutChart(chart, { collapsed: new Set(['demo.editing']) });
    vi.stubGlobal('Worker', FailingWorker);
    const { layoutChart } = await freshLayoutModule();
    const asked = layoutChart(chart, { collapsed: new Set(['demo.editing']) });
    expect(JSON.stringify(await asked)).toBe(JSON.stringify(inThread));
    expect((await layoutChart(chart)).engine).toBe('elk');
    // The failed worker is asked once; the later layout runs in the same thread straight away.
    expect(received).toHaveLength(1);
  });

  it('computes every drawing one click away in the worker, once, marks the engine ready, and then a click draws without elk', async () => {
    vi.stubGlobal('Worker', AnsweringWorker);
    const { ENGINE_READY_MARK, layoutChart, nextLayoutOptions, prepareNextLayouts } = await freshLayoutModule();
    performance.clearMarks(ENGINE_READY_MARK);
    const neighbours = nextLayoutOptions(chart, new Set());
    expect(neighbours.length).toBeGreaterThan(0);
    prepareNextLayouts(chart);
    prepareNextLayouts(chart);
    await vi.waitFor(() => expect(performance.getEntriesByName(ENGINE_READY_MARK, 'mark')).toHaveLength(1), { timeout: 10_000 });
    expect((performance.getEntriesByName(ENGINE_READY_MARK, 'mark')[0] as PerformanceMark).detail).toBe('demo');
    expect(received).toHaveLength(neighbours.length);
    expect(new Set(received.map((request) => JSON.stringify(request.graph))).size).toBe(neighbours.length);

    const collapsed = neighbours[0]!.collapsed!;
    const drawn = await layoutChart(chart, { collapsed });
    expect(received).toHaveLength(neighbours.length);
    const inThread = await (await freshLayoutModule()).layoutChart(chart, { collapsed });
    expect(JSON.stringify(drawn)).toBe(JSON.stringify(inThread));
  });

  it('lists as one click away each shown compound state toggled, not the states a collapsed parent hides', async () => {
    const { nextLayoutOptions } = await freshLayoutModule();
    const compound = chart.order.filter((id) => id !== chart.id && (chart.states[id]?.children.length ?? 0) > 0);
    const fromDefault = nextLayoutOptions(chart, new Set()).map((o) => [...o.collapsed!]);
    expect(fromDefault).toEqual(compound.map((id) => [id]));
    const outer = compound.find((id) => compound.some((other) => chart.states[other]?.parent === id)) ?? compound[0]!;
    const fromCollapsed = nextLayoutOptions(chart, new Set([outer])).map((o) => [...o.collapsed!].sort());
    // Expanding it again is one click away; its hidden descendants are not.
    expect(fromCollapsed).toContainEqual([]);
    for (const option of fromCollapsed) {
      for (const id of option) expect(id === outer || !isInside(id, outer)).toBe(true);
    }
  });

  it('asks elk once for a layout asked for twice', async () => {
    vi.stubGlobal('Worker', AnsweringWorker);
    const { layoutChart } = await freshLayoutModule();
    const collapsed = new Set([chart.order.find((id) => id !== chart.id && (chart.states[id]?.children.length ?? 0) > 0)!]);
    const first = await layoutChart(chart, { collapsed });
    const again = await layoutChart(chart, { collapsed: new Set(collapsed) });
    expect(received).toHaveLength(1);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });
});

function isInside(id: string, ancestor: string): boolean {
  for (let parent = chart.states[id]?.parent ?? null; parent !== null; parent = chart.states[parent]?.parent ?? null) {
    if (parent === ancestor) return true;
  }
  return false;
}
