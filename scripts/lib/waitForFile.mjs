// `node scripts/lib/waitForFile.mjs <file>`: returns once <file> exists. `npm test` (scripts/test.mjs) writes it when
// the checks that run beside the emulators' suites are done, so the Playwright suite starts on a machine they no
// longer load. Gives up after an hour (a test run that never writes it has failed anyway).
import { existsSync } from 'node:fs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/lib/waitForFile.mjs <file>');
  process.exit(2);
}
const deadline = Date.now() + 60 * 60 * 1000;
while (!existsSync(file)) {
  if (Date.now() > deadline) {
    console.error(`[test] ${file} did not appear within an hour`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
