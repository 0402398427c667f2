import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toChart } from '../src/visualizer/model/chart';
import { qaPaths, STRATEGIES, type Strategy } from '../src/visualizer/paths/qaPaths';
import { skeletonFileName, testSkeleton, type SkeletonKind } from '../src/visualizer/paths/testSkeleton';
import { registeredMachines } from '../src/visualizer/registry';

// npm run statecharts:test -- <machine id> --path <n> [--strategy shortest|simple] [--kind vitest|playwright]
//   [--route /path] [--out <file>]
// Paths to tests (docs/statecharts.md): writes path n of the machine's generated paths (as `npm run paths` numbers
// them) as a test skeleton, each event a step; prints it, or writes it to --out.

export const TEST_USAGE =
  'usage: npm run statecharts:test -- <machine id> --path <n> [--strategy shortest|simple] [--kind vitest|playwright] [--route /path] [--out <file>]';

export interface TestArgs {
  id: string;
  path: number;
  strategy: Strategy;
  kind: SkeletonKind;
  route?: string;
  out?: string;
}

export function parseTestArgs(argv: readonly string[]): TestArgs {
  let id: string | undefined;
  const options: Partial<TestArgs> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const value = () => {
      const next = argv[(i += 1)];
      if (next === undefined) throw new Error(`${arg} needs a value\n${TEST_USAGE}`);
      return next;
    };
    if (arg === '--path') options.path = Number(value());
    else if (arg === '--strategy') {
      const strategy = value();
      if (!STRATEGIES.includes(strategy as Strategy)) throw new Error(`unknown strategy '${strategy}'\n${TEST_USAGE}`);
      options.strategy = strategy as Strategy;
    } else if (arg === '--kind') {
      const kind = value();
      if (kind !== 'vitest' && kind !== 'playwright') throw new Error(`unknown kind '${kind}'\n${TEST_USAGE}`);
      options.kind = kind;
    } else if (arg === '--route') options.route = value();
    else if (arg === '--out') options.out = value();
    else if (arg.startsWith('--')) throw new Error(`unknown option '${arg}'\n${TEST_USAGE}`);
    else id = arg;
  }
  if (!id || !options.path || !Number.isInteger(options.path) || options.path < 1) throw new Error(TEST_USAGE);
  return { id, path: options.path, strategy: options.strategy ?? 'shortest', kind: options.kind ?? 'vitest', ...(options.route ? { route: options.route } : {}), ...(options.out ? { out: options.out } : {}) };
}

export function runTestSkeleton(args: TestArgs): { name: string; text: string } {
  const entry = registeredMachines.find((candidate) => candidate.id === args.id);
  if (!entry) throw new Error(`no machine '${args.id}' in machines/index.ts`);
  const chart = toChart(entry.machine);
  const paths = qaPaths(entry, chart, args.strategy);
  const path = paths[args.path - 1];
  if (!path) throw new Error(`${args.id} has ${paths.length} ${args.strategy} paths; there is no path ${args.path}`);
  return { name: skeletonFileName(entry, args.path, args.kind), text: testSkeleton(entry, chart, path, args.path, args.kind, args.route) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const args = parseTestArgs(process.argv.slice(2));
    const { name, text } = runTestSkeleton(args);
    if (args.out) {
      mkdirSync(dirname(args.out), { recursive: true });
      writeFileSync(args.out, text);
      process.stderr.write(`wrote ${args.out}\n`);
    } else {
      process.stdout.write(text);
      process.stderr.write(`(${name}: pass --out tests/machines/<area>/${name} to write it)\n`);
    }
  } catch (error) {
    process.stderr.write(`statecharts:test: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
