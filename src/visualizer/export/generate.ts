import type { MachineEntry } from '../../../machines/registry';
import { layoutCacheFor, layoutChart } from '../layout/layout';
import { countedStates, toChart } from '../model/chart';
import { pathTotals, pathsMarkdown, SIMPLE_PATHS_LISTED, type PathsByStrategy } from '../paths/pathsReport';
import { qaPathSet, STRATEGIES } from '../paths/qaPaths';
import { toMermaid } from './mermaid';
import { diagramSvgMarkup } from './svg';

// Everything `npm run statecharts` writes into statecharts/, as relative path → content. Pure and
// deterministic (registry order, no timestamps), so the stale test can compare it with the checked-in files.
// <id>.layout.json is elk's geometry for the default drawing: the SVG is drawn from it, and the visualizer
// draws from it at once when the machine has not changed since (elk runs in the page otherwise).

export const STATECHARTS_DIR = 'statecharts';

export function machineJson(entry: MachineEntry): string {
  return `${JSON.stringify(entry.machine.toJSON(), null, 2)}\n`;
}

export function allPaths(entry: MachineEntry, chart = toChart(entry.machine)): PathsByStrategy {
  return Object.fromEntries(STRATEGIES.map((strategy) => [strategy, qaPathSet(entry, chart, strategy)]));
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The files `npm run statecharts` writes for one machine, relative to statecharts/. */
export function machineFileNames(id: string) {
  return { json: `${id}.json`, mermaid: `${id}.mmd`, layout: `${id}.layout.json`, svg: `${id}.svg`, paths: `paths/${id}.md` };
}

/** One machine's files (relative path → content) and its row in statecharts/index.md. */
export async function generateMachineFiles(entry: MachineEntry): Promise<{ files: Map<string, string>; row: string }> {
  const names = machineFileNames(entry.id);
  const files = new Map<string, string>();
  const chart = toChart(entry.machine);
  const paths = allPaths(entry, chart);
  files.set(names.json, machineJson(entry));
  files.set(names.mermaid, toMermaid(chart, entry.title));
  const cache = await layoutCacheFor(chart);
  files.set(names.layout, `${JSON.stringify(cache)}\n`);
  files.set(names.svg, diagramSvgMarkup(await layoutChart(chart, {}, cache), entry.title));
  files.set(names.paths, pathsMarkdown(entry, paths, { simpleListed: SIMPLE_PATHS_LISTED }));
  const totals = pathTotals(paths)
    .map((t) => `${t.paths}`)
    .join(' / ');
  const row =
    `| ${cell(entry.title)} | \`${entry.id}\` | ${cell(entry.purpose)} | ${countedStates(chart).length} | ${chart.transitions.length} | ${totals} | ` +
    `[diagram](${entry.id}.svg) · [Mermaid](${entry.id}.mmd) · [JSON](${entry.id}.json) · [paths](paths/${entry.id}.md) |`;
  return { files, row };
}

export const INDEX_FILE = 'index.md';

/** statecharts/index.md: the table of every machine, one row each in registry order. */
export function statechartIndex(rows: readonly string[]): string {
  return [
    '# Statecharts',
    '',
    'Every flow of the app as a statechart, generated from `machines/index.ts` by `npm run statecharts`; do not edit by hand.',
    'Open a machine in the visualizer with `/statecharts?machine=<id>` (development server) or `npm run statecharts:build` (static site in dist-statecharts/).',
    'States count every state but the machine itself and history markers; paths are the generated test paths (shortest / simple).',
    '',
    '| Machine | Id | Purpose | States | Transitions | Paths (shortest / simple) | Files |',
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}

export async function generateStatechartFiles(entries: readonly MachineEntry[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: string[] = [];
  for (const entry of entries) {
    const machine = await generateMachineFiles(entry);
    for (const [path, content] of machine.files) files.set(path, content);
    rows.push(machine.row);
  }
  files.set(INDEX_FILE, statechartIndex(rows));
  return files;
}
