import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { moneyOverviewMachine, type MoneyOverviewActorSignatures, type MoneyOverviewData } from './moneyOverview.machine';
import { paymentSimulatorMachine, type PaymentSimulatorInput } from './paymentSimulator.machine';
import { actorFromClaims } from '../../src/domain/permissions';
import {
  mortgagePickerMachine,
  type MortgageList,
  type MortgagePickerActorSignatures,
  type MortgagePickerInput,
} from './mortgagePicker.machine';

// The money overview's machines' registry entries (spec 002 §2 Money overview, spec 001 §9), listed in
// machines/index.ts. The samples are the premium demo customer's figures (seed/data/customers.ts, seed/money.ts).

/** The premium demo customer's overview: a mortgage goal in Henderson, NV, Desert Federal linked. */
export const SAMPLE_MONEY_OVERVIEW: MoneyOverviewData = {
  goal: {
    type: 'mortgage_loan',
    purchasePrice: 385_000,
    currentHomePrice: 0,
    currentSavings: 18_500,
    savingsGoal: 38_500,
    purchaseState: 'NV',
  },
  annualIncome: 86_000,
  mortgageRate: 6.5,
  pmiTable: [
    { savingsRatio: 0.05, pmi: 1.05 },
    { savingsRatio: 0.1, pmi: 0.78 },
    { savingsRatio: 0.15, pmi: 0.52 },
    { savingsRatio: 0.2, pmi: 0 },
  ],
  debts: { totalDebt: 21_640, monthlyDebtPayment: 642 },
  institutions: [
    {
      id: 'sbx-desert-federal',
      name: 'Desert Federal Credit Union',
      accounts: [
        { id: 'sbx-desert-federal-checking', name: 'Everyday Checking ••4410', type: 'checking', currentBalance: 3_245.18 },
        { id: 'sbx-desert-federal-savings', name: 'High Yield Savings ••7702', type: 'savings', currentBalance: 12_880.4 },
        { id: 'sbx-desert-federal-card', name: 'Rewards Visa ••9921', type: 'credit_card', currentBalance: -1_436.77 },
      ],
    },
  ],
  savingsHistory: {
    source: 'linkedAccounts',
    points: [
      { day: '2026-11-24', savings: 15_900 },
      { day: '2026-11-25', savings: 16_010 },
      { day: '2026-11-26', savings: 16_126 },
    ],
  },
};

const overviewEvent = sampleEvents<typeof moneyOverviewMachine>();
const overviewActors = actorSamples<MoneyOverviewActorSignatures>();

export const moneyOverviewEntry = defineMachineEntry({
  id: 'moneyOverview',
  title: 'Money overview',
  purpose:
    'The /money page’s data: goal, income, debts, connected accounts and savings history loaded together; a retry after a failure, the upgrade banner when the server refuses the free line, a reload after another flow changed them.',
  machine: moneyOverviewMachine,
  testModel: {
    events: {
      'load.retry': [overviewEvent({ type: 'load.retry' })],
      'data.reload': [overviewEvent({ type: 'data.reload' })],
      'xstate.done.actor.loadOverview': [overviewActors.done('loadOverview', SAMPLE_MONEY_OVERVIEW)],
      'xstate.error.actor.loadOverview': [
        overviewActors.fail('loadOverview', 'unavailable'),
        overviewActors.fail('loadOverview', 'failed-precondition', 'upgrade-required'),
      ],
      'xstate.done.actor.reloadOverview': [overviewActors.doneAs('reloadOverview', 'loadOverview', SAMPLE_MONEY_OVERVIEW)],
      'xstate.error.actor.reloadOverview': [overviewActors.failAs('reloadOverview', 'loadOverview', 'unavailable')],
    },
  },
});

const simulatorEvent = sampleEvents<typeof paymentSimulatorMachine>();

export const SAMPLE_SIMULATOR_INPUT: PaymentSimulatorInput = {
  purchasePrice: 385_000,
  savings: 18_500,
  annualIncome: 86_000,
  monthlyDebts: 642,
  interestRatePercent: 6.5,
  pmiTable: SAMPLE_MONEY_OVERVIEW.pmiTable,
  state: 'NV',
};

export const paymentSimulatorEntry = defineMachineEntry({
  id: 'paymentSimulator',
  title: 'Mortgage payment simulator',
  purpose:
    'The money overview’s sliders (price, savings, income, debts, rate): each value clamped to its range with a message when it was beyond it; the monthly payment and what is affordable follow; nothing saved.',
  machine: paymentSimulatorMachine,
  testModel: {
    input: SAMPLE_SIMULATOR_INPUT,
    events: {
      'simulator.change': [
        simulatorEvent({ type: 'simulator.change', field: 'purchasePrice', value: 400_000 }),
        simulatorEvent({ type: 'simulator.change', field: 'purchasePrice', value: 2_000_000 }),
      ],
      'simulator.reset': [simulatorEvent({ type: 'simulator.reset' })],
    },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.clampedField]),
  },
});

const pickerEvent = sampleEvents<typeof mortgagePickerMachine>();
const pickerActors = actorSamples<MortgagePickerActorSignatures>();

export const SAMPLE_MORTGAGE_PICKER_INPUT: MortgagePickerInput = { actor: actorFromClaims({}) };
/** A coach without client actions: told "not permitted", nothing saved. */
export const SAMPLE_MORTGAGE_PICKER_COACH: MortgagePickerInput = { actor: actorFromClaims({ isAgent: true }) };

/** What getMortgages answers for a customer with a first mortgage and a home-equity line, neither picked yet. */
export const SAMPLE_MORTGAGES: MortgageList = {
  goalId: 'goal-refi-1',
  mortgages: [
    { id: 'tl-wells-mortgage', name: 'WELLS FARGO HOME MORTGAGE', balance: 231_400, monthlyPayment: 1_612, openedOn: '2019-06-14', selected: false },
    { id: 'tl-us-bank-heloc', name: 'U.S. BANK HOME EQUITY', balance: 18_250, monthlyPayment: 240, openedOn: '2022-03-02', selected: false },
  ],
};

export const mortgagePickerEntry = defineMachineEntry({
  id: 'mortgagePicker',
  title: 'Existing mortgages',
  purpose:
    'The money overview’s existing mortgages (getMortgages): the customer picks the ones the goal replaces, shown at once and saved as a goal update, put back with a toast when the save fails; a coach without client actions is told not permitted.',
  machine: mortgagePickerMachine,
  testModel: {
    input: SAMPLE_MORTGAGE_PICKER_INPUT,
    events: {
      'mortgage.toggle': [
        pickerEvent({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: true }),
        pickerEvent({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: false }),
      ],
      'load.retry': [pickerEvent({ type: 'load.retry' })],
      'xstate.done.actor.loadMortgages': [
        pickerActors.done('loadMortgages', SAMPLE_MORTGAGES),
        // No goal yet: the list shows, nothing can be picked.
        pickerActors.done('loadMortgages', { ...SAMPLE_MORTGAGES, goalId: null }),
      ],
      'xstate.error.actor.loadMortgages': [pickerActors.fail('loadMortgages', 'unavailable')],
      'xstate.done.actor.saveSelection': [pickerActors.done('saveSelection')],
      'xstate.error.actor.saveSelection': [pickerActors.fail('saveSelection', 'unavailable')],
    },
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        goal: snapshot.context.goalId !== null,
        selected: snapshot.context.mortgages.map((mortgage) => mortgage.selected),
        pending: snapshot.context.pending,
      }),
  },
});
