import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { initialReportSelectors } from '../../../machines/credit/initialReport.machine';
import { pastReportMachine, pastReportSelectors } from '../../../machines/credit/pastReport.machine';
import { REPORT_SECTION_IDS } from '../../../machines/credit/reportPrint.machine';
import { Navigate, useParams } from 'react-router-dom';
import type { CreditReport } from '../../contract/credit';
import { DEFAULT_REPORT_BUREAU, reportBureauFromParam, type ReportBureau } from '../../domain/creditReport';
import { AREA_PATHS } from '../../domain/routes';
import { inspect } from '../../inspect';
import type { ScoresWarningState } from '../../views/credit/report/BureauSummary';
import { CreditReportPage, reportPath, type Loadable, type ReportView } from '../../views/credit/report/CreditReportPage';
import { FirstReportNotice } from '../../views/credit/report/FirstReportNotice';
import { useFeatureFlags, useFeatureFlagsRead } from '../shell/featureFlags';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery, type CachedQuery } from '../shell/queries';
import { useUserDocument } from '../shell/userDocument';
import { CreditLanguageToggle } from './CreditLanguageToggle';
import { invalidateAfterOrder, provideInitialReportMachine, provideReportPrintMachine } from './machines';
import { ReportRefreshControl } from './ReportRefreshControl';
import { creditQueries } from './reportQueries';

// The credit report at /credit/report and /credit/report/:bureau (spec 001 §2). The index shows the combined
// three-bureau report, or with the report-v2 flag redirects to Equifax; :bureau is transunion, equifax or experian
// (any letter case, redirected to lower case), the legacy credmo3bReportScore goes to Equifax and anything else to
// /credit, each a replace so Back does not return to the address that redirected. The page's sections and Download
// PDF are the reportPrint machine's, one actor per page. The customer's pulls are listed (listCreditReports); the
// pastReport machine says whether the current report or an earlier one (getReport, spec 002 §7) is on screen.

function loadable<T>(query: CachedQuery<T>): Loadable<T> {
  if (query.data !== undefined) return { status: 'shown', data: query.data };
  if (query.isError) return { status: 'failed', onRetry: query.refetch };
  return { status: 'loading' };
}

/** Where this tab remembers that the customer acknowledged the scores warning, for the visit. */
const SCORES_WARNING_STORAGE_KEY = 'creditScoresWarningAcknowledged';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The scores warning shows once per visit: acknowledged, it stays so across the bureau tabs and reloads. */
function useScoresWarning(): ScoresWarningState {
  const [acknowledged, setAcknowledged] = useState(() => sessionStore()?.getItem(SCORES_WARNING_STORAGE_KEY) === '1');
  const onChange = useCallback((value: boolean) => {
    setAcknowledged(value);
    try {
      if (value) sessionStore()?.setItem(SCORES_WARNING_STORAGE_KEY, '1');
      else sessionStore()?.removeItem(SCORES_WARNING_STORAGE_KEY);
    } catch {
      // Without storage the warning shows again on the next report page.
    }
  }, []);
  return useMemo(() => ({ acknowledged, onChange }), [acknowledged, onChange]);
}

/** No earlier report is asked for while the current one is on screen. */
const NO_PAST_REPORT_KEY = ['noPastReport'];
const noPastReport = (): Promise<CreditReport> => Promise.reject(new Error('no past report is shown'));

/**
 * The current report could not be read: where the first report stands (spec 002 §7 getInitialReport, the
 * initialReport machine), in its place. Once it is stored the credit reads are asked again (as after an order).
 */
function FirstReportWait({ onReadAgain }: { onReadAgain: () => void }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideInitialReportMachine(ports), [ports]);
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, initialReportSelectors.view);
  useEffect(() => {
    if (view === 'ready') void invalidateAfterOrder(ports);
  }, [view, ports]);
  return <FirstReportNotice view={view} onRetry={() => actor.send({ type: 'check.retry' })} onReadAgain={onReadAgain} />;
}

function ReportPage({ view, combinedTab }: { view: ReportView; combinedTab: boolean }) {
  const { ports } = useAppActors();
  const queries = useMemo(() => creditQueries(ports), [ports]);
  const reportQuery = useMemo(() => queries.report(view), [queries, view]);
  const current = useCachedQuery(reportQuery.queryKey, reportQuery.queryFn, true);
  const history = useCachedQuery(queries.scoreHistory.queryKey, queries.scoreHistory.queryFn, true);
  // The list only adds the picker: without it (not loaded, or failed) the page shows the current report alone.
  const pulls = useCachedQuery(queries.reportList.queryKey, queries.reportList.queryFn, true);
  const pastReport = useActorRef(pastReportMachine, { inspect });
  const shownPull = useSelector(pastReport, pastReportSelectors.shown);
  const userId = pulls.data?.userId ?? null;
  const pastQuery = useMemo(
    () => (shownPull && userId !== null ? queries.pastReport({ id: shownPull.id, userId, source: view }) : null),
    [queries, shownPull, userId, view],
  );
  const past = useCachedQuery(pastQuery?.queryKey ?? NO_PAST_REPORT_KEY, pastQuery?.queryFn ?? noPastReport, pastQuery !== null);
  const report = pastQuery ? past : current;
  const machine = useMemo(() => provideReportPrintMachine(), []);
  // Every section opens with the page; the accounts inside stay closed until the customer opens one.
  const sections = useActorRef(machine, { input: { expanded: REPORT_SECTION_IDS }, inspect });
  const scoresWarning = useScoresWarning();
  // The page's density as the customer's settings keep it (spec 000 §3.2 settings.creditReportPage.comfortType).
  const density = useUserDocument()?.comfortType.creditReportPage ?? null;
  return (
    <CreditReportPage
      density={density}
      view={view}
      combinedTab={combinedTab}
      report={loadable(report)}
      history={loadable(history)}
      sections={sections}
      scoresWarning={scoresWarning}
      pastReports={pulls.data ? { actor: pastReport, reports: pulls.data.reports, showingPast: pastQuery !== null } : undefined}
      firstReport={pastQuery === null && current.isError ? <FirstReportWait onReadAgain={current.refetch} /> : undefined}
      tools={
        <>
          <ReportRefreshControl />
          <CreditLanguageToggle />
        </>
      }
    />
  );
}

export default function CreditReportRoute() {
  const { bureau: param } = useParams<{ bureau?: string }>();
  const { creditReportV2 } = useFeatureFlags();
  const flagsRead = useFeatureFlagsRead();
  if (param === undefined) {
    // Which report the index shows depends on the flag: nothing is loaded until the flags are fetched.
    if (!flagsRead) return null;
    if (creditReportV2) return <Navigate to={reportPath(DEFAULT_REPORT_BUREAU)} replace />;
    return <ReportPage key="combined" view="combined" combinedTab />;
  }
  const bureau: ReportBureau | null = reportBureauFromParam(param);
  if (bureau === null) return <Navigate to={AREA_PATHS.credit} replace />;
  if (bureau !== param) return <Navigate to={reportPath(bureau)} replace />;
  return <ReportPage key={bureau} view={bureau} combinedTab={!creditReportV2} />;
}
