import { Alert, Box, Button, Group, PasswordInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { passwordChangeSelectors as select, type passwordChangeMachine } from '../../../machines/settings/passwordChange.machine';
import { MessageAlert } from '../components/MessageAlert';
import { PasswordChecklist } from '../components/PasswordChecklist';

// settings/security (spec 000 §2.5, §4.6, §5, §8): change the password. The new password follows the checklist
// ('password-requirements' when it does not), the confirmation repeats it; 'Password updated successfully' once
// changed, the reference-code message otherwise. When the login is too old the machine opens the re-authentication
// dialog (ReauthenticationDialog, on the nested route `auth`) and retries by itself. A notice says why when the
// account was flagged for a weak password or a required reset.

export type PasswordChangeActor = ActorRefFrom<typeof passwordChangeMachine>;

export interface SecurityFlags {
  weakPassword: boolean;
  passwordResetRequired: boolean;
}

export interface SecurityPageProps {
  actor: PasswordChangeActor;
  /** The user document's security flags (users/{uid}.security). */
  flags: SecurityFlags;
}

/** The warning text's colour on the yellow tint (WCAG 1.4.3), as the documents' processing state. */
const NOTICE_TEXT = '#8a3c00';

interface NewPasswordInputProps {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  error: string | undefined;
  /** The id of what describes the field (the new password's checklist). */
  describedBy?: string;
  /** The show/hide button's name. */
  toggleLabel: string;
  onChange: (value: string) => void;
}

/** The new password or its confirmation: required (no asterisk), filled as a new password by password managers. */
function NewPasswordInput({ id, label, value, disabled, error, describedBy, toggleLabel, onChange }: NewPasswordInputProps) {
  return (
    <PasswordInput
      id={id}
      label={label}
      autoComplete="new-password"
      required
      withAsterisk={false}
      value={value}
      disabled={disabled}
      error={error}
      aria-describedby={describedBy}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function SecurityPage({ actor, flags }: SecurityPageProps) {
  const { t } = useTranslation(['settings', 'errors', 'auth']);
  const newPassword = useSelector(actor, select.newPassword);
  const confirmPassword = useSelector(actor, select.confirmPassword);
  const fieldErrors = useSelector(actor, select.fieldErrors);
  const errorKey = useSelector(actor, select.errorKey);
  const errorCode = useSelector(actor, select.errorCode);
  const busy = useSelector(actor, select.busy);
  const changed = useSelector(actor, select.changed);
  const reauthenticating = useSelector(actor, select.reauthenticating);
  const change = (field: 'newPassword' | 'confirmPassword', value: string) => actor.send({ type: 'field.change', field, value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  const notice = flags.passwordResetRequired ? 'security.passwordReset' : flags.weakPassword ? 'security.weakPassword' : null;
  const toggleLabel = t('auth:fields.togglePassword');

  return (
    <Stack gap="lg">
      {notice && !changed ? (
        <Alert color="yellow" variant="light" role="status" styles={{ message: { color: NOTICE_TEXT } }}>
          {t(notice)}
        </Alert>
      ) : null}
      <Paper component="section" withBorder p={{ base: 'md', xs: 'lg' }} aria-labelledby="security-password-title" maw={520}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="security-password-title">
              {t('security.changePassword')}
            </Title>
            <Text c="gray.7">{t('security.intro')}</Text>
          </div>
          {changed ? (
            <Alert color="green" variant="light" role="status">
              {t('errors:auth.password.updated')}
            </Alert>
          ) : null}
          {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
          <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="security-password-title" aria-busy={busy}>
            <Stack gap="sm">
              <NewPasswordInput
                id="security-new-password"
                label={t('security.newPassword')}
                value={newPassword}
                disabled={busy || reauthenticating}
                error={fieldErrors.newPassword ? t(`errors:${fieldErrors.newPassword}`) : undefined}
                describedBy="security-password-checklist"
                toggleLabel={toggleLabel}
                onChange={(value) => change('newPassword', value)}
              />
              <PasswordChecklist password={newPassword} id="security-password-checklist" />
              <NewPasswordInput
                id="security-confirm-password"
                label={t('security.confirmPassword')}
                value={confirmPassword}
                disabled={busy || reauthenticating}
                error={fieldErrors.confirmPassword ? t(fieldErrors.confirmPassword) : undefined}
                toggleLabel={toggleLabel}
                onChange={(value) => change('confirmPassword', value)}
              />
              {busy ? (
                <Text role="status" size="sm" c="gray.7">
                  {t('security.changing')}
                </Text>
              ) : null}
              <Group>
                <Button type="submit" loading={busy} disabled={reauthenticating}>
                  {t('security.submit')}
                </Button>
              </Group>
            </Stack>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
