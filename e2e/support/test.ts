// The Playwright `test` every spec uses. It checks every page the test shows with axe (./accessibility.ts), and it
// records statechart coverage: the app's actors report through src/inspect into window.__statechartCoverage__; an
// init script carries the record across full page loads within a test, and after each test the record is written
// to coverage/statecharts/e2e-*.json for `npm run coverage:statecharts`.
import { test as base, expect } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatViolations, watchAccessibility } from './accessibility';

const KEY = '__statechartCoverage__';

export const test = base.extend<{ accessibility: void; statechartCoverage: void }>({
  accessibility: [
    async ({ page }, use, info) => {
      // The report lists the pages each test checked.
      const watch = watchAccessibility(page, (checked) => info.annotations.push({ type: 'axe', description: checked }));
      await use();
      const violations = await watch.finish();
      if (violations.length > 0) throw new Error(`serious or critical accessibility violations (axe):\n${formatViolations(violations)}`);
    },
    { auto: true },
  ],
  statechartCoverage: [
    async ({ page }, use, info) => {
      await page.addInitScript((key) => {
        const saved = sessionStorage.getItem(key);
        if (saved) (window as unknown as Record<string, unknown>)[key] = JSON.parse(saved);
        addEventListener('pagehide', () => {
          const record = (window as unknown as Record<string, unknown>)[key];
          if (record) sessionStorage.setItem(key, JSON.stringify(record));
        });
      }, KEY);
      await use();
      const record = await page.evaluate((key) => (window as unknown as Record<string, unknown>)[key] ?? null, KEY).catch(() => null);
      if (record) {
        const dir = path.join(process.cwd(), 'coverage', 'statecharts');
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `e2e-${info.workerIndex}-${info.testId}.json`), JSON.stringify(record));
      }
    },
    { auto: true },
  ],
});

export { expect };
