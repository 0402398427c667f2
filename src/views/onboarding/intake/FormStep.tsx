import { Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { shownStepFields, type IntakeField as Field, type IntakeFormStep } from '../../../domain/intake';
import { IntakeAlert } from './IntakeAlert';
import { IntakeField } from './IntakeField';
import type { IntakeActor } from './intakeActor';
import { StepButtons } from './StepButtons';

// A questionnaire step: its fields in the order spec 002 §5 lists them, less those the answers make moot (home
// value when renting, cash amount without cash-out), then Back and Next. Next asks the machine to validate, save
// what changed and go on.

const sameFields = (a: Field[], b: Field[]) => a.length === b.length && a.every((field, i) => field === b[i]);

export interface FormStepProps {
  actor: IntakeActor;
  step: IntakeFormStep;
}

export function FormStep({ actor, step }: FormStepProps) {
  const fields = useSelector(actor, (s) => shownStepFields(step, s.context.values), sameFields);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="intake-step-title">
      <Stack gap="md">
        {fields.map((field) => (
          <IntakeField key={field} actor={actor} field={field} />
        ))}
        {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
        <StepButtons actor={actor} />
      </Stack>
    </form>
  );
}
