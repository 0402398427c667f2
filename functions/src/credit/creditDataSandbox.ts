import {
  accountRecords,
  BUREAUS,
  bureauSummary,
  clampScore,
  inquiryRecords,
  isoDay,
  personalInfoRecords,
  publicRecordRecords,
  scoreHistoryWalk,
  seededRandom,
  type Bureau,
  type InquiryFacts,
  type PublicRecordFacts,
  type TradelineFacts,
} from '../../../src/domain/creditReportRecords';
import { bureauStatusRecord } from '../../../src/domain/disputes';
import { sandboxPageUrl } from '../providers/sandboxPages';
import type { CreditDataProvider, CreditReportRecords, CreditSubject, InitialCreditPull, RefreshedCreditPull } from './creditData';
import { refreshSandboxReport } from './creditDataSandboxRefresh';

// The embedded credit bureaus: a realistic three-bureau report for any customer, the same for the same customer
// every time (every pick is seeded by the uid), in the report shape seed/ uses for the demo customers
// (src/domain/creditReportRecords.ts). A report holds what the credit pages must show (spec 001 §2-§4): 20+
// accounts in all five groups (cards, real estate, auto, student loans, other) and the portfolio types I, R, O, M,
// C, L and Y; late payments of every code 1-6 (a card that slid into charge-off), a repossession (8), collections
// and a charge-off (9), an account in a discharged bankruptcy (7) when the customer has one, unknown (U) and
// no-data (X) months; closed accounts; inquiries inside and outside 24 months; public records; personal
// information that differs slightly between bureaus; and 24 months of score history per bureau.

const DAY_MS = 24 * 60 * 60 * 1_000;
/** A sandbox pull takes a moment, like the bureaus' test environments. */
export const CREDIT_SANDBOX_LATENCY_MS = 1_500;

type Range = readonly [number, number];

interface Creditor {
  key: string;
  name: string;
  phone: string;
  /** The masked account number's visible start (a card's BIN) or none. */
  prefix?: string;
}

const CARD_ISSUERS: readonly Creditor[] = [
  { key: 'chase-freedom', name: 'JPMCB CARD SERVICES', phone: '8009452000', prefix: '426684' },
  { key: 'citi-double-cash', name: 'CITIBANK NA', phone: '8009502424', prefix: '542418' },
  { key: 'capital-one-quicksilver', name: 'CAPITAL ONE', phone: '8009554188', prefix: '517805' },
  { key: 'discover-it', name: 'DISCOVER BANK', phone: '8003472683', prefix: '601100' },
  { key: 'bofa-cash', name: 'BANK OF AMERICA', phone: '8004215650', prefix: '440066' },
  { key: 'wells-active-cash', name: 'WELLS FARGO CARD SER', phone: '8006424720', prefix: '414720' },
  { key: 'credit-one', name: 'CREDIT ONE BANK NA', phone: '8778258252', prefix: '444796' },
  { key: 'syncb-amazon', name: 'SYNCB/AMAZON', phone: '8664193010', prefix: '604578' },
  { key: 'macys', name: 'MACYS/CITIBANK NA', phone: '8882693267', prefix: '603534' },
  { key: 'kohls', name: 'KOHLS/CAPONE', phone: '8555649798', prefix: '639305' },
  { key: 'merrick', name: 'MERRICK BANK', phone: '8004558100', prefix: '418953' },
];
const AMEX: Creditor = { key: 'amex-green', name: 'AMERICAN EXPRESS', phone: '8005284800', prefix: '372741' };
const MORTGAGE_LENDERS: readonly Creditor[] = [
  { key: 'wells-mortgage', name: 'WELLS FARGO HOME MORTGAGE', phone: '8003575600' },
  { key: 'rocket-mortgage', name: 'ROCKET MORTGAGE', phone: '8003825800' },
  { key: 'mr-cooper', name: 'MR. COOPER', phone: '8887808413' },
  { key: 'pennymac', name: 'PENNYMAC LOAN SERVICES', phone: '8007776670' },
];
const HELOC_LENDERS: readonly Creditor[] = [
  { key: 'us-bank-heloc', name: 'U.S. BANK HOME EQUITY', phone: '8003721919' },
  { key: 'truist-heloc', name: 'TRUIST BANK', phone: '8007887000' },
];
const AUTO_LENDERS: readonly Creditor[] = [
  { key: 'toyota-auto', name: 'TOYOTA MOTOR CREDIT', phone: '8008748822' },
  { key: 'ally-auto', name: 'ALLY FINANCIAL', phone: '8882222559' },
  { key: 'capital-one-auto', name: 'CAPITAL ONE AUTO FINANCE', phone: '8009461150' },
];
const LEASE_LENDERS: readonly Creditor[] = [
  { key: 'honda-lease', name: 'AMERICAN HONDA FINANCE', phone: '8009997007' },
  { key: 'nissan-lease', name: 'NISSAN MOTOR ACCEPTANCE', phone: '8006263756' },
];
const SUBPRIME_AUTO: readonly Creditor[] = [
  { key: 'santander-auto', name: 'SANTANDER CONSUMER USA', phone: '8883226783' },
  { key: 'westlake-auto', name: 'WESTLAKE FINANCIAL SVC', phone: '8883085252' },
];
const STUDENT_SERVICERS: readonly Creditor[] = [
  { key: 'navient', name: 'NAVIENT', phone: '8007227657' },
  { key: 'nelnet', name: 'NELNET', phone: '8884866393' },
  { key: 'mohela', name: 'DEPT OF ED/MOHELA', phone: '8886366401' },
  { key: 'sallie-mae', name: 'SALLIE MAE BANK', phone: '8003441191' },
  { key: 'aidvantage', name: 'DEPT OF ED/AIDVANTAGE', phone: '8007220530' },
];
const PERSONAL_LENDERS: readonly Creditor[] = [
  { key: 'sofi-personal', name: 'SOFI LENDING CORP', phone: '8554567634' },
  { key: 'lendingclub', name: 'LENDINGCLUB BANK', phone: '8885964480' },
  { key: 'upstart', name: 'UPSTART NETWORK INC', phone: '8332127277' },
  { key: 'oneMain', name: 'ONEMAIN FINANCIAL', phone: '8004250266' },
];
const CREDIT_BUILDERS: readonly Creditor[] = [
  { key: 'self-lender', name: 'SELF FINANCIAL/LEAD BANK', phone: '8774179444' },
  { key: 'chime-builder', name: 'CHIME/STRIDE BANK', phone: '8444244463' },
];
const LINE_OF_CREDIT: readonly Creditor[] = [
  { key: 'wells-loc', name: 'WELLS FARGO BANK NA', phone: '8008693557' },
  { key: 'pnc-loc', name: 'PNC BANK', phone: '8889622265' },
];
const COLLECTORS: readonly (Creditor & { original: string; medical: boolean })[] = [
  { key: 'lvnv-funding', name: 'LVNV FUNDING LLC', phone: '8663864834', original: 'CREDIT ONE BANK NA', medical: false },
  { key: 'midland-credit', name: 'MIDLAND CREDIT MANAGEMENT', phone: '8002968472', original: 'COMENITY BANK', medical: false },
  { key: 'portfolio-recovery', name: 'PORTFOLIO RECOVERY ASSOCIATES', phone: '8007720360', original: 'SYNCHRONY BANK', medical: false },
  { key: 'ic-system', name: 'I C SYSTEM INC', phone: '8005371410', original: 'SUNRISE EMERGENCY PHYSICIANS', medical: true },
  { key: 'medical-data', name: 'MEDICAL DATA SYSTEMS', phone: '8007180140', original: 'DESERT SPRINGS HOSPITAL', medical: true },
  { key: 'enhanced-recovery', name: 'ENHANCED RECOVERY CO', phone: '8006886140', original: 'T-MOBILE USA', medical: false },
];

const INQUIRIES: readonly { key: string; creditorName: string; industry: string }[] = [
  { key: 'carmax', creditorName: 'CARMAX AUTO FINANCE', industry: 'Automotive' },
  { key: 'care-credit', creditorName: 'SYNCB/CARE CREDIT', industry: 'Retail' },
  { key: 'tmobile', creditorName: 'T-MOBILE USA', industry: 'Utilities' },
  { key: 'sofi', creditorName: 'SOFI LENDING CORP', industry: 'Finance' },
  { key: 'rocket', creditorName: 'ROCKET MORTGAGE', industry: 'Mortgage' },
  { key: 'chase-card', creditorName: 'JPMCB CARD SERVICES', industry: 'Bank' },
  { key: 'verizon', creditorName: 'VERIZON WIRELESS', industry: 'Utilities' },
  { key: 'apple-card', creditorName: 'GOLDMAN SACHS BANK USA', industry: 'Bank' },
  { key: 'spectrum', creditorName: 'CHARTER COMMUNICATIONS', industry: 'Utilities' },
];

const EMPLOYERS = ['WALMART INC', 'AMAZON.COM SERVICES', 'KAISER PERMANENTE', 'CLARK COUNTY SCHOOL DIST', 'HOME DEPOT', 'UNITED PARCEL SERVICE'];
const STREETS = ['MAPLE AVE', 'W SAHARA AVE', 'N RAINBOW BLVD', 'E TROPICANA AVE', 'OAK GROVE DR', 'S EASTERN AVE', 'PINE ST'];
const CITIES: readonly [string, string, string][] = [
  ['LAS VEGAS', 'NV', '89102'],
  ['PHOENIX', 'AZ', '85004'],
  ['DENVER', 'CO', '80203'],
  ['SAN ANTONIO', 'TX', '78205'],
];

/** The customer's random stream with the helpers every pick uses. */
class Picker {
  constructor(readonly random: () => number) {}
  chance(probability: number) {
    return this.random() < probability;
  }
  between([low, high]: Range) {
    return Math.round(low + (high - low) * this.random());
  }
  /** A round amount in the range (to `step`). */
  amount(range: Range, step = 10) {
    return Math.round(this.between(range) / step) * step;
  }
  one<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }
  /** `count` different items, in a random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const picked: T[] = [];
    while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0]!);
    return picked;
  }
  digits(count: number) {
    return Array.from({ length: count }, () => Math.floor(this.random() * 10)).join('');
  }
  /** Most lines at all three bureaus; some at two (a creditor that reports to fewer bureaus). */
  bureaus(allThree = 0.78): readonly Bureau[] {
    if (this.chance(allThree)) return BUREAUS;
    const left = Math.floor(this.random() * 3);
    return BUREAUS.filter((_, index) => index !== left);
  }
}

/** A tradeline's facts before the report date is known to the builder: the shared defaults filled in. */
interface Line extends TradelineFacts {
  /** Which dispute category it feeds, when it is one the customer may dispute. */
  dispute?: 'COLLECTIONS_TRADELINE' | 'COLLECTIONS_OTHER' | 'LATE_PAYMENTS';
}

function daysAgo(pulledAt: Date, days: number): string {
  return isoDay(new Date(pulledAt.getTime() - days * DAY_MS));
}

function yearsAgo(pick: Picker, pulledAt: Date, range: Range): string {
  return daysAgo(pulledAt, pick.between([range[0] * 365, range[1] * 365]));
}

function maskedCard(pick: Picker, creditor: Creditor) {
  return `${creditor.prefix ?? pick.digits(6)}XXXXXX${pick.digits(4)}`;
}

function maskedLoan(pick: Picker) {
  return `${pick.digits(5)}XXXX`;
}

/** A line in good standing: open, current, with the shared defaults. */
function openLine(
  pick: Picker,
  pulledAt: Date,
  creditor: Creditor,
  fields: Pick<TradelineFacts, 'accountType' | 'portfolioType' | 'loanType' | 'currentBalance' | 'creditLimit' | 'highBalance' | 'monthlyPayment' | 'opened'> &
    Partial<TradelineFacts>,
): Line {
  return {
    key: creditor.key,
    bureaus: pick.bureaus(),
    creditorName: creditor.name,
    creditorPhone: creditor.phone,
    accountNumber: fields.portfolioType === 'R' || fields.portfolioType === 'O' ? maskedCard(pick, creditor) : maskedLoan(pick),
    paymentStatus: 'C',
    pastDueAmount: 0,
    closed: null,
    dateAccountStatus: daysAgo(pulledAt, pick.between([20, 40])),
    status: 'Open',
    condition: 'Open',
    originalCreditor: null,
    remarks: null,
    late: {},
    ...fields,
  };
}

function cardLine(pick: Picker, pulledAt: Date, creditor: Creditor, utilisation: Range): Line {
  const limit = pick.amount([1_500, 15_000], 500);
  const balance = pick.amount([limit * utilisation[0], limit * utilisation[1]], 5);
  return openLine(pick, pulledAt, creditor, {
    accountType: 'Revolving Credit Card',
    portfolioType: 'R',
    loanType: 'Credit Card',
    currentBalance: balance,
    creditLimit: limit,
    highBalance: Math.max(balance, pick.amount([limit * 0.4, limit], 5)),
    monthlyPayment: balance === 0 ? 0 : Math.max(25, Math.round(balance * 0.025)),
    opened: yearsAgo(pick, pulledAt, [2, 14]),
  });
}

/** A loan `ageMonths` into `termMonths`, its balance what an amortised loan would have left. */
function loanLine(
  pick: Picker,
  pulledAt: Date,
  creditor: Creditor,
  kind: Pick<TradelineFacts, 'accountType' | 'portfolioType' | 'loanType'>,
  original: Range,
  termMonths: number,
  ageMonths: Range,
): Line {
  const amount = pick.amount(original, 100);
  const age = pick.between(ageMonths);
  const payment = Math.round((amount / termMonths) * 1.25);
  const balance = Math.max(0, Math.round(amount * (1 - (age / termMonths) ** 1.25)));
  return openLine(pick, pulledAt, creditor, {
    ...kind,
    currentBalance: balance,
    creditLimit: null,
    highBalance: amount,
    monthlyPayment: payment,
    opened: daysAgo(pulledAt, age * 30 + pick.between([0, 25])),
  });
}

/** Some months marked unknown (U) on a line: a bureau that did not hear from the creditor that month. */
function withUnknownMonths(pick: Picker, line: Line): Line {
  const late = { ...line.late };
  const month = pick.between([4, 20]);
  for (const unknown of pick.chance(0.5) ? [month, month + 1] : [month]) late[unknown] ??= 'U';
  return { ...line, late };
}

function buildLines(pick: Picker, pulledAt: Date, bankruptcy: PublicRecordFacts | null): Line[] {
  const lines: Line[] = [];
  const cards = pick.some(CARD_ISSUERS, 8);

  // Credit cards: most current; one recovering from two late months; one closed at the customer's request; one
  // that slid through every late code into a charge-off; one an authorised user's; maybe one late right now.
  const [chargedOff, closedCard, recovering, authorised, ...current] = cards as [Creditor, Creditor, Creditor, Creditor, ...Creditor[]];
  for (const creditor of current) lines.push(cardLine(pick, pulledAt, creditor, [0.05, 0.6]));
  const lateNow = lines[lines.length - 1]!;
  if (pick.chance(0.5)) {
    // Thirty days late this month: past due, a late that shows in the latest month.
    Object.assign(lateNow, {
      paymentStatus: '1',
      pastDueAmount: lateNow.monthlyPayment || 35,
      late: { 0: '1' },
      condition: 'Open',
      remarks: null,
    });
    lateNow.dispute = 'LATE_PAYMENTS';
  }
  const recoveringLine = cardLine(pick, pulledAt, recovering, [0.3, 0.8]);
  const firstLate = pick.between([6, 16]);
  lines.push(
    withUnknownMonths(pick, {
      ...recoveringLine,
      late: { [firstLate]: '1', [firstLate + 1]: '2', [firstLate + 2]: '1' },
      dispute: 'LATE_PAYMENTS',
    }),
  );
  lines.push({ ...cardLine(pick, pulledAt, authorised, [0.02, 0.25]), responsibility: 'Authorized User', bureaus: pick.bureaus(0.5) });
  const closedAt = daysAgo(pulledAt, pick.between([200, 900]));
  lines.push({
    ...cardLine(pick, pulledAt, closedCard, [0, 0]),
    currentBalance: 0,
    monthlyPayment: 0,
    closed: closedAt,
    dateAccountStatus: closedAt,
    status: 'Closed',
    condition: 'Closed',
    remarks: 'Account closed at consumer\u2019s request',
  });
  // 30, 60, ... 180 days late, then charged off (code 9) and closed by the creditor.
  const slide = pick.between([9, 15]);
  const slideLate: Record<number, string> = {};
  ['1', '2', '3', '4', '5', '6'].forEach((code, index) => {
    slideLate[slide - index] = code;
  });
  for (let month = slide - 6; month >= 0; month -= 1) slideLate[month] = '9';
  const chargeOffCard = cardLine(pick, pulledAt, chargedOff, [0.9, 1]);
  const chargedOffAt = daysAgo(pulledAt, (slide - 6) * 30 + 15);
  lines.push({
    ...chargeOffCard,
    bureaus: BUREAUS,
    monthlyPayment: 0,
    pastDueAmount: chargeOffCard.currentBalance,
    paymentStatus: '9',
    closed: chargedOffAt,
    dateAccountStatus: chargedOffAt,
    status: 'Closed',
    condition: 'Derogatory',
    remarks: 'Charged off account',
    late: slideLate,
    dispute: 'COLLECTIONS_TRADELINE',
  });
  // An open (pay-in-full) charge card: portfolio O.
  lines.push(
    withUnknownMonths(
      pick,
      openLine(pick, pulledAt, AMEX, {
        accountType: 'Credit Card',
        portfolioType: 'O',
        loanType: 'Charge Card',
        currentBalance: pick.amount([80, 1_400], 5),
        creditLimit: null,
        highBalance: pick.amount([1_500, 6_000], 5),
        monthlyPayment: 0,
        opened: yearsAgo(pick, pulledAt, [4, 18]),
      }),
    ),
  );

  // Real estate: the mortgage, the one it refinanced (paid and closed), maybe a home-equity line.
  const [mortgage, refinanced] = pick.some(MORTGAGE_LENDERS, 2) as [Creditor, Creditor];
  const mortgageLine = loanLine(
    pick,
    pulledAt,
    mortgage,
    { accountType: 'Conventional Real Estate Mortgage', portfolioType: 'M', loanType: 'Mortgage' },
    [160_000, 420_000],
    360,
    [18, 60],
  );
  lines.push(mortgageLine);
  const refinancedAt = mortgageLine.opened;
  lines.push({
    ...loanLine(pick, pulledAt, refinanced, { accountType: 'Real Estate Mortgage', portfolioType: 'M', loanType: 'Mortgage' }, [120_000, 300_000], 360, [80, 140]),
    currentBalance: 0,
    monthlyPayment: 0,
    closed: refinancedAt,
    dateAccountStatus: refinancedAt,
    status: 'Closed',
    condition: 'Paid',
    remarks: 'Refinanced',
  });
  if (pick.chance(0.6)) {
    const limit = pick.amount([20_000, 80_000], 1_000);
    const balance = pick.amount([limit * 0.1, limit * 0.6], 50);
    lines.push(
      openLine(pick, pulledAt, pick.one(HELOC_LENDERS), {
        accountType: 'Home Equity Line of Credit',
        portfolioType: 'C',
        loanType: 'Home Equity',
        currentBalance: balance,
        creditLimit: limit,
        highBalance: Math.max(balance, pick.amount([limit * 0.3, limit * 0.7], 50)),
        monthlyPayment: Math.max(50, Math.round(balance * 0.012)),
        opened: daysAgo(pulledAt, pick.between([300, 1_500])),
      }),
    );
  }

  // Auto: a current loan, a lease, and a subprime loan that ended in repossession (code 8).
  lines.push(
    loanLine(pick, pulledAt, pick.one(AUTO_LENDERS), { accountType: 'Auto Loan', portfolioType: 'I', loanType: 'Auto Loan' }, [18_000, 42_000], 72, [6, 40]),
  );
  lines.push(
    loanLine(pick, pulledAt, pick.one(LEASE_LENDERS), { accountType: 'Auto Lease', portfolioType: 'L', loanType: 'Auto Lease' }, [12_000, 22_000], 36, [3, 24]),
  );
  const repo = loanLine(
    pick,
    pulledAt,
    pick.one(SUBPRIME_AUTO),
    { accountType: 'Auto Loan', portfolioType: 'I', loanType: 'Auto Loan' },
    [9_000, 16_000],
    60,
    [30, 44],
  );
  const repoMonth = pick.between([12, 20]);
  const repoAt = daysAgo(pulledAt, repoMonth * 30);
  lines.push({
    ...repo,
    currentBalance: pick.amount([2_500, 6_500], 5),
    pastDueAmount: 0,
    monthlyPayment: 0,
    paymentStatus: '8',
    closed: repoAt,
    dateAccountStatus: repoAt,
    status: 'Closed',
    condition: 'Derogatory',
    remarks: 'Involuntary repossession',
    // 30, 60, 90 days late, repossessed; the deficiency left after the sale is reported under the same code since.
    late: Object.fromEntries([
      [repoMonth + 3, '1'],
      [repoMonth + 2, '2'],
      [repoMonth + 1, '3'],
      ...Array.from({ length: repoMonth + 1 }, (_, month) => [month, '8']),
    ]),
    dispute: 'LATE_PAYMENTS',
  });

  // Student loans: two to four; one was deferred (months with no data, X).
  const studentCount = pick.between([2, 4]);
  pick.some(STUDENT_SERVICERS, studentCount).forEach((creditor, index) => {
    const line = loanLine(pick, pulledAt, creditor, { accountType: 'Educational', portfolioType: 'I', loanType: 'Student Loan' }, [5_500, 31_000], 120, [40, 110]);
    if (index === 0) {
      const start = pick.between([10, 17]);
      const late: Record<number, string> = {};
      for (let month = start; month < start + 6; month += 1) late[month] = 'X';
      lines.push({ ...line, late, remarks: 'Deferred payments ended' });
    } else {
      lines.push(line);
    }
  });

  // Other: a personal loan, a paid-off personal loan, a credit-builder loan, a personal line of credit, collections.
  const [personal, paidOff] = pick.some(PERSONAL_LENDERS, 2) as [Creditor, Creditor];
  lines.push(loanLine(pick, pulledAt, personal, { accountType: 'Unsecured', portfolioType: 'I', loanType: 'Personal Loan' }, [4_000, 25_000], 48, [4, 30]));
  const paidOffAt = daysAgo(pulledAt, pick.between([90, 600]));
  lines.push({
    ...loanLine(pick, pulledAt, paidOff, { accountType: 'Unsecured', portfolioType: 'I', loanType: 'Personal Loan' }, [2_000, 9_000], 36, [40, 60]),
    currentBalance: 0,
    monthlyPayment: 0,
    closed: paidOffAt,
    dateAccountStatus: paidOffAt,
    status: 'Closed',
    condition: 'Paid',
    remarks: 'Paid in full',
  });
  lines.push(
    loanLine(pick, pulledAt, pick.one(CREDIT_BUILDERS), { accountType: 'Secured', portfolioType: 'I', loanType: 'Secured Loan' }, [500, 1_700], 24, [3, 20]),
  );
  const locLimit = pick.amount([3_000, 12_000], 500);
  const locBalance = pick.amount([0, locLimit * 0.5], 10);
  lines.push(
    openLine(pick, pulledAt, pick.one(LINE_OF_CREDIT), {
      accountType: 'Line of Credit',
      portfolioType: 'C',
      loanType: 'Check Credit or Line of Credit',
      currentBalance: locBalance,
      creditLimit: locLimit,
      highBalance: Math.max(locBalance, pick.amount([locLimit * 0.2, locLimit * 0.8], 10)),
      monthlyPayment: locBalance === 0 ? 0 : Math.max(30, Math.round(locBalance * 0.03)),
      opened: yearsAgo(pick, pulledAt, [2, 9]),
    }),
  );
  const collectors = pick.some(COLLECTORS.filter((collector) => !collector.medical), pick.between([1, 2]));
  collectors.push(pick.one(COLLECTORS.filter((collector) => collector.medical)));
  for (const collector of collectors) {
    const balance = pick.amount(collector.medical ? [120, 1_400] : [380, 3_200], 1);
    const placed = pick.between([4, 20]);
    const late: Record<number, string> = {};
    for (let month = 0; month <= placed; month += 1) late[month] = '9';
    lines.push({
      key: collector.key,
      bureaus: pick.bureaus(0.6),
      creditorName: collector.name,
      creditorPhone: collector.phone,
      accountType: 'Collection',
      portfolioType: 'Y',
      accountNumber: maskedLoan(pick),
      currentBalance: balance,
      creditLimit: null,
      highBalance: balance,
      monthlyPayment: 0,
      paymentStatus: '9',
      pastDueAmount: balance,
      opened: daysAgo(pulledAt, placed * 30 + 10),
      closed: null,
      dateAccountStatus: daysAgo(pulledAt, placed * 30 + 10),
      status: 'Collection',
      condition: 'Derogatory',
      loanType: collector.medical ? 'Medical' : 'Collection Agency/Attorney',
      originalCreditor: collector.original,
      remarks: collector.medical ? 'Medical collection' : 'Placed for collection',
      late,
      dispute: collector.medical ? 'COLLECTIONS_OTHER' : 'COLLECTIONS_TRADELINE',
    });
  }

  // A card included in the bankruptcy (code 7 from the filing month on), when the customer filed one.
  if (bankruptcy) {
    const filedMonths = Math.round((pulledAt.getTime() - Date.parse(bankruptcy.dateFiled)) / (30 * DAY_MS));
    const late: Record<number, string> = { [filedMonths + 2]: '2', [filedMonths + 1]: '3' };
    for (let month = filedMonths; month >= 0; month -= 1) late[month] = '7';
    const card = cardLine(pick, pulledAt, pick.one(CARD_ISSUERS.filter((creditor) => !cards.includes(creditor))), [0.8, 1]);
    lines.push({
      ...card,
      key: `${card.key}-bk`,
      currentBalance: 0,
      monthlyPayment: 0,
      paymentStatus: '7',
      closed: bankruptcy.dateFiled,
      dateAccountStatus: bankruptcy.dateResolved ?? bankruptcy.dateFiled,
      status: 'Closed',
      condition: 'Derogatory',
      remarks: 'Included in Chapter 7 bankruptcy',
      late,
    });
  }

  // One bureau heard of some open balances a month earlier than the others.
  return lines.map((line) => {
    if (line.status !== 'Open' || line.bureaus.length < 2 || !pick.chance(0.3) || line.monthlyPayment === 0) return line;
    const lagging = pick.one(line.bureaus);
    return { ...line, bureauBalances: { [lagging]: line.currentBalance + Math.round(line.monthlyPayment * 0.7) } };
  });
}

function buildPublicRecords(pick: Picker, pulledAt: Date): { records: PublicRecordFacts[]; bankruptcy: PublicRecordFacts | null } {
  const court = (county: string) => `${county} COUNTY ${pick.chance(0.5) ? 'DISTRICT' : 'JUSTICE'} COURT`;
  const records: PublicRecordFacts[] = [];
  let bankruptcy: PublicRecordFacts | null = null;
  const kind = pick.random();
  if (kind < 0.4) {
    const filedDays = pick.between([420, 640]);
    bankruptcy = {
      key: 'chapter-7',
      bureaus: BUREAUS,
      type: 'Chapter 7 Bankruptcy',
      status: 'discharged',
      dateFiled: daysAgo(pulledAt, filedDays),
      dateResolved: daysAgo(pulledAt, filedDays - 110),
      referenceNumber: `${pick.between([20, 25])}-${pick.digits(5)}`,
      court: 'US BANKRUPTCY COURT DISTRICT OF NEVADA',
      attorneyName: pick.one(['HAINES & KRIEGER LLC', 'KAINEN LAW GROUP', 'PRICE LAW GROUP']),
      dispositionDate: daysAgo(pulledAt, filedDays - 110),
    };
    records.push(bankruptcy);
  } else if (kind < 0.75) {
    const filed = pick.between([900, 1_800]);
    records.push({
      key: 'civil-judgment',
      bureaus: pick.bureaus(0.4),
      type: 'Civil Judgment',
      status: 'satisfied',
      dateFiled: daysAgo(pulledAt, filed),
      dateResolved: daysAgo(pulledAt, filed - pick.between([120, 400])),
      referenceNumber: `${pick.digits(2)}C${pick.digits(6)}`,
      court: court('CLARK'),
      attorneyName: pick.one(['BRENNAN & COLE LLP', 'MANDARICH LAW GROUP', 'HUNT & HENRIQUES']),
      dispositionDate: daysAgo(pulledAt, filed - pick.between([120, 400])),
    });
  } else {
    const filed = pick.between([1_000, 2_200]);
    records.push({
      key: 'chapter-13',
      bureaus: BUREAUS,
      type: 'Chapter 13 Bankruptcy',
      status: 'dismissed/closed',
      dateFiled: daysAgo(pulledAt, filed),
      dateResolved: daysAgo(pulledAt, filed - pick.between([200, 500])),
      referenceNumber: `${pick.between([18, 22])}-${pick.digits(5)}`,
      court: 'US BANKRUPTCY COURT DISTRICT OF ARIZONA',
      attorneyName: 'PRICE LAW GROUP',
      dispositionDate: daysAgo(pulledAt, filed - pick.between([200, 500])),
    });
  }
  if (pick.chance(0.45)) {
    const filed = pick.between([60, 500]);
    records.push({
      key: 'small-claims',
      bureaus: [pick.one(BUREAUS)],
      type: 'Small Claims Judgment',
      status: pick.one(['filed', 'unknown', 'voluntary', 'dismissed']),
      dateFiled: daysAgo(pulledAt, filed),
      dateResolved: null,
      referenceNumber: `SC${pick.digits(7)}`,
      court: court('MARICOPA'),
      attorneyName: null,
      dispositionDate: null,
    });
  }
  return { records, bankruptcy };
}

function buildInquiries(pick: Picker, pulledAt: Date): InquiryFacts[] {
  const picked = pick.some(INQUIRIES, pick.between([5, 7]));
  return picked.map((inquiry, index) => ({
    ...inquiry,
    // The first two are older than 24 months (they fall off soon); the others inside it, some very recent.
    date: daysAgo(pulledAt, index < 2 ? pick.between([735, 800]) : pick.between([8, 700])),
    bureaus: pick.chance(0.45) ? BUREAUS : [pick.one(BUREAUS)],
  }));
}

const upper = (value: string | null, fallback: string) => (value?.trim() ? value.trim().toUpperCase() : fallback);

function buildPersonalInfo(pick: Picker, subject: CreditSubject, pulledAt: Date) {
  const first = upper(subject.firstName, 'ALEX');
  const middle = subject.middleName?.trim() ? upper(subject.middleName, '') : null;
  const last = upper(subject.lastName, 'CUSTOMER');
  const fullName = [first, middle?.slice(0, 1), last].filter(Boolean).join(' ');
  const [homeCity, homeState, homeZip] = pick.one(CITIES);
  const address = subject.street
    ? `${upper(subject.street, '')}, ${upper(subject.city, homeCity)}, ${upper(subject.stateCode, homeState)} ${subject.postalCode ?? homeZip}`
    : `${pick.between([100, 9_800])} ${pick.one(STREETS)}, ${homeCity}, ${homeState} ${homeZip}`;
  const [oldCity, oldState, oldZip] = pick.one(CITIES);
  const previous = { dateReported: daysAgo(pulledAt, pick.between([900, 2_000])), address: `${pick.between([100, 9_800])} ${pick.one(STREETS)} APT ${pick.between([2, 40])}${pick.one(['A', 'B', ''])}, ${oldCity}, ${oldState} ${oldZip}` };
  const older = { dateReported: daysAgo(pulledAt, pick.between([2_200, 3_600])), address: `${pick.between([100, 9_800])} ${pick.one(STREETS)}, ${oldCity}, ${oldState} ${oldZip}` };
  const employer = pick.one(EMPLOYERS);
  const aka = pick.chance(0.5) ? `${first} ${last}-${pick.one(['RUIZ', 'SMITH', 'GARCIA', 'LEE'])}` : `${first.slice(0, 1)} ${last}`;
  return personalInfoRecords({
    name: fullName,
    dateOfBirth: subject.birthdate,
    ssnLast4: subject.ssnLast4,
    employer: null,
    currentAddress: { dateReported: daysAgo(pulledAt, pick.between([40, 400])), address },
    previousAddresses: [previous],
    variants: {
      // Experian has the name without the middle initial and an also-known-as; TransUnion the employer; Equifax an
      // older address the others dropped.
      EXPERIAN: { name: `${first} ${last}`, alsoKnownAs: [aka] },
      TRANSUNION: { employer },
      EQUIFAX: { previousAddresses: [older] },
    },
  });
}

/** A new dispute item as investigations/{uid}/items/{id} stores it (src/contract/disputes.ts investigationItemSchema). */
function investigation(
  id: string,
  fields: { name: string; type: string; entityType: string; amount: number | null; accountStatus: string | null; bureaus: readonly Bureau[]; itemIds: string[]; reportDate: string; inquiryDate?: string; subtype?: string },
) {
  return {
    id,
    name: fields.name,
    type: fields.type,
    entityType: fields.entityType,
    accountBalance: { amount: fields.amount },
    accountStatus: fields.accountStatus,
    challengeReason: null,
    // The secondary reasons the customer chooses with a reason: none yet (the offered reasons follow the category).
    challengeReasonOptions: [],
    challengeReasonSelected: false,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: fields.itemIds,
    disputeIds: [],
    statuses: fields.bureaus.map((bureau) => bureauStatusRecord(bureau)),
    inquiryDate: fields.inquiryDate ?? null,
    reportDate: fields.reportDate,
    subtype: fields.subtype ?? null,
    viewed: false,
  };
}

/** What the customer may dispute (spec 001 §3): collections, charge-offs, late payments, recent inquiries, public records. */
function buildInvestigations(lines: readonly Line[], inquiries: readonly InquiryFacts[], records: readonly PublicRecordFacts[], pulledAt: Date) {
  const reportDay = isoDay(pulledAt);
  const recentSince = daysAgo(pulledAt, 730);
  return [
    ...lines.flatMap((line) =>
      line.dispute
        ? [
            investigation(`inv-${line.key}${line.dispute === 'LATE_PAYMENTS' ? '-late' : ''}`, {
              name: line.creditorName,
              type: line.dispute,
              entityType: 'account',
              amount: line.currentBalance,
              accountStatus: line.status,
              bureaus: line.bureaus,
              itemIds: line.bureaus.map((bureau) => `${bureau}-${line.key}`),
              reportDate: reportDay,
              ...(line.loanType === 'Medical' ? { subtype: 'medical' } : {}),
            }),
          ]
        : [],
    ),
    ...records.map((record) =>
      investigation(`inv-pr-${record.key}`, {
        name: record.type,
        type: 'PUBLIC_RECORDS',
        entityType: 'publicRecord',
        amount: null,
        accountStatus: record.status,
        bureaus: record.bureaus,
        itemIds: record.bureaus.map((bureau) => `${bureau}-pr-${record.key}`),
        reportDate: reportDay,
      }),
    ),
    ...inquiries
      .filter((inquiry) => inquiry.date >= recentSince)
      .map((inquiry) =>
        investigation(`inv-${inquiry.key}-inquiry`, {
          name: inquiry.creditorName,
          type: 'RECENT_INQUIRY',
          entityType: 'inquiry',
          amount: null,
          accountStatus: null,
          bureaus: inquiry.bureaus,
          itemIds: inquiry.bureaus.map((bureau) => `${bureau}-inq-${inquiry.key}`),
          reportDate: reportDay,
          inquiryDate: inquiry.date,
        }),
      ),
  ];
}

/** The bureaus' scores for the report: lower with a bankruptcy, a late payment this month and many collections. */
function buildScores(pick: Picker, lines: readonly Line[], bankruptcy: PublicRecordFacts | null): Record<Bureau, number> {
  const collections = lines.filter((line) => line.portfolioType === 'Y').length;
  const lateNow = lines.some((line) => line.status === 'Open' && line.paymentStatus !== 'C');
  const base = 650 + pick.random() * 80 - (bankruptcy ? 55 : 0) - (lateNow ? 20 : 0) - collections * 12;
  const offsets: Record<Bureau, number> = { EQUIFAX: 0, EXPERIAN: -9, TRANSUNION: 6 };
  return Object.fromEntries(BUREAUS.map((bureau) => [bureau, clampScore(base + offsets[bureau] + pick.between([-6, 6]))])) as Record<Bureau, number>;
}

/** Builds the pull; seeded by the uid, so the same customer gets the same report for the same day. */
export function buildSandboxPull(subject: CreditSubject, pulledAt: Date): InitialCreditPull {
  const pick = new Picker(seededRandom(subject.uid));
  const { records, bankruptcy } = buildPublicRecords(pick, pulledAt);
  const lines = buildLines(pick, pulledAt, bankruptcy);
  const inquiries = buildInquiries(pick, pulledAt);
  const scores = buildScores(pick, lines, bankruptcy);
  const report: CreditReportRecords = {
    reportSummary: bureauSummary(scores, isoDay(pulledAt)),
    accounts: accountRecords(lines, pulledAt),
    inquiries: inquiryRecords(inquiries),
    publicRecords: publicRecordRecords(records),
    personalInfo: buildPersonalInfo(pick, subject, pulledAt),
  };
  return {
    report,
    investigations: buildInvestigations(lines, inquiries, records, pulledAt),
    scoreHistory: scoreHistoryWalk(scores, pulledAt, pick.random),
  };
}

/** The embedded bureaus; `latencyMs` stands for their response time (0 in unit use). */
export class CreditDataSandbox implements CreditDataProvider {
  constructor(private readonly latencyMs = CREDIT_SANDBOX_LATENCY_MS) {}

  private async respond(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
  }

  async pullInitialReport(subject: CreditSubject, pulledAt: Date): Promise<InitialCreditPull> {
    await this.respond();
    return buildSandboxPull(subject, pulledAt);
  }

  async refreshReport(subject: CreditSubject, previous: CreditReportRecords, pulledAt: Date): Promise<RefreshedCreditPull> {
    await this.respond();
    return refreshSandboxReport(subject.uid, previous, pulledAt);
  }

  /** The sandbox's simulator widget: an HTTP function of this backend (simulatorSandboxPage.ts). */
  simulatorWidgetUrl(): string {
    return sandboxPageUrl('creditSimulatorSandbox');
  }
}
