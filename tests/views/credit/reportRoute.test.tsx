import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditReportRoute from '../../../src/app/credit/CreditReportRoute';
import { readConfig } from '../../../src/app/config';
import type { ReportSource } from '../../../src/contract/credit';
import { Providers } from '../../../src/app/providers';
import { createAppActors, type AppActors } from '../../../src/app/shell/appActors';
import { fakeAppPorts } from '../../support/appHarness';
import { bureauReport, combinedReport, scoreHistory } from '../../support/creditReportFixture';
import { testI18n } from '../../support/render';

// /credit/report and /credit/report/:bureau (spec 001 §2): the index is the combined report, or Equifax with the
// report-v2 flag; the legacy credmo3bReportScore goes to Equifax; any other value to /credit; each redirect replaces
// the address. The page reads the report of its source.

let actors: AppActors | undefined;

afterEach(() => {
  for (const actor of [actors?.session, actors?.maintenance, actors?.guardChain, actors?.errorReporter]) actor?.stop();
  actors = undefined;
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** `flags`: the config/featureFlags document's boolean overrides. */
async function openReport(path: string, flags: Record<string, boolean> = {}) {
  const getCreditReport = vi.fn(async ({ source }: { source: ReportSource }) =>
    source === 'combined' ? combinedReport() : bureauReport(source.toUpperCase() as 'EQUIFAX'),
  );
  const fakes = fakeAppPorts({
    user: { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] },
    credit: { getCreditReport, getCreditScoreHistory: async () => scoreHistory(), listCreditReports: async () => ({ userId: 'u1', reports: [] }) },
    getCustomerContact: async () => ({ Credit_Pull_Date__c: '2026-11-02', KBA_Status__c: true }) as never,
  });
  fakes.ports.liveData.subscribeFeatureFlags = (listener) => {
    listener(flags);
    return () => undefined;
  };
  window.history.replaceState(null, '', path);
  actors = createAppActors(readConfig({ VITE_ENV: 'emulator' }), fakes.ports, path);
  const i18n = await testI18n('en');
  const historyLength = window.history.length;
  const app = (
    <Providers actors={actors} i18n={i18n}>
      <Location />
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/credit" element={<p>credit overview</p>} />
          <Route path="/credit/report" element={<CreditReportRoute />} />
          <Route path="/credit/report/:bureau" element={<CreditReportRoute />} />
        </Routes>
      </Suspense>
    </Providers>
  );
  // The page suspends until the query library has loaded: the retry runs inside an awaited act.
  await act(async () => {
    render(app);
  });
  return { getCreditReport, historyLength };
}

const location = () => screen.getByTestId('location').textContent;

describe('credit report routes', () => {
  it('shows the combined three-bureau report at /credit/report', async () => {
    const { getCreditReport } = await openReport('/credit/report');
    expect(await screen.findByRole('heading', { name: 'Your three-bureau credit report', level: 1 })).toBeTruthy();
    expect(location()).toBe('/credit/report');
    expect(getCreditReport).toHaveBeenCalledWith({ source: 'combined' });
  });

  it('redirects /credit/report to Equifax with the report-v2 flag, and offers no combined tab', async () => {
    const { getCreditReport } = await openReport('/credit/report', { creditReportV2: true });
    expect(await screen.findByRole('heading', { name: 'Your Equifax credit report', level: 1 })).toBeTruthy();
    expect(location()).toBe('/credit/report/equifax');
    expect(getCreditReport).toHaveBeenCalledWith({ source: 'equifax' });
    expect(getCreditReport).not.toHaveBeenCalledWith({ source: 'combined' });
    expect(screen.queryByRole('link', { name: 'All three bureaus' })).toBeNull();
  });

  it('shows one bureau at /credit/report/transunion', async () => {
    const { getCreditReport } = await openReport('/credit/report/transunion');
    expect(await screen.findByRole('heading', { name: 'Your TransUnion credit report', level: 1 })).toBeTruthy();
    expect(getCreditReport).toHaveBeenCalledWith({ source: 'transunion' });
  });

  it('sends the legacy credmo3bReportScore to Equifax, replacing the address', async () => {
    const { historyLength } = await openReport('/credit/report/credmo3bReportScore');
    expect(await screen.findByRole('heading', { name: 'Your Equifax credit report', level: 1 })).toBeTruthy();
    expect(location()).toBe('/credit/report/equifax');
    expect(window.history.length).toBe(historyLength);
  });

  it('sends an unknown bureau to /credit, replacing the address', async () => {
    const { getCreditReport, historyLength } = await openReport('/credit/report/innovis');
    await waitFor(() => expect(location()).toBe('/credit'));
    expect(screen.getByText('credit overview')).toBeTruthy();
    expect(window.history.length).toBe(historyLength);
    expect(getCreditReport).not.toHaveBeenCalled();
  });

  it('shows the scores warning once per visit: acknowledged, it stays so on the other bureau tabs', async () => {
    window.sessionStorage.clear();
    await openReport('/credit/report/experian');
    await userEvent.click(await screen.findByRole('button', { name: 'I understand, show my scores' }));
    await userEvent.click(screen.getByRole('link', { name: 'TransUnion' }));
    expect(await screen.findByRole('heading', { name: 'Your TransUnion credit report', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I understand, show my scores' })).toBeNull();
    expect(screen.getByRole('button', { name: 'About these scores' })).toBeTruthy();
    window.sessionStorage.clear();
  });

  it('puts the refresh control and the language toggle in the report header', async () => {
    await openReport('/credit/report/experian');
    await screen.findByRole('heading', { name: 'Your Experian credit report', level: 1 });
    // The refresh control waits for the customer's contact here (its states are the refresh control's tests).
    expect(screen.getByRole('button', { name: 'Refresh report' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Report language' })).toBeTruthy();
  });
});
