import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { diffMarkdown, diffStatecharts, parseMachineJson, type StateNodeJson } from '../src/visualizer/diff/machineDiff';
import { diagramDiffFile } from '../src/visualizer/diff/diagramDiff';

// npm run statecharts:diff -- <git ref> [<later git ref>] [--files] [--machine <id>]…
// What changed in the flows since a revision, as Markdown a product manager reads: every machine's JSON at the
// revision (statecharts/<id>.json, checked in by `npm run statecharts`) against the machines now. "Now" is the
// registry (machines/index.ts) serialised by the same `machine.toJSON()` that wrote those files, so a machine
// edited but not yet exported still shows its changes; --files compares the working tree's statecharts/ instead,
// and a second ref compares two revisions.

export const USAGE =
  'usage: npm run statecharts:diff -- <git ref> [<later git ref>] [--files] [--machine <id>]… [--visualizer]   (e.g. main~5, a tag, a commit, "main@{1.week.ago}")';

/** Where --visualizer writes the diff for the visualizer's diagram (bundled by the dev server and the static build). */
export const VISUALIZER_DIFF_FILE = join('coverage', 'statecharts-diff.json');

export interface DiffArgs {
  since: string;
  /** A later revision to compare with instead of the machines now. */
  until: string | null;
  /** Compare with the working tree's statecharts/*.json rather than the registry. */
  files: boolean;
  /** Only these machines (all when empty). */
  machines: string[];
  /** Also write the diff for the visualizer's diagram (VISUALIZER_DIFF_FILE). */
  visualizer?: boolean;
}

export function parseDiffArgs(argv: readonly string[]): DiffArgs {
  const refs: string[] = [];
  const machines: string[] = [];
  let files = false;
  let visualizer = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--files') files = true;
    else if (arg === '--visualizer') visualizer = true;
    else if (arg === '--machine') {
      const id = argv[(i += 1)];
      if (!id) throw new Error(`--machine needs a machine id\n${USAGE}`);
      machines.push(id);
    } else if (arg.startsWith('--machine=')) machines.push(arg.slice('--machine='.length));
    else if (arg.startsWith('--')) throw new Error(`unknown option '${arg}'\n${USAGE}`);
    else refs.push(arg);
  }
  const [since, until, ...extra] = refs;
  if (!since || extra.length > 0) throw new Error(USAGE);
  if (until && files) throw new Error(`--files compares with the working tree; give one ref with it\n${USAGE}`);
  return { since, until: until ?? null, files, machines, ...(visualizer ? { visualizer } : {}) };
}

const STATECHARTS = 'statecharts';
/** statecharts/<id>.json, not <id>.layout.json. */
const isMachineFile = (name: string) => name.endsWith('.json') && !name.endsWith('.layout.json') && !name.includes('/');

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Several files of a commit in one git process (`git cat-file --batch`), in the order asked. */
function readBlobs(cwd: string, commit: string, paths: readonly string[]): string[] {
  const output = execFileSync('git', ['cat-file', '--batch'], {
    cwd,
    input: paths.map((path) => `${commit}:./${path}\n`).join(''),
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const blobs: string[] = [];
  let at = 0;
  for (const path of paths) {
    const headerEnd = output.indexOf(0x0a, at);
    const header = output.subarray(at, headerEnd).toString('utf8');
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) throw new Error(`git cannot read ${path} at ${commit.slice(0, 7)}: ${header}`);
    blobs.push(output.subarray(headerEnd + 1, headerEnd + 1 + Number(size)).toString('utf8'));
    at = headerEnd + 1 + Number(size) + 1;
  }
  return blobs;
}

/** The commit a ref names, or an error in words. */
export function resolveRef(cwd: string, ref: string): string {
  try {
    return git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new Error(`'${ref}' names no commit of the repository in ${cwd}`);
  }
}

/** Every machine's JSON at a commit, by id, read from git (paths relative to `cwd`, the project's root). */
export function statechartsAtCommit(cwd: string, commit: string, ref: string): Map<string, StateNodeJson> {
  const names = git(cwd, ['ls-tree', '-z', '--name-only', commit, '--', `${STATECHARTS}/`])
    .split('\0')
    .filter((path) => path.startsWith(`${STATECHARTS}/`))
    .map((path) => path.slice(STATECHARTS.length + 1))
    .filter(isMachineFile);
  if (names.length === 0) throw new Error(`${ref} has no ${STATECHARTS}/*.json (npm run statecharts had not been run and committed there)`);
  names.sort();
  const texts = readBlobs(cwd, commit, names.map((name) => `${STATECHARTS}/${name}`));
  return new Map(names.map((name, i) => [name.slice(0, -'.json'.length), parseMachineJson(texts[i] ?? '', `${STATECHARTS}/${name} at ${ref}`)]));
}

/** Every machine's JSON in the working tree's statecharts/. */
export function statechartsInWorkingTree(cwd: string): Map<string, StateNodeJson> {
  const directory = join(cwd, STATECHARTS);
  let names: string[];
  try {
    names = readdirSync(directory).filter(isMachineFile).sort();
  } catch {
    throw new Error(`no ${STATECHARTS}/ in ${cwd}`);
  }
  return new Map(names.map((name) => [name.slice(0, -'.json'.length), parseMachineJson(readFileSync(join(directory, name), 'utf8'), `${STATECHARTS}/${name}`)]));
}

/** The registered machines as `npm run statecharts` would write them now, with their titles. */
async function registeredStatecharts(): Promise<{ machines: Map<string, StateNodeJson>; titles: Map<string, string> }> {
  const [{ registeredMachines }, { machineJson }] = await Promise.all([import('../src/visualizer/registry'), import('../src/visualizer/export/generate')]);
  return {
    machines: new Map(registeredMachines.map((entry) => [entry.id, parseMachineJson(machineJson(entry), `machine ${entry.id}`)])),
    titles: new Map(registeredMachines.map((entry) => [entry.id, entry.title])),
  };
}

function only<T>(machines: Map<string, T>, ids: readonly string[]): Map<string, T> {
  return ids.length === 0 ? machines : new Map([...machines].filter(([id]) => ids.includes(id)));
}

export interface DiffOptions {
  /** The project's root (a git work tree); defaults to the current directory. */
  cwd?: string;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/** Runs the command; resolves to its exit code (0 whether or not anything changed, 2 for a usage or git error). */
export async function main(argv: readonly string[], options: DiffOptions = {}): Promise<number> {
  const { cwd = process.cwd(), out = (text) => process.stdout.write(text), err = (text) => process.stderr.write(text) } = options;
  try {
    const args = parseDiffArgs(argv);
    const sinceCommit = resolveRef(cwd, args.since);
    const since = `\`${args.since}\` (${sinceCommit.slice(0, 7)})`;
    const before = statechartsAtCommit(cwd, sinceCommit, args.since);
    let after: Map<string, StateNodeJson>;
    let against: string;
    let titles: Map<string, string> | undefined;
    if (args.until) {
      const untilCommit = resolveRef(cwd, args.until);
      after = statechartsAtCommit(cwd, untilCommit, args.until);
      against = `\`${args.until}\` (${untilCommit.slice(0, 7)})`;
    } else if (args.files) {
      after = statechartsInWorkingTree(cwd);
      against = 'statecharts/*.json in the working tree';
    } else {
      ({ machines: after, titles } = await registeredStatecharts());
      against = 'the machines in machines/index.ts now';
    }
    const unknown = args.machines.filter((id) => !before.has(id) && !after.has(id));
    if (unknown.length > 0) throw new Error(`no machine ${unknown.map((id) => `'${id}'`).join(', ')} in either revision`);
    const diff = diffStatecharts(only(before, args.machines), only(after, args.machines));
    const unchangedLine =
      args.machines.length === 0
        ? `No machine changed since ${args.since}.`
        : args.machines.length === 1
          ? `\`${args.machines[0]}\` has not changed since ${args.since}.`
          : `None of ${args.machines.map((id) => `\`${id}\``).join(', ')} changed since ${args.since}.`;
    out(diffMarkdown(diff, { since, against, unchangedLine, ...(titles ? { titles } : {}) }));
    if (args.visualizer) {
      mkdirSync(join(cwd, 'coverage'), { recursive: true });
      writeFileSync(join(cwd, VISUALIZER_DIFF_FILE), `${JSON.stringify(diagramDiffFile(args.since, sinceCommit, diff))}\n`);
      out(`\nwrote ${VISUALIZER_DIFF_FILE} for the visualizer (reload the dev server's page, or rebuild the static site)\n`);
    }
    return 0;
  } catch (error) {
    err(`statecharts:diff: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
