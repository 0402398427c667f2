import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPhoneDisplay } from '../../domain/personalFields';
import { AppModal } from '../components/AppModal';
import type { HubLoadable } from './hubTypes';

// The your-loan-team dialog (spec 000 §2.4 header, spec 002 §3 "Broker referral data", §8 "unable loan team" and
// the no-data message): the broker or loan officer who referred the customer, with their company, phone, email and
// NMLS id; the phone and the email are links that call and write.

/** spec 002 §3 "Broker referral data": any part the CRM lacks is null. */
export interface BrokerReferralData {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  phone: string | null;
  email: string | null;
  nmlsId: string | null;
}

export interface LoanTeamDialogProps {
  opened: boolean;
  onClose: () => void;
  /** getReferralPageData: null data when no broker is on record. */
  referral: HubLoadable<BrokerReferralData | null>;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" fw={600} miw={110}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Group>
  );
}

function Broker({ broker }: { broker: BrokerReferralData }) {
  const { t } = useTranslation('hub');
  const name = [broker.firstName, broker.lastName].filter((part) => part !== null && part !== '').join(' ');
  const unknown = t('loanTeam.unknown');
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {name === '' ? unknown : name}
      </Title>
      <Stack gap={4} component="dl" m={0}>
        <Field label={t('loanTeam.company')}>{broker.companyName ?? unknown}</Field>
        <Field label={t('loanTeam.nmls')}>{broker.nmlsId ?? unknown}</Field>
        <Field label={t('loanTeam.phone')}>
          {broker.phone ? <Anchor href={`tel:+1${broker.phone.replace(/\D/g, '').slice(-10)}`}>{formatPhoneDisplay(broker.phone)}</Anchor> : unknown}
        </Field>
        <Field label={t('loanTeam.email')}>{broker.email ? <Anchor href={`mailto:${broker.email}`}>{broker.email}</Anchor> : unknown}</Field>
      </Stack>
    </Stack>
  );
}

export function LoanTeamDialog({ opened, onClose, referral }: LoanTeamDialogProps) {
  const { t } = useTranslation(['hub', 'common']);
  let content: React.ReactNode;
  if (referral.status === 'loading') {
    content = (
      <Group role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text>{t('loanTeam.loading')}</Text>
      </Group>
    );
  } else if (referral.status === 'failed') {
    content = (
      <Stack gap="sm" align="flex-start">
        <Text role="alert">{t('loanTeam.unable')}</Text>
        <Button variant="light" onClick={referral.onRetry}>
          {t('common:actions.tryAgain')}
        </Button>
      </Stack>
    );
  } else if (referral.data === null) {
    content = <Text role="status">{t('loanTeam.noData')}</Text>;
  } else {
    content = <Broker broker={referral.data} />;
  }
  return (
    <AppModal opened={opened} onClose={onClose} title={t('loanTeam.title')}>
      <Stack gap="md">
        <Text>{t('loanTeam.intro')}</Text>
        {content}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
