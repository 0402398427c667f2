import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { moneyOverviewMachine, type MoneyOverviewActorSignatures, type MoneyOverviewData } from './moneyOverview.machine';
import { paymentSimulatorMachine, type PaymentSimulatorInput } from './paymentSimulator.machine';

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
