// Prepares everything the Firebase emulators need on this machine and says exactly what is missing when it
// cannot: a Java 21+ runtime, the Firestore emulator (firebase-tools' own download, or a wrapper around the
// preinstalled gcloud jar when there is no internet), the Storage rules runtime (downloaded, or an allow-all
// stand-in), Node 22 first on PATH, and the functions bundle. See ../shared/notes/local-firebase.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-credit-readiness';
export const EMULATORS = 'auth,firestore,functions,storage';
export const PORTS = { auth: 9099, firestore: 8080, functions: 5001, storage: 9199, hub: 4400 };
const WORK = path.join(ROOT, '.emulators');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const GCLOUD_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MIN_JAVA = 21;

export class SetupError extends Error {}

function log(message) {
  process.stdout.write(`[emulators] ${message}\n`);
}

function javaMajor(javaBin) {
  const out = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  if (out.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Finds a JDK 21+ (java, javac and jar are all needed for the offline wrappers). */
export function findJava() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  for (const dir of ['/usr/lib/jvm', '/opt/java', '/opt', path.join(homedir(), '.sdkman/candidates/java')]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort().reverse()) candidates.push(path.join(dir, name));
  }
  const which = spawnSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) {
    const real = spawnSync('readlink', ['-f', which.stdout.trim()], { encoding: 'utf8' }).stdout.trim();
    if (real) candidates.push(path.dirname(path.dirname(real)));
  }
  const seen = [];
  for (const home of candidates) {
    const java = path.join(home, 'bin', 'java');
    if (!existsSync(java)) continue;
    const major = javaMajor(java);
    seen.push(`${home} (${major ?? 'unknown'})`);
    if (major !== null && major >= MIN_JAVA) {
      return { home, java, major, hasJdkTools: existsSync(path.join(home, 'bin', 'jar')) && existsSync(path.join(home, 'bin', 'javac')) };
    }
  }
  throw new SetupError(
    `No Java ${MIN_JAVA}+ runtime found (the Firestore and Storage emulators need one). Looked at: ${
      seen.length ? seen.join(', ') : 'JAVA_HOME, PATH, /usr/lib/jvm, /opt'
    }. Install a JDK ${MIN_JAVA} or newer (for example Debian's openjdk-21-jdk where available) or set JAVA_HOME to one.`,
  );
}

function emulatorCacheDir() {
  return process.env.FIREBASE_EMULATORS_PATH || path.join(homedir(), '.cache', 'firebase', 'emulators');
}

function cachedJar(prefix) {
  const dir = emulatorCacheDir();
  if (!existsSync(dir)) return null;
  const jars = readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.jar') && statSync(path.join(dir, f)).size > 0);
  return jars.length ? path.join(dir, jars.sort().at(-1)) : null;
}

/**
 * Whether firebase-tools' emulator downloads can be reached: without a name server answer for the download host
 * (no internet, as on CI here) a download attempt only costs its own failure (about 9 s for each emulator).
 */
let downloadHostResolves;
function canReachDownloads() {
  if (process.env.EMULATORS_OFFLINE === '1') return false;
  downloadHostResolves ??= spawnSync('getent', ['hosts', 'storage.googleapis.com'], { timeout: 10_000 }).status === 0;
  return downloadHostResolves;
}

function tryFirebaseDownload(emulator, env) {
  if (!canReachDownloads()) return false;
  log(`${emulator} emulator not cached; trying firebase-tools download...`);
  const result = spawnSync(path.join(BIN, 'firebase'), ['setup:emulators:' + emulator], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return result.status === 0;
}

function buildJar(java, name, manifestLines, files = []) {
  mkdirSync(WORK, { recursive: true });
  const manifest = path.join(WORK, `${name}.mf`);
  writeFileSync(manifest, `${manifestLines.join('\n')}\n`);
  const jarPath = path.join(WORK, `${name}.jar`);
  execFileSync(path.join(java.home, 'bin', 'jar'), ['cfm', jarPath, manifest, ...files], { cwd: WORK, stdio: 'pipe' });
  return jarPath;
}

/** The Firestore emulator: firebase-tools' cached or downloaded jar, else a wrapper around the gcloud jar. */
function firestoreBinary(java, env) {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  const cached = cachedJar('cloud-firestore-emulator');
  if (cached) return null;
  if (tryFirebaseDownload('firestore', env)) return null;
  if (!existsSync(GCLOUD_FIRESTORE_JAR)) {
    throw new SetupError(
      'The Firestore emulator could not be downloaded (no internet?) and the preinstalled gcloud jar is missing at ' +
        `${GCLOUD_FIRESTORE_JAR}. Either allow firebase-tools to download it once (it caches under ${emulatorCacheDir()}), ` +
        'or install the Debian package google-cloud-cli-firestore-emulator.',
    );
  }
  if (!java.hasJdkTools) throw new SetupError(`The Java at ${java.home} has no 'jar' tool; a full JDK ${MIN_JAVA}+ is needed to build the Firestore wrapper.`);
  log('offline: using a wrapper around the preinstalled gcloud Firestore emulator jar');
  return buildJar(java, 'firestore-wrapper', [
    'Manifest-Version: 1.0',
    'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore',
    `Class-Path: ${GCLOUD_FIRESTORE_JAR}`,
  ]);
}

// An allow-all stand-in for the Storage rules runtime: it speaks the runtime's line-delimited JSON protocol.
// Storage rules are therefore NOT enforced locally when this stand-in is used (docs/local-backend.md says so).
const STORAGE_STANDIN_JAVA = `
import java.io.*;
public class StorageRulesStandIn {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    out.println("{\\"id\\":-1,\\"status\\":\\"ok\\"}");
    String line;
    while ((line = in.readLine()) != null) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\"id\\"\\\\s*:\\\\s*(-?\\\\d+)").matcher(line);
      String id = m.find() ? m.group(1) : "0";
      String result = line.contains("load_ruleset") ? "{\\"rulesVersion\\":2}" : "{\\"permit\\":true}";
      out.println("{\\"id\\":" + id + ",\\"status\\":\\"ok\\",\\"errors\\":[],\\"warnings\\":[],\\"result\\":" + result + "}");
    }
  }
}
`;

function storageRulesBinary(java, env) {
  if (process.env.STORAGE_EMULATOR_BINARY_PATH) return process.env.STORAGE_EMULATOR_BINARY_PATH;
  if (cachedJar('cloud-storage-rules-runtime')) return null;
  if (tryFirebaseDownload('storage', env)) return null;
  if (!java.hasJdkTools) throw new SetupError(`The Java at ${java.home} has no 'javac'/'jar'; a full JDK ${MIN_JAVA}+ is needed to build the Storage rules stand-in.`);
  log('offline: using an allow-all Storage rules stand-in (storage.rules are not enforced locally)');
  mkdirSync(WORK, { recursive: true });
  writeFileSync(path.join(WORK, 'StorageRulesStandIn.java'), STORAGE_STANDIN_JAVA);
  execFileSync(path.join(java.home, 'bin', 'javac'), ['StorageRulesStandIn.java'], { cwd: WORK, stdio: 'pipe' });
  return buildJar(java, 'storage-rules-standin', ['Manifest-Version: 1.0', 'Main-Class: StorageRulesStandIn'], ['StorageRulesStandIn.class']);
}

export function buildFunctions(env) {
  if (!existsSync(path.join(ROOT, 'functions', 'node_modules', 'firebase-functions'))) {
    throw new SetupError("functions/node_modules is missing: run 'npm ci --prefix functions' (npm start and .ci/run do it).");
  }
  const result = spawnSync('npm', ['--prefix', 'functions', 'run', 'build'], { cwd: ROOT, env, stdio: 'inherit' });
  if (result.status !== 0) throw new SetupError('Building functions/ failed (see above).');
}

/** Environment for firebase-tools and for anything that talks to the emulators. */
export function emulatorEnvironment() {
  const nodeBin = path.join(BIN, 'node');
  if (!existsSync(nodeBin)) throw new SetupError("node_modules is missing: run 'npm ci' first.");
  const java = findJava();
  const env = {
    ...process.env,
    PATH: [BIN, path.join(java.home, 'bin'), process.env.PATH].join(path.delimiter),
    JAVA_HOME: java.home,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
    NO_UPDATE_NOTIFIER: '1',
    // The Functions emulator starts one worker process per function (and one more per concurrent call); a worker
    // not answering within this many seconds fails its request with "Failed to load function". The default (30 s)
    // is reached on a loaded 2-core machine when a test sends 20 concurrent calls: a limit for a hung worker only.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    // Every worker loads the same modules (the functions bundle, firebase-admin, firebase-functions, the emulator's
    // runtime): Node's on-disk compile cache lets the second and later workers skip compiling them (about a third
    // of a worker's start-up CPU).
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(WORK, 'node-compile-cache'),
  };
  const firestore = firestoreBinary(java, env);
  if (firestore) env.FIRESTORE_EMULATOR_BINARY_PATH = firestore;
  const storage = storageRulesBinary(java, env);
  if (storage) env.STORAGE_EMULATOR_BINARY_PATH = storage;
  log(`Java ${java.major} at ${java.home}`);
  return env;
}

/** The loopback address the emulators listen on unless told otherwise (firebase.json). */
export const DEFAULT_HOST = '127.0.0.1';

/** Variables for clients (seed, tests) that talk to the emulators running on `host`. */
export function clientEmulatorVars(host = DEFAULT_HOST) {
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `${host}:${PORTS.auth}`,
    FIRESTORE_EMULATOR_HOST: `${host}:${PORTS.firestore}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${host}:${PORTS.storage}`,
    FUNCTIONS_EMULATOR_ORIGIN: `http://${host}:${PORTS.functions}`,
  };
}

/** Variables for clients (seed, tests) that talk to the running emulators. */
export const CLIENT_EMULATOR_VARS = clientEmulatorVars();

/**
 * A second, wholly separate local backend on another loopback address (127.0.0.2 …, the same ports): the Playwright
 * suite runs its specs on two backends side by side, each with its own demo data, so no spec sees another's changes.
 * firebase.json with every emulator's host replaced, written beside it (firebase-tools takes the config's folder
 * as the project's, where the rules and functions/ are); null for the default host (firebase.json itself).
 */
export function emulatorConfigFor(host) {
  if (!host || host === DEFAULT_HOST) return null;
  if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) throw new SetupError(`The emulators' host must be a loopback address (127.x.x.x), not ${host}.`);
  const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  for (const settings of Object.values(config.emulators)) {
    if (settings && typeof settings === 'object' && 'host' in settings) settings.host = host;
  }
  // The emulators the Functions emulator starts by itself for the Storage trigger (Eventarc) and for task queues,
  // on their default ports, which would otherwise be the default host's.
  config.emulators.eventarc = { host, port: 9299 };
  config.emulators.tasks = { host, port: 9499 };
  const file = path.join(ROOT, `.firebase.${host}.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/**
 * Fails when another emulator suite holds one of our ports on `host`: at once, or after `waitSeconds` for a suite that
 * is still stopping (npm test starts the e2e backends as the functions suite's emulators stop).
 */
export async function assertPortsFree(host = DEFAULT_HOST, waitSeconds = 0) {
  const net = await import('node:net');
  const busyPorts = async () => {
    const busy = [];
    for (const [name, port] of Object.entries(PORTS)) {
      const inUse = await new Promise((resolve) => {
        const socket = net.createConnection({ host, port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (inUse) busy.push(`${name} ${host}:${port}`);
    }
    return busy;
  };
  const deadline = Date.now() + waitSeconds * 1000;
  let busy = await busyPorts();
  while (busy.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    busy = await busyPorts();
  }
  if (busy.length) {
    throw new SetupError(`Ports already in use: ${busy.join(', ')}. Another emulator suite (npm start or a test run) is running; stop it first.`);
  }
}
