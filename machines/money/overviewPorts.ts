import type { MoneyOverviewData } from './moneyOverview.machine';

// The money overview's calls (spec 002 §7: getUserInfo, getCreditDisplay, getConnectedInstitutions,
// getSavingsInfoHistory), implemented by src/adapters/firebase/money.ts. Failures are PortErrors ({ code, key? }):
// 'upgrade-required' for the free product line (the server's refusal), anything else a failed load.

export interface MoneyPort {
  /** The overview's figures, the four calls together; debts null before the first credit report. */
  loadOverview(): Promise<MoneyOverviewData>;
}
