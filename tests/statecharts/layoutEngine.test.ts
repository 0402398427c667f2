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

  it('warms the worker up with the default drawing of the chart first drawn, once, then marks the engine ready', async () => {
    vi.stubGlobal('Worker', AnsweringWorker);
    const { ENGINE_READY_MARK, WARM_UP_LAYOUTS, preloadLayoutEngine } = await freshLayoutModule();
    performance.clearMarks(ENGINE_READY_MARK);
    preloadLayoutEngine(chart);
    preloadLayoutEngine(chart);
    await vi.waitFor(() => expect(performance.getEntriesByName(ENGINE_READY_MARK, 'mark')).toHaveLength(1), { timeout: 10_000 });
    expect((performance.getEntriesByName(ENGINE_READY_MARK, 'mark')[0] as PerformanceMark).detail).toBe('demo');
    expect(received).toHaveLength(WARM_UP_LAYOUTS);
    const drawn = received.map((request) => JSON.stringify(request.graph));
    expect(new Set(drawn).size).toBe(1);
    expect(received[0]?.graph.children?.[0]?.id).toBe('demo');
  });
});
