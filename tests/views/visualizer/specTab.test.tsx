import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderVisualizer } from './renderVisualizer';

// The Spec tab (docs/statecharts.md "Traced to the spec"): a selected state's sections, the filter by section
// that marks the diagram, and the report over every machine.

const params = () => new URLSearchParams(window.location.search);

describe('the visualizer traced to the spec', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('shows the selected state’s sections and where each of its transitions takes its own from', async () => {
    await renderVisualizer('?machine=passwordReset&tab=spec&state=passwordReset.valid');
    const selected = screen.getByTestId('spec-selected');
    expect(within(selected).getByTestId('spec-state-sections').textContent).toBe('000 §4.4000 §5');
    expect(within(selected).getByText(/passwordReset\.valid on form\.submit → passwordReset\.valid\.failed: 000 §4\.4, 000 §5 \(its own section\)/)).toBeTruthy();
    expect(within(selected).getByText(/passwordReset\.valid on field\.change → passwordReset\.valid\.editing: 000 §4\.4, 000 §5 \(its state’s section\)/)).toBeTruthy();
    expect(screen.getByTestId('spec-machine-sections').textContent).toBe('000 §4.4000 §2.2000 §5000 §8');
  });

  it('filters by a section: the URL keeps it, the states that implement it are listed, and another machine opens filtered', async () => {
    await renderVisualizer('?machine=paymentPipeline&tab=spec');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by section' }));
    await userEvent.click(await screen.findByRole('option', { name: '001 §9 Credit area: business constants and limits' }));
    expect(params().get('spec')).toBe('001 §9');
    expect(screen.getByText(/0 states and 1 transitions here implement it/)).toBeTruthy();
    // A section states implement lists them, each opening the state.
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by section' }));
    await userEvent.click(await screen.findByRole('option', { name: '001 §8 Credit area: the error catalogue' }));
    expect(params().get('spec')).toBe('001 §8');
    const states = screen.getByTestId('spec-filter-states');
    expect(within(states).getAllByRole('button').map((button) => button.textContent)).toEqual(['paymentPipeline.duplicateTransaction']);
    await userEvent.click(within(states).getByRole('button', { name: 'paymentPipeline.duplicateTransaction' }));
    expect(params().get('state')).toBe('paymentPipeline.duplicateTransaction');
    expect(within(screen.getByTestId('spec-selected')).getByTestId('spec-state-sections').textContent).toBe('001 §4001 §8');
    // Another machine that implements the section opens filtered by it.
    await userEvent.click(within(screen.getByText(/Also implemented by/)).getByRole('button', { name: 'disputeWizard' }));
    expect(params().get('machine')).toBe('disputeWizard');
    expect(params().get('spec')).toBe('001 §8');
    expect(screen.getByRole('heading', { name: 'Dispute wizard' })).toBeTruthy();
  });

  it('lists every machine by section and says that no user-facing state names none, in Spanish too', async () => {
    await renderVisualizer('?machine=kba&tab=spec', 'es');
    expect(screen.getByRole('tab', { name: 'Especificación' })).toBeTruthy();
    const report = screen.getByTestId('spec-report');
    expect(within(report).getByText(/000 §4\.4/)).toBeTruthy();
    expect(screen.getByTestId('spec-unnamed').textContent).toBe('Ninguno: todos los estados visibles para el usuario nombran una.');
  });
});
