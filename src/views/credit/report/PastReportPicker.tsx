import { Alert, Button, NativeSelect, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { pastReportSelectors, type pastReportMachine } from '../../../../machines/credit/pastReport.machine';
import type { ReportListItem } from '../../../contract/credit';
import classes from './report.module.css';

// spec 002 §7 getReport: the report page's picker of the customer's pulls (the current one first, marked as such,
// then the earlier ones, latest first) and, while an earlier pull is on screen, the notice that it is a past report
// with its date and a way back to the current one. Which pull is shown is the pastReport machine's.

export type PastReportActor = ActorRefFrom<typeof pastReportMachine>;

/** When a pull was made, in the reader's language; with the time when two pulls share a day. */
function usePullLabels(reports: readonly ReportListItem[]): Map<string, string> {
  const { t, i18n } = useTranslation('credit');
  const language = i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dayAndTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const days = reports.map((report) => day.format(new Date(report.pulledAt)));
    return new Map(
      reports.map((report, index) => {
        const shared = days.filter((other) => other === days[index]).length > 1;
        const date = shared ? dayAndTime.format(new Date(report.pulledAt)) : days[index]!;
        return [report.id, report.current ? t('report.past.current', { date }) : date];
      }),
    );
  }, [language, reports, t]);
}

/** The pulls to pick from; nothing while the customer has only the current report. */
export function PastReportPicker({ actor, reports }: { actor: PastReportActor; reports: readonly ReportListItem[] }) {
  const { t } = useTranslation('credit');
  const shownId = useSelector(actor, pastReportSelectors.shownId);
  const labels = usePullLabels(reports);
  if (reports.length < 2) return null;
  const currentId = reports.find((report) => report.current)?.id ?? reports[0]!.id;
  return (
    <NativeSelect
      className={classes.noPrint}
      size="sm"
      w={240}
      label={t('report.past.pickerLabel')}
      value={shownId ?? currentId}
      data={reports.map((report) => ({ value: report.id, label: labels.get(report.id) ?? report.id }))}
      onChange={(event) => {
        const report = reports.find((candidate) => candidate.id === event.currentTarget.value);
        if (report) actor.send({ type: 'report.pick', report });
      }}
    />
  );
}

/** While an earlier pull is on screen: it is a past report, pulled on its date; and the way back. */
export function PastReportNotice({ actor }: { actor: PastReportActor }) {
  const { t, i18n } = useTranslation('credit');
  const shown = useSelector(actor, pastReportSelectors.shown);
  if (!shown) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(shown.pulledAt));
  return (
    <Alert color="yellow" variant="light" title={t('report.past.noticeTitle')} role="status">
      <Text size="sm" mb="xs">
        {t('report.past.notice', { date })}
      </Text>
      <Button size="xs" variant="default" className={classes.noPrint} onClick={() => actor.send({ type: 'report.showCurrent' })}>
        {t('report.past.backToCurrent')}
      </Button>
    </Alert>
  );
}
