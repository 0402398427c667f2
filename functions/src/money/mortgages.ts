// The customer's existing mortgages (spec 002 §7 getMortgages, §3 Goal's selectedMortgages): the open real-estate
// loans of their current credit report, as spec 001 §2 groups accounts (mortgage and home-equity types are Real
// Estate). The one list both getMortgages answers from and a goal update's selection is checked against.
import type { CreditDisplay } from '../../../src/contract/credit';
import { MORTGAGES_MAX } from '../../../src/contract/money';
import { storedCreditReport } from '../credit/creditOrders';
import { creditDisplayOf } from '../credit/creditDisplay';

type BalanceLine = CreditDisplay['creditBalance'][number];

const isRealEstate = (line: BalanceLine) =>
  line.portfolioType === 'M' || /mortgage|home equity|real estate/i.test(`${line.accountType ?? ''} ${line.loanType ?? ''}`);

/** Open real-estate loans, the largest balance first (a closed one was paid off or refinanced already). */
export function mortgageLines(display: CreditDisplay): BalanceLine[] {
  return display.creditBalance
    .filter((line) => line.status === 'open' && isRealEstate(line))
    .sort((a, b) => (b.balance ?? 0) - (a.balance ?? 0) || a.id.localeCompare(b.id))
    .slice(0, MORTGAGES_MAX);
}

/** The customer's mortgages from their current report; none before the first report. */
export async function customerMortgages(uid: string): Promise<BalanceLine[]> {
  const report = await storedCreditReport(uid);
  return report ? mortgageLines(creditDisplayOf(uid, report)) : [];
}
