import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { REPORT_SECTION_IDS } from '../../../machines/credit/reportPrint.machine';
import { provideReportPrintMachine } from '../../../src/app/credit/machines';
import type { CreditReport, ScoreHistoryItem } from '../../../src/contract/credit';
import { PRINT_CLEANUP_MS, PRINT_DELAY_MS } from '../../../src/domain/constants';
import type { ComfortType } from '../../../src/domain/userSettings';
import { inspect } from '../../../src/inspect';
import { CreditReportPage, type ReportView } from '../../../src/views/credit/report/CreditReportPage';
import { bureauReport, combinedReport, emptyReport, largeReport, scoreHistory } from '../../support/creditReportFixture';
import { renderView } from '../../support/render';

// The credit report page (spec 001 §2-§4) with its reportPrint machine: groups, display statuses and tones, the
// payment grid and its legend, the empty states, the two-year inquiry window and the summary counts, expanding and
// collapsing, Download PDF, the combined report's differences, the masked SSN and Spanish.

interface Options {
  view?: ReportView;
  history?: ScoreHistoryItem[];
  print?: () => void;
  expanded?: readonly string[];
  language?: 'en' | 'es';
  density?: ComfortType | null;
}

async function renderReport(
  report: CreditReport,
  { view = 'equifax', history = scoreHistory(), print = () => undefined, expanded = REPORT_SECTION_IDS, language, density }: Options = {},
) {
  const sections = createActor(provideReportPrintMachine(print), { input: { expanded }, inspect }).start();
  function Page() {
    const [acknowledged, onChange] = useState(false);
    return (
      <CreditReportPage
        view={view}
        combinedTab
        report={{ status: 'shown', data: report }}
        history={{ status: 'shown', data: history }}
        sections={sections}
        scoresWarning={{ acknowledged, onChange }}
        density={density}
      />
    );
  }
  await renderView(<Page />, { language });
  return sections;
}

const toggle = (name: string | RegExp) => screen.getByRole('button', { name });
/** The report's section toggles (the headings' buttons), open or not. */
const sectionToggles = () => [...document.querySelectorAll<HTMLButtonElement>('[data-section-toggle]')];
const expandedOf = (name: string | RegExp) => toggle(name).getAttribute('aria-expanded');
const accountItem = (creditor: string) => screen.getByRole('button', { name: new RegExp(creditor) }).closest('[data-tone]') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('credit report: one bureau', () => {
  it('groups the accounts Credit Card, Real Estate, Auto loans, Student loans and Other, each group a section', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    const accounts = within(screen.getByRole('region', { name: 'Accounts' }));
    const groups = accounts.getAllByRole('heading', { level: 3 }).filter((heading) => heading.querySelector('[data-section-toggle]'));
    expect(groups.map((heading) => heading.textContent)).toEqual(['▸Credit Card1', '▸Real Estate1', '▸Auto loans1', '▸Student loans1', '▸Other1']);
  });

  it('shows only the groups that hold accounts', async () => {
    const report = bureauReport('EQUIFAX');
    await renderReport({ ...report, accounts: report.accounts.filter((account) => account.accountType === 'Mortgage') });
    const accounts = within(screen.getByRole('region', { name: 'Accounts' }));
    expect(accounts.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['▸Real Estate1']);
  });

  it('shows each account with its display status in words and its tone', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(within(accountItem('CAPITAL ONE')).getByText('In good standing')).toBeTruthy();
    expect(accountItem('CAPITAL ONE').dataset.tone).toBe('success');
    expect(within(accountItem('WELLS FARGO HOME MORTGAGE')).getByText('Past due')).toBeTruthy();
    expect(accountItem('WELLS FARGO HOME MORTGAGE').dataset.tone).toBe('error');
    expect(within(accountItem('TOYOTA FINANCIAL')).getByText('Closed')).toBeTruthy();
    expect(accountItem('TOYOTA FINANCIAL').dataset.tone).toBe('neutral');
    expect(within(accountItem('MIDLAND CREDIT MGMT')).getByText('Outstanding')).toBeTruthy();
    expect(accountItem('MIDLAND CREDIT MGMT').dataset.tone).toBe('warning');
    expect(screen.getByText('1 account in collection')).toBeTruthy();
  });

  it("renders an account's details only once it is opened: balances, limit, payment, portfolio type and the 24-month grid", async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(screen.queryByText('Payment history (24 months)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /WELLS FARGO HOME MORTGAGE/ }));
    const item = within(accountItem('WELLS FARGO HOME MORTGAGE'));
    expect(item.getByText('$212,000')).toBeTruthy();
    expect(item.getAllByText('$1,650')).toHaveLength(2);
    // Its account type and its portfolio type's name (M).
    expect(item.getAllByText('Mortgage', { selector: 'p' })).toHaveLength(2);
    const grid = item.getByRole('list', { name: 'Payment history, oldest month first' });
    const months = within(grid).getAllByRole('listitem');
    expect(months).toHaveLength(24);
    // The code is the cell's text; its meaning is read with it.
    expect(months.at(-1)?.textContent).toContain('130 days late');
    expect(months.at(-6)?.textContent).toContain('260 days late');
    expect(months.at(0)?.textContent).toContain('CCurrent');
  });

  it('lists every payment code with its meaning in the legend', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    const legend = screen.getByRole('list', { name: 'Payment codes' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'CCurrent',
      '130 days late',
      '260 days late',
      '390 days late',
      '4120 days late',
      '5150 days late',
      '6180 days late',
      '7Bankruptcy',
      '8Repossession or foreclosure',
      '9Collection or charge-off',
      'UUnknown',
      'XNo data',
    ]);
  });

  it('shows the public record with its status and the inquiries', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(screen.getByRole('heading', { name: 'Chapter 7 Bankruptcy' })).toBeTruthy();
    expect(screen.getByText('Discharged')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Lenders who checked your credit' })).getByText('CHASE BANK')).toBeTruthy();
  });

  it('does not list an inquiry older than two years before the report date, nor count it (spec 001 §9)', async () => {
    const report = bureauReport('EQUIFAX');
    const old = { id: 'EQUIFAX-inq-old', bureau: 'EQUIFAX' as const, creditorName: 'CARMAX AUTO FINANCE', industry: 'Automotive', date: '2024-10-30' };
    const edge = { id: 'EQUIFAX-inq-edge', bureau: 'EQUIFAX' as const, creditorName: 'SOFI LENDING CORP', industry: 'Finance', date: '2024-11-02' };
    await renderReport({ ...report, inquiries: [...report.inquiries, old, edge] });
    const table = within(screen.getByRole('table', { name: 'Lenders who checked your credit' }));
    expect(table.getByText('CHASE BANK')).toBeTruthy();
    expect(table.getByText('SOFI LENDING CORP')).toBeTruthy();
    expect(screen.queryByText('CARMAX AUTO FINANCE')).toBeNull();
    expect(toggle(/^Inquiries/).textContent).toBe('▸Inquiries2');
    const summary = within(screen.getByRole('region', { name: 'Report summary' }));
    expect(summary.getByText('Inquiries (last 2 years)').nextElementSibling?.textContent).toBe('2');
  });

  it('shows the summary counts as 0 when the report has no inquiries, derogatory items or public records', async () => {
    await renderReport(emptyReport(), { history: [] });
    const summary = within(screen.getByRole('region', { name: 'Report summary' }));
    for (const label of ['Inquiries (last 2 years)', 'Derogatory items', 'Public records']) {
      expect(summary.getByText(label).nextElementSibling?.textContent).toBe('0');
    }
  });

  it("draws the report's tables in the density the customer's settings keep, and as by default without one (spec 000 §3.2)", async () => {
    // The report's tables (the score history's chart keeps its own table for screen readers).
    const reportTables = () => [...document.querySelectorAll<HTMLTableElement>('table.mantine-Table-table')];
    const styles = () => reportTables().map((table) => table.getAttribute('style') ?? '');
    await renderReport(bureauReport('EQUIFAX'), { density: 'veryComfortable' });
    expect(reportTables().length).toBeGreaterThan(1);
    expect(reportTables().map((table) => table.dataset.density)).toEqual(reportTables().map(() => 'veryComfortable'));
    expect(styles().every((style) => style.includes('--table-vertical-spacing: var(--mantine-spacing-md)'))).toBe(true);
    cleanup();
    await renderReport(bureauReport('EQUIFAX'), { density: 'veryDense' });
    expect(styles().every((style) => style.includes('--table-vertical-spacing') && !style.includes('var(--mantine-spacing-md)'))).toBe(true);
    cleanup();
    await renderReport(bureauReport('EQUIFAX'));
    expect(reportTables().every((table) => table.dataset.density === undefined)).toBe(true);
  });

  it('shows the SSN only masked, as its last four digits', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    const table = within(screen.getByRole('table', { name: 'Your personal information as the bureaus report it' }));
    expect(table.getByText('***-**-6789')).toBeTruthy();
    expect(screen.queryByText(/\d{3}-\d{2}-\d{4}/)).toBeNull();
  });

  it('shows the score with its band and report date under the scores warning until it is acknowledged', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(screen.getByText('About these scores', { selector: 'p' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'I understand, show my scores' }));
    expect(screen.queryByRole('button', { name: 'I understand, show my scores' })).toBeNull();
    expect(screen.getByText('688')).toBeTruthy();
    expect(screen.getByText('Report date: Nov 2, 2026')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Credit scores' }));
    await userEvent.click(screen.getByRole('button', { name: 'About these scores' }));
    expect(screen.getByRole('button', { name: 'I understand, show my scores' })).toBeTruthy();
  });

  it("shows the empty states: 'No credit score available', the four Clean Slate messages and no score history", async () => {
    await renderReport(emptyReport(), { history: [] });
    expect(screen.getByText('No credit score available')).toBeTruthy();
    expect(screen.getByText('No creditors are reported on your credit report.')).toBeTruthy();
    expect(screen.getByText('No inquiries are reported on your credit report.')).toBeTruthy();
    expect(screen.getByText('No public records are reported on your credit report.')).toBeTruthy();
    expect(screen.getByText('No credit score history available')).toBeTruthy();
    await renderReport({ ...bureauReport('EQUIFAX'), accounts: bureauReport('EQUIFAX').accounts.filter((account) => account.accountType !== 'Collection') });
    expect(screen.getByText('No collections are reported on your credit report.')).toBeTruthy();
  });

  it('links to the learning center and the bureau tabs, the current one marked', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(screen.getByRole('link', { name: 'Learn about credit' }).getAttribute('href')).toBe('/learning-center/credit');
    const tabs = within(screen.getByRole('navigation', { name: 'Credit report by bureau' }));
    expect(tabs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All three bureaus', '/credit/report'],
      ['TransUnion', '/credit/report/transunion'],
      ['Equifax', '/credit/report/equifax'],
      ['Experian', '/credit/report/experian'],
    ]);
    expect(tabs.getByRole('link', { name: 'Equifax' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('credit report: sections', () => {
  it('expands and collapses one section on its own', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    expect(expandedOf(/^Inquiries/)).toBe('true');
    await userEvent.click(toggle(/^Inquiries/));
    expect(expandedOf(/^Inquiries/)).toBe('false');
    expect(screen.queryByRole('table', { name: 'Lenders who checked your credit' })).toBeNull();
    expect(expandedOf(/^Public records/)).toBe('true');
    await userEvent.click(toggle(/^Inquiries/));
    expect(screen.getByRole('table', { name: 'Lenders who checked your credit' })).toBeTruthy();
  });

  it('collapses and expands every section at once', async () => {
    await renderReport(bureauReport('EQUIFAX'));
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(sectionToggles().map((button) => button.getAttribute('aria-expanded'))).not.toContain('true');
    expect(screen.queryByRole('list', { name: 'Payment codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /CAPITAL ONE/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(sectionToggles().map((button) => button.getAttribute('aria-expanded'))).not.toContain('false');
    expect(screen.getByRole('button', { name: /CAPITAL ONE/ })).toBeTruthy();
  });

  it('Download PDF expands everything, prints once after 1 s, and puts the sections back 100 ms later', async () => {
    vi.useFakeTimers();
    let atPrint: { collapsedSections: number; openAccounts: number; printing: boolean } | null = null;
    const print = vi.fn(() => {
      atPrint = {
        collapsedSections: sectionToggles().filter((button) => button.getAttribute('aria-expanded') === 'false').length,
        openAccounts: screen.queryAllByText('Payment history (24 months)').length,
        printing: screen.queryByText('Preparing your report for printing…') !== null,
      };
    });
    await renderReport(bureauReport('EQUIFAX'), { print, expanded: ['inquiries'] });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS - 1);
    });
    expect(print).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(print).toHaveBeenCalledTimes(1);
    expect(atPrint).toEqual({ collapsedSections: 0, openAccounts: 5, printing: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PRINT_CLEANUP_MS);
    });
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Preparing your report for printing…')).toBeNull();
    expect(screen.queryAllByText('Payment history (24 months)')).toHaveLength(0);
    expect(expandedOf(/^Inquiries/)).toBe('true');
    expect(expandedOf(/^Public records/)).toBe('false');
  });
});

describe('credit report: combined (C3B)', () => {
  it('puts the three bureaus side by side and marks what differs between them', async () => {
    await renderReport(combinedReport(), { view: 'combined' });
    expect(within(accountItem('CAPITAL ONE')).getByText('1 detail differs between bureaus')).toBeTruthy();
    expect(within(accountItem('WELLS FARGO HOME MORTGAGE')).getByText('Not reported by Experian')).toBeTruthy();
    expect(within(accountItem('NAVIENT')).queryByText(/differ/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /CAPITAL ONE/ }));
    const table = within(screen.getByRole('table', { name: 'CAPITAL ONE as each bureau reports it' }));
    const balance = table.getByRole('row', { name: /^Balance/ });
    expect(within(balance).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '$500 ≠ Differs(differs between bureaus)',
      '$500 ≠ Differs(differs between bureaus)',
      '$650 ≠ Differs(differs between bureaus)',
    ]);
    const limit = table.getByRole('row', { name: /^Credit limit/ });
    expect(within(limit).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$2,000', '$2,000', '$2,000']);
  });

  it('marks personal information that differs between bureaus, SSN masked', async () => {
    await renderReport(combinedReport(), { view: 'combined' });
    const table = within(screen.getByRole('table', { name: 'Your personal information as the bureaus report it' }));
    expect(within(table.getByRole('row', { name: /^Employer/ })).getAllByText('(differs between bureaus)')).toHaveLength(3);
    expect(within(table.getByRole('row', { name: /^Social Security number/ })).getAllByText('***-**-6789')).toHaveLength(3);
    expect(within(table.getByRole('row', { name: /^Social Security number/ })).queryByText('(differs between bureaus)')).toBeNull();
  });

  it('shows 60+ tradelines at three bureaus with only their headers rendered until opened', async () => {
    await renderReport(largeReport(64), { view: 'combined' });
    expect(screen.getAllByRole('button', { name: /^CREDITOR \d+/ })).toHaveLength(64);
    expect(screen.queryAllByText('Payment history (24 months)')).toHaveLength(0);
  });
});

describe('credit report: Spanish', () => {
  it('reads in Spanish', async () => {
    await renderReport(emptyReport(), { history: [], language: 'es' });
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Su informe de crédito de Equifax', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Historial limpio').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('No hay historial de puntajes de crédito disponible')).toBeTruthy();
    expect(screen.getByText('No hay puntaje de crédito disponible')).toBeTruthy();
  });
});
