import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { reportPrintSelectors, type reportPrintMachine } from '../../../../machines/credit/reportPrint.machine';
import type { CreditReport, ReportListItem, ScoreHistoryItem } from '../../../contract/credit';
import {
  recordBureau,
  REPORT_BUREAUS,
  reportedInquiries,
  reportSummaryCounts,
  type AccountGroup,
  type ReportBureau,
  type ReportSummaryCounts,
} from '../../../domain/creditReport';
import { AREA_PATHS } from '../../../domain/routes';
import type { ComfortType } from '../../../domain/userSettings';
import { LoadFailedNotice, LoadingNotice } from '../../components/LoadStates';
import { PageTab } from '../../components/PageTab';
import { ScoreHistoryChart } from '../history/ScoreHistoryChart';
import { AccountsSection, CombinedAccountsSection } from './AccountsSection';
import { BureauSummary, type ScoresWarningState } from './BureauSummary';
import { PastReportNotice, PastReportPicker, type PastReportActor } from './PastReportPicker';
import { InquiriesSection, PersonalInfoSection, PublicRecordsSection } from './RecordSections';
import classes from './report.module.css';
import { ReportSection } from './ReportSection';
import { ReportDensityContext } from './density';

// spec 001 §2 "Credit report and score": the combined three-bureau report (C3B) or one bureau's report. Its
// header holds the bureau tabs (links), the refresh control and the language toggle (given by the route), expand
// and collapse all, Download PDF and the learn-about-credit link; then the scores (under the scores warning), the
// report summary's counts (spec 001 §9: inquiries of the last two years, derogatory items, public records; 0 when
// there are none), the accounts by group, the inquiries (only those of the two years before the report's date),
// public records, personal information and the score history. Which sections are open, and Download PDF, are the
// reportPrint machine's (machines/credit/reportPrint.machine.ts). With the customer's pulls listed, a picker shows an
// earlier report instead, marked as a past report with its date (spec 002 §7 getReport; the pastReport machine).

export type ReportPrintActor = ActorRefFrom<typeof reportPrintMachine>;

/** The report being shown: the combined report or one bureau's. */
export type ReportView = 'combined' | ReportBureau;

export type Loadable<T> = { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'shown'; data: T };

/** spec 001 §2: the report's address per view; the combined report is the index. */
export function reportPath(view: ReportView): string {
  return view === 'combined' ? `${AREA_PATHS.credit}/report` : `${AREA_PATHS.credit}/report/${view}`;
}

/** spec 001 §2: the learn-about-credit button's destination. */
export const LEARN_ABOUT_CREDIT_PATH = `${AREA_PATHS['learning-center']}/credit`;

export interface CreditReportPageProps {
  view: ReportView;
  /** The combined report has a tab unless the report-v2 flag sends /credit/report to Equifax. */
  combinedTab: boolean;
  report: Loadable<CreditReport>;
  history: Loadable<ScoreHistoryItem[]>;
  sections: ReportPrintActor;
  scoresWarning: ScoresWarningState;
  /** The refresh control and the language toggle, placed in the header. */
  tools?: ReactNode;
  /** The customer's pulls to pick an earlier report from, and the machine that says which one `report` is. */
  pastReports?: { actor: PastReportActor; reports: readonly ReportListItem[]; showingPast: boolean };
  /**
   * What stands in place of a current report that could not be read: the wait for the first report (spec 002 §7
   * getInitialReport, src/app/credit), which says why there is none yet.
   */
  firstReport?: ReactNode;
  /** The page's density (spec 000 §3.2 settings.creditReportPage.comfortType); none: the default. */
  density?: ComfortType | null;
}

function Pending({ state, error }: { state: Exclude<Loadable<unknown>, { status: 'shown' }>; error: string }) {
  const { t } = useTranslation(['credit', 'common']);
  if (state.status === 'loading') {
    return (
      <LoadingNotice label={t('common:loadView.loading')} />
    );
  }
  return (
    <LoadFailedNotice message={error} onRetry={state.onRetry} />
  );
}

function BureauTabs({ view, combinedTab }: { view: ReportView; combinedTab: boolean }) {
  const { t } = useTranslation('credit');
  const views: ReportView[] = [...(combinedTab ? (['combined'] as const) : []), ...REPORT_BUREAUS];
  return (
    <Group component="nav" aria-label={t('report.tabsLabel')} gap={4}>
      {views.map((tab) => (
        <PageTab key={tab} to={reportPath(tab)} current={tab === view} look="filled" size="sm">
          {tab === 'combined' ? t('report.tabs.combined') : t(`bureaus.${recordBureau(tab)}`)}
        </PageTab>
      ))}
    </Group>
  );
}

function SummaryCounts({ counts }: { counts: ReportSummaryCounts }) {
  const { t } = useTranslation('credit');
  const figures = [
    ['inquiries', counts.inquiries],
    ['derogatoryItems', counts.derogatoryItems],
    ['publicRecords', counts.publicRecords],
  ] as const;
  return (
    <section aria-labelledby="report-summary-title">
      <Title order={2} size="h3" id="report-summary-title" mb="sm">
        {t('summary.counts.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
        {figures.map(([id, count]) => (
          <div key={id}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`summary.counts.${id}`)}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {count}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}

function ReportBody({ view, report, history, sections, scoresWarning }: Pick<CreditReportPageProps, 'view' | 'history' | 'sections' | 'scoresWarning'> & { report: CreditReport }) {
  const { t } = useTranslation('credit');
  const expanded = useSelector(sections, (snapshot) => snapshot.context.expanded);
  const printing = useSelector(sections, reportPrintSelectors.printing);
  const toggle = useCallback((id: string) => sections.send({ type: 'section.toggle', id }), [sections]);
  const isGroupExpanded = useCallback((group: AccountGroup) => expanded[group] === true, [expanded]);
  const combined = view === 'combined';
  const shownHistory = useMemo(() => {
    if (history.status !== 'shown') return [];
    return combined ? history.data : history.data.filter((item) => item.bureau === recordBureau(view));
  }, [combined, history, view]);
  const Accounts = combined ? CombinedAccountsSection : AccountsSection;
  const asOf = report.pulledAt.slice(0, 10);
  const inquiries = useMemo(() => reportedInquiries(report.inquiries, asOf), [report.inquiries, asOf]);
  const counts = useMemo(() => reportSummaryCounts(report, asOf), [report, asOf]);
  return (
    <Stack gap="xl">
      <BureauSummary summaries={report.reportSummary.bureauSummary} warning={scoresWarning} />
      <SummaryCounts counts={counts} />
      <Accounts accounts={report.accounts} printing={printing} isExpanded={isGroupExpanded} onToggle={toggle} />
      <ReportSection title={t('inquiries.title')} count={inquiries.length} expanded={expanded.inquiries === true} onToggle={() => toggle('inquiries')}>
        {() => <InquiriesSection inquiries={inquiries} combined={combined} />}
      </ReportSection>
      <ReportSection title={t('publicRecords.title')} count={report.publicRecords.length} expanded={expanded.publicRecords === true} onToggle={() => toggle('publicRecords')}>
        {() => <PublicRecordsSection records={report.publicRecords} combined={combined} />}
      </ReportSection>
      <ReportSection title={t('personal.title')} expanded={expanded.personalInfo === true} onToggle={() => toggle('personalInfo')}>
        {() => <PersonalInfoSection infos={report.personalInfo} combined={combined} />}
      </ReportSection>
      <ReportSection title={t('history.title')} expanded={expanded.scoreHistory === true} onToggle={() => toggle('scoreHistory')}>
        {() => (history.status === 'shown' ? <ScoreHistoryChart history={shownHistory} /> : <Pending state={history} error={t('history.error')} />)}
      </ReportSection>
    </Stack>
  );
}

export function CreditReportPage({ view, combinedTab, report, history, sections, scoresWarning, tools, pastReports, firstReport, density = null }: CreditReportPageProps) {
  const { t, i18n } = useTranslation('credit');
  const printing = useSelector(sections, reportPrintSelectors.printing);
  const allExpanded = useSelector(sections, reportPrintSelectors.allExpanded);
  const allCollapsed = useSelector(sections, reportPrintSelectors.allCollapsed);
  const title = view === 'combined' ? t('report.combinedTitle') : t('report.bureauTitle', { bureau: t(`bureaus.${recordBureau(view)}`) });
  return (
    <Stack gap="lg" py="md" className={classes.printRoot} aria-busy={printing}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{title}</Title>
            {report.status === 'shown' ? (
              <Text c="dimmed">{t('report.pulledAt', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(report.data.pulledAt)) })}</Text>
            ) : null}
          </div>
          <Group gap="sm" className={classes.noPrint} align="flex-end">
            {pastReports ? <PastReportPicker actor={pastReports.actor} reports={pastReports.reports} /> : null}
            {tools}
          </Group>
        </Group>
        {pastReports ? <PastReportNotice actor={pastReports.actor} /> : null}
        <BureauTabs view={view} combinedTab={combinedTab} />
        <Group gap="sm" className={classes.noPrint}>
          <Button variant="default" size="sm" onClick={() => sections.send({ type: 'sections.expandAll' })} disabled={printing || allExpanded}>
            {t('report.expandAll')}
          </Button>
          <Button variant="default" size="sm" onClick={() => sections.send({ type: 'sections.collapseAll' })} disabled={printing || allCollapsed}>
            {t('report.collapseAll')}
          </Button>
          <Button size="sm" onClick={() => sections.send({ type: 'print.requested' })} loading={printing} disabled={report.status !== 'shown'}>
            {t('report.downloadPdf')}
          </Button>
          <Button component={Link} to={LEARN_ABOUT_CREDIT_PATH} variant="light" size="sm">
            {t('report.learnAboutCredit')}
          </Button>
        </Group>
        {printing ? (
          <Text role="status" className={classes.noPrint}>
            {t('report.preparingPrint')}
          </Text>
        ) : null}
      </Stack>
      {report.status === 'shown' ? (
        <ReportDensityContext value={density}>
          <ReportBody view={view} report={report.data} history={history} sections={sections} scoresWarning={scoresWarning} />
        </ReportDensityContext>
      ) : report.status === 'failed' && firstReport !== undefined ? (
        firstReport
      ) : (
        <Pending state={report} error={pastReports?.showingPast ? t('report.past.error') : t('report.error')} />
      )}
    </Stack>
  );
}
