import type { MoneyOverviewActorSignatures } from '../../../machines/money/moneyOverview.machine';
import { moneyOverviewMachine } from '../../../machines/money/moneyOverview.machine';
import { mortgagePickerMachine, type MortgagePickerActorSignatures } from '../../../machines/money/mortgagePicker.machine';
import { promiseActor, type AppPorts } from '../ports';

// The money overview's machine with its actor provided from the ports (ARCHITECTURE.md "Machines"). The money
// adapter loads with /money (AppPorts.money). The payment simulator has no actors: it is only maths.

type Ports = Pick<AppPorts, 'money'>;

export function provideMoneyOverviewMachine(ports: Ports) {
  return moneyOverviewMachine.provide({
    actors: {
      loadOverview: promiseActor<MoneyOverviewActorSignatures['loadOverview']>(async () => (await ports.money()).loadOverview()),
    },
  });
}

/** The existing mortgages' machine (spec 002 §7 getMortgages), over the same money adapter. */
export function provideMortgagePickerMachine(ports: Ports) {
  return mortgagePickerMachine.provide({
    actors: {
      loadMortgages: promiseActor<MortgagePickerActorSignatures['loadMortgages']>(async () => (await ports.money()).getMortgages()),
      saveSelection: promiseActor<MortgagePickerActorSignatures['saveSelection']>(async ({ goalId, ids }) =>
        (await ports.money()).saveSelectedMortgages(goalId, ids),
      ),
    },
  });
}
