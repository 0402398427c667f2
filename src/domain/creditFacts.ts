// What a stored three-bureau credit report contributes to the readiness score (spec 002 §3 "Readiness score"),
// read the same way by the calculateReadinessScore callable and by the demo data's first scores.
import { z } from 'zod/mini';
import type { ReadinessCreditFacts } from './readinessScore';

const reportField = z.optional(z.unknown());

/**
 * The report fields the facts are read from (creditReports/{uid}, spec 001 §3); anything else is ignored, and a
 * field of another type counts as absent. A summary or account that is not an object makes the report corrupt.
 */
export const storedCreditReportSchema = z.object({
  reportSummary: z.nullish(z.object({ bureauSummary: z.nullish(z.array(z.object({ creditScore: reportField }))) })),
  accounts: z.nullish(
    z.array(
      z.object({
        creditorName: reportField,
        accountNumber: reportField,
        closed: reportField,
        status: reportField,
        portfolioType: reportField,
        currentBalance: reportField,
        creditLimit: reportField,
        monthlyPayment: reportField,
      }),
    ),
  ),
});
export type StoredCreditReport = z.input<typeof storedCreditReportSchema>;

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
