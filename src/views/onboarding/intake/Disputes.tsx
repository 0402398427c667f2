import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { intakeSelectors, type IntakeDisputesActor } from '../../../../machines/onboarding/intake.machine';
import { intakeDisputesSelectors } from '../../../../machines/onboarding/intakeDisputes.machine';
import { IntakeAlert } from './IntakeAlert';
import type { IntakeActor } from './intakeActor';

// The Disputes step (spec 002 §4), driven by the step's own machine (intakeDisputes): with nothing to review it
// moves on by itself; while the report is still processing a wait text; otherwise the review of the unchallenged
// items, which the customer may put off until the dispute wizard exists. Back, the coach override (only when the
// intake allows it: agents) and a customer's skip (only with the can-skip-disputes flag) are the intake's.

export function Disputes({ actor }: { actor: IntakeActor }) {
  const step = useSelector(actor, intakeSelectors.disputes);
  return step ? <DisputesStep actor={actor} step={step} /> : null;
}

function DisputesStep({ actor, step }: { actor: IntakeActor; step: IntakeDisputesActor }) {
  const { t } = useTranslation('intake');
  const checking = useSelector(step, intakeDisputesSelectors.checking);
  const busy = useSelector(step, intakeDisputesSelectors.busy);
  const failed = useSelector(step, intakeDisputesSelectors.failed);
  const waiting = useSelector(step, intakeDisputesSelectors.waiting);
  const review = useSelector(step, intakeDisputesSelectors.review);
  const count = useSelector(step, intakeDisputesSelectors.unchallengedCount);
  const errorKey = useSelector(step, intakeDisputesSelectors.errorKey);
  const canReviewLater = useSelector(step, intakeDisputesSelectors.canReviewLater);
  const canGoBack = useSelector(actor, intakeSelectors.canGoBack);
  const canSkip = useSelector(actor, intakeSelectors.canSkipDisputes);
  const canOverride = useSelector(actor, intakeSelectors.canOverrideDisputes);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    step.send({ type: 'disputes.reviewLater' });
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
              <Button onClick={() => step.send({ type: 'step.retry' })}>{t('actions.tryAgain')}</Button>
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
