import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditOverviewRoute from '../../../src/app/credit/CreditOverviewRoute';
import { creditFactors } from '../../../src/domain/creditFactors';
import { CreditOverviewPage } from '../../../src/views/credit/overview/CreditOverviewPage';
import { creditDisplay } from '../../support/creditReportFixture';
import { fakeAppPorts } from '../../support/appHarness';
import { renderView } from '../../support/render';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// The credit overview (spec 002 §2): the score on its 300-850 scale, the five cards and the factors helping and
// hurting, from a credit display whose every fact is known (tests/support/creditReportFixture.ts).

const TODAY = '2026-11-25';

function shown() {
  return { status: 'shown' as const, factors: creditFactors(creditDisplay(), TODAY) };
}

describe('credit overview', () => {
  it('shows the score on the 300-850 scale with its band and the marks 300, 480, 660, 850', async () => {
    await renderView(<CreditOverviewPage state={shown()} />);
    const meter = screen.getByRole('meter', { name: 'Credit score on a scale from 300 to 850' });
    expect(meter.getAttribute('aria-valuenow')).toBe('688');
    expect(meter.getAttribute('aria-valuetext')).toBe('688, Good');
    expect(meter.getAttribute('aria-valuemin')).toBe('300');
    expect(meter.getAttribute('aria-valuemax')).toBe('850');
    for (const mark of ['300', '480', '660', '850']) expect(within(meter).getByText(mark)).toBeTruthy();
  });

  it('shows the five cards from the credit display', async () => {
    await renderView(<CreditOverviewPage state={shown()} />);
    const card = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('.mantine-Card-root') as HTMLElement;
    expect(within(card('Credit card use')).getByText('50%')).toBeTruthy();
    expect(within(card('Credit card use')).getByText('$1,500 used of $3,000 in limits on open cards.')).toBeTruthy();
    expect(within(card('Credit card use')).getByText('Hurting')).toBeTruthy();
    expect(within(card('Payment history')).getByText('98% on time')).toBeTruthy();
    expect(within(card('Payment history')).getByText('1 late of 48 months reported on open accounts.')).toBeTruthy();
    expect(within(card('Credit age')).getByText('18 yr 10 mo')).toBeTruthy();
    expect(within(card('Credit age')).getByText('Credit Matured')).toBeTruthy();
    expect(within(card('New credit')).getByText('1 new account in 90 days')).toBeTruthy();
    expect(within(card('New credit')).getByText('2 inquiries in the last 24 months.')).toBeTruthy();
    expect(within(card('Credit mix')).getByText('Room to grow')).toBeTruthy();
    expect(within(card('Credit mix')).getByText('0 auto loans — fewer than lenders like to see')).toBeTruthy();
    expect(within(card('Credit mix')).getByText('1 mortgage')).toBeTruthy();
  });

  it('lists the factors helping and hurting the score', async () => {
    await renderView(<CreditOverviewPage state={shown()} />);
    const list = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('.mantine-Card-root') as HTMLElement;
    const helping = within(list('Helping your score')).getAllByRole('listitem').map((item) => item.textContent);
    const hurting = within(list('Hurting your score')).getAllByRole('listitem').map((item) => item.textContent);
    expect(helping).toEqual(['Payment history: more than 90% of your payments were on time.', 'Credit age: your oldest account is 15 years or older.']);
    expect(hurting).toEqual([
      'Credit card use: you use more than 30% of your card limits; paying balances down helps quickly.',
      'Credit mix: your report lacks some kinds of credit lenders look for.',
    ]);
  });

  it('links to the report (the legacy address), corrected disputes, the learning center, identity and documents', async () => {
    await renderView(<CreditOverviewPage state={shown()} />);
    expect(screen.getByRole('link', { name: 'View your credit report' }).getAttribute('href')).toBe('/credit/report/credmo3bReportScore');
    const links = within(screen.getByRole('navigation', { name: 'More about your credit' }));
    expect(links.getByRole('link', { name: 'Corrected disputes' }).getAttribute('href')).toBe('/credit/disputes/corrected');
    expect(links.getByRole('link', { name: 'Learning center' }).getAttribute('href')).toBe('/learning-center');
    expect(links.getByRole('link', { name: 'Identity' }).getAttribute('href')).toBe('/identity');
    expect(links.getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe('/documents');
  });

  it("says 'No credit score available' when no bureau reports a score", async () => {
    const display = { ...creditDisplay(), bureauReports: [{ bureau: 'EQUIFAX' as const, creditScore: null, reportDate: null }] };
    await renderView(<CreditOverviewPage state={{ status: 'shown', factors: creditFactors(display, TODAY) }} />);
    expect(screen.getByText('No credit score available')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('says the overview could not be loaded, with Try again', async () => {
    const onRetry = vi.fn();
    await renderView(<CreditOverviewPage state={{ status: 'failed', onRetry }} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not load your credit overview.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('reads in Spanish', async () => {
    await renderView(<CreditOverviewPage state={shown()} />, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Su crédito', level: 1 })).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Puntaje de crédito en una escala de 300 a 850' }).getAttribute('aria-valuetext')).toBe('688, Bueno');
    expect(screen.getByText('Crédito consolidado')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lo que perjudica a su puntaje' })).toBeTruthy();
  });
});

describe('credit overview route', () => {
  afterEach(stopCreditApp);
  const user = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

  it('reads the credit display and shows its score and factors', async () => {
    const getCreditDisplay = vi.fn(async () => creditDisplay());
    await renderCreditPage(<CreditOverviewRoute />, fakeAppPorts({ user, credit: { getCreditDisplay } }), { path: '/credit' });
    expect((await screen.findByRole('meter')).getAttribute('aria-valuenow')).toBe('688');
    expect(screen.getByText('50%')).toBeTruthy();
    expect(getCreditDisplay).toHaveBeenCalledTimes(1);
  });

  it('offers Try again when the credit display cannot be read, and shows it once it can', async () => {
    const getCreditDisplay = vi.fn().mockRejectedValueOnce(Object.assign(new Error('offline'), { code: 'unavailable' })).mockResolvedValue(creditDisplay());
    await renderCreditPage(<CreditOverviewRoute />, fakeAppPorts({ user, credit: { getCreditDisplay } }), { path: '/credit' });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your credit overview.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('meter')).getAttribute('aria-valuenow')).toBe('688');
  });
});
