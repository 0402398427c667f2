import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { supportRequestSelectors, type supportRequestMachine } from '../../../machines/support/supportRequest.machine';
import { supportCharactersLeft } from '../../domain/validation';
import { EmailInput } from '../components/EmailInput';
import { MessageAlert } from '../components/MessageAlert';

// spec 000 §2.2 and §5: the support contact form; a description of 4 to 500 characters with a characters-left
// counter, and a valid email. A failure says 'support.unable-to-send'.

export type SupportRequestActor = ActorRefFrom<typeof supportRequestMachine>;

export function SupportRequestFormView({ actor, onDone }: { actor: SupportRequestActor; onDone: () => void }) {
  const { t } = useTranslation('common');
  const message = useSelector(actor, supportRequestSelectors.message);
  const email = useSelector(actor, supportRequestSelectors.email);
  const fieldErrors = useSelector(actor, supportRequestSelectors.fieldErrors);
  const busy = useSelector(actor, supportRequestSelectors.busy);
  const sent = useSelector(actor, supportRequestSelectors.sent);
  const errorKey = useSelector(actor, supportRequestSelectors.errorKey);

  if (sent) {
    return (
      <Stack>
        <Alert color="green" role="status" variant="light">
          {t('support.sent')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'form.reset' })}>
            {t('support.another')}
          </Button>
          <Button onClick={onDone}>{t('actions.close')}</Button>
        </Group>
      </Stack>
    );
  }

  const left = supportCharactersLeft(message);
  const messageError = fieldErrors.message ? t(fieldErrors.message, { ns: 'errors' }) : null;
  const emailError = fieldErrors.email ? t(fieldErrors.email, { ns: 'errors' }) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('support.formLabel')}>
      <Stack gap="sm">
        {errorKey ? <MessageAlert messageKey={errorKey} /> : null}
        <EmailInput
          label={t('support.email')}
          value={email}
          error={emailError}
          onChange={(event) => actor.send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
        />
        <Textarea
          label={t('support.description')}
          required
          withAsterisk={false}
          autosize
          minRows={4}
          maxRows={10}
          value={message}
          error={messageError}
          aria-describedby="support-characters-left"
          onChange={(event) => actor.send({ type: 'field.change', field: 'message', value: event.currentTarget.value })}
        />
        <Text id="support-characters-left" size="xs" c={left < 0 ? 'red.8' : 'dimmed'} aria-live="polite">
          {t('support.charactersLeft', { count: left })}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('actions.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
