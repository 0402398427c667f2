import { Checkbox, Group, Radio, Select, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { intakeSelectors } from '../../../../machines/onboarding/intake.machine';
import { INTAKE_FIELDS, type IntakeField as Field, type IntakeValue } from '../../../domain/intake';
import { US_STATES } from '../../../domain/personalFields';
import { isKeyIn } from '../../../i18n/keys';
import type { IntakeActor } from './intakeActor';

// One answer of an intake form (spec 002 §3 fields, spec 000 §3.5 option lists): the control fits the field's kind;
// the typed value goes to the machine as is, which validates it (spec 000 §5 money rules, spec 002 §5) and names
// refused answers by message key.

/** Choices shown as radio buttons rather than a list: short ones the customer should see at a glance. */
const RADIO_CHOICES: readonly Field[] = ['veteranStatus'];

/** Where a refused answer's message key is found, in turn: the intake's own keys, then the catalogue. */
const MESSAGE_NAMESPACES: readonly ('intake' | 'errors')[] = ['intake', 'errors'];

/** The fields answered by picking one of their options, and each one's options. */
type ChoiceField = { [F in Field]: (typeof INTAKE_FIELDS)[F]['kind'] extends 'select' ? F : never }[Field];
type OptionOf<F extends ChoiceField> = (typeof INTAKE_FIELDS)[F]['options'][number];
type OptionKeys = { [F in ChoiceField]: `options.${F}.${OptionOf<F>}` };

function isChoiceField(field: Field): field is ChoiceField {
  return INTAKE_FIELDS[field].kind === 'select';
}

/** Each choice field's option label keys (intake namespace), one field at a time so each key pairs a field with its own options. */
const OPTION_KEYS: { [F in ChoiceField]: (option: OptionOf<F>) => OptionKeys[F] } = {
  propertyType: (option) => `options.propertyType.${option}`,
  loanType: (option) => `options.loanType.${option}`,
  vehicleType: (option) => `options.vehicleType.${option}`,
  propertyStatus: (option) => `options.propertyStatus.${option}`,
  employmentPayFrequency: (option) => `options.employmentPayFrequency.${option}`,
  employmentStatus: (option) => `options.employmentStatus.${option}`,
  educationLevel: (option) => `options.educationLevel.${option}`,
  veteranStatus: (option) => `options.veteranStatus.${option}`,
};

function optionKey<F extends ChoiceField>(field: F, option: OptionOf<F>): OptionKeys[F] {
  return OPTION_KEYS[field](option);
}

export interface IntakeFieldProps {
  actor: IntakeActor;
  field: Field;
}

/** One intake answer bound to the intake machine. */
export function IntakeField({ actor, field }: IntakeFieldProps) {
  const value = useSelector(actor, intakeSelectors.fieldValue(field));
  const errorKey = useSelector(actor, intakeSelectors.fieldError(field));
  return <IntakeFieldControl field={field} value={value} errorKey={errorKey} onChange={(next) => actor.send({ type: 'form.change', values: { [field]: next } })} />;
}

export interface IntakeFieldControlProps {
  field: Field;
  value: IntakeValue | undefined;
  /** The refusal's message key (intake or errors namespace), or null. */
  errorKey: string | null;
  onChange: (value: IntakeValue) => void;
  disabled?: boolean;
}

const asText = (value: IntakeValue | undefined) => (value === null || value === undefined ? '' : String(value));
const asChoice = (value: IntakeValue | undefined) => (typeof value === 'string' && value !== '' ? value : null);
const asYesNo = (value: IntakeValue | undefined) => (value === true ? 'yes' : value === false ? 'no' : null);

/**
 * One intake answer's control, for any form over the intake's fields (the intake steps, the loan-goal settings page):
 * the caller reads the value and the refusal from its machine and sends the typed value back.
 */
export function IntakeFieldControl({ field, value, errorKey, onChange, disabled = false }: IntakeFieldControlProps) {
  const { t, i18n } = useTranslation(MESSAGE_NAMESPACES);
  // A refusal's message comes through the validator as text: the domain names keys (spec 000 §5, spec 002 §5), and
  // anything else shows as it is, as i18next does with a key it has no text for.
  const error = errorKey ? (isKeyIn(i18n, errorKey, MESSAGE_NAMESPACES) ? t(errorKey, { ns: MESSAGE_NAMESPACES }) : errorKey) : null;
  const change = onChange;
  const label = t(`fields.${field}.label`);
  const descriptionKey = `fields.${field}.description`;
  const description = isKeyIn(i18n, descriptionKey, ['intake']) ? t(descriptionKey, { ns: 'intake' }) : undefined;
  const spec = INTAKE_FIELDS[field];
  // What every control of a field shows, and what the text-like and the choice controls read and send.
  const shown = { label, description, error, disabled };
  const typed = { ...shown, value: asText(value), onChange: (event: ChangeEvent<HTMLInputElement>) => change(event.currentTarget.value) };
  const chosen = { ...shown, value: asChoice(value), onChange: (next: string | null) => change(next) };

  switch (spec.kind) {
    case 'text':
      return <TextInput {...typed} maxLength={255} />;
    case 'money':
      return <TextInput {...typed} inputMode="decimal" leftSection="$" />;
    case 'state':
      return (
        <Select
          {...chosen}
          searchable
          data={US_STATES.map((state) => ({ value: state.code, label: state.name }))}
          nothingFoundMessage={t('form.nothingFound')}
        />
      );
    case 'select': {
      // spec.kind is 'select' exactly for the choice fields.
      if (!isChoiceField(field)) return null;
      const options: readonly OptionOf<typeof field>[] = INTAKE_FIELDS[field].options;
      const data = options.map((option) => ({ value: option, label: t(optionKey(field, option)) }));
      if (RADIO_CHOICES.includes(field)) {
        return (
          <Radio.Group {...chosen}>
            <Group mt="xs">
              {data.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
        );
      }
      return <Select {...chosen} data={data} allowDeselect={false} />;
    }
    case 'boolean':
      if (field === 'cashOut') {
        return <Checkbox {...shown} checked={value === true} onChange={(event) => change(event.currentTarget.checked)} />;
      }
      return (
        <Radio.Group {...shown} value={asYesNo(value)} onChange={(next) => change(next === 'yes')}>
          <Group mt="xs">
            <Radio value="yes" label={t(`fields.${field}.yes`, { defaultValue: t('form.yes') })} />
            <Radio value="no" label={t(`fields.${field}.no`, { defaultValue: t('form.no') })} />
          </Group>
        </Radio.Group>
      );
  }
}
