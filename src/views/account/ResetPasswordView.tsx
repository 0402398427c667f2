import { Alert, Button, Center, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { passwordResetSelectors, type passwordResetMachine } from '../../../machines/account/passwordReset.machine';
import { ERROR_KEYS } from '../../domain/errors';
import { MessageAlert } from '../components/MessageAlert';
import { PasswordChecklist } from '../components/PasswordChecklist';
import { BadRequestPage } from '../status/BadRequestPage';
import { AppModal } from '../components/AppModal';
import { ROUTES } from '../../domain/routes';

// spec 000 §4.4 and §8: /handle?mode=resetPassword. Loading, then the form, the expired link or the invalid link
// (both offer Send New Reset Link and Cancel; the dialog is the reset-password sub-route), the bad-request page
// after a 15 s lookup timeout, and the messages after a reset.

export type PasswordResetActor = ActorRefFrom<typeof passwordResetMachine>;

export interface ResetPasswordViewProps {
  actor: PasswordResetActor;
  renderResetLinkRequest: (props: { email: string; onClose: () => void }) => ReactNode;
}

export function ResetPasswordView({ actor, renderResetLinkRequest }: ResetPasswordViewProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const loading = useSelector(actor, passwordResetSelectors.loading);
  const form = useSelector(actor, passwordResetSelectors.form);
  const busy = useSelector(actor, passwordResetSelectors.busy);
  const linkProblem = useSelector(actor, passwordResetSelectors.linkProblem);
  const badRequest = useSelector(actor, passwordResetSelectors.badRequest);
  const signInFailed = useSelector(actor, passwordResetSelectors.signInFailed);
  const verificationSent = useSelector(actor, passwordResetSelectors.verificationSent);
  const dialogOpen = useSelector(actor, passwordResetSelectors.resetLinkOpen);
  const email = useSelector(actor, passwordResetSelectors.email);
  const password = useSelector(actor, passwordResetSelectors.password);
  const errorKey = useSelector(actor, passwordResetSelectors.errorKey);
  const errorCode = useSelector(actor, passwordResetSelectors.errorCode);

  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader role="progressbar" aria-label={t('common:loadView.loading')} />
      </Center>
    );
  }
  if (badRequest) return <BadRequestPage adviceKey={ERROR_KEYS.resetClickEmailLinkAgain} />;

  if (linkProblem) {
    const closeDialog = () => actor.send({ type: 'dialog.close' });
    return (
      <Stack>
        <Title order={1}>{t('resetPassword.title')}</Title>
        {errorKey ? <MessageAlert messageKey={errorKey} /> : null}
        <Group>
          <Button onClick={() => actor.send({ type: 'resetLink.open' })}>{t('resetPassword.sendNewLink')}</Button>
          <Button variant="default" onClick={() => actor.send({ type: 'reset.cancel' })}>
            {t('common:actions.cancel')}
          </Button>
        </Group>
        <AppModal opened={dialogOpen} onClose={closeDialog} title={t('resetPassword.sendNewLink')}>
          {dialogOpen ? renderResetLinkRequest({ email, onClose: closeDialog }) : null}
        </AppModal>
      </Stack>
    );
  }

  if (signInFailed) {
    return (
      <Stack>
        <Title order={1}>{t('resetPassword.title')}</Title>
        {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
        <Button component={Link} to={ROUTES.signIn} state={{ email }}>
          {t('common:actions.signIn')}
        </Button>
      </Stack>
    );
  }

  if (verificationSent) {
    return (
      <Stack>
        <Title order={1}>{t('resetPassword.doneTitle')}</Title>
        <Alert color="yellow" role="status" variant="light">
          {t('errors:auth.verify.verification-sent')}
        </Alert>
        <Button component={Link} to={ROUTES.home}>
          {t('common:actions.continue')}
        </Button>
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  return (
    <Stack>
      <div>
        <Title order={1}>{t('resetPassword.title')}</Title>
        <Text c="dimmed">{t('resetPassword.subtitle', { email })}</Text>
      </div>
      {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
      <form onSubmit={onSubmit} noValidate aria-label={t('resetPassword.formLabel')}>
        <Stack gap="sm">
          <PasswordInput
            label={t('resetPassword.newPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            value={password}
            disabled={!form}
            aria-describedby="reset-password-checklist"
            visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
            onChange={(event) => actor.send({ type: 'field.change', field: 'password', value: event.currentTarget.value })}
          />
          <PasswordChecklist password={password} id="reset-password-checklist" />
          <Button type="submit" loading={busy} fullWidth>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
