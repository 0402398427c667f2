import type { DebtsPort } from '../../../machines/money/debtsPorts';
import { lazyCall } from './callablesPort';

// machines/money/debtsPorts.ts over the debts callables (requests and answers parsed with the shared contract by
// `call`; failures arrive as PortErrors). Loaded with the debts page (src/main.tsx). The accounts are asked for by the
// current credit display's id, so the page never plans over an older report's accounts.

export function createDebtsPort(): DebtsPort {
  return {
    async getDebts() {
      const display = await lazyCall('getCreditDisplay', null);
      return lazyCall('getGoodStandingAccounts', { creditDisplayId: display.id });
    },
    async updateCreditBalance(change) {
      await lazyCall('updateCreditBalance', change);
    },
    async updateAdditionalDebtPayment(amount) {
      return (await lazyCall('updateAdditionalDebtPayment', { additionalMonthlyDebtPayment: amount })).additionalMonthlyDebtPayment;
    },
    // Never cached (spec 001 §9): each address opens a new widget session.
    getWidgetUrl: (widgetName) => lazyCall('getWidgetUrl', { widgetName }),
  };
}
