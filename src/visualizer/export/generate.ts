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

export async function generateStatechartFiles(entries: readonly MachineEntry[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: string[] = [];
  for (const entry of entries) {
    const chart = toChart(entry.machine);
    const paths = allPaths(entry, chart);
    files.set(`${entry.id}.json`, machineJson(entry));
    files.set(`${entry.id}.mmd`, toMermaid(chart, entry.title));
    const cache = await layoutCacheFor(chart);
    files.set(`${entry.id}.layout.json`, `${JSON.stringify(cache)}\n`);
    files.set(`${entry.id}.svg`, diagramSvgMarkup(await layoutChart(chart, {}, cache), entry.title));
    files.set(`paths/${entry.id}.md`, pathsMarkdown(entry, paths, { simpleListed: SIMPLE_PATHS_LISTED }));
    const totals = pathTotals(paths)
      .map((t) => `${t.paths}`)
      .join(' / ');
    rows.push(
      `| ${cell(entry.title)} | \`${entry.id}\` | ${cell(entry.purpose)} | ${countedStates(chart).length} | ${chart.transitions.length} | ${totals} | ` +
        `[diagram](${entry.id}.svg) · [Mermaid](${entry.id}.mmd) · [JSON](${entry.id}.json) · [paths](paths/${entry.id}.md) |`,
    );
  }
  const index = [
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
  ];
  files.set('index.md', index.join('\n'));
  return files;
}
