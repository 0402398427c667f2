import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { emailChangeSelectors as select, type emailChangeMachine } from '../../../machines/settings/emailChange.machine';
import { AppModal } from '../components/AppModal';
import { DialogFormActions } from '../components/DialogFormActions';
import { EmailInput } from '../components/EmailInput';
import { RecentSignInForm } from './RecentSignInForm';

// The email change request (spec 000 §2.5, §7 changeEmail, §8), opened from personal-info's read-only email: a new
// address ('Invalid email format', or that it is the address already), Send; an address in use or refused says
// so (errors.settings.email-in-use, errors.settings.email-invalid). Once sent it says where the confirmation link
// went, that the email changes only when it is opened, and that the current address can undo it.

export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;

export interface EmailChangeDialogProps {
  actor: EmailChangeActor;
}

/** The messages: the email rule's and the server's (errors namespace) or the settings page's own. */
const MESSAGE_NAMESPACES = ['settings', 'errors'] as const;

export function EmailChangeDialog({ actor }: EmailChangeDialogProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const opened = useSelector(actor, (snapshot) => !select.closed(snapshot));
  const email = useSelector(actor, select.email);
  const currentEmail = useSelector(actor, select.currentEmail);
  const fieldError = useSelector(actor, select.fieldError);
  const errorKey = useSelector(actor, select.errorKey);
  const busy = useSelector(actor, select.busy);
  const sent = useSelector(actor, select.sent);
  const pendingEmail = useSelector(actor, select.pendingEmail);
  const reauthenticating = useSelector(actor, select.reauthenticating);
  const reauthErrorKey = useSelector(actor, select.reauthErrorKey);
  // Sent: the form (and the focused Send button) gives way to the answer; the focus goes to its Done button.
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);
  const close = () => {
    if (!busy) actor.send({ type: reauthenticating ? 'reauth.cancel' : 'edit.cancel' });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <AppModal opened={opened} onClose={close} title={sent ? t('email-change.sentTitle') : t('email-change.title')} closeOnClickOutside={false} data-testid="email-change">
      {sent ? (
        <Stack gap="md">
          <Stack gap="xs" role="status">
            <Text style={{ overflowWrap: 'anywhere' }}>{t('email-change.sent', { email: pendingEmail ?? email })}</Text>
            <Text>{t('email-change.sentOld')}</Text>
          </Stack>
          <Group justify="flex-end">
            <Button ref={done} onClick={close} data-autofocus>
              {t('email-change.close')}
            </Button>
          </Group>
        </Stack>
      ) : reauthenticating ? (
        // The request needs a recent sign-in: the password again, then it goes by itself.
        <RecentSignInForm
          busy={busy}
          errorKey={reauthErrorKey}
          onSubmit={(password) => actor.send({ type: 'reauth.submit', password })}
          onCancel={() => actor.send({ type: 'reauth.cancel' })}
        />
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
          <Stack gap="md">
            {currentEmail ? <Text style={{ overflowWrap: 'anywhere' }}>{t('email-change.intro', { email: currentEmail })}</Text> : null}
            {errorKey ? (
              <Alert color="red" role="alert" variant="light">
                {t(errorKey, { ns: MESSAGE_NAMESPACES })}
              </Alert>
            ) : null}
            <EmailInput
              id="email-change-new"
              label={t('email-change.newEmail')}
              value={email}
              disabled={busy}
              error={fieldError ? t(fieldError, { ns: MESSAGE_NAMESPACES }) : undefined}
              data-autofocus
              onChange={(event) => actor.send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
            />
            <DialogFormActions busy={busy} busyText={t('email-change.sending')} cancelLabel={t('email-change.cancel')} submitLabel={t('email-change.submit')} onCancel={close} />
          </Stack>
        </Box>
      )}
    </AppModal>
  );
}
