import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../../../src/views/shell/HomePage';
import { renderView } from '../../support/render';

describe('home hub', () => {
  it('greets the customer and shows the goal and the readiness score', async () => {
    await renderView(<HomePage firstName="Maria" areas={['dashboard', 'credit']} goalType="mortgage_loan" readinessScore={62} hour={9} />);
    expect(screen.getByRole('heading', { name: 'Good morning, Maria' })).toBeTruthy();
    expect(screen.getByText('Buy a home')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Loan readiness score: 62 out of 100' })).toBeTruthy();
  });

  it('says the score is being calculated until it has been generated', async () => {
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="refinance" readinessScore={null} hour={9} />);
    expect(screen.getByText('Your score is being calculated…')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Loan readiness score/ })).toBeNull();
  });

  it("shows 'Unsupported Goal Type' for a goal this app does not know", async () => {
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="boat_loan" readinessScore={40} hour={9} />);
    expect(screen.getByText('Unsupported Goal Type')).toBeTruthy();
  });
});
