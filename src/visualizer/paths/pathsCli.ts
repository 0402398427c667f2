import type { MachineEntry } from '../../../machines/registry';
import { toChart } from '../model/chart';
import { pathsJson, pathsMarkdown, SIMPLE_PATHS_LISTED, type PathsByStrategy } from './pathsReport';
import { qaPathSet, STRATEGIES, type Strategy } from './qaPaths';

// `npm run paths -- <id> [--strategy shortest|simple] [--format md|json]` and `npm run paths -- --all`.
// The printed output honours --strategy and --format and lists every path; statecharts/paths/<id>.md always
// holds both strategies (the simple paths sampled, see pathsReport.ts), so the checked-in file does not depend
// on how the command was last run.

export interface PathsArgs {
  ids: string[] | 'all';
  strategies: Strategy[];
  format: 'md' | 'json';
}

export const PATHS_USAGE = 'usage: npm run paths -- <machine id>... | --all [--strategy shortest|simple] [--format md|json]';

export function parsePathsArgs(argv: readonly string[]): PathsArgs {
  const ids: string[] = [];
  let all = false;
  let strategies: Strategy[] = [...STRATEGIES];
  let format: PathsArgs['format'] = 'md';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.startsWith('--') ? (arg.split('=', 2) as [string, string | undefined]) : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[(i += 1)];
      if (next === undefined) throw new Error(`${flag} needs a value\n${PATHS_USAGE}`);
      return next;
    };
    if (flag === '--all') all = true;
    else if (flag === '--strategy') {
      const strategy = value();
      if (!STRATEGIES.includes(strategy as Strategy)) throw new Error(`unknown strategy '${strategy}'\n${PATHS_USAGE}`);
      strategies = [strategy as Strategy];
    } else if (flag === '--format') {
      const chosen = value();
      if (chosen !== 'md' && chosen !== 'json') throw new Error(`unknown format '${chosen}'\n${PATHS_USAGE}`);
      format = chosen;
    } else if (flag.startsWith('--')) throw new Error(`unknown option ${flag}\n${PATHS_USAGE}`);
    else ids.push(arg);
  }
  if (!all && ids.length === 0) throw new Error(PATHS_USAGE);
  return { ids: all ? 'all' : ids, strategies, format };
}

export interface PathsRun {
  /** What to print. */
  output: string;
  /** statecharts/paths/<id>.md contents by machine id. */
  files: Map<string, string>;
}

export function runPaths(args: PathsArgs, registry: readonly MachineEntry[]): PathsRun {
  const entries =
    args.ids === 'all'
      ? registry
      : args.ids.map((id) => {
          const entry = registry.find((e) => e.id === id);
          if (!entry) throw new Error(`no machine '${id}' in machines/index.ts; registered: ${registry.map((e) => e.id).join(', ')}`);
          return entry;
        });
  const printed: string[] = [];
  const files = new Map<string, string>();
  for (const entry of entries) {
    const chart = toChart(entry.machine);
    const all: PathsByStrategy = Object.fromEntries(STRATEGIES.map((strategy) => [strategy, qaPathSet(entry, chart, strategy)]));
    const chosen: PathsByStrategy = Object.fromEntries(args.strategies.map((strategy) => [strategy, all[strategy]]));
    files.set(entry.id, pathsMarkdown(entry, all, { simpleListed: SIMPLE_PATHS_LISTED }));
    printed.push(args.format === 'json' ? pathsJson(entry, chosen) : pathsMarkdown(entry, chosen));
  }
  return { output: args.format === 'json' && printed.length > 1 ? `[\n${printed.map((p) => p.trimEnd()).join(',\n')}\n]\n` : printed.join('\n'), files };
}
