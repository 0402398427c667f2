import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitialPullStatus, InitialReportData } from '../../../machines/credit/ports';
import CreditReportRoute from '../../../src/app/credit/CreditReportRoute';
import type { CreditReport } from '../../../src/contract/credit';
import type { Language } from '../../../src/i18n';
import { fakeAppPorts } from '../../support/appHarness';
import { bureauReport, scoreHistory } from '../../support/creditReportFixture';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// The credit report page before the first report (spec 002 §7 getInitialReport and initialReportStatus/{userId}; the
// pull completeIntake starts, spec 002 §4): in place of the report, where the first one stands. On its way, it is
// followed live and the report shows once the pull completes; a failed pull, a pull not started and a check that
// failed (Try again) each say so; in English and Spanish.

const NO_REPORT = { code: 'not-found', message: 'no-report', key: 'no-report' };

afterEach(() => stopCreditApp());

/**
 * The report page of a customer whose report cannot be read until `complete()`; getInitialReport answers `first`, then
 * what `answer()` sets.
 */
async function openReport(first: InitialReportData | Error, language: Language = 'en') {
  let report: CreditReport | null = null;
  let current = first;
  const getInitialReport = vi.fn(async () => {
    if (current instanceof Error) throw current;
    return current;
  });
  const fakes = fakeAppPorts({
    user: { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] },
    credit: {
      getCreditReport: async () => {
        if (report === null) throw NO_REPORT;
        return report;
      },
      getCreditScoreHistory: async () => (report === null ? [] : scoreHistory()),
      listCreditReports: async () => ({ userId: 'u1', reports: [] }),
    },
    creditActions: { getInitialReport },
    getCustomerContact: async () => ({ Credit_Pull_Date__c: null, KBA_Status__c: true }) as never,
  });
  const listeners: ((status: InitialPullStatus) => void)[] = [];
  const watched: string[] = [];
  fakes.ports.onboardingLive = async () => ({
    subscribeInitialReportStatus: (userId: string, listener: (status: InitialPullStatus) => void) => {
      watched.push(userId);
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  });
  await renderCreditPage(<CreditReportRoute />, fakes, { path: '/credit/report/equifax', pattern: '/credit/report/:bureau', language });
  return {
    getInitialReport,
    watched,
    answer: (next: InitialReportData | Error) => {
      current = next;
    },
    /** The pull stores the report and the status document says so. */
    complete: async () => {
      report = bureauReport('EQUIFAX');
      current = stored;
      await waitFor(() => expect(listeners.length).toBeGreaterThan(0));
      await act(async () => listeners.forEach((listener) => listener('complete')));
    },
  };
}

const processing: InitialReportData = { userId: 'u1', status: 'processing', report: null };
const stored: InitialReportData = { userId: 'u1', status: 'complete', report: { id: 'first-u1', pulledAt: '2026-11-25T15:30:00.000Z' } };

describe('the credit report page before the first report', { timeout: 20_000 }, () => {
  it('says the first report is on its way, follows its pull live and shows the report once it is stored', async () => {
    const page = await openReport(processing);
    expect(await screen.findByText(/Your first credit report is on its way/)).toBeTruthy();
    expect(screen.queryByText('We could not load your credit report.')).toBeNull();
    await waitFor(() => expect(page.watched).toContain('u1'));
    const asked = page.getInitialReport.mock.calls.length;

    await page.complete();
    expect(await screen.findByRole('heading', { name: /Equifax/, level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('first-report')).toBeNull());
    expect(page.getInitialReport.mock.calls.length).toBeGreaterThan(asked);
  });

  it('says a failed first pull could not be pulled and that a report can be ordered', async () => {
    await openReport({ userId: 'u1', status: 'error', report: null });
    expect(await screen.findByText(/We could not pull your first credit report/)).toBeTruthy();
  });

  it('says the first report comes with the end of onboarding when no pull has started', async () => {
    await openReport({ userId: 'u1', status: 'none', report: null });
    expect(await screen.findByText('Your first credit report is pulled when you finish onboarding.')).toBeTruthy();
  });

  it('says the check failed, and Try again asks again', async () => {
    const page = await openReport(new Error('unavailable'));
    expect(await screen.findByText('We could not check on your first credit report.')).toBeTruthy();
    page.answer(processing);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your first credit report is on its way/)).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await openReport(processing, 'es');
    expect(await screen.findByText(/Su primer informe de crédito está en camino/)).toBeTruthy();
  });
});
