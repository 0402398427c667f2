import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OnboardingFrame } from './OnboardingFrame';

// /sign-up/contract (spec 000 §2.2, §2.3 gate 3): the customer opens the contract in a new window and signs it
// there; this page then moves on to contract-complete, which waits for the signed contract.

export type ContractLinkStatus = 'loading' | 'ready' | 'error';

export interface ContractPageProps {
  /** Whether the signing page's address is known (it must be, to open it straight from the click). */
  status: ContractLinkStatus;
  onSign: () => void;
  /** Already signed in another window: go and wait for the signed contract. */
  onSigned: () => void;
  onRetry: () => void;
  onSignOut: () => void;
}

export function ContractPage({ status, onSign, onSigned, onRetry, onSignOut }: ContractPageProps) {
  const { t } = useTranslation(['onboarding', 'common']);
  return (
    <OnboardingFrame step="contract" onSignOut={onSignOut}>
      <Stack gap="md">
        <Text>{t('contract.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('contract.newWindow')}
        </Text>
        {status === 'error' ? (
          <Alert color="red" role="alert" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('contract.loadError')}</Text>
              <Button size="xs" variant="light" onClick={onRetry}>
                {t('common:actions.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Group>
          <Button onClick={onSign} disabled={status !== 'ready'} leftSection={status === 'loading' ? <Loader size="xs" /> : null}>
            {t('contract.sign')}
          </Button>
          <Button variant="default" onClick={onSigned}>
            {t('contract.signed')}
          </Button>
        </Group>
      </Stack>
    </OnboardingFrame>
  );
}
