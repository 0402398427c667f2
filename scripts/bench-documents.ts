// `npm run bench -- documents` runs this (with tsx) inside `firebase emulators:exec` (scripts/emulators.mjs): the
// documents upload against the local Storage emulator, in Chromium, through the app's own upload code (the Firebase
// adapter's FilesPort.upload, src/adapters/firebase/documents.ts, built by Vite into a bench page beside the Storage
// SDK). Nothing here asserts a time; the figures are for people (targets in the README):
//   (a) throughput of a 19 MB PDF uploaded through the app's FilesPort.upload, as a ratio to the same file uploaded
//       with the Storage SDK's uploadBytesResumable alone, to the same emulator in the same run (target >= 0.8),
//       alternating, medians of RUNS uploads each;
//   (b) bytes sent again after an offline pause and resume: the network is cut at about half-way (the page goes
//       offline, which the adapter's connection watch reports and the upload is paused on, as the upload machine
//       does), back online 1.5 s later; every byte of every upload request body the page hands to the network is
//       counted, minus the file's size (target: at most one chunk of the SDK's).
// Every stored object is checked against the file's SHA-256 after the server accepted it (the emulator appends
// chunks without checking offsets: progress events alone prove nothing), and the bench's documents are deleted.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccount } from '../seed/accounts';
import { adminFirestore, emulatorAdminApp } from '../seed/admin';
import { largePdf, MB, storedObject, type TestFile } from '../e2e/support/files';
import { CHROMIUM, CHROMIUM_ARGS, median, ROOT, sleep, startPreview, step } from './lib/benchKit';

const PORT = 4185;
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILE_SIZE = 19 * MB;
/** The outage's upload speed (so "half-way" can be hit): Chromium's network emulation, bytes per second. */
const OUTAGE_UPLOAD_THROUGHPUT = 4 * MB;
const OUTAGE_MS = 1_500;
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);

// ------------------------------------------------------------------------------------------- the bench page

/**
 * The page: the app's Firebase settings and adapter modules (the same source the app builds from), signed in as
 * the premium customer. It prepares uploads with createDocumentUpload, uploads through FilesPort.upload or the SDK
 * alone, and logs every XMLHttpRequest body it sends (the Storage SDK uploads with XHR).
 */
const PAGE_SOURCE = `
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { ref, uploadBytesResumable } from 'firebase/storage';
import { configureFirebase } from '../../src/adapters/firebase/firebaseSettings';
import { firebaseApp } from '../../src/adapters/firebase/firebaseApp';
import { firebaseStorage } from '../../src/adapters/firebase/storage';
import { createFilesPort } from '../../src/adapters/firebase/documents';
import { FUNCTIONS_REGION } from '../../src/domain/constants';

configureFirebase({
  apiKey: 'demo-api-key',
  projectId: '${PROJECT_ID}',
  authDomain: '127.0.0.1',
  storageBucket: '${PROJECT_ID}.appspot.com',
  useEmulators: true,
  emulatorHost: '127.0.0.1',
  defaultTenantId: 'customer',
});
const auth = getAuth(firebaseApp());
connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
const functions = getFunctions(firebaseApp(), FUNCTIONS_REGION);
connectFunctionsEmulator(functions, '127.0.0.1', 5001);
const call = async (name, data) => (await httpsCallable(functions, name)(data)).data;
let files;

const chosen = (file) => ({ blob: file, name: file.name, size: file.size, mimeType: 'application/pdf' });
const picked = () => document.querySelector('input[type=file]').files[0];

window.bench = {
  async signIn(email, password) {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    files = createFilesPort(user.uid);
    return user.uid;
  },
  prepare() {
    const file = picked();
    return call('createDocumentUpload', {
      document: { category: 'account-statements', fileType: 'bank', year: null, documentDate: null, comments: 'bench' },
      file: { name: file.name, size: file.size, mimeType: 'application/pdf' },
      replaces: null,
    });
  },
  deleteDocument: (id) => call('deleteDocument', { id }),
  /** The app's path: FilesPort.upload; the connection watch pauses it offline and resumes it online. */
  uploadApp(target, outageAt) {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let outage = false;
      let stopWatching = () => {};
      const handle = files.upload(chosen(picked()), target, (event) => {
        if (event.type === 'upload.progress' && outageAt !== null && !outage && event.bytesTransferred >= event.totalBytes * outageAt) {
          outage = true;
          window.benchOutage(event.bytesTransferred);
        }
        if (event.type === 'upload.stored') {
          stopWatching();
          resolve({ ms: performance.now() - started });
        }
        if (event.type === 'upload.failed') {
          stopWatching();
          reject(new Error('upload failed: ' + event.code));
        }
      });
      stopWatching = files.onConnectionChange((quality) => (quality === 'offline' ? handle.pause() : handle.resume()));
    });
  },
  /** The baseline: the Storage SDK's resumable upload alone, with the same metadata. */
  uploadSdk(target) {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const file = picked();
      const task = uploadBytesResumable(ref(firebaseStorage(), target.storagePath), file, { contentType: 'application/pdf', customMetadata: target.metadata });
      task.on('state_changed', () => {}, reject, () => resolve({ ms: performance.now() - started }));
    });
  },
};
`;

/** Logs every XHR to the Storage emulator: its body size, and whether it ended, failed or was aborted. */
function recordUploadRequests() {
  const w = window as unknown as { __xhr: { url: string; body: number; outcome: string }[] };
  w.__xhr = [];
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
    this.__url = String(args[1]);
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body?: Document | XMLHttpRequestBodyInit | null) {
    if (this.__url?.includes(':9199/') && body instanceof Blob) {
      const entry = { url: this.__url, body: body.size, outcome: 'pending' };
      w.__xhr.push(entry);
      this.addEventListener('loadend', () => (entry.outcome = this.status === 0 ? 'aborted' : String(this.status)));
    }
    return send.call(this, body);
  };
}

function buildPage(): string {
  const dir = path.join(ROOT, '.bench', 'documents');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><input type="file" aria-label="File"><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(path.join(dir, 'main.js'), PAGE_SOURCE);
  writeFileSync(path.join(dir, 'vite.config.mjs'), 'export default {};\n');
  const out = path.join(ROOT, '.bench', 'documents-dist');
  step('vite', ['build', dir, '--config', path.join(dir, 'vite.config.mjs'), '--outDir', out, '--emptyOutDir', '--logLevel', 'error']);
  return out;
}

// ------------------------------------------------------------------------------------------------ the runs

interface Target {
  uploadId: string;
  documentId: string;
  storagePath: string;
  metadata: Record<string, string>;
}

const db = adminFirestore.getFirestore(emulatorAdminApp(PROJECT_ID));

/** Waits for the server's verdict on the upload; answers whether it stored the file. */
async function outcome(uploadId: string): Promise<{ stored: boolean; reason: unknown }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const progress = (await db.doc(`documentUploadProgress/${uploadId}`).get()).data();
    if (progress?.fileProcessed === true && (progress.documentValidationSuccessful === false || progress.documentUploadedToSf === true)) {
      return { stored: progress.documentValidationSuccessful === true, reason: progress.reason ?? null };
    }
    if (Date.now() > deadline) throw new Error(`no verdict on upload ${uploadId}`);
    await sleep(250);
  }
}

/** The stored object is the file, byte for byte (size and SHA-256), once the server accepted it. */
async function verify(target: Target, file: TestFile): Promise<string> {
  const verdict = await outcome(target.uploadId);
  if (!verdict.stored) return `refused (${String(verdict.reason)})`;
  const object = await storedObject(target.storagePath);
  if (!object) return 'missing';
  return object.size === file.size && object.sha256 === file.sha256 ? 'identical' : `DIFFERENT (${object.size} bytes, sha256 ${object.sha256.slice(0, 12)}…)`;
}

async function requests(page: Page): Promise<{ body: number; outcome: string }[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __xhr: { body: number; outcome: string }[] };
    const taken = [...w.__xhr];
    w.__xhr.length = 0;
    return taken;
  });
}

step('tsx', ['seed/load.ts']);
process.stdout.write('building the bench page (the app\'s Firebase adapter and the Storage SDK)...\n');
const pageDir = buildPage();
const file = largePdf({ size: FILE_SIZE, seed: 19, name: 'Bench statement 19 MB.pdf' });

const base = await startPreview(PORT, pageDir);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const documents: string[] = [];
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(recordUploadRequests);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const network = (offline: boolean, uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput });
  let outageStartedAt = 0;
  await page.exposeFunction('benchOutage', async (bytesTransferred: number) => {
    outageStartedAt = bytesTransferred;
    await network(true, OUTAGE_UPLOAD_THROUGHPUT);
    await sleep(OUTAGE_MS);
    await network(false, OUTAGE_UPLOAD_THROUGHPUT);
  });
  await page.goto(`${base}/`);
  await page.waitForFunction(() => 'bench' in window);
  await page.evaluate(([email, password]) => (window as unknown as { bench: { signIn(e: string, p: string): Promise<string> } }).bench.signIn(email!, password!), [
    demoAccount('premiumCustomer').email,
    DEMO_PASSWORD,
  ]);
  await page.getByLabel('File').setInputFiles(file.path);

  type Bench = {
    prepare(): Promise<Target>;
    uploadApp(target: Target, outageAt: number | null): Promise<{ ms: number }>;
    uploadSdk(target: Target): Promise<{ ms: number }>;
  };
  const prepare = async () => {
    const target = await page.evaluate(() => (window as unknown as { bench: Bench }).bench.prepare());
    documents.push(target.documentId);
    return target;
  };

  // (a) throughput, alternating: the SDK alone first, then the app's path.
  process.stdout.write(`\nuploading a ${(FILE_SIZE / MB).toFixed(0)} MB PDF ${RUNS} times each way, alternating...\n`);
  const times = { app: [] as number[], sdk: [] as number[] };
  const checks: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const way of ['sdk', 'app'] as const) {
      const target = await prepare();
      const { ms } = await page.evaluate(
        ([t, w]) => {
          const bench = (window as unknown as { bench: Bench }).bench;
          return w === 'app' ? bench.uploadApp(t as Target, null) : bench.uploadSdk(t as Target);
        },
        [target, way] as const,
      );
      const sent = (await requests(page)).reduce((sum, request) => sum + request.body, 0);
      times[way].push(ms);
      checks.push(`${way} ${await verify(target, file)}${sent !== file.size ? ` (sent ${sent} bytes)` : ''}`);
    }
  }
  const app = median(times.app);
  const sdk = median(times.sdk);
  process.stdout.write(
    `\nUpload throughput, ${(FILE_SIZE / MB).toFixed(0)} MB PDF to the Storage emulator (median of ${RUNS}; target: app/SDK >= 0.8)\n` +
      `  through the app (FilesPort.upload)       ${mbps(file.size, app).toFixed(1).padStart(7)} MB/s  (${Math.round(app)} ms)\n` +
      `  the Storage SDK alone (baseline)         ${mbps(file.size, sdk).toFixed(1).padStart(7)} MB/s  (${Math.round(sdk)} ms)\n` +
      `  ratio app/SDK                            ${(sdk / app).toFixed(2).padStart(7)}\n` +
      `  stored objects: ${checks.join(', ')}\n`,
  );

  // (b) an outage half-way.
  await network(false, OUTAGE_UPLOAD_THROUGHPUT);
  const target = await prepare();
  const { ms } = await page.evaluate((t) => (window as unknown as { bench: Bench }).bench.uploadApp(t, 0.5), target);
  await network(false, -1);
  const sent = await requests(page);
  const total = sent.reduce((sum, request) => sum + request.body, 0);
  const aborted = sent.filter((request) => request.outcome !== '200');
  const chunks = sent.map((request) => `${(request.body / 1024).toFixed(0)}K${request.outcome === '200' ? '' : ` (${request.outcome})`}`);
  process.stdout.write(
    `\nAn offline pause and resume (cut at ${((outageStartedAt / file.size) * 100).toFixed(0)} %, ${OUTAGE_MS} ms offline, upload limited to ${OUTAGE_UPLOAD_THROUGHPUT / MB} MB/s; target: re-sent <= one chunk)\n` +
      `  file                ${file.size} bytes\n` +
      `  request bodies sent ${total} bytes in ${sent.length} requests: ${chunks.join(' ')}\n` +
      `  sent again          ${total - file.size} bytes (${((total - file.size) / MB).toFixed(2)} MB)\n` +
      `  the SDK's chunks    256 KiB doubling after each stored chunk up to 16 MiB, back to 256 KiB after a failure; ` +
      `cut chunk${aborted.length === 1 ? '' : 's'}: ${aborted.map((request) => `${(request.body / 1024).toFixed(0)} KiB`).join(', ') || 'none'}\n` +
      `  took ${(ms / 1000).toFixed(1)} s; stored object ${await verify(target, file)}\n`,
  );

  // The bench's documents go (their files and CRM copies with them).
  for (const id of documents) {
    await page.evaluate((documentId) => (window as unknown as { bench: { deleteDocument(id: string): Promise<unknown> } }).bench.deleteDocument(documentId), id).catch(() => undefined);
  }
} finally {
  await browser.close();
}
process.exit(0);
