import { Accordion, Anchor, Badge, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { SPEC_SECTIONS } from '../../../machines/specSections';
import { registeredMachines } from '../registry';
import { useSpecTexts } from './texts';
import { describeTransition, machineSections, sectionElements, specReport, traceEntries, traceMachine, type MachineTrace } from './trace';

// The Spec tab (docs/statecharts.md "Traced to the spec"): the spec sections of the selected state and of its
// transitions, a filter that marks on the diagram what implements one section, and the report over every machine
// (the page form of `npm run statecharts:spec`).

const traces = new WeakMap<AnyStateMachine, MachineTrace>();

/** One machine's trace, computed once per machine. */
export function machineTrace(machine: AnyStateMachine): MachineTrace {
  let trace = traces.get(machine);
  if (!trace) {
    trace = traceMachine(machine);
    traces.set(machine, trace);
  }
  return trace;
}

/** What the diagram marks while the Spec tab filters by a section: its states as active, its transitions as taken. */
export function specHighlight(machine: AnyStateMachine, section: string | null | undefined): { active: Set<string>; taken: Set<string> } | null {
  if (!section) return null;
  const { states, transitions } = sectionElements(machineTrace(machine), section);
  return { active: states, taken: transitions };
}

const titleOf = (section: string) => SPEC_SECTIONS[section as keyof typeof SPEC_SECTIONS] ?? '';

function Sections({ sections, testId }: { sections: readonly string[]; testId?: string }) {
  return (
    <Group gap={4} data-testid={testId}>
      {sections.map((section) => (
        <Badge key={section} variant="light" title={titleOf(section)} styles={{ label: { textTransform: 'none' } }}>
          {section}
        </Badge>
      ))}
    </Group>
  );
}

export interface SpecPanelProps {
  machine: AnyStateMachine;
  stateId: string | null;
  section: string | null;
  onSection: (section: string | null) => void;
  onSelectState: (stateId: string) => void;
  /** Open another machine (from the report), filtered by a section. */
  onOpenMachine: (machineId: string, section: string | null) => void;
}

export function SpecPanel({ machine, stateId, section, onSection, onSelectState, onOpenMachine }: SpecPanelProps) {
  const texts = useSpecTexts();
  const trace = machineTrace(machine);
  const report = useMemo(() => specReport(traceEntries(registeredMachines)), []);
  const state = stateId ? trace.states.find((s) => s.id === stateId) : undefined;
  const outgoing = state ? trace.transitions.filter((transition) => transition.source === state.id) : [];
  const chosen = section ? sectionElements(trace, section) : null;
  const options = machineSections(trace).map((value) => ({ value, label: `${value} ${titleOf(value)}` }));
  const elsewhere = section ? (report.sections.find((entry) => entry.section === section)?.machines ?? []).filter((id) => id !== trace.machineId) : [];

  return (
    <Stack gap="sm" data-testid="spec-panel">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {texts.machineSections}
        </Text>
        <Sections sections={trace.sections} testId="spec-machine-sections" />
      </Stack>

      <Stack gap={4} data-testid="spec-selected">
        <Text size="sm" fw={600}>
          {texts.selected}
        </Text>
        {!state ? (
          <Text size="sm" c="dimmed">
            {texts.selectHint}
          </Text>
        ) : (
          <>
            <Text size="sm" ff="monospace">
              {state.id}
            </Text>
            {state.path === '' && <Text size="sm">{texts.root}</Text>}
            {state.path !== '' && !state.userFacing && <Text size="sm">{texts.internal}</Text>}
            {state.userFacing && state.sections.length === 0 && (
              <Text size="sm" c="red">
                {texts.namesNone}
              </Text>
            )}
            <Sections sections={state.sections} testId="spec-state-sections" />
            {outgoing.length > 0 && (
              <>
                <Text size="xs" fw={600}>
                  {texts.transitions}
                </Text>
                <List size="xs" spacing={2}>
                  {outgoing.map((transition) => (
                    <List.Item key={transition.id} ff="monospace">
                      {describeTransition(transition)}: {transition.sections.join(', ')} ({transition.own ? texts.ownSection : texts.stateSection})
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </Stack>

      <Stack gap={4}>
        <Select
          label={texts.filter}
          placeholder={texts.filterPlaceholder}
          data={options}
          value={section && options.some((option) => option.value === section) ? section : null}
          onChange={(value) => onSection(value)}
          clearable
          searchable
        />
        {chosen && section && (
          <>
            <Text size="xs" c="dimmed">
              {texts.filterHint} {texts.inMachine(chosen.states.size, chosen.transitions.size)}
            </Text>
            <Group gap={4} data-testid="spec-filter-states">
              {[...chosen.states].map((id) => (
                <Anchor key={id} component="button" size="xs" ff="monospace" onClick={() => onSelectState(id)}>
                  {id}
                </Anchor>
              ))}
            </Group>
            {elsewhere.length > 0 && (
              <Text size="xs">
                {texts.elsewhere}:{' '}
                {elsewhere.map((id) => (
                  <Anchor key={id} component="button" size="xs" ff="monospace" mr={6} onClick={() => onOpenMachine(id, section)}>
                    {id}
                  </Anchor>
                ))}
              </Text>
            )}
          </>
        )}
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h6">
          {texts.report}
        </Title>
        <Text size="xs">{texts.reportSummary(report.totals.namedStates, report.totals.userFacingStates, report.totals.machines)}</Text>
        <Accordion variant="contained" chevronPosition="left" data-testid="spec-report">
          {report.sections.map((entry) => (
            <Accordion.Item key={entry.section} value={entry.section}>
              <Accordion.Control>
                <Text size="xs">
                  <b>{entry.section}</b> {entry.title} · {texts.machinesCount(entry.machines.length)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <List size="xs" spacing={2}>
                  {entry.machines.map((id) => (
                    <List.Item key={id}>
                      <Anchor component="button" size="xs" ff="monospace" onClick={() => onOpenMachine(id, entry.section)}>
                        {id}
                      </Anchor>{' '}
                      {texts.statesCount(entry.elements.filter((element) => element.machineId === id && element.kind === 'state').length)}
                    </List.Item>
                  ))}
                </List>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text size="xs" fw={600}>
          {texts.unnamed}
        </Text>
        {report.unnamed.length === 0 ? (
          <Text size="xs" data-testid="spec-unnamed">
            {texts.noneUnnamed}
          </Text>
        ) : (
          <List size="xs" data-testid="spec-unnamed">
            {report.unnamed.map(({ machineId, stateId: id }) => (
              <List.Item key={`${machineId} ${id}`} ff="monospace">
                {machineId}: {id}
              </List.Item>
            ))}
          </List>
        )}
        {report.unreferenced.length > 0 && (
          <Text size="xs" c="dimmed">
            {texts.unreferenced}: {report.unreferenced.join(', ')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {texts.command}
        </Text>
      </Stack>
    </Stack>
  );
}
