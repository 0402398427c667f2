import { Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { intakeSelectors, type IntakeDisputesActor } from '../../../../machines/onboarding/intake.machine';
import { intakeDisputesSelectors } from '../../../../machines/onboarding/intakeDisputes.machine';
import { LoadingNotice } from '../../components/LoadStates';
import { DisputeWizardDialog, type WalkthroughActor } from '../../disputes/DisputeWizardDialog';
import { IntakeAlert } from './IntakeAlert';
import { IntakeStepForm } from './IntakeStepForm';
import type { IntakeActor } from './intakeActor';

// The Disputes step (spec 002 §4), driven by the step's own machine (intakeDisputes): with nothing to review it
// moves on by itself; while the report is still processing a wait text; otherwise the review in the dispute wizard
// (the step's child actor, shown as the wizard dialog; submitted, the step is done). Closed without submitting, the
// step offers "Review disputes" to open it again. Back, the coach override (only when the intake allows it: agents)
// and a customer's skip (only with the can-skip-disputes flag) are the intake's.

export interface DisputesProps {
  actor: IntakeActor;
  /** The wizard's walkthrough video (a modal state of the navigation state, spec 002 §2); null without its flag. */
  walkthrough?: WalkthroughActor | null;
}

export function Disputes({ actor, walkthrough = null }: DisputesProps) {
  const step = useSelector(actor, intakeSelectors.disputes);
  return step ? <DisputesStep actor={actor} step={step} walkthrough={walkthrough} /> : null;
}

function DisputesStep({ actor, step, walkthrough }: { actor: IntakeActor; step: IntakeDisputesActor; walkthrough: WalkthroughActor | null }) {
  const { t } = useTranslation('intake');
  const checking = useSelector(step, intakeDisputesSelectors.checking);
  const failed = useSelector(step, intakeDisputesSelectors.failed);
  const waiting = useSelector(step, intakeDisputesSelectors.waiting);
  const review = useSelector(step, intakeDisputesSelectors.review);
  const count = useSelector(step, intakeDisputesSelectors.unchallengedCount);
  const errorKey = useSelector(step, intakeDisputesSelectors.errorKey);
  const wizard = useSelector(step, intakeDisputesSelectors.wizard);
  const canReopen = useSelector(step, intakeDisputesSelectors.canReopen);
  const canGoBack = useSelector(actor, intakeSelectors.canGoBack);
  const canSkip = useSelector(actor, intakeSelectors.canSkipDisputes);
  const canOverride = useSelector(actor, intakeSelectors.canOverrideDisputes);
  // The resume dialog of an intake picked up again comes first (spec 002 §4, after 1 s): the wizard opens once it is
  // closed, never under it (the greeting on top would take the customer's first click meant for the wizard).
  const resumeFirst = useSelector(actor, intakeSelectors.resumeFirst);

  return (
    <>
    <IntakeStepForm
      onSubmit={() => {
        if (canReopen) step.send({ type: 'disputes.review' });
      }}
    >
      {checking ? <LoadingNotice label={t('disputes.checking')} gap="sm" /> : null}
      {waiting ? <LoadingNotice label={t('disputes.waiting')} gap="sm" /> : null}
      {review ? (
        <>
          <Text>{t('disputes.found', { count })}</Text>
          <Text>{t('disputes.reviewHint')}</Text>
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
          {canReopen ? (
            <Button type="submit" aria-haspopup="dialog">
              {t('disputes.review')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </IntakeStepForm>
    {/* Outside the form: the wizard's own controls do not submit the step. */}
    {wizard && !resumeFirst ? <DisputeWizardDialog wizard={wizard} walkthrough={walkthrough} /> : null}
    </>
  );
}
