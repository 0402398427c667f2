// The demo data, loaded again between journeys that change it, by the demo data service scripts/e2e.mjs starts for
// the run (seed/serve.ts: seed/load.ts's loadSeed in one long-lived process; the Playwright worker itself cannot
// load the seed, which imports the functions' sources).
const SEED_URL = process.env.E2E_SEED_URL ?? 'http://127.0.0.1:4174';

export async function reloadDemoData(): Promise<void> {
  const response = await fetch(`${SEED_URL}/reload`, { method: 'POST' });
  if (!response.ok) throw new Error(`reloading the demo data failed: ${response.status} ${await response.text()}`);
}
