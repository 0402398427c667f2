import { Box, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChangeSelectors as select } from '../../../machines/settings/passwordChange.machine';
import { AppModal } from '../components/AppModal';
import { MessageAlert } from '../components/MessageAlert';
import type { PasswordChangeActor } from './SecurityPage';

// settings/security/auth (spec 000 §2.5, §4.6): when the login is too old to change the password, the customer
// confirms their current password here and the change is retried by itself. A wrong password says so and the dialog
// stays; Cancel (or Escape) closes it without changing anything. The app mounts it on the nested route `auth` and
// keeps the route and the machine in step. The password typed is the field's own until it is sent: the machine only
// receives it with the submit and never keeps it.

export interface ReauthenticationDialogProps {
  actor: PasswordChangeActor;
}

export function ReauthenticationDialog({ actor }: ReauthenticationDialogProps) {
  const { t } = useTranslation(['settings', 'auth']);
  const opened = useSelector(actor, select.reauthenticating);
  const busy = useSelector(actor, select.reauthBusy);
  const errorKey = useSelector(actor, select.reauthErrorKey);
  const errorCode = useSelector(actor, select.reauthErrorCode);
  const [password, setPassword] = useState('');
  // The typed password goes with the dialog, whichever way it closed.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) setPassword('');
  }
  const cancel = () => {
    if (!busy) actor.send({ type: 'reauth.cancel' });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reauth.submit', password });
  };
  return (
    <AppModal opened={opened} onClose={cancel} title={t('reauth.title')} closeOnClickOutside={false} data-testid="reauthentication">
      <Box component="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="md">
          <Text>{t('reauth.body')}</Text>
          {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
          <PasswordInput
            id="reauthentication-password"
            label={t('reauth.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            disabled={busy}
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {busy ? (
            <Text role="status" size="sm" c="gray.7">
              {t('reauth.checking')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={busy}>
              {t('reauth.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('reauth.submit')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </AppModal>
  );
}
