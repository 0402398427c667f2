import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  initialSimulatorInputs,
  mortgagePayment,
  setSimulatorInput,
  type MortgagePayment,
  type PmiRateEntry,
  type SimulatorField,
  type SimulatorInputs,
} from '../../src/domain/mortgageSimulator';
import { machineSpec, spec } from '../spec';

// The money overview's mortgage payment simulator (spec 001 §9 "Simulator", spec 002 §2 Money overview): five
// sliders (purchase price, savings, annual income, monthly debts, interest rate) start from the customer's figures
// and the spec's defaults; each change is clamped to its range (src/domain/mortgageSimulator.ts), and a value that
// was out of range is said once, on its field, until that field changes again. The payment follows the inputs.
// Nothing is saved: the simulator only answers what a home would cost. 'simulator.reset' goes back to the
// customer's figures.

export interface PaymentSimulatorInput {
  purchasePrice: number | null;
  savings: number | null;
  annualIncome: number | null;
  monthlyDebts: number | null;
  interestRatePercent: number | null;
  pmiTable: PmiRateEntry[] | null;
  /** The purchase state, for the property tax. */
  state: string | null;
}

export interface PaymentSimulatorContext {
  start: PaymentSimulatorInput;
  inputs: SimulatorInputs;
  /** The field whose last value was beyond its range (it took the nearest allowed value). */
  clampedField: SimulatorField | null;
}

export type PaymentSimulatorEvent = { type: 'simulator.change'; field: SimulatorField; value: number } | { type: 'simulator.reset' };

const startingInputs = (start: PaymentSimulatorInput) => initialSimulatorInputs(start);

export const paymentSimulatorMachine = setup({
  types: {
    context: {} as PaymentSimulatorContext,
    events: {} as PaymentSimulatorEvent,
    input: {} as PaymentSimulatorInput,
  },
  guards: {
    isOutOfRange: ({ context }, params: { field: SimulatorField; value: number }) =>
      setSimulatorInput(context.inputs, params.field, params.value).clamped,
  },
  actions: {
    assignInput: assign(({ context }, params: { field: SimulatorField; value: number }) => ({
      inputs: setSimulatorInput(context.inputs, params.field, params.value).inputs,
      clampedField: null,
    })),
    assignClampedInput: assign(({ context }, params: { field: SimulatorField; value: number }) => ({
      inputs: setSimulatorInput(context.inputs, params.field, params.value).inputs,
      clampedField: params.field,
    })),
    assignStart: assign(({ context }) => ({ inputs: startingInputs(context.start), clampedField: null })),
  },
}).createMachine({
  id: 'paymentSimulator',
  meta: machineSpec(['002 §2', '001 §9']),
  context: ({ input }) => ({ start: input, inputs: startingInputs(input), clampedField: null }),
  initial: 'simulating',
  // Every slider change leads to simulating, or to clamped when the value was beyond its range (the page says which
  // field was brought back); a reset returns to the starting values.
  on: {
    'simulator.change': [
      {
        guard: { type: 'isOutOfRange', params: ({ event }) => ({ field: event.field, value: event.value }) },
        target: '.clamped',
        actions: { type: 'assignClampedInput', params: ({ event }) => ({ field: event.field, value: event.value }) },
      },
      { target: '.simulating', actions: { type: 'assignInput', params: ({ event }) => ({ field: event.field, value: event.value }) } },
    ],
    'simulator.reset': { target: '.simulating', actions: 'assignStart' },
  },
  states: {
    simulating: { meta: spec('002 §2') },
    clamped: { meta: spec('002 §2') },
  },
});

export type PaymentSimulatorSnapshot = SnapshotFrom<typeof paymentSimulatorMachine>;

export const paymentSimulatorSelectors = {
  inputs: (s: PaymentSimulatorSnapshot): SimulatorInputs => s.context.inputs,
  clampedField: (s: PaymentSimulatorSnapshot): SimulatorField | null => s.context.clampedField,
  payment: (s: PaymentSimulatorSnapshot): MortgagePayment =>
    mortgagePayment(s.context.inputs, { pmiTable: s.context.start.pmiTable, state: s.context.start.state }),
};
