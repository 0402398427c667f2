import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvestigationItem } from '../../contract/disputes';
import { shownWithExtra, type BureauOutcome } from '../../domain/disputes';
import { AppModal } from '../components/AppModal';
import { useBureauName } from '../disputes/disputeText';

// The welcome flow's resolved-disputes modal (spec 002 §4 "Welcome flow after login", §9): once per sign-in, the
// corrected disputes the customer has not seen, at most 5 named with each bureau's answer and "and N more", a link
// to the corrected stage and a close button. Either one dismisses it (the welcome flow then marks them viewed).

export interface ResolvedDisputesModalProps {
  opened: boolean;
  /** The corrected, unviewed items (the welcome flow's `resolved`). */
  resolved: readonly InvestigationItem[];
  /** /credit/disputes/corrected */
  correctedPath: string;
  onDismiss: () => void;
}

function useAnswers() {
  const { t, i18n } = useTranslation('disputes');
  const bureauName = useBureauName();
  return (item: InvestigationItem): string => {
    const byOutcome = new Map<BureauOutcome, string[]>();
    for (const status of item.statuses) {
      if (status.status !== 'CORRECTED' || status.outcome === null) continue;
      byOutcome.set(status.outcome, [...(byOutcome.get(status.outcome) ?? []), bureauName(status.bureau)]);
    }
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    return [...byOutcome].map(([outcome, bureaus]) => `${t(`outcomes.${outcome}`)} (${list.format(bureaus)})`).join('; ');
  };
}

export function ResolvedDisputesModal({ opened, resolved, correctedPath, onDismiss }: ResolvedDisputesModalProps) {
  const { t } = useTranslation('disputes');
  const answers = useAnswers();
  const { shown, extra } = shownWithExtra(resolved);
  return (
    <AppModal opened={opened} onClose={onDismiss} title={t('resolved.title')} size="lg">
      <Stack gap="md">
        <Text>{t('resolved.body', { count: resolved.length })}</Text>
        <List spacing="xs" aria-label={t('resolved.listLabel')}>
          {shown.map((item) => {
            const answer = answers(item);
            return (
              <List.Item key={item.id}>
                <Text span fw={600}>
                  {item.name}
                </Text>
                {answer !== '' ? <Text span>{`: ${answer}`}</Text> : null}
              </List.Item>
            );
          })}
        </List>
        {extra > 0 ? <Text>{t('resolved.more', { count: extra })}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDismiss}>
            {t('resolved.dismiss')}
          </Button>
          <Button component={Link} to={correctedPath} onClick={onDismiss} data-autofocus>
            {t('resolved.see')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
