import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

// A questionnaire step's form (spec 002 §4): named by the step's title, checked by the machine rather than the
// browser, its submit sent to the step's machine without reloading the page.

export function IntakeStepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-labelledby="intake-step-title"
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}
