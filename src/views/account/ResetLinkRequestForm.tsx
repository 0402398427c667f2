import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { resetLinkRequestSelectors, type resetLinkRequestMachine } from '../../../machines/account/resetLinkRequest.machine';
import { ERROR_KEYS } from '../../domain/errors';
import { EmailInput } from '../components/EmailInput';
import { MessageAlert } from '../components/MessageAlert';

// spec 000 §7/§8: the request of a reset link ('Reset link sent'; 'Provide a valid email address.'; 'This email
// does not exist in the system.'; 'Unable to reset password...Code'), shown in the forgot-password dialog and the
// reset page's send-new-reset-link dialog.

export type ResetLinkRequestActor = ActorRefFrom<typeof resetLinkRequestMachine>;

export function ResetLinkRequestForm({ actor, onClose }: { actor: ResetLinkRequestActor; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const email = useSelector(actor, resetLinkRequestSelectors.email);
  const busy = useSelector(actor, resetLinkRequestSelectors.busy);
  const sent = useSelector(actor, resetLinkRequestSelectors.sent);
  const errorKey = useSelector(actor, resetLinkRequestSelectors.errorKey);
  const errorCode = useSelector(actor, resetLinkRequestSelectors.errorCode);

  if (sent) {
    return (
      <Stack>
        <Alert color="green" role="status" variant="light">
          {t(ERROR_KEYS.resetLinkSent, { ns: 'errors' })}
        </Alert>
        <Text size="sm">{t('resetLink.checkInbox', { email })}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('resetLink.title')}>
      <Stack>
        <Text size="sm">{t('resetLink.body')}</Text>
        {errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
        <EmailInput
          label={t('fields.email')}
          data-autofocus
          value={email}
          onChange={(event) => actor.send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('resetLink.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
