// What a stored three-bureau credit report contributes to the readiness score (spec 002 §3 "Readiness score"),
// read the same way by the calculateReadinessScore callable and by the demo data's first scores.
import type { ReadinessCreditFacts } from './readinessScore';

/** The report fields the facts are read from (creditReports/{uid}, spec 001 §3); anything else is ignored. */
export interface StoredCreditReport {
  reportSummary?: { bureauSummary?: ReadonlyArray<{ creditScore?: unknown }> };
  accounts?: ReadonlyArray<{
    creditorName?: unknown;
    accountNumber?: unknown;
    closed?: unknown;
    status?: unknown;
    portfolioType?: unknown;
    currentBalance?: unknown;
    creditLimit?: unknown;
    monthlyPayment?: unknown;
  }>;
}

const amount = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * The report's facts, each account once: the bureaus report the same tradeline (same creditor and number)
 * separately. Open revolving accounts make the utilisation, open loans and cards the monthly debt.
 */
export function creditFactsFromReport(report: StoredCreditReport | undefined): ReadinessCreditFacts | null {
  if (!report) return null;
  const bureauScores = (report.reportSummary?.bureauSummary ?? [])
    .map((entry) => entry.creditScore)
    .filter((score): score is number => typeof score === 'number');
  const seen = new Set<string>();
  const facts: ReadinessCreditFacts = { bureauScores, monthlyDebtPayment: 0, revolvingBalance: 0, revolvingLimit: 0, mortgageBalance: 0 };
  for (const account of report.accounts ?? []) {
    const key = `${String(account.creditorName)}|${String(account.accountNumber)}`;
    if (seen.has(key) || account.closed || account.status !== 'Open') continue;
    seen.add(key);
    facts.monthlyDebtPayment += amount(account.monthlyPayment);
    if (account.portfolioType === 'R') {
      facts.revolvingBalance += amount(account.currentBalance);
      facts.revolvingLimit += amount(account.creditLimit);
    }
    if (account.portfolioType === 'M') facts.mortgageBalance += amount(account.currentBalance);
  }
  return facts;
}
