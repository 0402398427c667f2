import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useParams } from 'react-router-dom';
import { isSettingsSection, SettingsLayout, SETTINGS_SIDEBAR_QUERY } from '../../../src/views/settings/SettingsLayout';
import type { Language } from '../../../src/i18n';
import { renderView } from '../../support/render';

// spec 000 §2.5: the settings pages' layout. A sidebar of the pages on wide screens (900 px and up), a labelled
// dropdown on small ones, both leading to the page; a sign-out item asking for confirmation; billing only when the
// customer has it; the page's heading and the browser tab's title name the page.

const { matchMedia } = window;
afterEach(() => {
  window.matchMedia = matchMedia;
});

/** The screen is as wide as `widthPx`: min-width queries up to it match. */
function screenWidth(widthPx: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return { ...matchMedia(query), matches: min !== null && widthPx >= Number(min[1]) };
  };
}

function SettingsRoute({ showBilling, onSignOut }: { showBilling: boolean; onSignOut: () => void }) {
  const { page = '' } = useParams();
  if (!isSettingsSection(page)) return <p>not found</p>;
  return (
    <SettingsLayout section={page} showBilling={showBilling} onSignOut={onSignOut}>
      <p>content of {page}</p>
    </SettingsLayout>
  );
}

async function renderSettings(route: string, { showBilling = false, language = 'en', onSignOut = vi.fn() }: { showBilling?: boolean; language?: Language; onSignOut?: () => void } = {}) {
  await renderView(
    <Routes>
      <Route path="/settings/:page" element={<SettingsRoute showBilling={showBilling} onSignOut={onSignOut} />} />
    </Routes>,
    { route, language },
  );
  return { onSignOut };
}

describe('the settings layout', { timeout: 20_000 }, () => {
  it('shows the pages in a sidebar on a wide screen, the current one marked, and moves between them', async () => {
    screenWidth(1280);
    expect(window.matchMedia(SETTINGS_SIDEBAR_QUERY).matches).toBe(true);
    await renderSettings('/settings/personal-info');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Loan goal', 'Personal info', 'Communications', 'Security']);
    expect(within(nav).getByRole('link', { name: 'Personal info' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Personal info' })).toBeTruthy();
    expect(document.title).toBe('Personal info · Settings · Credit Readiness');
    await userEvent.click(within(nav).getByRole('link', { name: 'Security' }));
    expect(await screen.findByText('content of security')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(document.title).toBe('Security · Settings · Credit Readiness');
    expect(screen.queryByRole('combobox', { name: 'Settings page' })).toBeNull();
  });

  it('offers a dropdown of the pages on a small screen instead of the sidebar', async () => {
    screenWidth(390);
    await renderSettings('/settings/loan-goal');
    const select = await screen.findByRole('combobox', { name: 'Settings page' });
    expect((select as HTMLSelectElement).value).toBe('loan-goal');
    expect(screen.queryByRole('link', { name: 'Personal info' })).toBeNull();
    await userEvent.selectOptions(select, 'Communications');
    expect(await screen.findByText('content of communications')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Settings page' }) as HTMLSelectElement).value).toBe('communications');
    expect(screen.getByRole('heading', { level: 1, name: 'Communications' })).toBeTruthy();
  });

  it('lists billing only when the customer has a billing page', async () => {
    screenWidth(1280);
    await renderSettings('/settings/loan-goal', { showBilling: true });
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/settings/billing');
  });

  it('asks before signing out: Cancel stays, Sign out proceeds', async () => {
    screenWidth(1280);
    const { onSignOut } = await renderSettings('/settings/security');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(within(dialog).getByText('Are you sure you want to sign out?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out?' })).toBeNull());
    expect(onSignOut).not.toHaveBeenCalled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('reads in Spanish', async () => {
    screenWidth(390);
    await renderSettings('/settings/personal-info', { language: 'es' });
    const select = await screen.findByRole('combobox', { name: 'Página de configuración' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Meta del préstamo', 'Datos personales', 'Comunicaciones', 'Seguridad']);
    expect(screen.getByRole('heading', { level: 1, name: 'Datos personales' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});
