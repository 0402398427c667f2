import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InitialReportView } from '../../../../machines/credit/initialReport.machine';
import { LoadFailedNotice, LoadingNotice } from '../../components/LoadStates';

// In place of the credit report while there is none to show (spec 002 §7 getInitialReport; the first pull that
// completeIntake starts, spec 002 §4): the initialReport machine's answer in words. On its way (followed live), not
// pulled (the refresh control in the header orders one), not started yet, or the check failed (Try again). Once the
// report is stored the page reads it; if that read fails the page's own error shows with Try again.

export interface FirstReportNoticeProps {
  view: InitialReportView;
  /** Asks again where the first report stands (the check failed). */
  onRetry: () => void;
  /** Reads the report again (it is stored but could not be read). */
  onReadAgain: () => void;
}

export function FirstReportNotice({ view, onRetry, onReadAgain }: FirstReportNoticeProps) {
  const { t } = useTranslation(['credit', 'common']);
  if (view === 'checking') {
    return (
      <LoadingNotice label={t('report.firstReport.checking')} />
    );
  }
  if (view === 'waiting') {
    return (
      <Alert color="blue" title={t('report.firstReport.title')} role="status" aria-live="polite" data-testid="first-report">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text>{t('report.firstReport.waiting')}</Text>
        </Group>
      </Alert>
    );
  }
  if (view === 'pullFailed' || view === 'notStarted') {
    return (
      <Alert color={view === 'pullFailed' ? 'orange' : 'gray'} title={t('report.firstReport.title')} role="status" data-testid="first-report">
        <Text>{view === 'pullFailed' ? t('report.firstReport.pullFailed') : t('report.firstReport.notStarted')}</Text>
      </Alert>
    );
  }
  return (
    <LoadFailedNotice
      message={view === 'failed' ? t('report.firstReport.checkFailed') : t('report.error')}
      onRetry={view === 'failed' ? onRetry : onReadAgain}
    />
  );
}
