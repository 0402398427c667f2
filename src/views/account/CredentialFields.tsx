import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../components/EmailInput';

// The email and password inputs sign-in and sign-up share (spec 000 §4.3, §5): the page decides the errors,
// the password autocomplete hint and what a change sends to its machine.

export type CredentialField = 'email' | 'password';

export interface CredentialFieldsProps {
  email: string;
  password: string;
  emailError: string | null;
  passwordError: string | null;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Id of an element describing the password (e.g. the requirements checklist). */
  passwordDescribedBy?: string;
  onChange: (field: CredentialField, value: string) => void;
}

export function CredentialFields({
  email,
  password,
  emailError,
  passwordError,
  passwordAutoComplete,
  passwordDescribedBy,
  onChange,
}: CredentialFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <EmailInput
        label={t('fields.email')}
        value={email}
        error={emailError}
        onChange={(event) => onChange('email', event.currentTarget.value)}
      />
      <PasswordInput
        label={t('fields.password')}
        autoComplete={passwordAutoComplete}
        required
        withAsterisk={false}
        value={password}
        error={passwordError}
        {...(passwordDescribedBy ? { 'aria-describedby': passwordDescribedBy } : {})}
        visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
        onChange={(event) => onChange('password', event.currentTarget.value)}
      />
    </>
  );
}
