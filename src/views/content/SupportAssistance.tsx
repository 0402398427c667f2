import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SupportDialog } from '../support/SupportDialog';

// The support center's 'still need assistance' section and dialog (spec 002 §2 "Support center"): the phone with its
// hours and the contact form (machines/support/supportRequest.machine.ts, supplied through the SupportProvider). The
// dialog is the contactForm modal state of the navigation state (spec 002 §2): the route passes its controls.

/** The contact form dialog's controls (src/app/support/useNavigationModal.ts). */
export interface ContactFormDialogControls {
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
}

export function StillNeedAssistance({ email, dialog }: { email: string | null; dialog: ContactFormDialogControls }) {
  const { t } = useTranslation('content');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="content-assistance-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="content-assistance-title">
          {t('assistance.title')}
        </Title>
        <Text>{t('assistance.body')}</Text>
        <Button onClick={dialog.onOpen}>{t('assistance.open')}</Button>
      </Stack>
      <AssistanceDialog opened={dialog.opened} onClose={dialog.onClose} email={email} />
    </Card>
  );
}

export function AssistanceDialog({ opened, onClose, email }: { opened: boolean; onClose: () => void; email: string | null }) {
  const { t } = useTranslation('content');
  return <SupportDialog opened={opened} onClose={onClose} email={email} title={t('assistance.dialogTitle')} />;
}

/** /support/not-found and the support center's catch-all: the unable-to-find and the report-issue messages. */
export function SupportNotFoundPage({ homePath, email, dialog }: { homePath: string; email: string | null; dialog: ContactFormDialogControls }) {
  const { t } = useTranslation('content');
  return (
    <Stack align="center" gap="md" py="xl" ta="center" maw={640} mx="auto">
      <Title order={1}>{t('support.notFoundTitle')}</Title>
      <Text>{t('support.notFoundBody')}</Text>
      <Text>{t('support.reportIssue')}</Text>
      <Stack gap="xs" align="center">
        <Button onClick={dialog.onOpen}>{t('support.reportIssueButton')}</Button>
        <Button component={Link} to={homePath} variant="default">
          {t('support.backToSupport')}
        </Button>
      </Stack>
      <AssistanceDialog opened={dialog.opened} onClose={dialog.onClose} email={email} />
    </Stack>
  );
}
