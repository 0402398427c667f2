// The Firestore rules test environment (firebase/quickstart-testing's habit) for the rules suites under the
// emulators: firestore.rules loaded once, the database cleared and seeded with the rules off before each test.
import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { PROJECT_ID } from './emulator';

const [host = '127.0.0.1', port = '8080'] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');

export type RulesFirestore = ReturnType<RulesTestContext['firestore']>;

/** Registers the environment's hooks for the file's tests and returns it (ready once the tests run). */
export function rulesEnvironment(seed: (db: RulesFirestore) => Promise<void>): () => RulesTestEnvironment {
  let env: RulesTestEnvironment | undefined;
  const ready = () => {
    if (!env) throw new Error('the rules environment starts before the tests');
    return env;
  };
  beforeAll(async () => {
    // Refusals are the point of these tests; the SDK would log each one as a warning.
    setLogLevel('silent');
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
    });
  });
  beforeEach(async () => {
    await ready().clearFirestore();
    await ready().withSecurityRulesDisabled((context) => seed(context.firestore()));
  });
  afterAll(async () => {
    await ready().cleanup();
  });
  return ready;
}

// ---------------------------------------------------------------- Storage (storage.rules)

const [storageHost = '127.0.0.1', storagePort = '9199'] = (process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '127.0.0.1:9199').split(':');

export const LOCAL_FIREBASE_NOTES = '../shared/notes/local-firebase.md';

export interface StorageRulesEnvironment {
  env: RulesTestEnvironment;
  /** Null when the emulator enforces storage.rules; otherwise why the rules cannot be tested here. */
  notEnforcedReason: string | null;
}

/**
 * Loads storage.rules into the Storage emulator and finds out whether its rules runtime enforces them. Offline
 * machines run an allow-all stand-in (scripts/lib/emulatorEnv.mjs; ../shared/notes/local-firebase.md), so the
 * probe is a write every version of these rules denies (an unauthenticated upload): if it is permitted, the
 * runtime is the stand-in. Call with top-level await, before the suites are declared, so they can be skipped.
 */
export async function startStorageRulesEnvironment(): Promise<StorageRulesEnvironment> {
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    storage: { rules: readFileSync('storage.rules', 'utf8'), host: storageHost, port: Number(storagePort) },
  });
  const probePath = 'users/rules-runtime-probe/documents/probe.pdf';
  try {
    await env.unauthenticatedContext().storage().ref(probePath).put(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      contentType: 'application/pdf',
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'storage/unauthorized') return { env, notEnforcedReason: null };
    throw error;
  }
  await env.withSecurityRulesDisabled((context) => context.storage().ref(probePath).delete());
  return {
    env,
    notEnforcedReason:
      `the Storage emulator's rules runtime permitted an unauthenticated upload that storage.rules deny, so it is ` +
      `the allow-all stand-in used offline and storage.rules are not enforced on this machine (see ${LOCAL_FIREBASE_NOTES}); ` +
      `these tests run where the real runtime could be downloaded`,
  };
}
