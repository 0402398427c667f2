// The credit display (spec 002 §3 "Credit display"): the stored report as the credit overview and the money area
// read it. Used by the credit callables (getCreditDisplay) and by the money area's debts and mortgages.
import type { CreditDisplay } from '../../../src/contract/credit';
import { BUREAUS, type Bureau } from '../../../src/domain/creditReportRecords';
import { pulledAtOf, reportKeyOf } from './creditOrders';
import type { StoredCreditReportDocument } from '../platform/storedDocuments';

/** The same tradeline at several bureaus (same creditor and number, as creditFacts reads it) counts once. */
const tradelineKey = (account: { creditorName: string; accountNumber: string | null }) => `${account.creditorName}|${account.accountNumber ?? ''}`;

/**
 * spec 002 §3 "Credit display": each tradeline once (the first bureau's record, in bureau order), open unless it
 * has a closed date or a Closed status (a collection is open: it is owed); its payment history the monthly
 * statuses latest first; each inquiry once; the bureaus' scores; total debt and monthly payments of open accounts.
 */
export function creditDisplayOf(uid: string, report: StoredCreditReportDocument): CreditDisplay {
  const seen = new Set<string>();
  const bureauOrder = (bureau: Bureau) => BUREAUS.indexOf(bureau);
  const accounts = [...report.accounts].sort((a, b) => bureauOrder(a.bureau) - bureauOrder(b.bureau));
  const creditBalance: CreditDisplay['creditBalance'] = [];
  for (const account of accounts) {
    const key = tradelineKey(account);
    if (seen.has(key)) continue;
    seen.add(key);
    const closed = account.closed !== null || account.status === 'Closed';
    creditBalance.push({
      id: account.id,
      name: account.creditorName,
      status: closed ? 'closed' : 'open',
      paymentHistory: [...account.monthlyPaymentHistory.Monthly]
        .sort((a, b) => b.date.localeCompare(a.date))
        .map((month) => month.status)
        .join(''),
      accountType: account.accountType,
      loanType: account.loanType,
      portfolioType: account.portfolioType,
      balance: account.currentBalance,
      creditLimit: account.creditLimit,
      highBalance: account.highBalance,
      monthlyPayment: account.monthlyPayment,
      accountOpenedAt: account.opened,
    });
  }
  const inquiryKeys = new Set<string>();
  const creditInquiries: CreditDisplay['creditInquiries'] = [];
  for (const inquiry of report.inquiries) {
    const key = `${inquiry.creditorName}|${inquiry.date ?? ''}`;
    if (inquiry.date === null || inquiryKeys.has(key)) continue;
    inquiryKeys.add(key);
    creditInquiries.push({ inquiryDate: inquiry.date });
  }
  const open = creditBalance.filter((account) => account.status === 'open');
  return {
    id: reportKeyOf(uid, report),
    createdAt: pulledAtOf(report),
    creditBalance,
    creditInquiries,
    bureauReports: report.reportSummary.bureauSummary.map(({ bureau, creditScore, reportDate }) => ({ bureau, creditScore, reportDate })),
    totalDebt: open.reduce((sum, account) => sum + (account.balance ?? 0), 0),
    monthlyDebtPayment: open.reduce((sum, account) => sum + (account.monthlyPayment ?? 0), 0),
  };
}
