import type {
  BillingPageActorSignatures as PageSig,
  CancellationRequestActorSignatures as CancellationSig,
  PaymentPipelineActorSignatures as PipelineSig,
  ReportDownloadActorSignatures as ReportSig,
} from '../../../machines/billing/ports';
import { billingPageMachine } from '../../../machines/billing/billingPage.machine';
import { cancellationRequestMachine } from '../../../machines/billing/cancellationRequest.machine';
import { reportDownloadMachine } from '../../../machines/billing/reportDownload.machine';
import { paymentPipelineMachine } from '../../../machines/billing/paymentPipeline.machine';
import { promiseActor, type AppPorts } from '../ports';

// The billing machines with their actors provided from the ports (ARCHITECTURE.md "Machines"; the only `.provide()`
// of machines/billing). The billing adapter loads with the billing pages (AppPorts.billing). Payment data is never
// cached: what is due must be current each time the pipeline or the page reads it.

type Ports = Pick<AppPorts, 'billing'>;

/** The customer's day for a file name (YYYY-MM-DD, local). */
function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function providePaymentPipelineMachine(ports: Ports, now: () => number = Date.now) {
  const billing = () => ports.billing();
  return paymentPipelineMachine.provide({
    actors: {
      loadScript: promiseActor<PipelineSig['loadScript']>(async () => (await billing()).cardProvider.loadScript()),
      loadPaymentData: promiseActor<PipelineSig['loadPaymentData']>(async () => (await billing()).billing.getContactPaymentData()),
      readFailedAttempt: promiseActor<PipelineSig['readFailedAttempt']>(async () => ({ record: (await billing()).failedAttempts.read(), nowMs: now() })),
      rememberFailedAttempt: promiseActor<PipelineSig['rememberFailedAttempt']>(async ({ fingerprint }) => {
        const record = { fingerprint, failedAtMs: now() };
        (await billing()).failedAttempts.write(record);
        return record;
      }),
      forgetFailedAttempt: promiseActor<PipelineSig['forgetFailedAttempt']>(async () => (await billing()).failedAttempts.clear()),
      encryptCardData: promiseActor<PipelineSig['encryptCardData']>(async ({ cardData }) => (await billing()).cardProvider.encrypt(cardData)),
      updatePaymentProfile: promiseActor<PipelineSig['updatePaymentProfile']>(async (request) =>
        (await billing()).billing.updateCustomerPaymentProfile(request),
      ),
      createIdempotencyKey: promiseActor<PipelineSig['createIdempotencyKey']>(async () => (await billing()).uuid.uuid()),
      chargePayment: promiseActor<PipelineSig['chargePayment']>(async (request) => (await billing()).billing.chargePayment(request)),
      createPaymentTask: promiseActor<PipelineSig['createPaymentTask']>(async (request) => (await billing()).billing.selfOnboardCard(request)),
    },
  });
}

/**
 * The billing page's machine (also the payment-failed page's secure page and contract): the payment data, the secure
 * pages (getSecureSFURL, then the browser leaves for the page) and the contract in a new window.
 */
export function provideBillingPageMachine(ports: Ports) {
  const billing = () => ports.billing();
  return billingPageMachine.provide({
    actors: {
      loadPaymentData: promiseActor<PageSig['loadPaymentData']>(async () => (await billing()).billing.getContactPaymentData()),
      getSecureUrl: promiseActor<PageSig['getSecureUrl']>(async (request) => (await billing()).billing.getSecureSFURL(request)),
      goToSecurePage: promiseActor<PageSig['goToSecurePage']>(async ({ url }) => (await billing()).navigation.assign(url)),
      openContract: promiseActor<PageSig['openContract']>(async () => (await billing()).openContract()),
    },
  });
}

/** The cancellation request; `refresh` reloads the page's payment data (after 'already-complete'). */
export function provideCancellationRequestMachine(ports: Ports, refresh: () => void) {
  return cancellationRequestMachine.provide({
    actors: {
      requestCancellation: promiseActor<CancellationSig['requestCancellation']>(async () => (await ports.billing()).billing.requestCancellation()),
      refreshPaymentData: promiseActor<CancellationSig['refreshPaymentData']>(async () => refresh()),
    },
  });
}

/**
 * The payment-failed page's "download reports" (spec 002 §2): the customer's current credit report (the three
 * bureaus) as a PDF the server writes (getCreditReportPdf), labelled in the page's language and saved as
 * credit-reports-YYYY-MM-DD.pdf (the customer's day). A customer whose card failed cannot open the credit pages, so
 * this is how they take it.
 */
export function provideReportDownloadMachine(ports: Ports, lang: () => 'en' | 'es', now: () => number = Date.now) {
  return reportDownloadMachine.provide({
    actors: {
      downloadReports: promiseActor<ReportSig['downloadReports']>(async () => {
        const billing = await ports.billing();
        const pdf = await billing.getCreditReportPdf({ lang: lang() });
        billing.saveFile(`credit-reports-${localDay(new Date(now()))}.pdf`, pdf, 'application/pdf');
      }),
    },
  });
}
