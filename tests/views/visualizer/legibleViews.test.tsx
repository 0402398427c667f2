import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderVisualizer } from './renderVisualizer';

// Legible at a glance (docs/statecharts.md): the machine as a searchable table in words beside the diagram, in
// English and Spanish, and focus mode from a selected state.

describe('the machine in words', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('reads every transition as a sentence and narrows them to what the search matches', async () => {
    await renderVisualizer('?machine=passwordReset&tab=words');
    const table = screen.getByRole('table', { name: 'The machine in words' });
    expect(within(table).getByText('In Loading, after lookupTimeout (15 s), go to Bad request')).toBeTruthy();
    expect(within(table).getByText(/^In Loading, when validate reset code succeeds, if .*, go to Valid/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Search the transitions'), 'bad request');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.textContent?.toLowerCase()).toContain('bad request');
    expect(screen.getByText(new RegExp(`^${rows.length} of \\d+ transitions$`))).toBeTruthy();
  });

  it('says the same in Spanish', async () => {
    await renderVisualizer('?machine=passwordReset&tab=words&lang=es', 'es');
    const table = screen.getByRole('table', { name: 'La máquina en palabras' });
    expect(within(table).getByText('En Loading, tras lookupTimeout (15 s), ir a Bad request')).toBeTruthy();
    expect(within(table).getByText(/^En Loading, cuando validate reset code termina bien, si .*, ir a Valid/)).toBeTruthy();
  });

  it('a click on a state of the table selects it, and focus mode shows that state alone until the whole machine is asked for', async () => {
    await renderVisualizer('?machine=passwordReset&tab=words');
    const table = screen.getByRole('table', { name: 'The machine in words' });
    await userEvent.click(within(table).getAllByRole('button', { name: 'Loading' })[0] as HTMLElement);
    expect(new URLSearchParams(window.location.search).get('state')).toBe('passwordReset.loading');

    await userEvent.click(screen.getByRole('button', { name: 'Focus on this state' }));
    expect(new URLSearchParams(window.location.search).get('focus')).toBe('passwordReset.loading');
    expect(screen.getByTestId('focus-note').textContent).toContain('passwordReset.loading');
    await userEvent.click(screen.getByRole('button', { name: 'Whole machine' }));
    expect(new URLSearchParams(window.location.search).get('focus')).toBeNull();
    expect(screen.queryByTestId('focus-note')).toBeNull();
  });
});
