import { parseSpecSection } from '../machines/specSections';
import { registeredMachines } from '../src/visualizer/registry';
import { formatSpecReport, specReport, traceEntries } from '../src/visualizer/spec/trace';

// npm run statecharts:spec: the machines traced to the spec (docs/statecharts.md "Traced to the spec"). Per spec
// section, the machines, states and transitions that implement it, then the user-facing states that name none.
//   npm run statecharts:spec                          every section
//   npm run statecharts:spec -- --machine passwordReset
//   npm run statecharts:spec -- --section "000 §4.4"   one section (also: --section 000§4.4)
//   npm run statecharts:spec -- --inherited           list the transitions that take their state's section too
//   npm run statecharts:spec -- --format json
// Exits 1 when a user-facing state names no section or a section is no heading of the spec.

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const machine = option('--machine');
const rawSection = option('--section');
const section = rawSection?.replace(/^(\d{3})\s*§\s*/, '$1 §');
if (machine && !registeredMachines.some((entry) => entry.id === machine)) {
  process.stderr.write(`No machine "${machine}" is registered (machines/index.ts).\n`);
  process.exit(2);
}
if (rawSection !== undefined && !parseSpecSection(section)) {
  process.stderr.write(`"${rawSection}" is no spec section: write the document and the heading's number, e.g. "001 §4" or "000 §4.4".\n`);
  process.exit(2);
}

const traces = traceEntries(registeredMachines);
const chosen = machine ? traces.filter((trace) => trace.machineId === machine) : traces;
const report = specReport(chosen);
if (option('--format') === 'json') {
  process.stdout.write(`${JSON.stringify(section ? { ...report, sections: report.sections.filter((s) => s.section === section) } : report, null, 2)}\n`);
} else {
  process.stdout.write(`${formatSpecReport(traces, { machine, section, inherited: process.argv.includes('--inherited') })}\n`);
}
process.exit(report.unnamed.length > 0 || report.problems.length > 0 ? 1 : 0);
