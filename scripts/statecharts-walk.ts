import { toChart } from '../src/visualizer/model/chart';
import { formatWalkReport, randomWalks } from '../src/visualizer/paths/randomWalk';
import { registeredMachines } from '../src/visualizer/registry';

// npm run statecharts:walk -- <machine id>|--all [--seed <n>] [--walks <n>] [--steps <n>]
// Seeded random walks (docs/statecharts.md "Random walks"): transition and transition-pair coverage; a failing walk
// prints its seed and the shortest failing path. Without --seed a seed is drawn and printed, so any run can be replayed.
const USAGE = 'usage: npm run statecharts:walk -- <machine id>|--all [--seed <n>] [--walks <n>] [--steps <n>]';
const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  const value = at === -1 ? fallback : Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} needs a whole number\n${USAGE}`);
  return value;
};
try {
  const seed = option('--seed', Math.floor(Math.random() * 2 ** 31));
  const walks = option('--walks', 50);
  const maxSteps = option('--steps', 25);
  const ids = argv.includes('--all') ? registeredMachines.map((e) => e.id) : argv.filter((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (ids.length === 0) throw new Error(USAGE);
  let failed = false;
  for (const id of ids) {
    const entry = registeredMachines.find((e) => e.id === id);
    if (!entry) throw new Error(`no machine '${id}' in machines/index.ts`);
    const report = randomWalks(entry, toChart(entry.machine), { seed, walks, maxSteps });
    failed ||= report.failure !== null;
    process.stdout.write(`${formatWalkReport(id, report)}\n`);
  }
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  process.stderr.write(`statecharts:walk: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
