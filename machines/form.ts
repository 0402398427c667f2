import type { ErrorKey } from '../src/domain/errors';

// The form-machine convention (spec 000 §5 field validation): a form machine keeps its values and the message key
// of each field the person must correct in context, so views show `fieldErrors` through the machine's selectors and
// never validate themselves.
// - events: `field.change` { field, value } and `form.submit`;
// - `submitted`: the form was submitted at least once; field errors show from then on, following every change;
// - `fieldErrors`: empty until the first submit, then the errors of the current values, computed from the
//   src/domain zod schema with `fieldErrorsFor`.

/** The message key of each field whose value the schema refuses. */
export type FieldErrors<Field extends string> = Partial<Record<Field, ErrorKey>>;

/** The events every form machine accepts (besides its own). */
export type FormEventType = 'field.change' | 'form.submit';

export interface FieldChangeEvent<Field extends string> {
  type: Extract<FormEventType, 'field.change'>;
  field: Field;
  value: string;
}

export interface FormSubmitEvent {
  type: Extract<FormEventType, 'form.submit'>;
}

/** A src/domain zod schema of the form's values (only `safeParse` is used). */
export interface FormSchema {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/**
 * The fields `schema` refuses in `values`, each with the key `keys` names for it (a field shows one message, the
 * spec's wording, whichever of its checks failed).
 */
export function fieldErrorsFor<Field extends string>(
  schema: FormSchema,
  values: Record<Field, unknown>,
  keys: Record<Field, ErrorKey>,
): FieldErrors<Field> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<Field> = {};
  for (const { path } of result.error.issues) {
    const field = path[0];
    if (typeof field === 'string' && Object.hasOwn(keys, field)) errors[field as Field] = keys[field as Field];
  }
  return errors;
}

/** The errors a form shows: none before its first submit (spec 000 §5: fields are checked on submit). */
export function shownFieldErrors<Field extends string>(submitted: boolean, errors: () => FieldErrors<Field>): FieldErrors<Field> {
  return submitted ? errors() : {};
}

/** What a change assigns: the form's values, the field errors to show now, and no form message. */
export function changedForm<Values extends object, Field extends string>(
  values: Values,
  submitted: boolean,
  errorsOf: (values: Values) => FieldErrors<Field>,
) {
  return { ...values, fieldErrors: shownFieldErrors(submitted, () => errorsOf(values)), errorKey: null, errorCode: null };
}

/** What `form.submit` assigns: submitted, the field errors of the values, and no form message. */
export function submittedForm<Field extends string>(fieldErrors: FieldErrors<Field>) {
  return { submitted: true, fieldErrors, errorKey: null, errorCode: null };
}

export function hasFieldErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
