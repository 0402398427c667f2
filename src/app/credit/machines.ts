import { initialReportMachine } from '../../../machines/credit/initialReport.machine';
import { kbaMachine } from '../../../machines/credit/kba.machine';
import type {
  InitialReportActorSignatures as InitialReportSig,
  KbaActorSignatures as KbaSig,
  ReportPrintActorSignatures as ReportPrintSig,
  ReportRefreshActorSignatures as ReportRefreshSig,
} from '../../../machines/credit/ports';
import { reportPrintMachine } from '../../../machines/credit/reportPrint.machine';
import { reportRefreshMachine } from '../../../machines/credit/reportRefresh.machine';
import { callbackActor, promiseActor, QUERY_KEYS, subscribeWhenLoaded, type AppPorts } from '../ports';
import { CREDIT_QUERIES_AFTER_ORDER } from './reportQueries';

// The credit machines with their actors provided from the ports (ARCHITECTURE.md "Machines"): report refresh and
// order, the KBA identity check, and the report's print.

export function provideReportRefreshMachine(ports: AppPorts) {
  return reportRefreshMachine.provide({
    actors: {
      orderReport: promiseActor<ReportRefreshSig['orderReport']>(async () => (await ports.creditActions()).orderReport()),
    },
  });
}

export function provideKbaMachine(ports: AppPorts) {
  return kbaMachine.provide({
    actors: {
      getQuestions: promiseActor<KbaSig['getQuestions']>(async ({ id }) => (await ports.creditActions()).arrayKBA({ command: 'get-questions', id })),
      submitAnswers: promiseActor<KbaSig['submitAnswers']>(async ({ id, authToken, answers }) =>
        (await ports.creditActions()).arrayKBA({ command: 'submit-answers', id, authToken, answers }),
      ),
    },
  });
}

/**
 * The wait for the first report (spec 002 §7 getInitialReport): the ask, and the live initialReportStatus/{userId}
 * (an unreadable status is waited out: the machine asks again every INITIAL_REPORT_RECHECK_MS).
 */
export function provideInitialReportMachine(ports: AppPorts) {
  return initialReportMachine.provide({
    actors: {
      getInitialReport: promiseActor<InitialReportSig['getInitialReport']>(async () => (await ports.creditActions()).getInitialReport()),
      watchPullStatus: callbackActor<InitialReportSig['watchPullStatus']>(({ userId }, sendBack) =>
        subscribeWhenLoaded(ports.onboardingLive, (live) =>
          live.subscribeInitialReportStatus(
            userId,
            (status) => sendBack({ type: 'pull.status', status }),
            () => undefined,
          ),
        ),
      ),
    },
  });
}

/** window.print() returns once the print dialog closes (the machine cleans up 100 ms later). */
export function provideReportPrintMachine(print: () => void = () => window.print()) {
  return reportPrintMachine.provide({
    actors: {
      print: promiseActor<ReportPrintSig['print']>(async () => {
        print();
      }),
    },
  });
}

/**
 * After a new report was pulled (`report.ordered`, spec 001 §5): the reports, the score history, the display
 * tokens, the credit display and the contact (its new Credit_Pull_Date__c) are read again.
 */
export async function invalidateAfterOrder(ports: AppPorts): Promise<void> {
  const client = await ports.queryClient();
  await Promise.all(
    [...CREDIT_QUERIES_AFTER_ORDER, QUERY_KEYS.customerContact].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
  );
}
