import ElkApi, { type ELK, type ElkNode } from 'elkjs/lib/elk-api.js';
import elkCodeUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ElkRequest, ElkResponse } from './elkEngine';

// Runs elk off the main thread (elkEngine.ts), so the page keeps answering while a chart is laid out and while
// elk loads and warms up. elk's layout code (elk-worker.min.js) is loaded as the file elkjs ships, not bundled:
// bundled (elk.bundled.js), it is wrapped and minified again, and Chromium then spends nearly twice the processor
// time compiling, starting and first running it (measured on the largest machine's cold layout). Only the layered
// algorithm, the one the visualizer uses, is registered.
//
// The file is CommonJS-aware: where `module` exists it exports its in-thread worker stand-in (as it does for
// elk.bundled.js), which elk-api drives; it also installs its own message handler on `self`, replaced below.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ElkRequest>) => void) | null; postMessage: (message: ElkResponse) => void };
const commonJs: { exports: { Worker?: new (url?: string) => Worker } } = { exports: {} };
Object.assign(self, { module: commonJs, exports: commonJs.exports });

function answer({ data }: MessageEvent<ElkRequest>): void {
  const { id, graph } = data;
  void elk.then(
    (engine) =>
      engine.layout(graph).then(
        (result: ElkNode) => scope.postMessage({ id, ok: true, result }),
        (error: unknown) => scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      ),
    // Not loaded: reported once, below, as the worker's own error.
    () => undefined,
  );
}

const elk: Promise<ELK> = import(/* @vite-ignore */ elkCodeUrl).then(() => {
  // Loading it installed elk's own handler; requests keep coming here (none is lost in between: this runs
  // before the next message is delivered).
  scope.onmessage = answer;
  const InThreadWorker = commonJs.exports.Worker;
  if (!InThreadWorker) throw new Error(`elk did not load from ${elkCodeUrl}`);
  return new ElkApi({ algorithms: ['layered'], workerFactory: (url) => new InThreadWorker(url) });
});
// elk that cannot load here (a blocked or missing file) fails the worker, so the page lays out in its own thread
// instead, the layouts already asked for included (elkEngine.ts).
elk.catch((error: unknown) =>
  setTimeout(() => {
    throw error;
  }),
);

scope.onmessage = answer;
