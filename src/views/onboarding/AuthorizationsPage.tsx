import { Button, Checkbox, Divider, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { authorizationsSelectors, type authorizationsMachine } from '../../../machines/onboarding/authorizations.machine';
import { areAllAuthorizationsTicked, REQUIRED_AUTHORIZATION_BOXES, shownAuthorizationBoxes } from '../../domain/authorizations';
import { MessageAlert } from '../components/MessageAlert';
import { OnboardingFrame } from './OnboardingFrame';

// /sign-up/authorizations (spec 002 §4, §5, §6): three required boxes, share info and SMS opt-in (only with a
// mobile phone), an agree-all toggle; Accept stays disabled until the required boxes are ticked (an agent without
// permission may press it and is told why by a toast).

export type AuthorizationsActor = ActorRefFrom<typeof authorizationsMachine>;

export interface AuthorizationsPageProps {
  actor: AuthorizationsActor;
  onSignOut: () => void;
}

export function AuthorizationsPage({ actor, onSignOut }: AuthorizationsPageProps) {
  const { t } = useTranslation(['onboarding', 'common']);
  const loading = useSelector(actor, authorizationsSelectors.loading);
  const loadFailed = useSelector(actor, authorizationsSelectors.loadFailed);
  const accepted = useSelector(actor, authorizationsSelectors.accepted);
  const busy = useSelector(actor, authorizationsSelectors.busy);
  const boxes = useSelector(actor, authorizationsSelectors.boxes);
  const hasMobilePhone = useSelector(actor, authorizationsSelectors.hasMobilePhone);
  const errorKey = useSelector(actor, authorizationsSelectors.errorKey);
  const canSubmit = useSelector(actor, authorizationsSelectors.canSubmit);

  if (loading || accepted) {
    return (
      <OnboardingFrame step="authorizations" onSignOut={onSignOut}>
        <Group role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text>{accepted ? t('authorizations.accepted') : t('common:loadView.loading')}</Text>
        </Group>
      </OnboardingFrame>
    );
  }

  if (loadFailed) {
    return (
      <OnboardingFrame step="authorizations" onSignOut={onSignOut}>
        <MessageAlert messageKey={errorKey ?? 'authorizations.error'} />
        <Button onClick={() => actor.send({ type: 'load.retry' })} style={{ alignSelf: 'flex-start' }}>
          {t('common:actions.tryAgain')}
        </Button>
      </OnboardingFrame>
    );
  }

  const shown = shownAuthorizationBoxes(hasMobilePhone);
  return (
    <OnboardingFrame step="authorizations" onSignOut={onSignOut}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Stack gap="md">
          <Text>{t('authorizations.intro')}</Text>
          <Switch
            label={t('authorizations.agreeAll')}
            checked={areAllAuthorizationsTicked(boxes, hasMobilePhone)}
            onChange={(event) => actor.send({ type: 'boxes.toggleAll', checked: event.currentTarget.checked })}
            disabled={busy}
          />
          <Divider />
          {shown.map((box) => (
            <Checkbox
              key={box}
              label={t(`authorizations.boxes.${box}`)}
              description={REQUIRED_AUTHORIZATION_BOXES.includes(box) ? t('authorizations.required') : t('authorizations.optional')}
              checked={boxes[box]}
              onChange={(event) => actor.send({ type: 'box.toggle', box, checked: event.currentTarget.checked })}
              disabled={busy}
            />
          ))}
          {errorKey ? <MessageAlert messageKey={errorKey} /> : null}
          <Button type="submit" disabled={!canSubmit} loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('authorizations.submit')}
          </Button>
        </Stack>
      </form>
    </OnboardingFrame>
  );
}
