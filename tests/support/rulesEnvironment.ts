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
