import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScoreDetailsDialog } from '../../../src/views/hub/ScoreDetailsDialog';
import { renderView } from '../../support/render';

const DETAILS = {
  displayScore: 64,
  previousDisplayScore: 60,
  components: [
    { type: 'dti', currentDisplayValue: '31%', currentValue: 31, goalValue: 43 },
    { type: 'creditScore', currentDisplayValue: '648', currentValue: 648, goalValue: 640 },
    { type: 'savings', currentDisplayValue: '$12,500', currentValue: 12_500, goalValue: 32_000 },
    { type: 'ltv', currentDisplayValue: '—', currentValue: null, goalValue: 97 },
  ],
};

const HISTORY = [
  { displayScore: 41, createdAt: '2026-06-01T15:00:00.000Z' },
  { displayScore: 60, createdAt: '2026-10-01T15:00:00.000Z' },
  { displayScore: 64, createdAt: '2026-11-12T15:00:00.000Z' },
];

describe('the score details dialog (spec 002 §1)', () => {
  it('lists each component with its current and goal values, in the spec order', async () => {
    await renderView(<ScoreDetailsDialog opened onClose={vi.fn()} details={{ status: 'shown', data: DETAILS }} history={{ status: 'shown', data: HISTORY }} />);
    const table = await screen.findByRole('table', { name: 'Score components' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      'Credit score648640 or higher',
      'Debt-to-income ratio (DTI)31%43% or lower',
      'Savings$12,500$32,000',
      'Loan-to-value ratio (LTV)Not available yet97% or lower',
    ]);
  });

  it('shows the history as a named chart with a summary and a table for screen readers', async () => {
    await renderView(<ScoreDetailsDialog opened onClose={vi.fn()} details={{ status: 'shown', data: DETAILS }} history={{ status: 'shown', data: HISTORY }} />);
    expect(await screen.findByRole('img', { name: 'Chart of your loan readiness score over time' })).toBeTruthy();
    expect(screen.getByText('Your score went from 41 on Jun 1, 2026 to 64 on Nov 12, 2026.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your loan readiness score by date' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('offers Try again when the history cannot be read', async () => {
    const onRetry = vi.fn();
    await renderView(<ScoreDetailsDialog opened onClose={vi.fn()} details={{ status: 'loading' }} history={{ status: 'failed', onRetry }} />);
    expect(await screen.findByText('We could not load your score history.')).toBeTruthy();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalled();
  });
});
