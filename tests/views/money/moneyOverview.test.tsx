import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SAMPLE_MONEY_OVERVIEW, SAMPLE_SIMULATOR_INPUT } from '../../../machines/money/entries';
import { paymentSimulatorMachine } from '../../../machines/money/paymentSimulator.machine';
import { MoneyHeader } from '../../../src/views/money/MoneyHeader';
import { MoneyOverviewPage } from '../../../src/views/money/MoneyOverviewPage';
import { PaymentSimulator } from '../../../src/views/money/PaymentSimulator';
import { renderView } from '../../support/render';
import { axeViolations } from '../../support/viewActors';

// The money overview's views (spec 002 §2 Money overview, §9; spec 001 §9 simulator) with the premium demo
// customer's figures: the meters, the simulator driven by its real machine (keyboard and typed values), the
// forecast's summary, under axe's rules that need no layout (contrast is checked in the browser, e2e/a11y.spec.ts).


function simulator() {
  const actor = createActor(paymentSimulatorMachine, { input: SAMPLE_SIMULATOR_INPUT }).start();
  return { actor, element: <PaymentSimulator actor={actor} pmiTable={SAMPLE_SIMULATOR_INPUT.pmiTable} state="NV" /> };
}

async function renderOverview(language: 'en' | 'es' = 'en', data = SAMPLE_MONEY_OVERVIEW) {
  const { element } = simulator();
  return renderView(
    <main>
      <MoneyHeader debtsPath="/money/debts" linkAccountsPath="/money/modal/link-accounts" />
      <MoneyOverviewPage data={data} debtsPath="/money/debts" linkAccountsPath="/money/modal/link-accounts" simulator={element} />
    </main>,
    { route: '/money', language },
  );
}

describe('the money overview', () => {
  it('shows total cash over the cash accounts, the savings meter, total debt and DTI', async () => {
    await renderOverview();
    // Checking 3,245.18 + savings 12,880.40; the credit card is not cash.
    expect((screen.getByTestId('total-cash')).textContent).toContain('$16,126');
    expect(within(document.getElementById('downPaymentMeter')!).getByText('$18,500 of $38,500 saved (48%)')).toBeTruthy();
    expect((screen.getByTestId('total-debt')).textContent).toContain('$21,640');
    // 642 a month on 86,000 a year.
    expect((screen.getByTestId('dti')).textContent).toContain('9%');
    expect(screen.getByRole('progressbar', { name: 'Debt-to-income ratio 9% on a scale to 35%' })).toBeTruthy();
    expect((screen.getByRole('link', { name: 'Debts' })).getAttribute('href')).toBe('/money/debts');
    expect((screen.getByRole('link', { name: 'Link accounts' })).getAttribute('href')).toBe('/money/modal/link-accounts');
  });

  it('has the guided tour\'s anchors', async () => {
    await renderOverview();
    for (const id of ['moneyOverview', 'totalCashMeter', 'downPaymentMeter', 'totalDebtMeter', 'dtiMeter', 'paymentSimulator', 'moneyHeader']) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
  });

  it('shows DTI 100% without income and caps the display at 500%', async () => {
    await renderOverview('en', { ...SAMPLE_MONEY_OVERVIEW, annualIncome: 0 });
    expect((screen.getByTestId('dti')).textContent).toContain('100%');
    expect(screen.getByText('Add your income in your personal info so we can work out your DTI.')).toBeTruthy();
  });

  it('sums up the savings forecast in words', async () => {
    await renderOverview();
    expect((await screen.findByTestId('forecast-summary')).textContent).toMatch(/Your savings went from \$15,900 on Nov 24, 2026 to \$16,126 today\. At this pace you'll have about \$\S+ by Feb 24, 2027\./);
    expect(screen.getByRole('img', { name: 'Savings over time with a 90-day forecast' })).toBeTruthy();
  });

  it('passes axe in English and Spanish', async () => {
    await renderOverview();
    await screen.findByTestId('forecast-summary');
    expect(await axeViolations()).toEqual([]);
    document.body.innerHTML = '';
    await renderOverview('es');
    expect(await screen.findByText('Efectivo total')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the mortgage payment simulator', () => {
  it('moves the payment when a slider moves with the keyboard', async () => {
    const { element } = simulator();
    await renderView(<main>{element}</main>);
    const before = screen.getByTestId('payment-total').textContent;
    const price = screen.getByRole('slider', { name: 'Home price' });
    price.focus();
    fireEvent.keyDown(price, { key: 'ArrowRight' });
    expect((screen.getByTestId('simulator-value-purchasePrice')).textContent).toContain('$390K');
    expect(screen.getByTestId('payment-total').textContent).not.toBe(before);
  });

  it('takes the maximum for a typed value beyond it and says so', async () => {
    const { element, actor } = simulator();
    await renderView(<main>{element}</main>);
    const income = screen.getByRole('textbox', { name: 'Annual income' });
    await userEvent.clear(income);
    await userEvent.type(income, '250000{Enter}');
    expect(actor.getSnapshot().context.inputs.annualIncome).toBe(200_000);
    expect(screen.getByText('The most this can be is $200K, so we used that.')).toBeTruthy();
  });

  it('shows the payment range rounded to multiples of 2, plus or minus 200', async () => {
    const { element } = simulator();
    await renderView(<main>{element}</main>);
    // 2,782.36 a month rounds to 2,782: 2,582 to 2,982.
    expect((screen.getByTestId('payment-range')).textContent).toContain('$2,582 – $2,982');
  });

  it('shows the DTI with the payment on a 0–207° gauge, read as a meter, that follows the inputs (spec 001 §9)', async () => {
    const { element } = simulator();
    await renderView(<main>{element}</main>);
    const meter = screen.getByRole('meter', { name: 'Debt-to-income with this payment' });
    const dti = Number(meter.getAttribute('aria-valuenow'));
    expect(meter.getAttribute('aria-valuemin')).toBe('0');
    expect(meter.getAttribute('aria-valuemax')).toBe('100');
    expect(meter.getAttribute('aria-valuetext')).toBe(`${dti}% of your income would go to debts, this payment included; the goal is 43% or less.`);
    const angle = Number(/rotate\(([\d.]+)\)/.exec(screen.getByTestId('gauge-needle').getAttribute('transform') ?? '')?.[1]);
    expect(angle).toBeGreaterThan(0);
    expect(angle).toBeCloseTo((Math.min(dti, 100) / 100) * 207, 0);
    // No income: DTI 100 %, the needle at the gauge's end.
    const income = screen.getByRole('textbox', { name: 'Annual income' });
    await userEvent.clear(income);
    await userEvent.type(income, '0{Enter}');
    expect(meter.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('gauge-needle').getAttribute('transform')).toBe('rotate(207)');
    expect(screen.getByText('Above the goal · Goal 43%')).toBeTruthy();
  });

  it('reads the gauge in Spanish', async () => {
    const { element } = simulator();
    await renderView(<main>{element}</main>, { language: 'es' });
    expect(screen.getByRole('meter', { name: 'Deuda sobre ingresos con este pago' }).getAttribute('aria-valuetext')).toMatch(/^El \d+% de tus ingresos/);
  });
});
