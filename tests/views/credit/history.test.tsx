import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScoreHistoryChart } from '../../../src/views/credit/history/ScoreHistoryChart';
import { scoreHistory } from '../../support/creditReportFixture';
import { renderView } from '../../support/render';

// The score history graph (spec 001 §2, §9): a table alternative for screen readers, tooltips from the keyboard
// announced as they change, the five bands on the 300-850 axis, and the empty state.

const announcement = () => screen.getByTestId('score-history-announcement').textContent;

describe('score history graph', () => {
  it('has a table alternative: a caption, one row per report date and one column per bureau', async () => {
    await renderView(<ScoreHistoryChart history={scoreHistory()} />);
    const table = screen.getByRole('table', { name: 'Credit scores by report date and bureau' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Report date', 'TransUnion', 'Equifax', 'Experian']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Feb 2, 2026', '640 (Fair)', '630 (Fair)', '612 (Fair)'],
      ['May 2, 2026', '655 (Fair)', '648 (Fair)', 'No score'],
      ['Aug 2, 2026', '671 (Good)', '660 (Good)', '640 (Fair)'],
      ['Nov 2, 2026', '702 (Good)', '688 (Good)', '655 (Fair)'],
    ]);
  });

  it('moves a tooltip between points with the arrow keys and announces it', async () => {
    await renderView(<ScoreHistoryChart history={scoreHistory()} />);
    const chart = screen.getByRole('application', { name: 'Score history chart' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(chart);
    expect(within(chart).queryByText(/^TransUnion, /)).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    // The first key shows the latest point of the first bureau.
    expect(announcement()).toBe('TransUnion, Nov 2, 2026: 702 (Good)');
    expect(within(chart).getByText('TransUnion, Nov 2, 2026: 702 (Good)')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(announcement()).toBe('TransUnion, Aug 2, 2026: 671 (Good)');
    await userEvent.keyboard('{ArrowDown}');
    expect(announcement()).toBe('Equifax, Aug 2, 2026: 660 (Good)');
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
    // Experian has no score in May: the move lands on the first bureau that has one.
    expect(announcement()).toBe('TransUnion, May 2, 2026: 655 (Fair)');
    await userEvent.keyboard('{Home}');
    expect(announcement()).toBe('TransUnion, Feb 2, 2026: 640 (Fair)');
    await userEvent.keyboard('{Escape}');
    expect(announcement()).toBe('');
  });

  it('shows the tooltip of the point nearest the pointer, and hides it when the pointer leaves', async () => {
    await renderView(<ScoreHistoryChart history={scoreHistory()} />);
    const chart = screen.getByRole('application', { name: 'Score history chart' });
    const area = chart.querySelector('svg > rect') as SVGRectElement;
    // jsdom lays nothing out: the chart is 640 px wide, its four dates 126 px apart from x = 107, and TransUnion's
    // 702 sits at y = 85, Equifax's 688 at y = 92.
    fireEvent.mouseMove(area, { clientX: 485, clientY: 84 });
    expect(within(chart).getByText('TransUnion, Nov 2, 2026: 702 (Good)')).toBeTruthy();
    fireEvent.mouseMove(area, { clientX: 359, clientY: 150 });
    expect(within(chart).getByText('Experian, Aug 2, 2026: 640 (Fair)')).toBeTruthy();
    fireEvent.mouseLeave(area);
    expect(within(chart).queryByText(/, 2026: /)).toBeNull();
  });

  it('labels the five bands and tells the lines apart by more than colour', async () => {
    await renderView(<ScoreHistoryChart history={scoreHistory()} />);
    const chart = screen.getByRole('application', { name: 'Score history chart' });
    for (const band of ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent']) expect(within(chart).getByText(band)).toBeTruthy();
    const dashes = [...chart.querySelectorAll('path')].map((path) => path.getAttribute('stroke-dasharray')).filter((dash) => dash !== null);
    expect(new Set(dashes).size).toBe(2);
    expect(chart.querySelectorAll('circle').length).toBe(4);
    expect(chart.querySelectorAll('polygon').length).toBe(3);
  });

  it("says 'No credit score history available' without history", async () => {
    await renderView(<ScoreHistoryChart history={[]} />);
    expect(screen.getByRole('status').textContent).toBe('No credit score history available');
    expect(screen.queryByRole('application')).toBeNull();
  });

  it('reads in Spanish', async () => {
    await renderView(<ScoreHistoryChart history={scoreHistory()} />, { language: 'es' });
    expect(screen.getByRole('table', { name: 'Puntajes de crédito por fecha de informe y agencia' })).toBeTruthy();
    expect(screen.getByRole('application', { name: 'Gráfico del historial de puntajes' })).toBeTruthy();
  });
});
