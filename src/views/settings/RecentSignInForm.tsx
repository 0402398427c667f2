import { Box, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '../../domain/errors';
import { AppModal } from '../components/AppModal';
import { DialogFormActions } from '../components/DialogFormActions';
import { MessageAlert } from '../components/MessageAlert';

// The password prompt of the steps that need a recent sign-in (the full SSN, an email change; src/domain/
// recentSignIn.ts): the server refused an older sign-in, so the page says why (errors.settings.recent-sign-in-required),
// takes the current password, and the machine re-authenticates and tries again by itself. The same form is the
// password change's re-authentication (ReauthenticationDialog), with its own explanation. The password typed is the
// field's own until it is sent: the machine only receives it with the submit and never keeps it.

export interface RecentSignInFormProps {
  busy: boolean;
  errorKey: ErrorKey | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

interface PasswordPromptProps extends RecentSignInFormProps {
  /** Why the password is asked for. */
  explanation: string;
  /** The code the error's text may show ('unknown' when there is none). */
  errorCode?: string | null;
  /** The password field's id. */
  inputId: string;
  testId?: string;
}

export function RecentSignInForm(props: RecentSignInFormProps) {
  const { t } = useTranslation('errors');
  return (
    <PasswordPromptForm {...props} explanation={t('errors.settings.recent-sign-in-required')} inputId="recent-sign-in-password" testId="recent-sign-in" />
  );
}

/** Asks for the current password and hands it to `onSubmit`; Cancel is off while busy. */
export function PasswordPromptForm({ busy, errorKey, errorCode, explanation, inputId, testId, onSubmit, onCancel }: PasswordPromptProps) {
  const { t } = useTranslation(['settings', 'auth']);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-busy={busy} data-testid={testId}>
      <Stack gap="md">
        <Text>{explanation}</Text>
        {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
        <PasswordInput
          id={inputId}
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
        <DialogFormActions busy={busy} busyText={t('reauth.checking')} cancelLabel={t('reauth.cancel')} submitLabel={t('reauth.submit')} onCancel={onCancel} />
      </Stack>
    </Box>
  );
}

/** The prompt in its own dialog, for a page field (the SSN's Show). */
export function RecentSignInDialog(props: RecentSignInFormProps & { opened: boolean }) {
  const { t } = useTranslation('settings');
  const { opened, ...form } = props;
  return (
    <AppModal opened={opened} onClose={() => (props.busy ? undefined : props.onCancel())} title={t('reauth.title')} closeOnClickOutside={false}>
      {opened ? <RecentSignInForm {...form} /> : null}
    </AppModal>
  );
}
