import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppModal } from '../components/AppModal';
import type { LockerChecklistItem } from '../documents/documentData';
import { useDocumentText } from '../documents/documentText';
import type { HubLoadable } from './hubTypes';

// The hub's checklist action opens the documents the loan team asked for (spec 002 §2 modal states checklist and
// checklistItemId, §3 Checklist item): the list, and one item with what it asks for, whether it is uploaded, and its
// Upload (the upload flow with the item's category, type and year chosen). Both are modal states of the navigation
// state (src/app/shell/HomeRoute.tsx), so the browser's Back goes from the item to the list and closes the list.

export interface ChecklistDialogProps {
  opened: boolean;
  /** The item shown (checklistItemId), or null for the list. */
  itemId: string | null;
  checklist: HubLoadable<readonly LockerChecklistItem[]>;
  /** The session may upload (spec 000 §6 document modify). */
  canModify: boolean;
  uploadPath: (item: LockerChecklistItem) => string;
  onOpenItem: (id: string) => void;
  onShowList: () => void;
  onClose: () => void;
}

export function ChecklistDialog({ opened, itemId, checklist, canModify, uploadPath, onOpenItem, onShowList, onClose }: ChecklistDialogProps) {
  const { t } = useTranslation(['documents', 'hub']);
  const text = useDocumentText();
  const labelOf = (item: LockerChecklistItem) => t('documents:checklist.item', { fileType: text.fileType(item.fileType), year: item.year });
  const status = (item: LockerChecklistItem) => (
    <Badge variant="light" color={item.checked ? 'green' : 'gray'} tt="none" styles={{ label: { color: item.checked ? 'var(--mantine-color-green-9)' : 'var(--mantine-color-gray-8)' } }}>
      {item.checked ? t('documents:checklist.done') : t('documents:checklist.missing')}
    </Badge>
  );
  const item = itemId !== null && checklist.status === 'shown' ? (checklist.data.find((candidate) => candidate.id === itemId) ?? null) : null;

  return (
    <AppModal opened={opened} onClose={onClose} title={item ? labelOf(item) : t('documents:checklist.title')}>
      {checklist.status === 'loading' ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('documents:checklist.loading')}</Text>
        </Group>
      ) : checklist.status === 'failed' ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('documents:checklist.loadError')}</Text>
          <Button variant="light" onClick={checklist.onRetry}>
            {t('hub:checklist.retry')}
          </Button>
        </Stack>
      ) : itemId !== null ? (
        <Stack gap="md">
          {item ? (
            <>
              <Group gap="xs">
                {status(item)}
                {item.document !== null ? <Text size="sm">{item.document.name}</Text> : null}
              </Group>
              <Text>{t('hub:checklist.itemBody', { category: text.category(item.category) })}</Text>
              {canModify && !item.checked ? (
                <Button component={Link} to={uploadPath(item)} style={{ alignSelf: 'flex-start' }}>
                  {t('documents:checklist.uploadName', { fileType: text.fileType(item.fileType), year: item.year })}
                </Button>
              ) : null}
            </>
          ) : (
            <Text>{t('hub:checklist.unknownItem')}</Text>
          )}
          <Button variant="default" onClick={onShowList} style={{ alignSelf: 'flex-start' }}>
            {t('hub:checklist.backToList')}
          </Button>
        </Stack>
      ) : checklist.data.length === 0 ? (
        <Text>{t('documents:checklist.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Text>{t('documents:checklist.intro')}</Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {checklist.data.map((entry) => (
              <Paper component="li" key={entry.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Text fw={600}>{labelOf(entry)}</Text>
                    {status(entry)}
                  </Stack>
                  <Button size="xs" variant="light" onClick={() => onOpenItem(entry.id)} aria-label={t('hub:checklist.openItem', { label: labelOf(entry) })}>
                    {t('hub:checklist.open')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
    </AppModal>
  );
}
