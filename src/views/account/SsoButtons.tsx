import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SingleSignOnProvider } from '../../domain/flags';

// The single sign-on buttons of the sign-in and sign-up pages (spec 000 §4.3, §6): one per provider the flags allow,
// each sending `sso.start` with its provider (the machine chooses popup or redirect).

/** The providers' names, as the buttons and the single-sign-on messages say them (spec 000 §8 '{provider}'). */
export const PROVIDER_NAMES: Record<string, string> = {
  'google.com': 'Google',
  'apple.com': 'Apple',
  'linkedin.com': 'LinkedIn',
  'microsoft.com': 'Microsoft',
};

export interface SsoButtonsProps {
  providers: readonly SingleSignOnProvider[];
  disabled: boolean;
  onStart: (providerId: SingleSignOnProvider) => void;
  /** The analytics name of the page's buttons (data-track). */
  track: string;
  /** The group's name: signing in (default) or signing up with a provider. */
  purpose?: 'signIn' | 'signUp';
}

export function SsoButtons({ providers, disabled, onStart, track, purpose = 'signIn' }: SsoButtonsProps) {
  const { t } = useTranslation('auth');
  if (providers.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-label={purpose === 'signUp' ? t('sso.signUpProvidersLabel') : t('sso.providersLabel')}>
      <Divider label={t('sso.or')} labelPosition="center" />
      {providers.map((providerId) => (
        <Button
          key={providerId}
          type="button"
          variant="default"
          fullWidth
          disabled={disabled}
          data-track={`${track}.${providerId}`}
          onClick={() => onStart(providerId)}
        >
          {t('sso.continueWith', { provider: PROVIDER_NAMES[providerId] })}
        </Button>
      ))}
    </Stack>
  );
}
