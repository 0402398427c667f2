import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { ElkRequest, ElkResponse } from './elkEngine';

// Runs elk off the main thread (elkEngine.ts), so the page keeps answering while a chart is laid out and while
// elk loads and warms up. Importing the bundle installs elk's own message handler on `self` (it takes any
// document-less scope for its worker); the assignment below replaces it with this simpler protocol.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ElkRequest>) => void) | null; postMessage: (message: ElkResponse) => void };
const elk = new ELK();

scope.onmessage = ({ data }) => {
  const { id, graph } = data;
  elk.layout(graph).then(
    (result: ElkNode) => scope.postMessage({ id, ok: true, result }),
    (error: unknown) => scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
};
