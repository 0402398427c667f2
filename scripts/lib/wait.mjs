// Waits until the emulator hub reports every emulator and the functions emulator has loaded our callables.
import { PORTS, PROJECT_ID } from './emulatorEnv.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function hubReady() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORTS.hub}/emulators`);
    if (!res.ok) return false;
    const body = await res.json();
    return ['auth', 'firestore', 'functions', 'storage'].every((name) => body[name]);
  } catch {
    return false;
  }
}

async function callablesLoaded() {
  try {
    // An unauthenticated call to a signed-in callable answers 401/403 once loaded; 404 before.
    const res = await fetch(`http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/us-west4/getUserInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":null}',
    });
    return res.status !== 404;
  } catch {
    return false;
  }
}

export async function waitForEmulators({ timeoutMs, isAlive }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the emulators exited during start-up (log above)');
    if ((await hubReady()) && (await callablesLoaded())) return;
    await sleep(500);
  }
  throw new Error(`the emulators were not ready after ${timeoutMs / 1000} s (log above)`);
}
