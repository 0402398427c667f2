// The embedded bureaus' answer to a report order (spec 001 §4 "Report ordering"): the customer's previous report
// carried forward to the order's day with the small changes a month or two brings. Deterministic for a customer
// and a day (seeded by both), so a test or a demo sees the same refresh every time.
import type { CreditAccount } from '../../../src/contract/credit';
import {
  BUREAUS,
  clampScore,
  isoDay,
  latePaymentCounts,
  seededRandom,
  worstPayStatus,
  type Bureau,
} from '../../../src/domain/creditReportRecords';
import type { CreditReportRecords, RefreshedCreditPull } from './creditData';

const monthIndex = (yearMonth: string): number => {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return year * 12 + month - 1;
};
const yearMonthOf = (index: number): string => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

const isOpen = (account: CreditAccount) => account.closed === null && account.status !== 'Closed';
const isCollection = (account: CreditAccount) => account.portfolioType === 'Y' || account.status === 'Collection';
const LATE_CODES = ['1', '2', '3', '4', '5', '6'];
const HISTORY_MONTHS = 24;

/** The month's status for an account carried forward: paid on time, still in collection, or a late one caught up. */
function nextStatus(account: CreditAccount, random: () => number): string {
  const current = account.paymentStatus ?? 'C';
  if (isCollection(account) || current === '9') return '9';
  if (!isOpen(account)) return current === 'C' ? 'C' : current;
  if (LATE_CODES.includes(current)) return random() < 0.6 ? 'C' : current;
  return 'C';
}

function roundTo(value: number, step: number) {
  return Math.round(value / step) * step;
}

/** One account a few months on: new months of history, the balance paid down (a card's moves a little). */
function carryForward(account: CreditAccount, newMonths: number, reportDay: string, random: () => number): CreditAccount {
  const history = account.monthlyPaymentHistory.Monthly;
  const latest = history[0]?.date ?? reportDay.slice(0, 7);
  const added = Array.from({ length: newMonths }, (_, index) => ({
    date: yearMonthOf(monthIndex(latest) + newMonths - index),
    status: nextStatus(account, random),
  }));
  // A young account's history grows to the 24 months the bureaus show; a full one drops its oldest months.
  const months = [...added, ...history].slice(0, Math.max(history.length, Math.min(HISTORY_MONTHS, history.length + newMonths)));
  const statuses = months.map((month) => month.status);
  const balance = account.currentBalance ?? 0;
  const payment = account.monthlyPayment ?? 0;
  let currentBalance = balance;
  if (isOpen(account) && !isCollection(account) && newMonths > 0) {
    if (account.portfolioType === 'R' || account.portfolioType === 'O' || account.portfolioType === 'C') {
      // A card's balance moves with spending and payments: mostly a little lower, sometimes a little higher.
      const factor = 0.82 + random() * 0.24;
      const limit = account.creditLimit ?? balance;
      currentBalance = Math.max(0, Math.min(limit > 0 ? limit : balance, roundTo(balance * factor, 5)));
    } else {
      // An instalment loan's balance falls by the principal part of each payment.
      const principal = payment * (0.55 + random() * 0.3) * newMonths;
      currentBalance = Math.max(0, Math.round(balance - principal));
    }
  }
  const paymentStatus = statuses[0] ?? account.paymentStatus;
  const caughtUp = paymentStatus === 'C' && account.pastDueAmount !== null && !isCollection(account);
  const counts = latePaymentCounts(statuses);
  return {
    ...account,
    currentBalance,
    highBalance: Math.max(account.highBalance ?? 0, currentBalance),
    paymentStatus,
    pastDueAmount: caughtUp ? 0 : account.pastDueAmount,
    reported: reportDay,
    latePayments30Days: counts.late30,
    latePayments60Days: counts.late60,
    latePayments90Days: counts.late90,
    worstPayStatus: worstPayStatus(statuses),
    monthlyPaymentHistory: { Monthly: months },
  };
}

/**
 * `previous` carried forward to `pulledAt`: each account gains the months since its latest one (the same tradeline
 * at every bureau the same way), balances move as payments and spending move them, each bureau's score moves a few
 * points (up a little more when the card balances fell), and the new scores make the history's new point.
 */
export function refreshSandboxReport(uid: string, previous: CreditReportRecords, pulledAt: Date): RefreshedCreditPull {
  const reportDay = isoDay(pulledAt);
  const byLine = new Map<string, () => number>();
  const randomForLine = (account: CreditAccount) => {
    // The same tradeline at each bureau changes the same way: its random stream is seeded by the line, not the bureau.
    const line = account.id.replace(new RegExp(`^(${BUREAUS.join('|')})-`), '');
    let random = byLine.get(`${account.bureau}|${line}`);
    if (!random) {
      random = seededRandom(`${uid}|${reportDay}|${line}`);
      byLine.set(`${account.bureau}|${line}`, random);
    }
    return random;
  };
  const accounts = previous.accounts.map((account) => {
    const latest = account.monthlyPaymentHistory.Monthly[0]?.date;
    const newMonths = latest ? Math.max(0, monthIndex(reportDay.slice(0, 7)) - monthIndex(latest)) : 0;
    return carryForward(account, newMonths, reportDay, randomForLine(account));
  });
  const revolving = (records: readonly CreditAccount[]) =>
    records.filter((account) => account.portfolioType === 'R' && isOpen(account)).reduce((sum, account) => sum + (account.currentBalance ?? 0), 0);
  const paidDown = revolving(accounts) < revolving(previous.accounts);
  const random = seededRandom(`${uid}|${reportDay}|scores`);
  const bureauSummary = previous.reportSummary.bureauSummary.map((summary) => ({
    ...summary,
    creditScore:
      summary.creditScore === null ? null : clampScore(summary.creditScore + Math.round((random() - 0.45) * 10) + (paidDown ? 3 : 0)),
    reportDate: reportDay,
  }));
  const scoreHistory = bureauSummary.flatMap((summary) =>
    summary.creditScore === null ? [] : [{ bureau: summary.bureau as Bureau, reportdate: reportDay, creditscore: summary.creditScore }],
  );
  return { report: { ...previous, reportSummary: { bureauSummary }, accounts }, scoreHistory };
}
