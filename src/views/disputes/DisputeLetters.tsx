import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DisputePdfResult } from '../../contract/disputes';
import { ColumnHeaders } from '../components/ColumnHeaders';
import { LoadFailedNotice, LoadingNotice } from '../components/LoadStates';
import { TitledSection } from '../components/TitledSection';
import type { Loadable } from '../credit/report/CreditReportPage';
import { TableScroll } from '../credit/report/TableScroll';
import { useBureauName, useCreditFormat } from './disputeText';

// spec 001 §3 "Dispute PDF result": the letters written on submit, one per bureau and round, each downloadable (the
// disputeLetter machine saves the PDF as a file). The download button names the bureau and the date.

export interface DisputeLettersProps {
  letters: Loadable<readonly DisputePdfResult[]>;
  /** The letter being downloaded (its documentId), or null. */
  downloadingId: string | null;
  onDownload: (letter: DisputePdfResult) => void;
}

export function DisputeLetters({ letters, downloadingId, onDownload }: DisputeLettersProps) {
  const { t } = useTranslation(['disputes', 'common']);
  const format = useCreditFormat();
  const bureauName = useBureauName();
  return (
    <TitledSection id="dispute-letters-title" title={t('letters.title')} titleGap={4}>
      <Text size="sm" mb="sm">
        {t('letters.intro')}
      </Text>
      {letters.status === 'loading' ? (
        <LoadingNotice label={t('letters.loading')} gap="sm" />
      ) : letters.status === 'failed' ? (
        <LoadFailedNotice message={t('letters.error')} onRetry={letters.onRetry} gap="xs" buttonSize="xs" />
      ) : letters.data.length === 0 ? (
        <Text>{t('letters.empty')}</Text>
      ) : (
        <TableScroll label={t('letters.caption')}>
          <Table withTableBorder>
            <Table.Caption>{t('letters.caption')}</Table.Caption>
            <ColumnHeaders labels={[t('letters.bureau'), t('letters.date'), t('letters.round'), t('letters.items'), t('letters.action')]} />
            <Table.Tbody>
              {letters.data.map((letter) => {
                const bureau = bureauName(letter.bureau);
                const date = format.day(letter.completionDate);
                return (
                  <Table.Tr key={letter.documentId}>
                    <Table.Th scope="row">{bureau}</Table.Th>
                    <Table.Td>{date}</Table.Td>
                    <Table.Td>{t('letters.roundNumber', { round: letter.round })}</Table.Td>
                    <Table.Td>{t('letters.itemCount', { count: letter.itemCount })}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onDownload(letter)}
                        loading={downloadingId === letter.documentId}
                        disabled={downloadingId !== null && downloadingId !== letter.documentId}
                        aria-label={t('letters.downloadLabel', { bureau, date })}
                      >
                        {t('letters.download')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </TitledSection>
  );
}
