// The demo data as a local service for the e2e suite (scripts/e2e.mjs starts it under the emulators): it loads the
// demo data once, says it is ready, then answers each `POST /reload` by loading them again (seed/load.ts's loadSeed
// writes back every account, document and file that differs from the seed, and the demo passwords). One process for
// the whole run: a reload costs the comparison, not a Node start and a TypeScript transform each time. Reloads run
// one after another; it listens on loopback only.
import { createServer } from 'node:http';
import { loadSeed, type SeedSummary } from './load';

const port = Number(process.env.SEED_PORT ?? 4174);
// The loopback address of the backend it serves (scripts/e2e.mjs: 127.0.0.1, or 127.0.0.2 for the second one).
const host = process.env.SEED_HOST ?? '127.0.0.1';
if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) throw new Error(`the demo data service listens on loopback only, not ${host}`);
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';

let last: Promise<unknown> = Promise.resolve();
function reload(): Promise<SeedSummary> {
  const next = last.then(() => loadSeed({ projectId }));
  last = next.catch(() => undefined);
  return next;
}

const first = await reload();
console.log(`[seed] ${projectId}: ${first.created} created, ${first.updated} updated, ${first.unchanged} unchanged`);

createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ready');
    return;
  }
  if (request.method !== 'POST' || request.url !== '/reload') {
    response.writeHead(404).end();
    return;
  }
  reload().then(
    (summary) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(summary)),
    (error: unknown) => {
      console.error('[seed] reload failed:', error);
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    },
  );
}).listen(port, host);
