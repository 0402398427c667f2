// Every event a registered machine accepts from outside is sent by some code in the product (a view, a route, an
// app actor, an adapter, a parent machine), or is listed below as sent only by tests, with the reason. Otherwise a
// branch of a machine can be covered by the model-based tests and never run in the product (as the session's resync
// once was: nothing sent claims.contactIdMissing).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { machineEntries } from '../../machines/index';

const ROOT = path.resolve(__dirname, '../..');

/** Events that only tests send, by machine id, with the reason. */
const SENT_ONLY_BY_TESTS: Record<string, Record<string, string>> = {
  loadView: {
    'load.complete': 'the app unmounts its load view when the data arrives (src/app/App.tsx AppLoading); owners that keep the view send it',
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

// Product code: src/ and machines/, without the registry and the port types (type unions name events, they do not
// send them) and without each machine's own file (its event union and `on` keys).
const PRODUCT = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'machines'))]
  .filter((file) => !/machines[\\/](\w+[\\/])?(index|registry|ports|entries)\.ts$/.test(file))
  .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));

function acceptedEvents(root: AnyStateNode): string[] {
  const types = new Set<string>();
  const walk = (node: AnyStateNode) => {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.') && type !== '*') types.add(type);
    Object.values(node.states).forEach(walk);
  };
  walk(root);
  return [...types].sort();
}

function senders(machineId: string, type: string): string[] {
  const pattern = new RegExp(`type:\\s*['"\`]${type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
  return PRODUCT.filter(({ file, text }) => !file.endsWith(`${machineId}.machine.ts`) && pattern.test(text)).map(({ file }) => file);
}

describe('events the machines accept', () => {
  for (const entry of machineEntries) {
    it(`are all sent by the product, or listed as test-only with a reason: ${entry.id}`, () => {
      const testOnly = SENT_ONLY_BY_TESTS[entry.id] ?? {};
      const unsent = acceptedEvents(entry.machine.root).filter((type) => senders(entry.id, type).length === 0);
      expect(unsent.sort()).toEqual(Object.keys(testOnly).sort());
    });
  }

  it('finds a sender it knows of (the check itself works)', () => {
    expect(senders('session', 'claims.contactIdMissing')).toContain(path.join('src', 'app', 'shell', 'appActors.ts'));
    expect(senders('session', 'no.such.event')).toEqual([]);
  });
});
