import type { ElkNode } from 'elkjs/lib/elk.bundled.js';

// Where elk runs. In a browser it runs in a Web Worker (elk.worker.ts, which loads elk's 1.6 MB layout code),
// so loading it, warming it up and laying out the largest machine never freeze the page. Where there are no
// workers (node for `npm run statecharts`, the unit tests' DOM) it runs in the same thread, as it does in a
// browser whose worker fails to start.

export interface ElkRequest {
  id: number;
  graph: ElkNode;
}

export type ElkResponse = { id: number; ok: true; result: ElkNode } | { id: number; ok: false; error: string };

export interface LayoutEngine {
  /** True when elk runs off the main thread, where warming it up costs the page nothing. */
  offMainThread: boolean;
  layout: (graph: ElkNode) => Promise<ElkNode>;
}

/** One elk instance for the page or process (creating one registers every layout algorithm again). */
function mainThreadEngine(): Promise<LayoutEngine> {
  return import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => {
    const elk = new ELK();
    return { offMainThread: false, layout: (graph) => elk.layout(graph) };
  });
}

function workerEngine(): LayoutEngine {
  const pending = new Map<number, { graph: ElkNode; resolve: (result: ElkNode) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let fallback: Promise<LayoutEngine> | null = null;
  const worker = new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module', name: 'statechart-layout' });
  worker.onmessage = ({ data }: MessageEvent<ElkResponse>) => {
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if (data.ok) request.resolve(data.result);
    else request.reject(new Error(data.error));
  };
  // The worker could not start or stopped (a blocked script, a crash): lay out here from now on, answers
  // still owed included, rather than leave the diagram waiting.
  worker.onerror = () => {
    worker.terminate();
    fallback = mainThreadEngine();
    const owed = [...pending.values()];
    pending.clear();
    for (const request of owed) fallback.then((engine) => engine.layout(request.graph)).then(request.resolve, request.reject);
  };
  return {
    get offMainThread() {
      return fallback === null;
    },
    layout(graph) {
      if (fallback) return fallback.then((engine) => engine.layout(graph));
      return new Promise((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { graph, resolve, reject });
        const request: ElkRequest = { id, graph };
        worker.postMessage(request);
      });
    },
  };
}

let engine: Promise<LayoutEngine> | undefined;

/** Started on first use, or earlier by startLayoutEngine. */
export function layoutEngine(): Promise<LayoutEngine> {
  engine ??= typeof Worker === 'undefined' ? mainThreadEngine() : Promise.resolve(workerEngine());
  return engine;
}

/**
 * Starts elk loading in its worker now, while the page itself starts (its script, translations and first
 * render), rather than when the first layout is asked for: every page needs elk soon (a machine without an up to
 * date generated layout, and the drawings one click away computed after the first drawing), and its loading
 * takes longer than the rest of the page's start. Where elk would run on the main thread nothing starts early.
 */
export function startLayoutEngine(): void {
  if (typeof Worker !== 'undefined') void layoutEngine();
}
