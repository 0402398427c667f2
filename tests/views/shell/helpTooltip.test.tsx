import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permittedAreas } from '../../../src/domain/permissions';
import { HelpTooltipsContext } from '../../../src/views/components/helpTooltips';
import { HomePage } from '../../../src/views/shell/HomePage';
import { renderView } from '../../support/render';

// spec 000 §6: help tooltips show only for the customer site type.

const areas = permittedAreas({}, 'Primary');
const home = (customerSite: boolean) => (
  <HelpTooltipsContext.Provider value={customerSite}>
    <HomePage firstName="Maria" areas={areas} hour={9} />
  </HelpTooltipsContext.Provider>
);

describe('help tooltips', () => {
  it('show on the customer site: a named help button described by its text, the tooltip on focus', async () => {
    await renderView(home(true));
    const help = screen.getByRole('button', { name: 'About the loan readiness score' });
    expect(help.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(help.getAttribute('aria-describedby')!)?.textContent).toMatch(/^A score from 0 to 100/);
    await userEvent.tab();
    while (document.activeElement !== help) await userEvent.tab();
    expect((await screen.findAllByText(/^A score from 0 to 100/)).length).toBeGreaterThan(1);
  });

  it('do not show on other site types', async () => {
    await renderView(home(false));
    expect(screen.queryByRole('button', { name: 'About the loan readiness score' })).toBeNull();
  });

  it('are in Spanish too', async () => {
    await renderView(home(true), { language: 'es' });
    expect(screen.getByRole('button', { name: 'Acerca del puntaje de preparación para el préstamo' })).toBeTruthy();
  });
});
