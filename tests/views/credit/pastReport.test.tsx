import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditReportRoute from '../../../src/app/credit/CreditReportRoute';
import type { CreditReport, GetReportRequest, ReportList, ReportSource } from '../../../src/contract/credit';
import type { Language } from '../../../src/i18n';
import { fakeAppPorts } from '../../support/appHarness';
import { bureauReport, combinedReport, scoreHistory } from '../../support/creditReportFixture';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// spec 002 §7 getReport on the credit report page: the customer picks an earlier pull from the page's list and sees
// that report, marked as a past report with its date, until they go back to the current one; in English and Spanish.

const PULLS: ReportList = {
  userId: 'u1',
  reports: [
    { id: 'report-2026-11', pulledAt: '2026-11-02T15:30:00.000Z', current: true },
    { id: 'report-2026-10', pulledAt: '2026-10-01T14:30:00.000Z', current: false },
  ],
};

const PAST_CREDITOR = 'OLD HARBOR CREDIT UNION';

/** The October pull: the bureau's report as it was, with its own date and a creditor the current report lacks. */
function octoberReport(source: ReportSource): CreditReport {
  const report = source === 'combined' ? combinedReport() : bureauReport(source.toUpperCase() as 'EQUIFAX');
  const [first, ...rest] = report.accounts;
  return { ...report, pulledAt: '2026-10-01T14:30:00.000Z', accounts: [{ ...first!, creditorName: PAST_CREDITOR }, ...rest] };
}

afterEach(() => stopCreditApp());

async function openReport(language: Language, list: ReportList = PULLS) {
  const getReport = vi.fn(async (request: GetReportRequest) => octoberReport(request.source));
  const fakes = fakeAppPorts({
    user: { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] },
    credit: {
      getCreditReport: async ({ source }) => (source === 'combined' ? combinedReport() : bureauReport(source.toUpperCase() as 'EQUIFAX')),
      getCreditScoreHistory: async () => scoreHistory(),
      listCreditReports: async () => list,
      getReport,
    },
    getCustomerContact: async () => ({ Credit_Pull_Date__c: '2026-11-02', KBA_Status__c: true }) as never,
  });
  await renderCreditPage(<CreditReportRoute />, fakes, { path: '/credit/report/equifax', pattern: '/credit/report/:bureau', language });
  return { getReport };
}

const medium = (language: Language, iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

describe('past credit reports on the report page (spec 002 §7 getReport)', () => {
  it('shows an earlier report the customer picks, marked as past with its date, and goes back to the current one', async () => {
    const { getReport } = await openReport('en');
    const picker = await screen.findByLabelText('Report');
    const options = within(picker).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([`${medium('en', PULLS.reports[0]!.pulledAt)} (current)`, medium('en', PULLS.reports[1]!.pulledAt)]);
    expect(screen.queryByText('Past report')).toBeNull();
    expect(screen.queryByText(PAST_CREDITOR)).toBeNull();

    await userEvent.selectOptions(picker, 'report-2026-10');

    const october = medium('en', '2026-10-01T14:30:00.000Z');
    expect(await screen.findByText(`This is a past report, pulled on ${october}. It is not your current credit report.`)).toBeTruthy();
    expect(screen.getByText('Past report')).toBeTruthy();
    expect(await screen.findByText(`Pulled on ${october}`)).toBeTruthy();
    expect((await screen.findAllByText(PAST_CREDITOR)).length).toBeGreaterThan(0);
    expect(getReport).toHaveBeenCalledWith({ id: 'report-2026-10', userId: 'u1', source: 'equifax' });
    expect((screen.getByLabelText('Report') as HTMLSelectElement).value).toBe('report-2026-10');

    await userEvent.click(screen.getByRole('button', { name: 'Back to the current report' }));

    await waitFor(() => expect(screen.queryByText('Past report')).toBeNull());
    expect(await screen.findByText(`Pulled on ${medium('en', '2026-11-02T15:30:00.000Z')}`)).toBeTruthy();
    expect(screen.queryByText(PAST_CREDITOR)).toBeNull();
    expect((screen.getByLabelText('Report') as HTMLSelectElement).value).toBe('report-2026-11');
  });

  it('says the same in Spanish', async () => {
    await openReport('es');
    const picker = await screen.findByLabelText('Informe');
    expect(within(picker).getByRole('option', { name: `${medium('es', PULLS.reports[0]!.pulledAt)} (actual)` })).toBeTruthy();

    await userEvent.selectOptions(picker, 'report-2026-10');

    const october = medium('es', '2026-10-01T14:30:00.000Z');
    expect(await screen.findByText(`Este es un informe anterior, obtenido el ${october}. No es su informe de crédito actual.`)).toBeTruthy();
    expect(screen.getByText('Informe anterior')).toBeTruthy();
    expect((await screen.findAllByText(PAST_CREDITOR)).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Volver al informe actual' }));
    await waitFor(() => expect(screen.queryByText('Informe anterior')).toBeNull());
  });

  it('offers no picker while the customer has only the current report', async () => {
    await openReport('en', { userId: 'u1', reports: [PULLS.reports[0]!] });
    expect(await screen.findByText(`Pulled on ${medium('en', '2026-11-02T15:30:00.000Z')}`)).toBeTruthy();
    expect(screen.queryByLabelText('Report')).toBeNull();
  });
});
