import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { permittedAreas } from '../../src/domain/permissions';
import { HomePage } from '../../src/views/shell/HomePage';
import type { MainShellProps } from '../../src/views/shell/MainShell';
import { mainShell } from './shell/mainShell';
import { renderView } from '../support/render';

const premiumAreas = permittedAreas({}, 'Primary');
const freeAreas = permittedAreas({}, 'Freemium');

const shell = (props: Partial<MainShellProps> = {}) => mainShell({ areas: premiumAreas, ...props });

describe('main shell', () => {
  it('lists the areas a premium customer may open', async () => {
    await renderView(shell());
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    for (const name of ['Dashboard', 'Credit', 'Money', 'Documents', 'Identity', 'Learning Center']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('leaves out money for the free line, and keeps Credit and Identity (their pages show the upgrade banner)', async () => {
    await renderView(shell({ areas: freeAreas }));
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Credit' }).getAttribute('href')).toBe('/credit');
    expect(within(nav).queryByRole('link', { name: 'Money' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Identity' }).getAttribute('href')).toBe('/identity');
    expect(within(nav).getByRole('link', { name: 'Documents' })).toBeTruthy();
  });

  it('leads Support to the support center (its still-need-assistance dialog has the phone and the form)', async () => {
    await renderView(shell());
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
  });

  it('asks for confirmation before signing out', async () => {
    const onSignOut = vi.fn();
    await renderView(shell({ onSignOut }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onSignOut).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Sign out?' })).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('opens the mobile drawer with the same areas', async () => {
    await renderView(shell());
    // The burger and the drawer are for narrow screens (hidden from 900 px; jsdom's window is wider).
    await userEvent.click(screen.getByLabelText('Open menu'));
    const drawer = await screen.findByRole('dialog', { name: 'Menu', hidden: true });
    expect(within(drawer).getByText('Credit').closest('a')?.getAttribute('href')).toBe('/credit');
    expect(within(drawer).getByText('Support').closest('a')?.getAttribute('href')).toBe('/support');
  });

  it("shows the bottom navigation's five tabs with '9+' on credit above 9", async () => {
    await renderView(shell({ creditReviewCount: 12 }));
    // Narrow screens only (hidden from 900 px; jsdom's window is wider).
    const nav = screen.getByLabelText('Quick navigation');
    // Each tab is named by its visible text (WCAG 2.5.3); the credit tab's count and its meaning follow the name.
    // (`hidden`: the navigation shows on narrow screens only, and jsdom's window is wide.)
    expect(within(nav).getAllByRole('link', { hidden: true })).toHaveLength(5);
    for (const name of ['Documents', 'Identity', 'Dashboard', 'Money']) expect(within(nav).getByRole('link', { name, hidden: true })).toBeTruthy();
    // The red dot comes first in the tab's text (it sits before the label in the markup).
    const credit = within(nav).getByRole('link', { name: /^9\+\s*Credit\s*ready for review$/, hidden: true });
    expect(credit.getAttribute('href')).toBe('/credit');
    expect(credit.getAttribute('aria-label')).toBeNull();
  });

  it('hides the bottom navigation when its flag is off', async () => {
    await renderView(shell({ bottomNavigation: false }));
    expect(screen.queryByLabelText('Quick navigation')).toBeNull();
  });

  it('makes the header 102 px tall with the broker banner, 72 px without', async () => {
    // AppShell writes the height as rem: 102 px = 6.375rem, 72 px = 4.5rem.
    const headerHeight = () =>
      [...document.querySelectorAll('style')].map((style) => style.textContent).join('').match(/--app-shell-header-height:calc\(([\d.]+)rem/)?.[1];
    const { unmount } = await renderView(shell({ brokerBanner: 'Summit Home Lending' }));
    expect(screen.getByRole('note').textContent).toContain('Summit Home Lending');
    expect(Number(headerHeight()) * 16).toBe(102);
    unmount();
    await renderView(shell());
    expect(Number(headerHeight()) * 16).toBe(72);
  });

  it('opens the terms and the privacy policy from the footer as overlays over the page', async () => {
    const { unmount } = await renderView(shell());
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    unmount();
    // Over an area's page, the overlay's address is the area's (spec 000 §2.4).
    await renderView(shell(), { route: '/credit/report/equifax' });
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/credit/terms-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/credit/privacy-policy');
  });
});

describe('main shell flags (spec 000 §6)', () => {
  it('shows the alternate logo (the mark beside the name) only with its flag, the home link named the same', async () => {
    const { unmount } = await renderView(shell());
    const standard = screen.getByRole('link', { name: 'Credit Readiness home' });
    expect(standard.querySelector('svg')).toBeNull();
    unmount();
    await renderView(shell({ alternateLogo: true }));
    const alternate = screen.getByRole('link', { name: 'Credit Readiness home' });
    expect(alternate.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(alternate.textContent).toBe('Credit Readiness');
  });

  it("shows the 'Powered by' banner in partner mode only, in English and Spanish", async () => {
    const { unmount } = await renderView(shell());
    expect(screen.queryByText('Powered by Credit Readiness')).toBeNull();
    unmount();
    const english = await renderView(shell({ poweredBy: true }));
    expect(screen.getByRole('note').textContent).toBe('Powered by Credit Readiness');
    english.unmount();
    await renderView(shell({ poweredBy: true }), { language: 'es' });
    expect(screen.getByRole('note').textContent).toMatch(/^Con la tecnología de /);
  });
});

describe('home', () => {
  it('greets the customer by name with the hour greeting', async () => {
    await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={14} />);
    expect(screen.getByRole('heading', { name: 'Good afternoon, Maria' })).toBeTruthy();
  });

  it("welcomes with remote config's default 'Welcome' in the page's language, or the configured message as written", async () => {
    const { unmount } = await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={9} welcomeMessage="Welcome" />);
    expect(screen.getByText('Welcome')).toBeTruthy();
    unmount();
    const spanish = await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={9} />, { language: 'es' });
    expect(screen.getByText('Bienvenido')).toBeTruthy();
    spanish.unmount();
    await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={9} welcomeMessage="Spring is here: plan your goal" />);
    expect(screen.getByText('Spring is here: plan your goal')).toBeTruthy();
    expect(screen.queryByText('Welcome')).toBeNull();
  });

  it('shows the readiness score card unless the score flag is off', async () => {
    const { unmount } = await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={9} />);
    expect(screen.getByRole('heading', { name: 'Loan readiness score' })).toBeTruthy();
    unmount();
    await renderView(<HomePage firstName="Maria" areas={premiumAreas} hour={9} showScore={false} />);
    expect(screen.queryByRole('heading', { name: 'Loan readiness score' })).toBeNull();
  });
});
