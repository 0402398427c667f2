import type { MoneyOverviewActorSignatures } from '../../../machines/money/moneyOverview.machine';
import { moneyOverviewMachine } from '../../../machines/money/moneyOverview.machine';
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
