import { Badge, Group, Text } from '@mantine/core';
import { SPEC_SECTIONS } from '../../../machines/specSections';
import { findMachine } from '../registry';
import { machineTrace } from './SpecPanel';
import { useSpecTexts } from './texts';

// The selected state's spec sections, in the State tab beside its description (docs/statecharts.md "Traced to the
// spec"): a badge per section, with the heading's title on hover, or why it names none.

export function StateSpecSections({ machineId, stateId }: { machineId: string; stateId: string }) {
  const texts = useSpecTexts();
  const entry = findMachine(machineId);
  const state = entry ? machineTrace(entry.machine).states.find((s) => s.id === stateId) : undefined;
  if (!state) return null;
  const note = state.path === '' ? texts.root : !state.userFacing ? texts.internal : state.sections.length === 0 ? texts.namesNone : null;
  return (
    <Group gap={4} data-testid="state-spec-sections" aria-label={texts.machineSections}>
      <Text size="xs" fw={600}>
        {texts.tab}:
      </Text>
      {state.sections.map((section) => (
        <Badge key={section} variant="light" title={SPEC_SECTIONS[section as keyof typeof SPEC_SECTIONS]} styles={{ label: { textTransform: 'none' } }}>
          {section}
        </Badge>
      ))}
      {note && (
        <Text size="xs" c={state.userFacing && state.sections.length === 0 ? 'red' : 'dimmed'}>
          {note}
        </Text>
      )}
    </Group>
  );
}
