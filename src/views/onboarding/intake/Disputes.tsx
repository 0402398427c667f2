import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IntakeAlert } from './IntakeAlert';
import type { IntakeActor } from './intakeActor';

// The Disputes step (spec 002 §4): with nothing to review the machine moves on by itself; while the report is still
// processing a wait text; otherwise the review of the unchallenged items, which the customer may put off until the
// dispute wizard (a later issue). The coach override shows only when the machine allows it (agents); a customer's
// skip only with the can-skip-disputes flag.

export function Disputes({ actor }: { actor: IntakeActor }) {
  const { t } = useTranslation('intake');
  const checking = useSelector(actor, (s) => s.hasTag('disputes.checking'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const waiting = useSelector(actor, (s) => s.hasTag('disputes.waiting'));
  const review = useSelector(actor, (s) => s.hasTag('disputes.review'));
  const count = useSelector(actor, (s) => s.context.unchallengedCount);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'disputes.skip' }));
  const canOverride = useSelector(actor, (s) => s.can({ type: 'disputes.coachOverride' }));
  const canReviewLater = useSelector(actor, (s) => s.can({ type: 'disputes.reviewLater' }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'disputes.reviewLater' });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="intake-step-title">
      <Stack gap="md">
        {checking ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('disputes.checking')}</Text>
          </Group>
        ) : null}
        {waiting ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('disputes.waiting')}</Text>
          </Group>
        ) : null}
        {review ? (
          <>
            <Text>{t('disputes.found', { count })}</Text>
            <Text c="dimmed">{t('disputes.reviewLaterHint')}</Text>
          </>
        ) : null}
        {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
        <Group justify="space-between" mt="md">
          {canGoBack ? (
            <Button variant="default" onClick={() => actor.send({ type: 'step.back' })}>
              {t('actions.back')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {canOverride ? (
              <Button variant="outline" color="orange" onClick={() => actor.send({ type: 'disputes.coachOverride' })}>
                {t('disputes.coachOverride')}
              </Button>
            ) : null}
            {canSkip ? (
              <Button variant="default" onClick={() => actor.send({ type: 'disputes.skip' })}>
                {t('disputes.skip')}
              </Button>
            ) : null}
            {failed ? (
              <Button onClick={() => actor.send({ type: 'step.retry' })}>{t('actions.tryAgain')}</Button>
            ) : null}
            {canReviewLater || (busy && !checking) ? (
              <Button type="submit" loading={busy}>
                {t('disputes.reviewLater')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
