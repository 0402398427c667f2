import type { MachineEntry } from '../../../machines/registry';
import { stableStringify } from '../model/format';
import type { QaPath, Strategy } from './qaPaths';

// statecharts/paths/<id>.md and the `npm run paths` output: numbered plain-language steps per path, with totals.

export type PathsByStrategy = Partial<Record<Strategy, readonly QaPath[]>>;

const heading: Record<Strategy, string> = { shortest: 'Shortest paths', simple: 'Simple paths' };

function steps(paths: readonly QaPath[]): number {
  return paths.reduce((sum, path) => sum + path.steps.length, 0);
}

export function pathTotals(byStrategy: PathsByStrategy): Array<{ strategy: Strategy; paths: number; steps: number }> {
  return (Object.keys(byStrategy) as Strategy[]).map((strategy) => {
    const paths = byStrategy[strategy] ?? [];
    return { strategy, paths: paths.length, steps: steps(paths) };
  });
}

function pathSection(strategy: Strategy, paths: readonly QaPath[]): string[] {
  const lines = [`## ${heading[strategy]}`, ''];
  paths.forEach((path, index) => {
    lines.push(`### Path ${index + 1}: ${path.summary} (${path.steps.length} ${path.steps.length === 1 ? 'step' : 'steps'})`, '');
    lines.push(path.steps.length === 0 ? `Starts in ${path.start}; no event is sent.` : `Starts in ${path.start}.`, '');
    path.steps.forEach((step, n) => lines.push(`${n + 1}. ${step.text}`));
    lines.push('');
  });
  return lines;
}

export function pathsMarkdown(entry: MachineEntry, byStrategy: PathsByStrategy): string {
  const lines = [
    `# Test paths: ${entry.title} (\`${entry.id}\`)`,
    '',
    entry.purpose,
    '',
    `Generated from the machine by \`npm run paths -- ${entry.id}\`; do not edit by hand. Each step is what happens (an event and its payload, a delay running out, an invoked service answering) and the state it reaches.`,
    '',
    '| Strategy | Paths | Steps |',
    '| --- | ---: | ---: |',
    ...pathTotals(byStrategy).map((t) => `| ${t.strategy} | ${t.paths} | ${t.steps} |`),
    '',
  ];
  for (const strategy of Object.keys(byStrategy) as Strategy[]) lines.push(...pathSection(strategy, byStrategy[strategy] ?? []));
  return `${lines.join('\n').trimEnd()}\n`;
}

export function pathsJson(entry: MachineEntry, byStrategy: PathsByStrategy): string {
  const strategies = Object.fromEntries(
    (Object.keys(byStrategy) as Strategy[]).map((strategy) => [
      strategy,
      (byStrategy[strategy] ?? []).map((path) => ({
        summary: path.summary,
        start: path.start,
        steps: path.steps.map((step) => ({ event: JSON.parse(stableStringify(step.event)) as unknown, state: step.value, text: step.text })),
      })),
    ]),
  );
  return `${JSON.stringify({ machine: entry.id, title: entry.title, totals: pathTotals(byStrategy), paths: strategies }, null, 2)}\n`;
}
