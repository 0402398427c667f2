import { Alert, Box, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { disputeChallengeSelectors as select, type disputeChallengeMachine } from '../../../machines/disputes/disputeChallenge.machine';
import type { InvestigationBureauStatus } from '../../contract/disputes';
import { offersSecondRound, responseWindow } from '../../domain/disputes';
import { AppModal } from '../components/AppModal';
import { ColumnHeaders } from '../components/ColumnHeaders';
import { Fact } from '../components/Fact';
import { TableScroll } from '../credit/report/TableScroll';
import { useBureauName, useBureauStatusText, useCreditFormat } from './disputeText';

// account-details-{name} (spec 001 §2 "Disputes dashboard", §4 "Dispute item flow"): an item's balance, account
// status and reason in words, and per bureau its status, the day it received the dispute, the day its answer is
// due and the days left ("Overdue by N days" once past), its answer and the answer's date, a reinsertion with the
// notice's due date. The actions are the item's disputeChallenge machine's: start (resume first while paused),
// cancel behind a confirmation, and a second round where a bureau verified, reinserted or let the window pass.

export type DisputeChallengeActor = ActorRefFrom<typeof disputeChallengeMachine>;

export interface AccountDetailsDialogProps {
  challenge: DisputeChallengeActor;
  /** The customer's dispute clock (yyyy-MM-dd). */
  asOf: string;
  onClose: () => void;
}

function BureauRow({ status, asOf }: { status: InvestigationBureauStatus; asOf: string }) {
  const { t } = useTranslation('disputes');
  const format = useCreditFormat();
  const bureauName = useBureauName();
  const text = useBureauStatusText(asOf)(status);
  const window = responseWindow(status, asOf);
  const timeLeft =
    window.kind === 'open'
      ? window.daysLeft === 0
        ? t('window.dueToday')
        : t('window.daysLeft', { count: window.daysLeft })
      : window.kind === 'overdue'
        ? t('window.overdue', { count: window.daysOverdue })
        : '—';
  const answer =
    status.status === 'CORRECTED' && status.outcome !== null
      ? status.answeredAt !== null
        ? t('details.answeredOn', { outcome: t(`outcomes.${status.outcome}`), date: format.day(status.answeredAt) })
        : t(`outcomes.${status.outcome}`)
      : t('details.noAnswer');
  return (
    <Table.Tr data-bureau={status.bureau}>
      <Table.Th scope="row">{bureauName(status.bureau)}</Table.Th>
      <Table.Td>
        {text.status}
        {status.round > 0 ? (
          <Text span size="sm" display="block">
            {t('details.round', { round: status.round })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{format.day(status.receivedAt)}</Table.Td>
      <Table.Td>{format.day(status.dueAt)}</Table.Td>
      <Table.Td fw={window.kind === 'overdue' ? 700 : undefined} c={window.kind === 'overdue' ? 'red.9' : undefined}>
        {timeLeft}
      </Table.Td>
      <Table.Td>
        {answer}
        {text.reinserted !== null ? (
          <Text span size="sm" fw={600} display="block" style={{ color: '#8a3c00' }}>
            {t('details.reinsertedOn', { date: format.day(text.reinserted.at), due: format.day(text.reinserted.noticeDue) })}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function ConfirmCancelDialog({ challenge }: { challenge: DisputeChallengeActor }) {
  const { t } = useTranslation('disputes');
  const opened = useSelector(challenge, select.confirmingCancel);
  return (
    <AppModal opened={opened} onClose={() => challenge.send({ type: 'cancel.dismiss' })} title={t('details.confirmCancelTitle')} zIndex={320}>
      <Stack gap="md">
        <Text>{t('details.confirmCancelBody')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => challenge.send({ type: 'cancel.dismiss' })} data-autofocus>
            {t('details.keep')}
          </Button>
          <Button color="red.9" onClick={() => challenge.send({ type: 'cancel.confirm' })}>
            {t('details.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

export function AccountDetailsDialog({ challenge, asOf, onClose }: AccountDetailsDialogProps) {
  const { t } = useTranslation('disputes');
  const format = useCreditFormat();
  const item = useSelector(challenge, select.item);
  const paused = useSelector(challenge, select.isPaused);
  const busy = useSelector(challenge, select.busy);
  const confirming = useSelector(challenge, select.confirmingCancel);
  const canStart = useSelector(challenge, select.canStart);
  const canCancel = useSelector(challenge, select.canCancel);
  // A second round where a bureau verified, reinserted or let its window pass; its button where the machine can start it.
  const secondRoundOffered = item.statuses.some((status) => offersSecondRound(status, asOf));
  const secondRound = useSelector(challenge, (snapshot) => !canStart && snapshot.can({ type: 'challenge.start' })) && secondRoundOffered;
  const start = () => {
    if (paused) challenge.send({ type: 'challenge.resume' });
    else challenge.send({ type: 'challenge.start' });
  };
  const secondary = item.challengeReasonOptions.map((option) => t(`secondaryReasons.${option}`, { defaultValue: option })).join(', ');
  return (
    <>
      <AppModal opened onClose={onClose} title={t('details.title', { name: item.name })} size="xl" closeOnEscape={!confirming} trapFocus={!confirming}>
        <Stack gap="md" aria-busy={busy}>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <Fact label={t('details.balance')}>{format.money(item.accountBalance.amount)}</Fact>
            <Fact label={t('details.accountStatus')}>{item.accountStatus ?? t('details.notReported')}</Fact>
            <Fact label={t('details.category')}>{t(`categories.${item.type}`)}</Fact>
            <Fact label={t('details.reason')}>{item.challengeReason === null ? t('details.noReason') : t(`reasons.${item.challengeReason}`)}</Fact>
            {secondary !== '' ? <Fact label={t('details.secondary')}>{secondary}</Fact> : null}
          </SimpleGrid>
          <TableScroll label={t('details.bureausCaption')}>
            <Table withTableBorder verticalSpacing="xs">
              <Table.Caption>{t('details.bureausCaption')}</Table.Caption>
              <ColumnHeaders labels={[t('details.bureau'), t('details.status'), t('details.received'), t('details.due'), t('details.timeLeft'), t('details.answer')]} />
              <Table.Tbody>
                {item.statuses.map((status) => (
                  <BureauRow key={status.bureau} status={status} asOf={asOf} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {secondRoundOffered ? (
            <Alert color="orange" variant="light" styles={{ message: { color: '#8a3c00' } }}>
              {t('details.secondRoundWhy')}
            </Alert>
          ) : null}
          {(canStart || secondRound) && paused ? <Text size="sm">{t('details.pausedNote')}</Text> : null}
          {busy ? (
            <Text size="sm" role="status">
              {t('details.busy')}
            </Text>
          ) : null}
          <Box>
            <Group gap="sm" justify="flex-end">
              {canCancel ? (
                <Button variant="default" onClick={() => challenge.send({ type: 'challenge.cancel' })} disabled={busy}>
                  {t('details.cancel')}
                </Button>
              ) : null}
              {canStart ? (
                <Button onClick={start} loading={busy}>
                  {paused ? t('details.resume') : t('details.start')}
                </Button>
              ) : null}
              {secondRound ? (
                <Button onClick={start} loading={busy}>
                  {t('details.secondRound')}
                </Button>
              ) : null}
            </Group>
          </Box>
        </Stack>
      </AppModal>
      <ConfirmCancelDialog challenge={challenge} />
    </>
  );
}
