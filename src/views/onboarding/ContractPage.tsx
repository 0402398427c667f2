import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnboardingPrices } from '../../../machines/onboarding/contract.machine';
import { billingLanguage, formatUsd } from '../billing/format';
import { LoadFailedAlert } from '../components/LoadStates';
import { OnboardingFrame } from './OnboardingFrame';

// /sign-up/contract (spec 000 §2.2, §2.3 gate 3): the customer opens the contract in a new window and signs it
// there; this page then moves on to contract-complete, which waits for the signed contract. Beside it, what the
// customer will pay and that these prices are placeholders (spec 000 §1, spec 002 §9); the note shows even when the
// prices could not be read.

export type ContractLinkStatus = 'loading' | 'ready' | 'error';

export interface ContractPageProps {
  /** Whether the signing page's address is known (it must be, to open it straight from the click). */
  status: ContractLinkStatus;
  onSign: () => void;
  /** Already signed in another window: go and wait for the signed contract. */
  onSigned: () => void;
  onRetry: () => void;
  onSignOut: () => void;
  /** The first work fee and monthly fee in cents, null while unknown. */
  prices: OnboardingPrices | null;
}

export function ContractPage({ status, onSign, onSigned, onRetry, onSignOut, prices }: ContractPageProps) {
  const { t, i18n } = useTranslation(['onboarding', 'common']);
  const language = billingLanguage(i18n.resolvedLanguage);
  return (
    <OnboardingFrame step="contract" onSignOut={onSignOut}>
      <Stack gap="md">
        <Text>{t('contract.body')}</Text>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contract-fees-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="contract-fees-title">
              {t('contract.fees.title')}
            </Title>
            {prices ? (
              <>
                <Text>{t('contract.fees.firstWorkFee', { amount: formatUsd(prices.firstWorkFee, language) })}</Text>
                <Text>{t('contract.fees.monthlyFee', { amount: formatUsd(prices.monthlyFee, language) })}</Text>
              </>
            ) : null}
            <Text size="sm" c="gray.7">
              {t('contract.fees.placeholder')}
            </Text>
          </Stack>
        </Paper>
        <Text size="sm" c="dimmed">
          {t('contract.newWindow')}
        </Text>
        {status === 'error' ? (
          <LoadFailedAlert message={t('contract.loadError')} onRetry={onRetry} />
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
