import type { MachineEntry } from '../../../machines/registry';
import type { Chart } from '../model/chart';
import { stableStringify } from '../model/format';
import type { QaPath } from './qaPaths';

// Paths to tests (docs/statecharts.md "Paths to tests"): a generated path written as a test skeleton, each event a
// step with the state it must reach, so QA starts from the machine rather than a blank file. Vitest drives the
// machine itself (invoked actors answered and delays run out as the path says, on a simulated clock); Playwright,
// for a machine a route hosts, visits the route with one test.step per event for QA to fill with the clicks.

export type SkeletonKind = 'vitest' | 'playwright';

const AFTER = 'xstate.after.';
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

function delayMs(chart: Chart, type: string): number | null {
  return chart.transitions.find((t) => t.event === type)?.delay?.ms ?? null;
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function title(entry: MachineEntry, path: QaPath, number: number): string {
  return `${entry.id}, path ${number}: ${path.end === null ? 'stays in the initial state' : `reaches ${path.end}`}`;
}

function vitestSkeleton(entry: MachineEntry, chart: Chart, path: QaPath, number: number): string {
  const lines = [
    `import { createActor, SimulatedClock } from 'xstate';`,
    `import { describe, expect, it } from 'vitest';`,
    `import { machineEntries } from '../../machines';`,
    ``,
    `// Written by \`npm run statecharts:test -- ${entry.id} --path ${number}\` from the generated path; rename the test`,
    `// after the behaviour it checks and add what the user sees at each step.`,
    `const entry = machineEntries.find((candidate) => candidate.id === ${quote(entry.id)});`,
    `if (!entry) throw new Error('no machine ${entry.id} in the registry');`,
    ``,
    `describe(${quote(entry.title)}, () => {`,
    `  it(${quote(title(entry, path, number))}, () => {`,
    `    const clock = new SimulatedClock();`,
    `    // Invoked actors: provide fakes here (machine.provide({ actors: { … } })); the steps below answer for them.`,
    `    const actor = createActor(entry.machine, { input: entry.testModel.input, clock }).start();`,
    `    // Starts in ${path.start}.`,
  ];
  path.steps.forEach((step, index) => {
    lines.push('', `    // ${index + 1}. ${step.text}`);
    const type = step.event.type;
    const ms = type.startsWith(AFTER) ? delayMs(chart, type) : null;
    if (ms !== null) lines.push(`    clock.increment(${ms});`);
    else lines.push(`    actor.send(${stableStringify(step.event)} as never);`);
    lines.push(`    expect(actor.getSnapshot().value).toEqual(${stableStringify(step.value)});`);
  });
  lines.push('    actor.stop();', '  });', '});', '');
  return lines.join('\n');
}

function playwrightSkeleton(entry: MachineEntry, path: QaPath, number: number, route: string): string {
  const lines = [
    `import { expect, test } from './support/test';`,
    ``,
    `// Written by \`npm run statecharts:test -- ${entry.id} --path ${number} --kind playwright --route ${route}\`. Each step is`,
    `// an event of the machine: replace the comment with what the user does, and check what the page shows.`,
    `test(${quote(title(entry, path, number))}, async ({ page }) => {`,
    `  await page.goto(${quote(route)});`,
  ];
  path.steps.forEach((step, index) => {
    const who = step.event.type.startsWith(DONE) || step.event.type.startsWith(ERROR) ? 'the service answers' : step.event.type.startsWith(AFTER) ? 'time passes' : 'the user acts';
    lines.push(`  await test.step(${quote(`${index + 1}. ${step.text}`)}, async () => {`);
    lines.push(`    // ${who}: ${step.text}`);
    lines.push(`    await expect(page.locator('body')).toBeVisible();`);
    lines.push(`  });`);
  });
  lines.push('});', '');
  return lines.join('\n');
}

/** The test file for path `number` (1-based) of the machine's generated paths. */
export function testSkeleton(entry: MachineEntry, chart: Chart, path: QaPath, number: number, kind: SkeletonKind = 'vitest', route?: string): string {
  if (kind === 'playwright') {
    if (!route) throw new Error(`a Playwright skeleton needs the route that hosts ${entry.id} (--route /path)`);
    return playwrightSkeleton(entry, path, number, route);
  }
  return vitestSkeleton(entry, chart, path, number);
}

export function skeletonFileName(entry: MachineEntry, number: number, kind: SkeletonKind): string {
  return kind === 'playwright' ? `${entry.id}-path-${number}.spec.ts` : `${entry.id}-path-${number}.test.ts`;
}
