import type { MoneyOverviewData } from './moneyOverview.machine';
import type { MortgageList } from './mortgagePicker.machine';

// The money overview's calls (spec 002 §7: getUserInfo, getCreditDisplay, getConnectedInstitutions,
// getSavingsInfoHistory), implemented by src/adapters/firebase/money.ts. Failures are PortErrors ({ code, key? }):
// 'upgrade-required' for the free product line (the server's refusal), anything else a failed load.

export interface MoneyPort {
  /** The overview's figures, the four calls together; debts null before the first credit report. */
  loadOverview(): Promise<MoneyOverviewData>;
  /** getMortgages: the customer's existing mortgages, each marked when the goal has it picked (spec 002 §7). */
  getMortgages(): Promise<MortgageList>;
  /** A goal update saving the picked mortgages (updateUserInfo's goal.properties.selectedMortgages). */
  saveSelectedMortgages(goalId: string, ids: string[]): Promise<void>;
}
