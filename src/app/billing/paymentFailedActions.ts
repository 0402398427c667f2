import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { billingPageSelectors } from '../../../machines/billing/billingPage.machine';
import { reportDownloadSelectors } from '../../../machines/billing/reportDownload.machine';
import { ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { useRouteMachine } from '../shell/routeMachine';
import { useSessionFacts } from '../shell/sessionFacts';
import { provideBillingPageMachine, provideReportDownloadMachine } from './machines';

// The payment-failed page's other buttons (spec 002 §2): "update payment method" (the secure page, which returns
// to /update-payment with ?secure=…), "download contract" (the billing page's machine: getContractLink in a new
// window, the contract-not-found dialog) and "download reports" (the credit report as a PDF: failed.reportsDone once
// saved, errors.update-payment.credit-report-download-error in a dialog when it fails).

export function usePaymentFailedActions() {
  const { ports } = useAppActors();
  const facts = useSessionFacts();
  const pageMachine = useMemo(() => provideBillingPageMachine(ports), [ports]);
  const page = useActorRef(pageMachine, { input: { actor: facts.actor, returnPath: ROUTES.updatePayment }, inspect });
  useNotify(page, 'billing');
  useRouteMachine(page);
  // The PDF's labels follow the page's language at the time of the click.
  const { i18n } = useTranslation('billing');
  const reportsMachine = useMemo(
    () => provideReportDownloadMachine(ports, () => (i18n.resolvedLanguage === 'es' ? 'es' : 'en')),
    [ports, i18n],
  );
  const reports = useActorRef(reportsMachine, { inspect });

  const openingSecurePage = useSelector(page, billingPageSelectors.openingSecurePage) !== null;
  const secureFailed = useSelector(page, billingPageSelectors.secureFailed);
  const contractOpening = useSelector(page, billingPageSelectors.contractOpening);
  const contractMissing = useSelector(page, billingPageSelectors.contractMissing);
  const reportsDownloading = useSelector(reports, reportDownloadSelectors.downloading);
  const reportsFailed = useSelector(reports, reportDownloadSelectors.failed);
  const reportsDone = useSelector(reports, reportDownloadSelectors.done);
  return {
    openingSecurePage,
    secureFailed,
    onUpdateMethod: () => page.send({ type: 'secure.open', request: 'getSecureBillingInformationURL' }),
    contractOpening,
    contractMissing,
    onDownloadContract: () => page.send({ type: 'contract.open' }),
    onCloseContractMissing: () => page.send({ type: 'contract.dialogClose' }),
    reportsDownloading,
    reportsFailed,
    reportsDone,
    onDownloadReports: () => reports.send({ type: 'reports.download' }),
    onCloseReportsError: () => reports.send({ type: 'reports.dialogClose' }),
  };
}
