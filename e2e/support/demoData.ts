// The demo data, loaded again between journeys that change it: seed/load.ts's loadSeed, run in the Playwright
// worker itself (one admin connection for the run, no process to start), writes back every account, document and
// file that differs from the seed, and the demo passwords.
import { loadSeed } from '../../seed/load';

export async function reloadDemoData(): Promise<void> {
  await loadSeed({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness' });
}
