import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_SIMULATOR_INPUT } from '../../../machines/money/entries';
import { paymentSimulatorMachine, paymentSimulatorSelectors } from '../../../machines/money/paymentSimulator.machine';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('paymentSimulator');
if (!entry) throw new Error('paymentSimulator is not registered');

runModelPaths(entry);

const simulator = (input = SAMPLE_SIMULATOR_INPUT) => {
  const running = run(paymentSimulatorMachine, input);
  return { ...running, snapshot: () => running.actor.getSnapshot() };
};

describe('the mortgage payment simulator (spec 001 §9)', () => {
  it("starts from the customer's figures and prices the home", () => {
    const s = simulator();
    expect(paymentSimulatorSelectors.inputs(s.snapshot())).toEqual({
      purchasePrice: 385_000,
      savings: 18_500,
      annualIncome: 86_000,
      monthlyDebts: 642,
      interestRatePercent: 6.5,
    });
    // $366,500 at 6.5%: 2,316.52; PMI under 5% saved: the 1% default, 305.42; Nevada tax 0.5%: 160.42.
    expect(paymentSimulatorSelectors.payment(s.snapshot()).total).toBeCloseTo(2782.36, 2);
  });

  it('moves the payment with a slider', () => {
    const s = simulator();
    const before = paymentSimulatorSelectors.payment(s.snapshot()).total;
    s.actor.send({ type: 'simulator.change', field: 'purchasePrice', value: 300_000 });
    expect(paymentSimulatorSelectors.payment(s.snapshot()).total).toBeLessThan(before);
    expect(paymentSimulatorSelectors.clampedField(s.snapshot())).toBeNull();
  });

  it('clamps a value beyond its maximum and says which field, until that field changes again', () => {
    const s = simulator();
    s.actor.send({ type: 'simulator.change', field: 'annualIncome', value: 250_000 });
    expect([paymentSimulatorSelectors.inputs(s.snapshot()).annualIncome, paymentSimulatorSelectors.clampedField(s.snapshot())]).toEqual([
      200_000,
      'annualIncome',
    ]);
    s.actor.send({ type: 'simulator.change', field: 'annualIncome', value: 120_000 });
    expect(paymentSimulatorSelectors.clampedField(s.snapshot())).toBeNull();
  });

  it('never lets savings above the purchase price', () => {
    const s = simulator();
    s.actor.send({ type: 'simulator.change', field: 'savings', value: 500_000 });
    expect(paymentSimulatorSelectors.inputs(s.snapshot()).savings).toBe(385_000);
    s.actor.send({ type: 'simulator.change', field: 'purchasePrice', value: 250_000 });
    expect(paymentSimulatorSelectors.inputs(s.snapshot()).savings).toBe(250_000);
  });

  it("goes back to the customer's figures on reset", () => {
    const s = simulator();
    s.actor.send({ type: 'simulator.change', field: 'interestRatePercent', value: 3 });
    s.actor.send({ type: 'simulator.reset' });
    expect(paymentSimulatorSelectors.inputs(s.snapshot()).interestRatePercent).toBe(6.5);
  });

  it("takes the spec's defaults where the customer has no figures", () => {
    const s = simulator({ ...SAMPLE_SIMULATOR_INPUT, purchasePrice: null, savings: null, annualIncome: null, interestRatePercent: null });
    expect(paymentSimulatorSelectors.inputs(s.snapshot())).toMatchObject({ purchasePrice: 300_000, savings: 0, annualIncome: 50_000, interestRatePercent: 4 });
  });
});
