import type { MoneyOverviewData } from '../../../machines/money/moneyOverview.machine';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { MoneyPort } from '../../../machines/money/overviewPorts';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import { toPortError } from './errors';

// machines/money/overviewPorts.ts over the callables (requests and answers parsed with the shared contract by `call`): the
// money overview's four reads at once (spec 002 §2 Money overview, §7). getCreditDisplay answers 'no-report' (not-found)
// before the first credit report: the overview then shows no debts rather than failing. The widget URL and the
// institutions' own cache policy (spec 001 §9) belong to the link-accounts flow; the overview reads them fresh.

/** getCreditDisplay's refusal before the first credit report. */
const NO_REPORT = 'no-report';

type Call = <N extends CallableName>(name: N, data: CallableRequest<N>) => Promise<Dated<CallableResponse<N>>>;

async function debtsOrNone(call: Call): Promise<MoneyOverviewData['debts']> {
  try {
    const display = await call('getCreditDisplay', null);
    return { totalDebt: display.totalDebt, monthlyDebtPayment: display.monthlyDebtPayment };
  } catch (error) {
    // functions/src/credit/callables.ts: not-found with the message and key 'no-report'.
    const { code, key } = toPortError(error);
    if (code === NO_REPORT || key === NO_REPORT || code === 'not-found') return null;
    throw error;
  }
}

export function createMoneyPort({ call = lazyCall as Call }: { call?: Call } = {}): MoneyPort {
  return {
    async loadOverview() {
      try {
        const [userInfo, debts, connected, history] = await Promise.all([
          call('getUserInfo', null),
          debtsOrNone(call),
          call('getConnectedInstitutions', null),
          call('getSavingsInfoHistory', null),
        ]);
        const goal = userInfo.goal;
        const properties = goal?.properties ?? {};
        return {
          goal: goal
            ? {
                type: goal.type,
                purchasePrice: properties.purchasePrice ?? null,
                currentHomePrice: properties.currentHomePrice ?? null,
                currentSavings: properties.currentSavings ?? null,
                savingsGoal: properties.savingsGoal ?? null,
                purchaseState: properties.purchaseState ?? null,
              }
            : null,
          annualIncome: userInfo.personalInfo?.annualIncome ?? null,
          mortgageRate: userInfo.mortgageRate,
          pmiTable: userInfo.pmiRate ? userInfo.pmiRate.map(({ savingsRatio, pmi }) => ({ savingsRatio, pmi })) : null,
          debts,
          institutions: connected.institutions.map(({ id, name, accounts }) => ({
            id,
            name,
            accounts: accounts.map((account) => ({ id: account.id, name: account.name, type: account.type, currentBalance: account.currentBalance })),
          })),
          savingsHistory: { source: history.source, points: history.points.map(({ day, savings }) => ({ day, savings })) },
        };
      } catch (error) {
        throw toPortError(error);
      }
    },
    async getMortgages() {
      try {
        const { goalId, mortgages } = await call('getMortgages', null);
        return { goalId, mortgages: mortgages.map((mortgage) => ({ ...mortgage })) };
      } catch (error) {
        throw toPortError(error);
      }
    },
    async saveSelectedMortgages(goalId, ids) {
      try {
        await call('updateUserInfo', { goal: { id: goalId, properties: { selectedMortgages: ids } } });
      } catch (error) {
        throw toPortError(error);
      }
    },
  };
}
