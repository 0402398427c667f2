import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { ReportRefreshControl } from '../../../src/app/credit/ReportRefreshControl';
import type { CustomerContact } from '../../../src/contract/contact';
import { addDays } from '../../../src/domain/reportRefresh';
import { ReportRefreshButton, type RefreshControlState } from '../../../src/views/credit/refresh/ReportRefreshButton';
import { fakeAppPorts, type FakeAppPortsOptions } from '../../support/appHarness';
import { renderView } from '../../support/render';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// The report's Refresh control (spec 001 §2, §4 "Report ordering", §5): its four states explained by a tooltip
// (wide screens) or a dialog (small ones), and ordering through the reportRefresh machine: the toasts, the
// throttle's seconds, an order aborted for one under way, the identity check first, and a coach who may not act.

describe('the refresh button and its explanation', () => {
  const explanation = (state: RefreshControlState, needsKba = false) =>
    renderView(<ReportRefreshButton state={state} needsKba={needsKba} explain="tooltip" onRefresh={() => undefined} />);

  it.each<[string, RefreshControlState, string]>([
    ['enabled', { kind: 'enabled' }, 'You can order a new report from all three bureaus now.'],
    ['disabled until a date', { kind: 'disabled', until: '2026-12-24' }, 'Your report was refreshed recently. You can order a new one on December 24, 2026.'],
    ['loading', { kind: 'loading' }, 'Ordering your new report…'],
    ['not permitted', { kind: 'notPermitted' }, "You are not permitted to refresh this customer's report."],
  ])('describes the %s state on the button', async (_, state, text) => {
    await explanation(state);
    expect(screen.getByRole('button', { name: /Refresh report/ }).getAttribute('aria-describedby')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Refresh report/ });
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(text);
  });

  it('says it is checking, not ordering, while the facts are read', async () => {
    await explanation({ kind: 'checking' });
    expect(screen.getByText('Checking whether your report can be refreshed…')).toBeTruthy();
  });

  it('says to call when KBA failed and no date will open a refresh', async () => {
    await explanation({ kind: 'disabled', until: null });
    expect(screen.getByText(/Your identity could not be confirmed/)).toBeTruthy();
  });

  it('says the identity check comes first when the KBA flag asks for it', async () => {
    await explanation({ kind: 'enabled' }, true);
    expect(screen.getByText(/First we will confirm your identity/)).toBeTruthy();
  });

  it('orders only while enabled', async () => {
    const onRefresh = vi.fn();
    const { rerender } = await renderView(<ReportRefreshButton state={{ kind: 'disabled', until: '2026-12-24' }} needsKba={false} explain="tooltip" onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: /Refresh report/ }));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Refresh report/ }).getAttribute('aria-disabled')).toBe('true');
    rerender(<ReportRefreshButton state={{ kind: 'enabled' }} needsKba={false} explain="tooltip" onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: /Refresh report/ }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('explains itself in a dialog on small screens, from the info button or a refused press', async () => {
    await renderView(<ReportRefreshButton state={{ kind: 'notPermitted' }} needsKba={false} explain="dialog" onRefresh={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /Refresh report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'About refreshing your report' });
    expect(within(dialog).getByText("You are not permitted to refresh this customer's report.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'About refreshing your report' }));
    expect(await screen.findByRole('dialog', { name: 'About refreshing your report' })).toBeTruthy();
  });
});

describe('ordering a new report', () => {
  afterEach(stopCreditApp);
  const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
  const customer: RawClaims = { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true };
  const longAgo = addDays(new Date().toISOString().slice(0, 10), -45);

  async function openControl(options: FakeAppPortsOptions & { contact?: Partial<CustomerContact>; kbaFlag?: boolean }) {
    const getCustomerContact = vi.fn(async () => ({ Credit_Pull_Date__c: longAgo, KBA_Status__c: null, ...options.contact }) as CustomerContact);
    const fakes = fakeAppPorts({ user: maria, claims: customer, getCustomerContact, ...options });
    await renderCreditPage(<ReportRefreshControl />, fakes, { path: '/credit/report', flags: { kba: options.kbaFlag ?? false } });
    fakes.setUser(maria);
    return { getCustomerContact };
  }

  const refresh = () => screen.findByRole('button', { name: /Refresh report/ });

  it('orders, says so, and is disabled for 30 days once the new report is in, reading the contact again', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const orderReport = vi.fn(async () => ({ status: 'ordered' as const, creditPullDate: today }));
    const { getCustomerContact } = await openControl({ creditActions: { orderReport } });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
    await userEvent.click(await refresh());
    expect(await screen.findByText('We are ordering your new report. This can take a moment.')).toBeTruthy();
    expect(await screen.findByText('Your new report is ready.')).toBeTruthy();
    expect(orderReport).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(getCustomerContact.mock.calls.length).toBeGreaterThan(1));
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('true'));
  });

  it('shows the seconds left when the server refuses a second order inside 15 s', async () => {
    const orderReport = vi.fn(async () => {
      throw { code: 'resource-exhausted', retryAfterSeconds: 9 };
    });
    await openControl({ creditActions: { orderReport } });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
    await userEvent.click(await refresh());
    expect(await screen.findByText('A report was just ordered. Please wait 9 seconds before ordering again.')).toBeTruthy();
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
  });

  it('says a report is already on its way when the server aborts the order for an earlier one, not that it failed', async () => {
    const orderReport = vi.fn(async () => {
      throw { code: 'aborted', callableCode: 'aborted', key: 'order-in-progress' };
    });
    await openControl({ creditActions: { orderReport } });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
    await userEvent.click(await refresh());
    expect(await screen.findByText('A new report is already being ordered for you. It will show here as soon as it is ready.')).toBeTruthy();
    expect(screen.queryByText('We could not order your new report. Please try again later.')).toBeNull();
  });

  it('shows an error toast when the order fails otherwise', async () => {
    const orderReport = vi.fn(async () => {
      throw { code: 'unavailable' };
    });
    await openControl({ creditActions: { orderReport } });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
    await userEvent.click(await refresh());
    expect(await screen.findByText('We could not order your new report. Please try again later.')).toBeTruthy();
  });

  it('goes through the identity check first with the KBA flag on', async () => {
    const orderReport = vi.fn(async () => ({ status: 'kba-required' as const, kbaLinkId: 'kba-1' }));
    await openControl({ creditActions: { orderReport }, kbaFlag: true });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('false'));
    expect(screen.getByText(/First we will confirm your identity/)).toBeTruthy();
    await userEvent.click(await refresh());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/kba?id=kba-1'));
  });

  it('is disabled until 30 days after the last pull', async () => {
    const recent = addDays(new Date().toISOString().slice(0, 10), -2);
    await openControl({ contact: { Credit_Pull_Date__c: recent } });
    await waitFor(async () => expect((await refresh()).getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByText(/You can order a new one on/)).toBeTruthy();
  });

  it('tells a coach without client actions that they are not permitted, and orders nothing', async () => {
    const orderReport = vi.fn();
    await openControl({
      claims: { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true, isAgent: true, allowClientActions: false },
      creditActions: { orderReport },
    });
    expect(await screen.findByText("You are not permitted to refresh this customer's report.")).toBeTruthy();
    await userEvent.click(await refresh());
    expect(orderReport).not.toHaveBeenCalled();
  });
});
