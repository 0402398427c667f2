import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';

// The frame sign-in and sign-up share (spec 000 §2.2, §4.3): a heading, the page's message, the form with its
// submit button, and the way to the other page both in the header and under the form.

export interface AccountFormPageProps {
  heading: ReactNode;
  subtitle: string;
  /** The page's message (MessageAlert) when there is one. */
  alert: ReactNode;
  formLabel: string;
  /** The fields between the message and the submit button. */
  children: ReactNode;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  /** The other page: its path, the question before the link under the form, and the link's text. */
  switchTo: { to: string; prompt: string; label: string };
  /** Dialogs the page opens. */
  dialogs?: ReactNode;
  /** The page's own header in place of the public one (PublicLayout). */
  header?: ReactNode;
}

export function AccountFormPage({ heading, subtitle, alert, formLabel, children, submitLabel, busy, onSubmit, switchTo, dialogs, header }: AccountFormPageProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <PublicLayout headerAction={{ to: switchTo.to, label: switchTo.label }} header={header}>
      <Stack gap="md">
        <div>
          {heading}
          <Text c="dimmed">{subtitle}</Text>
        </div>
        {alert}
        <form onSubmit={submit} noValidate aria-label={formLabel}>
          <Stack gap="sm">
            {children}
            <Button type="submit" loading={busy} fullWidth>
              {submitLabel}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {switchTo.prompt}{' '}
          <Anchor component={Link} to={switchTo.to}>
            {switchTo.label}
          </Anchor>
        </Text>
      </Stack>
      {dialogs}
    </PublicLayout>
  );
}
