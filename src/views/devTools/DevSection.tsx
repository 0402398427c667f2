import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// One section of a developer tools panel (spec 001 §2 "Developer tools"): a bordered region named by its heading,
// and, for a section that is a form, the submit that sends its command without reloading the page.

export interface DevSectionProps {
  /** The heading's id, which names the region. */
  id: string;
  title: string;
  /** Makes the section a form; called on submit. */
  onSubmit?: () => void;
  children: ReactNode;
}

export function DevSection({ id, title, onSubmit, children }: DevSectionProps) {
  const body = (
    <Stack gap="sm">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      {onSubmit ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
