import { Button, Group, Text } from '@mantine/core';

/**
 * A dialog form's footer: while busy, what is under way (announced as a status), then Cancel (off while busy) and
 * the submit button (its spinner while busy).
 */
export function DialogFormActions({ busy, busyText, cancelLabel, submitLabel, onCancel }: { busy: boolean; busyText: string; cancelLabel: string; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      {busy ? (
        <Text role="status" size="sm" c="gray.7">
          {busyText}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
