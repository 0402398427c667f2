// `npm run statecharts:diff -- <git ref>` (scripts/statecharts-diff.ts) in a throwaway git repository of its own, so
// machines other engineers change in this work tree meanwhile cannot move the result: two commits of a small
// statecharts/ folder, the command run in that repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromPromise, setup } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseDiffArgs } from '../../scripts/statecharts-diff';
import { machineJson } from '../../src/visualizer/export/generate';
import { registeredMachines } from '../../src/visualizer/registry';

const lookup = setup({
  types: { events: {} as { type: 'lookup.start' } | { type: 'lookup.retry' } },
  actors: { findAccount: fromPromise(async () => ({ found: true })) },
  guards: { canRetry: () => true },
});

function accountLookup(failedTarget: 'idle' | 'searching') {
  return lookup.createMachine({
    id: 'accountLookup',
    initial: 'idle',
    states: {
      idle: { on: { 'lookup.start': 'searching' } },
      searching: { invoke: { src: 'findAccount', onDone: 'found', onError: 'failed' } },
      failed: { on: { 'lookup.retry': { guard: 'canRetry', target: failedTarget } } },
      found: { type: 'final' },
    },
  });
}

const refund = setup({ types: { events: {} as { type: 'refund.request' } } }).createMachine({
  id: 'refund',
  initial: 'idle',
  states: { idle: { on: { 'refund.request': 'requested' } }, requested: { type: 'final' } },
});

const toJson = (machine: { toJSON(): unknown }) => `${JSON.stringify(machine.toJSON(), null, 2)}\n`;

let repo: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=QA', '-c', 'user.email=qa@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), content);
}

function commit(message: string) {
  git('add', '-A');
  git('commit', '-q', '-m', message);
}

async function run(argv: string[], cwd = repo): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd, out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'statecharts-diff-'));
  git('init', '-q');
  write('README.md', 'before the statecharts were exported\n');
  commit('no statecharts yet');
  write('statecharts/accountLookup.json', toJson(accountLookup('idle')));
  // The layout cache sits beside the machines' JSON and is not a machine.
  write('statecharts/accountLookup.layout.json', '{"version":1}\n');
  write('statecharts/index.md', '# Statecharts\n');
  commit('first export');
  write('statecharts/accountLookup.json', toJson(accountLookup('searching')));
  write('statecharts/refund.json', toJson(refund));
  commit('retry searches again; refunds');
});

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('npm run statecharts:diff', () => {
  it('compares two revisions: the machine added and the transition retargeted', async () => {
    const head = git('rev-parse', '--short=7', 'HEAD').trim();
    const previous = git('rev-parse', '--short=7', 'HEAD~1').trim();
    const { code, out, err } = await run(['HEAD~1', 'HEAD']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(
      [
        `# Statechart changes since \`HEAD~1\` (${previous})`,
        '',
        `Compared with \`HEAD\` (${head}): 1 machine changed, 1 added, 0 removed, 0 unchanged.`,
        '',
        '## Machines added',
        '',
        '- `refund`: 2 states, 1 transition',
        '',
        '## `accountLookup`',
        '',
        '### Transitions retargeted',
        '',
        '- `failed` on `lookup.retry` [`canRetry`]: went to `idle`, now goes to `searching`',
        '',
      ].join('\n'),
    );
  });

  it('runs as the npm script runs it (tsx, outside Vite): the same comparison, printed on stdout', () => {
    // The command's modules must not need Vite (import.meta.glob is Vite's): under tsx they are plain Node modules.
    const out = execFileSync(path.resolve('node_modules/.bin/tsx'), [path.resolve('scripts/statecharts-diff.ts'), 'HEAD~1', 'HEAD'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(out).toContain('1 machine changed, 1 added, 0 removed, 0 unchanged.');
    expect(out).toContain('- `failed` on `lookup.retry` [`canRetry`]: went to `idle`, now goes to `searching`');
  }, 60_000);

  it('says no machine changed when the working tree statecharts match the revision, and exits 0', async () => {
    const { code, out, err } = await run(['HEAD', '--files']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe('No machine changed since HEAD.\n');
  });

  it('compares the working tree statecharts with a revision with --files', async () => {
    write('statecharts/refund.json', toJson(accountLookup('idle')).replaceAll('accountLookup', 'refund'));
    try {
      const { code, out } = await run(['HEAD', '--files']);
      expect(code).toBe(0);
      expect(out).toContain('Compared with statecharts/*.json in the working tree: 1 machine changed, 0 added, 0 removed, 1 unchanged.');
      expect(out).toContain('### States added\n\n- `searching`\n- `failed`\n- `found` (final)\n');
      expect(out).toContain('### States removed\n\n- `requested` (final)\n');
    } finally {
      git('checkout', '-q', '--', 'statecharts/refund.json');
    }
  });

  it('narrows the summary to one machine with --machine', async () => {
    const changed = await run(['HEAD~1', 'HEAD', '--machine', 'accountLookup']);
    expect(changed.out).toContain('1 machine changed, 0 added, 0 removed, 0 unchanged.');
    expect(changed.out).not.toContain('refund');
    const same = await run(['HEAD', '--files', '--machine=accountLookup']);
    expect(same.out).toBe('`accountLookup` has not changed since HEAD.\n');
    const unknown = await run(['HEAD', '--files', '--machine', 'payments']);
    expect(unknown).toEqual({ code: 2, out: '', err: "statecharts:diff: no machine 'payments' in either revision\n" });
  });

  it('exits 2 with a sentence for a ref that names no commit or holds no statecharts', async () => {
    expect(await run(['last-friday', '--files'])).toEqual({ code: 2, out: '', err: `statecharts:diff: 'last-friday' names no commit of the repository in ${repo}\n` });
    expect(await run(['HEAD~2', '--files'])).toEqual({
      code: 2,
      out: '',
      err: 'statecharts:diff: HEAD~2 has no statecharts/*.json (npm run statecharts had not been run and committed there)\n',
    });
  });

  it('reads the refs and options, and refuses anything else with the usage line', () => {
    expect(parseDiffArgs(['main~5'])).toEqual({ since: 'main~5', until: null, files: false, machines: [] });
    expect(parseDiffArgs(['v1', 'v2', '--machine', 'refund'])).toEqual({ since: 'v1', until: 'v2', files: false, machines: ['refund'] });
    expect(() => parseDiffArgs([])).toThrow(/^usage: npm run statecharts:diff -- <git ref>/);
    expect(() => parseDiffArgs(['a', 'b', 'c'])).toThrow(/^usage:/);
    expect(() => parseDiffArgs(['a', '--colour'])).toThrow(/^unknown option '--colour'/);
    expect(() => parseDiffArgs(['a', 'b', '--files'])).toThrow(/^--files compares with the working tree/);
  });

  it('without --files compares with the registered machines, and finds none changed against their own export', async () => {
    // A revision holding exactly what `npm run statecharts` writes for every registered machine now: the registry
    // read through machine.toJSON() must match it machine for machine (no change invented by the comparison).
    const exported = mkdtempSync(path.join(tmpdir(), 'statecharts-diff-registry-'));
    const saved = repo;
    repo = exported;
    try {
      git('init', '-q');
      for (const entry of registeredMachines) write(`statecharts/${entry.id}.json`, machineJson(entry));
      commit('every registered machine');
      const { code, out, err } = await run(['HEAD']);
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(out).toBe('No machine changed since HEAD.\n');

      const [first] = registeredMachines;
      if (!first) throw new Error('no machine is registered');
      git('rm', '-q', `statecharts/${first.id}.json`);
      commit(`without ${first.id}`);
      const added = await run(['HEAD']);
      expect(added.out).toContain(`## Machines added\n\n- ${first.title} (\`${first.id}\`): `);
      expect(added.out).toContain(`0 machines changed, 1 added, 0 removed, ${registeredMachines.length - 1} unchanged.`);
    } finally {
      repo = saved;
      rmSync(exported, { recursive: true, force: true });
    }
  });
});
