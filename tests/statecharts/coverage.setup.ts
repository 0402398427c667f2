import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { mergeCoverage, parseCoverageRecord, recordedCoverage, resetCoverage } from '../../src/inspect';

// Vitest set-up (setupFiles): after each test file, adds what its actors recorded through `inspect` to
// coverage/statecharts/<worker>-<pid>.json. Files of one worker run one after another and each starts with a
// fresh module graph, so the worker's file is read, merged and rewritten rather than overwritten.
const directory = join(process.cwd(), 'coverage', 'statecharts');
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
const file = join(directory, `vitest-${worker}-${process.pid}.json`);

afterAll(() => {
  const recorded = recordedCoverage();
  if (Object.keys(recorded.machines).length === 0) return;
  mkdirSync(directory, { recursive: true });
  const previous = existsSync(file) ? parseCoverageRecord(JSON.parse(readFileSync(file, 'utf8')), file) : undefined;
  const merged = previous ? mergeCoverage(previous, recorded) : recorded;
  writeFileSync(file, `${JSON.stringify(merged)}\n`);
  resetCoverage();
});
