import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import ShellRoute from '../../../src/app/shell/ShellRoute';
import { useAppActors } from '../../../src/app/shell/appActors';
import { permittedAreas } from '../../../src/domain/permissions';
import type { MainShellProps } from '../../../src/views/shell/MainShell';
import { fakeAppPorts } from '../../support/appHarness';
import { renderView } from '../../support/render';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { mainShell } from './mainShell';

// The header of every signed-in page (spec 000 §2.4, spec 002 §2): the areas permitted by claims and product line
// (spec 000 §2.3 gate 7, spec 002 §6), and the your-loan-team dialog, opened from the header on any page and closed
// by the browser's Back (a modal state carried in the navigation state).

afterEach(() => stopCreditApp());

const shell = (props: Partial<MainShellProps> = {}) => mainShell({ areas: permittedAreas({ role: 'customer' }, 'Primary'), ...props });

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;

describe('the header areas follow the claims', () => {
  it('shows a partner signed in as themselves no credit, money, documents or identity, only what is theirs to use', async () => {
    await renderView(shell({ areas: permittedAreas({ role: 'partner' }, 'Primary') }));
    for (const name of ['Credit', 'Money', 'Documents', 'Identity']) {
      expect(within(mainNav()).queryByRole('link', { name })).toBeNull();
    }
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Learning Center' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
    // The bottom navigation (narrow screens) follows the same areas.
    const quick = screen.getByLabelText('Quick navigation');
    expect(within(quick).getAllByRole('link', { hidden: true }).map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  it("shows a coach working for a customer the customer's areas", async () => {
    await renderView(shell({ areas: permittedAreas({ role: 'coach', isAgent: true }, 'Primary') }));
    for (const name of ['Credit', 'Money', 'Documents', 'Identity']) {
      expect(within(mainNav()).getByRole('link', { name })).toBeTruthy();
    }
  });
});

describe('the header’s your-loan-team button', () => {
  it('is a button reached with the keyboard that opens the dialog, in English and Spanish', async () => {
    const onOpenLoanTeam = vi.fn();
    await renderView(shell({ onOpenLoanTeam }));
    const button = screen.getByRole('button', { name: 'Your loan team' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpenLoanTeam).toHaveBeenCalledOnce();
  });

  it('is in the mobile drawer too, which closes as the dialog opens', async () => {
    const onOpenLoanTeam = vi.fn();
    await renderView(shell({ onOpenLoanTeam }), { language: 'es' });
    await userEvent.click(screen.getByLabelText('Abrir el menú'));
    const drawer = await screen.findByRole('dialog', { name: 'Menú', hidden: true });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Tu equipo de préstamo', hidden: true }));
    expect(onOpenLoanTeam).toHaveBeenCalledOnce();
  });

  it('is absent when the session has no loan team to show', async () => {
    await renderView(shell());
    expect(screen.queryByRole('button', { name: 'Your loan team' })).toBeNull();
  });
});

const maria: AuthUser = { uid: 'u-maria', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const BROKER = {
  firstName: 'Patricia',
  lastName: 'Lennox',
  companyName: 'Summit Home Lending',
  phone: '7025550199',
  email: 'partner@demo.test',
  nmlsId: '1456789',
};

/** A page of the shell with a link elsewhere, to show the dialog belongs to the header and not to one page. */
function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

/** The shell once the session has its user, as the app's guard chain renders it (src/app/App.tsx GuardedLayout). */
function SignedInShell() {
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  if (uid === null) return null;
  return (
    <Routes>
      <Route element={<ShellRoute />}>
        <Route path="learning-center" element={<Page name="Learning Center" />} />
        <Route path="*" element={<Page name="elsewhere" />} />
      </Route>
    </Routes>
  );
}

async function signIn(claims: RawClaims) {
  const contacts: string[] = [];
  const fakes = fakeAppPorts({
    claims,
    userDocument: () => ({ productLine: 'Primary' }),
    hub: {
      getReferralPageData: async (contactId) => {
        contacts.push(contactId);
        return BROKER;
      },
    },
  });
  await renderCreditPage(<SignedInShell />, fakes, { path: '/learning-center', pattern: '/*' });
  await act(async () => {
    fakes.setMaintenance(false);
    fakes.setUser(maria);
  });
  await screen.findByRole('heading', { name: 'Learning Center' }, { timeout: 20_000 });
  return { contacts };
}

describe('the your-loan-team dialog from the shell header', () => {
  it("opens on any signed-in page with the customer's loan officer, and the browser's Back closes it", async () => {
    const { contacts } = await signIn({ role: 'customer', customerContactId: 'c-maria', customerOnboardingComplete: true });
    await userEvent.click(screen.getByRole('button', { name: 'Your loan team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your loan team' });
    expect((await within(dialog).findByText('Patricia Lennox')).textContent).toBe('Patricia Lennox');
    expect(contacts).toEqual(['c-maria']);
    // Still the same page underneath: the dialog is a modal state, not a page.
    expect(screen.getByTestId('location').textContent).toBe('/learning-center');

    await act(async () => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your loan team' })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/learning-center');
  });

  it('closes with its Close button and leaves the page as it was', async () => {
    await signIn({ role: 'customer', customerContactId: 'c-maria', customerOnboardingComplete: true });
    await userEvent.click(screen.getByRole('button', { name: 'Your loan team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your loan team' });
    // The dialog's own Close button (the title bar's × is named Close too).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your loan team' })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/learning-center');
  });

  it('is not offered to a salesperson signed in as themselves, whose header has no customer areas either', async () => {
    await signIn({ role: 'sales' });
    expect(screen.queryByRole('button', { name: 'Your loan team' })).toBeNull();
    expect(within(mainNav()).queryByRole('link', { name: 'Credit' })).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Learning Center' })).toBeTruthy();
  });
});
