import { parseCoverageRecord, type CoverageRecord } from '../../inspect/record';

// The last `npm run coverage:statecharts` result, imported through Vite: an optional glob (no file, no
// module) that the dev server serves and updates, and that the static site build bundles as its own chunk.
const coverageFiles = import.meta.glob<unknown>('../../../coverage/statecharts.json', { import: 'default' });

/** The merged coverage record, or null when coverage:statecharts has not run yet. */
export async function loadCoverage(): Promise<CoverageRecord | null> {
  const load = Object.values(coverageFiles)[0];
  return load ? parseCoverageRecord(await load(), 'coverage/statecharts.json') : null;
}

export async function readCoverageFile(file: File): Promise<CoverageRecord> {
  return parseCoverageRecord(JSON.parse(await file.text()), file.name);
}
