import type { BankWidgetName } from '../../src/domain/bankWidgets';
import type { DebtAccount } from '../../src/domain/debtPayoff';
import type { PromiseActorSignature } from '../ports';

// What the debts page needs from the outside world (ARCHITECTURE.md "Machines"): shapes mirror src/contract/debts.ts
// (machines may not import the contract; the adapter parses with it and TypeScript checks it against these).

/** getGoodStandingAccounts' answer. */
export interface GoodStandingAccounts {
  creditDisplayId: string;
  accounts: DebtAccount[];
  additionalMonthlyDebtPayment: number;
}

/** The debts machine's actors (src/app/money/debts/DebtsRoute.tsx provides them over the port). */
export interface DebtsActorSignatures {
  loadDebts: PromiseActorSignature<void, GoodStandingAccounts>;
  saveShow: PromiseActorSignature<{ id: string; show: boolean }, void>;
  saveExtraPayment: PromiseActorSignature<{ amount: number }, number>;
}

/**
 * The debts calls (spec 002 §7 getGoodStandingAccounts, updateCreditBalance) and the money area's bank widget
 * addresses (embedded widget URL), implemented by
 * src/adapters/firebase/debts.ts. Failures are PortErrors ({ code, key? }): 'not-found' with key
 * 'debts.errors.no-report' before the first credit report, 'failed-precondition' with key 'upgrade-required' for the
 * free product line, 'not-found' with 'debts.errors.unknown-account' for an account that is not the customer's.
 */
export interface DebtsPort {
  /** The current credit display's open revolving and installment accounts with their show flags, and the extra payment. */
  getDebts(): Promise<GoodStandingAccounts>;
  updateCreditBalance(change: { id: string; show: boolean }): Promise<void>;
  /** Saves the extra monthly payment; answers the amount stored. */
  updateAdditionalDebtPayment(amount: number): Promise<number>;
  /** getWidgetUrl: a bank widget's address for the money area's widget pages and Link accounts (never cached). */
  getWidgetUrl(widgetName: BankWidgetName): Promise<{ url: string }>;
}
