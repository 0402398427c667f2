import { useSelector } from '@xstate/react';
import { intakeSelectors } from '../../../../machines/onboarding/intake.machine';
import type { IntakeFormStep } from '../../../domain/intake';
import { IntakeAlert } from './IntakeAlert';
import { IntakeField } from './IntakeField';
import { IntakeStepForm } from './IntakeStepForm';
import type { IntakeActor } from './intakeActor';
import { StepButtons } from './StepButtons';

// A questionnaire step: its fields in the order spec 002 §5 lists them, less those the answers make moot (home
// value when renting, cash amount without cash-out), then Back and Next. Next asks the machine to validate, save
// what changed and go on.

export interface FormStepProps {
  actor: IntakeActor;
  step: IntakeFormStep;
}

export function FormStep({ actor, step }: FormStepProps) {
  const fields = useSelector(actor, intakeSelectors.shownFields(step), intakeSelectors.sameFields);
  const errorKey = useSelector(actor, intakeSelectors.errorKey);
  const canGoBack = useSelector(actor, intakeSelectors.canGoBack);
  const busy = useSelector(actor, intakeSelectors.busy);
  const isLast = useSelector(actor, intakeSelectors.isLastStep);
  return (
    <IntakeStepForm onSubmit={() => actor.send({ type: 'step.next' })}>
      {fields.map((field) => (
        <IntakeField key={field} actor={actor} field={field} />
      ))}
      {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
      <StepButtons canGoBack={canGoBack} onBack={() => actor.send({ type: 'step.back' })} busy={busy} isLast={isLast} />
    </IntakeStepForm>
  );
}
