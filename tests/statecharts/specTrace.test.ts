import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machineSpec, spec } from '../../machines/spec';
import { parseSpecSection, specSectionProblem } from '../../machines/specSections';
import { registeredMachines } from '../../src/visualizer/registry';
import { formatSpecReport, sectionElements, specReport, traceEntries, traceMachine } from '../../src/visualizer/spec/trace';

// Traced to the spec (docs/statecharts.md): every state a user can see names the spec sections it implements, and
// every section named is a heading of the spec. A new user-facing state without `meta: spec(...)` fails here.

const traces = traceEntries(registeredMachines);

describe('every registered machine is traced to the spec', () => {
  it.each(traces.map((trace) => [trace.machineId, trace] as const))('%s: names its sections, and every user-facing state names one', (_id, trace) => {
    expect(trace.sections.length, `${trace.machineId} needs meta: machineSpec([...]) on the machine`).toBeGreaterThan(0);
    expect(trace.unnamed, `user-facing states of ${trace.machineId} without meta: spec(...) (or list them as internal in machineSpec)`).toEqual([]);
    expect(trace.problems).toEqual([]);
  });

  it('every user-facing transition resolves to a section (its own or its state’s)', () => {
    const bare = traces.flatMap((trace) => trace.transitions.filter((transition) => transition.sections.length === 0).map((t) => `${trace.machineId} ${t.id}`));
    expect(bare).toEqual([]);
  });
});

// A small machine shaped like a real flow, to show what the check catches.
const probe = (stateMeta: { meta?: Record<string, unknown> }, internal: string[] = []) =>
  setup({}).createMachine({
    id: 'probe',
    meta: machineSpec(['000 §4.4'], internal),
    initial: 'deciding',
    states: {
      deciding: { always: 'form' },
      form: { meta: spec('000 §4.4'), tags: ['form'], on: { submit: { target: 'sent', meta: spec('000 §8') }, cancel: 'done' } },
      sent: { ...stateMeta, tags: ['success'] },
      done: { type: 'final', meta: spec('000 §4.4') },
    },
  });

describe('the check', () => {
  it('reports a new user-facing state that names no section, by its id', () => {
    const trace = traceMachine(probe({}, ['deciding']));
    expect(trace.unnamed).toEqual(['probe.sent']);
    expect(specReport([trace]).unnamed).toEqual([{ machineId: 'probe', stateId: 'probe.sent' }]);
    expect(formatSpecReport([trace])).toContain('- probe: `probe.sent`');
  });

  it('does not ask a state listed as internal for a section, and accepts the state once it names one', () => {
    const trace = traceMachine(probe({ meta: spec('000 §8') }, ['deciding']));
    expect(trace.unnamed).toEqual([]);
    expect(trace.states.find((state) => state.path === 'deciding')?.userFacing).toBe(false);
    expect(traceMachine(probe({ meta: spec('000 §8') })).unnamed).toEqual(['probe.deciding']);
  });

  it('reports an internal entry that names no state, and a section that is no heading', () => {
    const trace = traceMachine(probe({ meta: { spec: ['001 §4.2', '003 §1', 'spec 2'] } }, ['gone']));
    expect(trace.problems).toEqual([
      'state probe.sent: "001 §4.2" is no heading of spec document 001',
      expect.stringContaining('"003 §1" is not a section'),
      expect.stringContaining('"spec 2" is not a section'),
      'machine probe lists "gone" as internal, but has no such state',
    ]);
    expect(trace.unnamed).toEqual(['probe.deciding', 'probe.sent']);
  });

  it('does not let a state a user sees be listed as internal', () => {
    const trace = traceMachine(probe({ meta: spec('000 §8') }, ['deciding', 'form']));
    expect(trace.problems).toEqual([expect.stringContaining('lists "form" as internal, but a user can see it')]);
  });

  it('traces a transition by its own section, else by its source state’s', () => {
    const trace = traceMachine(probe({ meta: spec('000 §8') }, ['deciding']));
    const submit = trace.transitions.find((transition) => transition.event === 'submit');
    const cancel = trace.transitions.find((transition) => transition.event === 'cancel');
    expect(submit).toMatchObject({ sections: ['000 §8'], own: true, targets: ['probe.sent'] });
    expect(cancel).toMatchObject({ sections: ['000 §4.4'], own: false });
    // The eventless transition out of the internal state takes the machine's sections.
    expect(trace.transitions.find((transition) => transition.event === '')?.sections).toEqual(['000 §4.4']);
    expect(sectionElements(trace, '000 §8')).toEqual({ states: new Set(['probe.sent']), transitions: new Set(['probe.form|submit|0']) });
  });

  it('accepts only headings of the three documents, in the written format', () => {
    expect(parseSpecSection('000 §4.4')).toBe('000 §4.4');
    expect(parseSpecSection('002 §9')).toBe('002 §9');
    expect(specSectionProblem('001 §4.1')).toContain('no heading');
    expect(specSectionProblem('001§4')).toContain('is not a section');
    expect(specSectionProblem('004 §1')).toContain('is not a section');
    // @ts-expect-error: the type allows only the documents' headings
    spec('001 §10');
    // @ts-expect-error: a state names at least one section
    spec();
  });
});

describe('the report', () => {
  const report = specReport(traces);

  it('lists, per section in spec order, the machines and states that implement it', () => {
    const sections = report.sections.map((entry) => entry.section);
    expect(sections.indexOf('000 §4.4')).toBeLessThan(sections.indexOf('000 §8'));
    expect(sections.indexOf('000 §9')).toBeLessThan(sections.indexOf('001 §1') === -1 ? sections.indexOf('001 §2') : sections.indexOf('001 §1'));
    const reset = report.sections.find((entry) => entry.section === '000 §4.4');
    expect(reset?.title).toBe('Password reset page');
    expect(reset?.machines).toContain('passwordReset');
    expect(reset?.elements).toContainEqual({ machineId: 'passwordReset', kind: 'state', id: 'passwordReset.loading', inherited: false });
    const payment = report.sections.find((entry) => entry.section === '001 §4');
    expect(payment?.machines).toEqual(expect.arrayContaining(['paymentPipeline', 'disputeWizard', 'kba']));
  });

  it('counts every user-facing state as named, and prints the Markdown a product manager reads', () => {
    expect(report.totals.namedStates).toBe(report.totals.userFacingStates);
    expect(report.totals.userFacingStates).toBeGreaterThan(400);
    const text = formatSpecReport(traces, { section: '000 §4.4' });
    expect(text).toContain('## 000 §4.4 Password reset page');
    expect(text).toContain('**passwordReset**');
    expect(text).not.toContain('## 001 §4');
    expect(text).toContain('## User-facing states that name no section\n\nNone.');
  });
});
