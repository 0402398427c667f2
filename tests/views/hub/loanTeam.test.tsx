import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoanTeamDialog } from '../../../src/views/hub/LoanTeamDialog';
import { renderView } from '../../support/render';

const BROKER = {
  firstName: 'Patricia',
  lastName: 'Lennox',
  companyName: 'Summit Home Lending',
  phone: '7025550199',
  email: 'partner@demo.test',
  nmlsId: '1456789',
};

describe('the your-loan-team dialog (spec 000 §2.4, spec 002 §3 Broker referral data)', () => {
  it('names the loan officer with the company and NMLS id, and links the phone and the email', async () => {
    await renderView(<LoanTeamDialog opened onClose={vi.fn()} referral={{ status: 'shown', data: BROKER }} />);
    // The first dialog of the run loads the dialog's code.
    const dialog = await screen.findByRole('dialog', { name: 'Your loan team' });
    expect(dialog.textContent).toContain('Patricia Lennox');
    expect(dialog.textContent).toContain('CompanySummit Home Lending');
    expect(dialog.textContent).toContain('NMLS ID1456789');
    expect(screen.getByRole('link', { name: '(702) 555-0199' }).getAttribute('href')).toBe('tel:+17025550199');
    expect(screen.getByRole('link', { name: 'partner@demo.test' }).getAttribute('href')).toBe('mailto:partner@demo.test');
  });

  it('says "Not on record" for the parts the CRM lacks', async () => {
    await renderView(<LoanTeamDialog opened onClose={vi.fn()} referral={{ status: 'shown', data: { ...BROKER, phone: null, nmlsId: null } }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Your loan team' });
    expect(dialog.textContent).toContain('NMLS IDNot on record');
    expect(dialog.textContent).toContain('PhoneNot on record');
    expect(screen.queryByRole('link', { name: /702/ })).toBeNull();
  });

  it('shows the no-data message when no loan officer is on record', async () => {
    await renderView(<LoanTeamDialog opened onClose={vi.fn()} referral={{ status: 'shown', data: null }} />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'No loan officer is on record for you yet. Your coach can connect you with one when you are ready.',
    );
  });

  it('shows "unable loan team" with a retry when the call fails', async () => {
    const onRetry = vi.fn();
    await renderView(<LoanTeamDialog opened onClose={vi.fn()} referral={{ status: 'failed', onRetry }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load your loan team. Try again in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Spanish', async () => {
    await renderView(<LoanTeamDialog opened onClose={vi.fn()} referral={{ status: 'shown', data: BROKER }} />, { language: 'es' });
    const dialog = await screen.findByRole('dialog', { name: 'Tu equipo de préstamo' });
    expect(dialog.textContent).toContain('ID de NMLS1456789');
  });
});
