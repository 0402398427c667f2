import { Button, Checkbox, CloseButton, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEV_ACTION_STATUSES,
  DEV_ACTION_TYPES,
  DEV_DELETE_CATEGORIES,
  devToolsSelectors as select,
  MAX_DEV_ACTIONS,
} from '../../../machines/devTools/devTools.machine';
import type { DevActionInput, DevDeleteCategory } from '../../../machines/devTools/devTools.machine';
import { CommandStatus, ConfirmCommandDialog, type DevToolsActor } from './CommandStatus';
import { DevSection } from './DevSection';

// The Actions section (spec 001 §2 "Developer tools"): the customer's actions (getAllActions), replacing them
// (setActions, a small form, confirmed first), recalculating them (recalculateActions) and deleting data by
// category (delete, ticked categories, confirmed first).

const EMPTY_ACTION: DevActionInput = { name: '', type: 'call_agent', status: 'active' };

export function ActionsPanel({ commands }: { commands: DevToolsActor }) {
  const { t, i18n } = useTranslation('devTools');
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const busy = useSelector(commands, select.busy);
  const actions = useSelector(commands, select.actions);
  const [rows, setRows] = useState<DevActionInput[]>([{ ...EMPTY_ACTION }]);
  const [categories, setCategories] = useState<DevDeleteCategory[]>([]);
  const updateRow = (index: number, change: Partial<DevActionInput>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <Stack gap="lg">
      <CommandStatus commands={commands} />
      <ConfirmCommandDialog commands={commands} />

      <DevSection id="dev-actions-list" title={t('actions.listTitle')}>
        <Group gap="sm">
          <Button variant="default" disabled={busy} onClick={() => commands.send({ type: 'command.run', command: { command: 'getAllActions' } })}>
            {t('commands.getAllActions')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => commands.send({ type: 'command.run', command: { command: 'recalculateActions' } })}>
            {t('commands.recalculateActions')}
          </Button>
        </Group>
        {actions === null ? (
          <Text>{t('actions.notListed')}</Text>
        ) : actions.length === 0 ? (
          <Text>{t('actions.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('actions.columns.name')}</Table.Th>
                  <Table.Th>{t('actions.columns.type')}</Table.Th>
                  <Table.Th>{t('actions.columns.status')}</Table.Th>
                  <Table.Th>{t('actions.columns.completedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {actions.map((action) => (
                  <Table.Tr key={action.id}>
                    <Table.Td>{action.name}</Table.Td>
                    <Table.Td>{action.type}</Table.Td>
                    <Table.Td>{action.status}</Table.Td>
                    <Table.Td>{action.completedAt ? dateTime.format(new Date(action.completedAt)) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DevSection>

      <DevSection id="dev-actions-set" title={t('actions.setTitle')} onSubmit={() => commands.send({ type: 'command.run', command: { command: 'setActions', actions: rows.map((row) => ({ ...row, name: row.name.trim() })) } })}>
        <Text size="sm">{t('actions.setHelp', { max: MAX_DEV_ACTIONS })}</Text>
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <Group key={index} align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('actions.name', { number })}
                value={row.name}
                maxLength={200}
                onChange={(event) => updateRow(index, { name: event.currentTarget.value })}
                style={{ flex: '2 1 14rem' }}
              />
              <NativeSelect
                label={t('actions.type', { number })}
                data={[...DEV_ACTION_TYPES]}
                value={row.type}
                onChange={(event) => updateRow(index, { type: event.currentTarget.value as DevActionInput['type'] })}
                style={{ flex: '1 1 10rem' }}
              />
              <NativeSelect
                label={t('actions.status', { number })}
                data={[...DEV_ACTION_STATUSES]}
                value={row.status}
                onChange={(event) => updateRow(index, { status: event.currentTarget.value as DevActionInput['status'] })}
                style={{ flex: '1 1 10rem' }}
              />
              <CloseButton
                aria-label={t('actions.remove', { number })}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                mb={4}
              />
            </Group>
          );
        })}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={rows.length >= MAX_DEV_ACTIONS}
            onClick={() => setRows((current) => [...current, { ...EMPTY_ACTION }])}
          >
            {t('actions.add')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('commands.setActions')}
          </Button>
        </Group>
      </DevSection>

      <DevSection id="dev-actions-delete" title={t('actions.deleteTitle')} onSubmit={() => commands.send({ type: 'command.run', command: { command: 'delete', categories } })}>
        <Checkbox.Group label={t('actions.categoriesLabel')} value={categories} onChange={(value) => setCategories(value as DevDeleteCategory[])}>
          <Stack gap={6} mt={6}>
            {DEV_DELETE_CATEGORIES.map((category) => (
              <Checkbox key={category} value={category} label={t(`categories.${category}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" color="red.9" disabled={busy}>
            {t('commands.delete')}
          </Button>
        </Group>
      </DevSection>
    </Stack>
  );
}
