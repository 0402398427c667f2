import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { SIMPLE_PATHS_LIMIT } from '../../statecharts/paths';
import { toChart, type Chart } from '../model/chart';
import { stableStringify } from '../model/format';
import { describeQaStep, type PayloadWriter, type QaPath, type QaPathSet, type Strategy } from './qaPaths';

// statecharts/paths/<id>.md and the `npm run paths` output: numbered plain-language steps per path, with totals.
// Written for QA engineers: the shortest paths are the test plan (every move of the machine, each path as short
// as it can be) and are always listed in full; simple paths (no state twice) grow exponentially with a machine's
// density, so the checked-in file lists a sample of them that together make the most moves, and
// `npm run paths -- <id> --strategy simple` prints them all.

export type PathsByStrategy = Partial<Record<Strategy, QaPathSet>>;

export interface PathsReportOptions {
  /** List at most this many simple paths (all when absent). */
  simpleListed?: number;
}

/** How many simple paths statecharts/paths/<id>.md lists. */
export const SIMPLE_PATHS_LISTED = 20;
/** Payloads longer than this are named in the steps ("sample 2") and written once at the end. */
export const LONG_PAYLOAD_CHARS = 80;

const heading: Record<Strategy, string> = { shortest: 'Shortest paths', simple: 'Simple paths' };

function steps(paths: readonly QaPath[]): number {
  return paths.reduce((sum, path) => sum + path.steps.length, 0);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function pathTotals(byStrategy: PathsByStrategy): Array<{ strategy: Strategy; paths: number; steps: number }> {
  return (Object.keys(byStrategy) as Strategy[]).map((strategy) => {
    const paths = byStrategy[strategy]?.paths ?? [];
    return { strategy, paths: paths.length, steps: steps(paths) };
  });
}

/** The indexes of at most `limit` paths that together make the most moves, greedily, in their own order. */
function mostMoves(paths: readonly QaPath[], limit: number): number[] {
  const movesOf = paths.map((path) => {
    let from = path.start;
    return new Set(
      path.steps.map((step) => {
        const to = stableStringify(step.value);
        const move = `${from}\u0000${stableStringify(step.event)}\u0000${to}`;
        from = to;
        return move;
      }),
    );
  });
  const covered = new Set<string>();
  const chosen: number[] = [];
  while (chosen.length < Math.min(limit, paths.length)) {
    let best = -1;
    let bestGain = -1;
    movesOf.forEach((moves, index) => {
      if (chosen.includes(index)) return;
      const gain = [...moves].filter((move) => !covered.has(move)).length;
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.push(best);
    movesOf[best]?.forEach((move) => covered.add(move));
  }
  return chosen.sort((a, b) => a - b);
}

/** Names long payloads after their place among the registry's samples of that event type. */
class SampleNames {
  readonly used = new Map<string, Map<number, string>>();

  constructor(private readonly entry: MachineEntry) {}

  readonly writer: PayloadWriter = (event, json) => {
    if (json.length <= LONG_PAYLOAD_CHARS) return json;
    const serialized = stableStringify(event);
    const index = (this.entry.testModel.events[event.type] ?? []).findIndex((sample) => stableStringify(sample) === serialized);
    if (index < 0) return json;
    const byIndex = this.used.get(event.type) ?? new Map<number, string>();
    byIndex.set(index + 1, json);
    this.used.set(event.type, byIndex);
    return `sample ${index + 1}`;
  };
}

function pathLines(chart: Chart, path: QaPath, number: number, names: SampleNames): string[] {
  const lines = [`### Path ${number}: ${path.summary} (${plural(path.steps.length, 'step', 'steps')})`, ''];
  if (path.steps.length === 0) lines.push(`Starts in ${path.start}; no event is sent.`);
  path.steps.forEach((step, index) => lines.push(`${index + 1}. ${describeQaStep(chart, step.event as EventObject, step.value, names.writer)}`));
  lines.push('');
  return lines;
}

function introduction(strategy: Strategy, set: QaPathSet, listed: number, entry: MachineEntry): string {
  if (strategy === 'shortest') {
    return 'Each path is the shortest way to make one move (mostly its last step); together they make every move, and a path that would only repeat moves a longer path already makes is left out.';
  }
  const stopped = set.totals.limited
    ? ` The search stops after ${SIMPLE_PATHS_LIMIT} maximal simple paths (dense machines have far more); a path is then added for every move they miss.`
    : '';
  const shown =
    listed < set.paths.length
      ? ` Listed here: ${listed} of the ${set.paths.length}, those that together make the most moves; \`npm run paths -- ${entry.id} --strategy simple\` prints them all.`
      : '';
  return `Paths that never return to a state they have been in (state plus facts), each followed as far as it goes.${stopped}${shown}`;
}

function samplesSection(names: SampleNames): string[] {
  if (names.used.size === 0) return [];
  const lines = [
    '## Sample payloads',
    '',
    `Payloads longer than ${LONG_PAYLOAD_CHARS} characters are named in the steps ("sample 2": the second sample of that event type in \`machines/index.ts\`) and written out here.`,
    '',
  ];
  for (const [type, samples] of [...names.used].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(`### ${type}`, '');
    for (const [index, json] of [...samples].sort(([a], [b]) => a - b)) lines.push(`- sample ${index}: \`${json}\``);
    lines.push('');
  }
  return lines;
}

export function pathsMarkdown(entry: MachineEntry, byStrategy: PathsByStrategy, options: PathsReportOptions = {}): string {
  const chart = toChart(entry.machine);
  const names = new SampleNames(entry);
  const strategies = Object.keys(byStrategy) as Strategy[];
  const listedOf = (strategy: Strategy, set: QaPathSet): number[] => {
    const all = set.paths.map((_, index) => index);
    return strategy === 'simple' && options.simpleListed !== undefined && set.paths.length > options.simpleListed ? mostMoves(set.paths, options.simpleListed) : all;
  };
  const first = strategies.map((strategy) => byStrategy[strategy]).find((set) => set !== undefined);
  const start = first?.paths[0]?.start;
  const lines = [
    `# Test paths: ${entry.title} (\`${entry.id}\`)`,
    '',
    entry.purpose,
    '',
    `Generated from the machine by \`npm run paths -- ${entry.id}\` (and \`npm run statecharts\`); do not edit by hand.` +
      `${start ? ` Every path starts in the initial state, ${start};` : ''} each step is what happens (an event sent with its payload, a delay running out, an invoked service answering) and the state it reaches.`,
    '',
    '| Strategy | Paths | Steps | Listed here |',
    '| --- | ---: | ---: | ---: |',
    ...strategies.map((strategy) => {
      const set = byStrategy[strategy];
      const total = set?.paths.length ?? 0;
      const listed = set ? listedOf(strategy, set).length : 0;
      return `| ${strategy} | ${total} | ${steps(set?.paths ?? [])} | ${listed === total ? 'all' : listed} |`;
    }),
    '',
  ];
  if (first) {
    lines.push(
      `With the sample events of \`machines/index.ts\` the machine reaches ${plural(first.totals.states, 'state', 'states')} (a state plus the facts its guards read) ` +
        `and makes ${plural(first.totals.moves, 'distinct move', 'distinct moves')} (from a state, by an event with its payload, to a state); the paths of each strategy together make every one.`,
      '',
    );
  }
  for (const strategy of strategies) {
    const set = byStrategy[strategy];
    if (!set) continue;
    const listed = listedOf(strategy, set);
    lines.push(`## ${heading[strategy]}`, '', introduction(strategy, set, listed.length, entry), '');
    for (const index of listed) {
      const path = set.paths[index];
      if (path) lines.push(...pathLines(chart, path, index + 1, names));
    }
  }
  lines.push(...samplesSection(names));
  return `${lines.join('\n').trimEnd()}\n`;
}

export function pathsJson(entry: MachineEntry, byStrategy: PathsByStrategy): string {
  const strategies = Object.fromEntries(
    (Object.keys(byStrategy) as Strategy[]).map((strategy) => [
      strategy,
      (byStrategy[strategy]?.paths ?? []).map((path) => ({
        summary: path.summary,
        start: path.start,
        steps: path.steps.map((step) => ({ event: JSON.parse(stableStringify(step.event)) as unknown, state: step.value, text: step.text })),
      })),
    ]),
  );
  return `${JSON.stringify({ machine: entry.id, title: entry.title, totals: pathTotals(byStrategy), paths: strategies }, null, 2)}\n`;
}
