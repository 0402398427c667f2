import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure code (node; tests/server holds the functions' code that needs no emulator), React views
// (jsdom), and suites that need the Firebase emulators (run by `npm run test:emulated` under
// `firebase emulators:exec`): a suite that needs no emulator does not wait for one.
//
// Tests wait for states, never for the clock: the time limits below only end a test that would otherwise hang, so
// they are far above what any test takes on a loaded 2-core machine (Vitest's default of 5 s is not).
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Files share their worker's module graph (not re-imported for each file: a third of the CPU time of
          // this project); no test relies on module state from another file.
          isolate: false,
          include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/statecharts/**/*.test.ts', 'tests/scripts/**/*.test.ts', 'tests/adapters/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // Records the transitions the tests' actors take (statechart coverage, `npm run coverage:statecharts`).
          setupFiles: ['tests/statecharts/coverage.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          // One jsdom window and module graph per worker, reset for each file by the set-up (React, Mantine and
          // the routes are imported once per worker instead of once per file).
          isolate: false,
          include: ['tests/views/**/*.test.tsx'],
          // The coverage set-up is listed here, not imported by views.setup.ts: Vitest re-runs setup files for each
          // file, not what they import, so an imported one recorded only each worker's first file.
          setupFiles: ['tests/statecharts/coverage.setup.ts', 'tests/support/views.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'emulated',
          environment: 'node',
          include: ['tests/functions/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
