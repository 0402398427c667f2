import { defineConfig } from '@playwright/test';

// Playwright drives Debian's Chromium (test tools cannot download browsers here) against the built app served
// by `vite preview` and the Firebase emulators, both started by scripts/e2e.mjs under `firebase emulators:exec`.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // scripts/e2e.mjs names a second backend's report and output folder (docs/local-backend.md).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-reports/e2e.json' }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4173',
    // A trace only when a failed test runs again (CI retries once; E2E_TRACE=retain-on-failure locally records one
    // for every test): recording every test's trace (its screencast and DOM snapshots) took about two thirds of
    // Chromium's processor time on two cores, more than the pages themselves.
    trace: (process.env.E2E_TRACE as 'on-first-retry' | 'retain-on-failure' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
