import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentData } from '../../../src/contract/billing';
import { BillingPage } from '../../../src/views/billing/BillingPage';
import { UpgradeDialog } from '../../../src/views/billing/BillingDialogs';
import { PaymentFailedPage } from '../../../src/views/billing/PaymentFailedPage';
import { PaymentForm } from '../../../src/views/billing/PaymentForm';
import { PaymentPendingPage } from '../../../src/views/billing/PaymentPendingPage';
import { SettingsLayout } from '../../../src/views/settings/SettingsLayout';
import { renderView } from '../../support/render';
import { SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';
import { axeViolations } from '../../support/viewActors';

// The billing views under axe's rules that need no layout (names, roles, ARIA, headings, forms, tables): the billing
// page with an amount due, the cancellation and the charges inside the settings layout; the payment-failed page with
// its card form showing field errors, a decline and the lockout; the upgrade dialog. Contrast is checked in the
// browser (e2e/a11y.spec.ts).


const DATA: PaymentData = {
  ...SAMPLE_PAYMENT_DATA,
  subscriptionStatus: 'Active',
  profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' },
  charges: [{ id: 'c1', itemId: 'RECURRING_FEE', amount: 9_900, status: 'approved', transactionId: 't1', cardType: 'Visa', last4: '1111', createdAt: '2026-11-01T15:00:00.000Z' }],
};

describe('the billing views under axe', () => {
  it('the billing page in the settings layout', async () => {
    await renderView(
      <main>
        <SettingsLayout section="billing" showBilling onSignOut={vi.fn()}>
          <BillingPage
            load={{ status: 'ready', data: DATA }}
            productLine="Primary"
            openingSecurePage={null}
            secureFailed={false}
            contractOpening={false}
            cancellation="available"
            onRetry={vi.fn()}
            onOpenSecurePage={vi.fn()}
            onOpenContract={vi.fn()}
            onRequestCancellation={vi.fn()}
          />
        </SettingsLayout>
      </main>,
      { route: '/settings/billing' },
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('the payment-failed page with its card form, field errors, a decline and the lockout', async () => {
    const form = (
      <PaymentForm
        values={{ cardNumber: '4111', month: '13', year: '2030', cardCode: '1', fullName: '', zip: '1' }}
        fieldErrors={{ cardNumber: { code: 'E_WC_05', text: null }, month: { code: 'E_WC_06', text: null }, cardCode: { code: 'E_WC_15', text: null } }}
        decline={{ code: '27', text: 'AVS mismatch.' }}
        failure={null}
        lockout={{ minutes: 1, seconds: 30 }}
        preparing={false}
        busy={false}
        canRetry={false}
        amountDue={9_900}
        chargingEnabled
        onChange={vi.fn()}
        onSubmit={vi.fn()}
        onRetry={vi.fn()}
      />
    );
    await renderView(
      <main>
        <PaymentFailedPage
          subscriptionStatus="Suspended"
          amountDue={9_900}
          formOpen
          onOpenForm={vi.fn()}
          onCloseForm={vi.fn()}
          form={form}
          outcome={null}
          onContinue={vi.fn()}
          openingSecurePage={false}
          secureFailed={false}
          onUpdateMethod={vi.fn()}
          contractOpening={false}
          contractMissing={false}
          onDownloadContract={vi.fn()}
          onCloseContractMissing={vi.fn()}
          reportsDownloading={false}
          reportsFailed={false}
          onDownloadReports={vi.fn()}
          onCloseReportsError={vi.fn()}
          onSignOut={vi.fn()}
        />
      </main>,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('the payment being processed (charging off)', async () => {
    await renderView(
      <main>
        <PaymentPendingPage
          savedAt="2026-11-20T15:30:00.000Z"
          amount={9_900}
          itemId="RECURRING_FEE"
          card={{ cardType: 'Visa', cardNumber: 'XXXX1111' }}
          openingSecurePage={false}
          secureFailed
          onUpdateCard={vi.fn()}
          onSignOut={vi.fn()}
        />
      </main>,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('the upgrade dialog', async () => {
    await renderView(
      <main>
        <UpgradeDialog opened phone="800-555-0199" onClose={vi.fn()} />
      </main>,
    );
    await screen.findByRole('dialog');
    expect(await axeViolations()).toEqual([]);
  });
});
