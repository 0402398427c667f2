import { toChart } from '../model/chart';
import { findMachine } from '../registry';
import type { PathsRequest, PathsResponse } from './pathsClient';
import { qaPathSet } from './qaPaths';

// Generates a machine's test paths off the main thread (the intake machine takes a moment), so the visualizer
// keeps answering while the Paths tab fills.
const scope = self as unknown as { onmessage: ((event: MessageEvent<PathsRequest>) => void) | null; postMessage: (message: PathsResponse) => void };

scope.onmessage = ({ data }) => {
  const { id, machineId, strategy } = data;
  const entry = findMachine(machineId);
  if (!entry) {
    scope.postMessage({ id, ok: false, error: `no machine '${machineId}' is registered` });
    return;
  }
  try {
    scope.postMessage({ id, ok: true, paths: qaPathSet(entry, toChart(entry.machine), strategy).paths });
  } catch (error) {
    scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
