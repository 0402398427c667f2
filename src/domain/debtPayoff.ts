// Debt payoff (spec 002 §3 "Credit balance account (debts)", §4 "Debt payoff", §9): the order, the extra monthly
// payment, the months to pay each account off, the final payment dates, the total paydown and the red-to-green
// colours of the debts page. Pure maths: the page and the tests read it, nothing here touches the network.

/** One credit balance account as the debts page plans it (getGoodStandingAccounts' answer plus the show flag). */
export interface DebtAccount {
  id: string;
  name: string;
  /** What is owed, USD. */
  balance: number;
  /** The yearly rate in percent (18.99 means 18.99%). */
  apr: number;
  /** The scheduled monthly payment, USD. */
  monthlyPayment: number;
  show: boolean;
}

/** One row of the payoff plan. */
export interface DebtPayoffRow extends DebtAccount {
  /** The part of the extra monthly payment this account receives (0 for hidden accounts). */
  extraPayment: number;
  /** monthlyPayment + extraPayment. */
  payment: number;
  /** Months to pay the balance off at `payment`, floored; null when the payment never covers the interest. */
  months: number | null;
  /** 'YYYY-MM' of the last payment; null when invalid (the page shows 'apr too high') or the account is hidden. */
  finalPaymentDate: string | null;
  /** A text-safe colour graded from red (first shown) to green (last shown); null for hidden accounts. */
  color: string | null;
}

export interface DebtPayoffPlan {
  rows: DebtPayoffRow[];
  /** Months until every shown account is paid off, floored; null when one of them can never be paid off. */
  totalPaydownMonths: number | null;
  /** 'YYYY-MM' when every shown account is paid off; null as above or when nothing is shown. */
  debtFreeDate: string | null;
  /** The sum of the shown balances, whole USD. */
  totalBalance: number;
  /** The sum of the shown payments (scheduled plus extra), whole USD. */
  totalMonthlyPayment: number;
}

/** The largest extra monthly payment the page accepts (a bound for the input and the callable). */
export const EXTRA_DEBT_PAYMENT_MAX = 1_000_000;

/** The debts page's layout switch (spec 002 §9): a table from this width up, cards below. */
export const DEBTS_TABLE_MIN_WIDTH_PX = 875;

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * Months to pay `balance` off paying `payment` a month at `apr` percent a year (spec 002 §9):
 * ln(p / (p − b·r)) / ln(1 + r) with r = apr / 100 / 12, or b / p when the rate is 0. Unfloored; 0 for nothing
 * owed; null when the payment does not cover the first month's interest (or is not positive).
 */
export function payoffMonths(balance: number, apr: number, payment: number): number | null {
  if (balance <= 0) return 0;
  if (!(payment > 0)) return null;
  const rate = apr / 100 / 12;
  if (rate <= 0) return balance / payment;
  const covered = payment - balance * rate;
  if (covered <= 0) return null;
  return Math.log(payment / covered) / Math.log(1 + rate);
}

/** Lowest balance first, hidden accounts last (spec 002 §4); equal balances keep the name order, then the id. */
export function orderDebts<T extends DebtAccount>(accounts: readonly T[]): T[] {
  return [...accounts].sort(
    (a, b) =>
      Number(!a.show) - Number(!b.show) || a.balance - b.balance || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}

/**
 * The extra monthly payment split over the shown accounts in payoff order (spec 002 §4): each account takes what
 * it can, so its whole monthly payment stays at most its balance; what is left goes to the next. Hidden accounts
 * take nothing. Returns the extra of each account, by id.
 */
export function allocateExtraPayment(ordered: readonly DebtAccount[], extra: number): Map<string, number> {
  const shares = new Map<string, number>();
  let left = Math.max(0, extra);
  for (const account of ordered) {
    const room = account.show ? Math.max(0, roundCents(account.balance - account.monthlyPayment)) : 0;
    const share = roundCents(Math.min(left, room));
    shares.set(account.id, share);
    left = roundCents(left - share);
  }
  return shares;
}

/** 'YYYY-MM' of the month `months` after `from`'s month (UTC). */
export function monthAfter(from: Date, months: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

// Red to green through dark shades: both ends and every blend between them have at least 4.5:1 contrast on white
// (checked in tests/domain/debtPayoff.test.ts), so the colours can be used for text.
const RED: readonly [number, number, number] = [0xb0, 0x1c, 0x1c];
const GREEN: readonly [number, number, number] = [0x1b, 0x6b, 0x2a];

const hex = (channel: number) => Math.round(channel).toString(16).padStart(2, '0');

/** The colour of the `index`th of `count` shown accounts: red for the first, green for the last. */
export function gradedColor(index: number, count: number): string {
  const t = count <= 1 ? 0 : index / (count - 1);
  return `#${RED.map((red, channel) => hex(red + ((GREEN[channel] ?? 0) - red) * t)).join('')}`;
}

/** WCAG 2.2 relative luminance of '#rrggbb'. */
export function relativeLuminance(color: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two '#rrggbb' colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The whole payoff plan of the debts page, as of `today`. */
export function planDebtPayoff(accounts: readonly DebtAccount[], extra: number, today: Date): DebtPayoffPlan {
  const ordered = orderDebts(accounts);
  const shares = allocateExtraPayment(ordered, extra);
  const shownCount = ordered.filter((account) => account.show).length;
  let shownIndex = 0;
  const rows = ordered.map((account): DebtPayoffRow => {
    const extraPayment = shares.get(account.id) ?? 0;
    const payment = roundCents(account.monthlyPayment + extraPayment);
    const exact = payoffMonths(account.balance, account.apr, payment);
    const months = exact === null ? null : Math.floor(exact);
    if (!account.show) return { ...account, extraPayment: 0, payment, months, finalPaymentDate: null, color: null };
    const color = gradedColor(shownIndex, shownCount);
    shownIndex += 1;
    return { ...account, extraPayment, payment, months, finalPaymentDate: months === null ? null : monthAfter(today, months), color };
  });
  const shown = rows.filter((row) => row.show);
  const invalid = shown.some((row) => row.months === null);
  const totalPaydownMonths = invalid ? null : Math.max(0, ...shown.map((row) => row.months ?? 0));
  return {
    rows,
    totalPaydownMonths,
    debtFreeDate: totalPaydownMonths === null || shown.length === 0 ? null : monthAfter(today, totalPaydownMonths),
    totalBalance: Math.round(shown.reduce((sum, row) => sum + row.balance, 0)),
    totalMonthlyPayment: Math.round(shown.reduce((sum, row) => sum + row.payment, 0)),
  };
}

/** How the extra monthly payment input reads: a number from 0 to the maximum, or why not. */
export type ExtraPaymentCheck = { ok: true; amount: number } | { ok: false; reason: 'negative' | 'not-a-number' | 'too-large' };

export function checkExtraPayment(input: string | number): ExtraPaymentCheck {
  const text = typeof input === 'number' ? String(input) : input.replace(/[$,\s]/g, '');
  if (text === '') return { ok: true, amount: 0 };
  const amount = Number(text);
  if (!Number.isFinite(amount)) return { ok: false, reason: 'not-a-number' };
  if (amount < 0) return { ok: false, reason: 'negative' };
  if (amount > EXTRA_DEBT_PAYMENT_MAX) return { ok: false, reason: 'too-large' };
  return { ok: true, amount: roundCents(amount) };
}
