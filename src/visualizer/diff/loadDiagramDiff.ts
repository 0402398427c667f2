import type { DiagramDiffFile } from './diagramDiff';

// The file the last `npm run statecharts:diff -- <ref> --visualizer` wrote (coverage/statecharts-diff.json), bundled
// like the coverage: an optional glob, so no file means no module. Vite-only (import.meta.glob), so it lives apart
// from diagramDiff.ts, which the command itself runs under tsx.
const diffFiles = import.meta.glob<unknown>('../../../coverage/statecharts-diff.json', { import: 'default' });

export async function loadDiagramDiff(): Promise<DiagramDiffFile | null> {
  const load = Object.values(diffFiles)[0];
  if (!load) return null;
  const value = (await load()) as Partial<DiagramDiffFile> | null;
  return value && value.version === 1 && typeof value.machines === 'object' ? (value as DiagramDiffFile) : null;
}
