import { vi } from 'vitest';
import type { PaymentFailedPageProps } from '../../../src/views/billing/PaymentFailedPage';

// The payment-failed page's props for view tests: the suspended customer with $99.00 due, the form closed, nothing
// under way; each test overrides what it is about and reads the callbacks it gave.

export function pageProps(overrides: Partial<PaymentFailedPageProps> = {}): PaymentFailedPageProps {
  return {
    subscriptionStatus: 'Suspended',
    amountDue: 9_900,
    formOpen: false,
    onOpenForm: vi.fn(),
    onCloseForm: vi.fn(),
    form: <p>the card form</p>,
    outcome: null,
    onContinue: vi.fn(),
    openingSecurePage: false,
    secureFailed: false,
    onUpdateMethod: vi.fn(),
    contractOpening: false,
    contractMissing: false,
    onDownloadContract: vi.fn(),
    onCloseContractMissing: vi.fn(),
    reportsDownloading: false,
    reportsFailed: false,
    reportsDone: false,
    onDownloadReports: vi.fn(),
    onCloseReportsError: vi.fn(),
    onSignOut: vi.fn(),
    ...overrides,
  };
}
