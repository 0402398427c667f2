import { TextInput, type TextInputProps } from '@mantine/core';

// An email address field as every form asks for it (spec 000 §5): the browser's email keyboard and autofill, and
// required for assistive technology without the asterisk; the form shows its own message when it is missing.

export function EmailInput(props: Omit<TextInputProps, 'type' | 'autoComplete' | 'required' | 'withAsterisk'>) {
  return <TextInput type="email" autoComplete="email" required withAsterisk={false} {...props} />;
}
