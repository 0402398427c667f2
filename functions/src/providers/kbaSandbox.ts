// The embedded identity vendor, as its test environment behaves: multiple-choice questions built from the subject's
// own credit file (creditors they have or had an account with, a monthly payment range, the lender of an auto loan
// or mortgage, a current or previous address, the year an account opened), each with four answers including
// plausible wrong ones and "None of the above". A set is the same for the same (session, attempt); the answer key is
// kept hashed in the vendor's own store (kba/sandbox/…, server-only) and only a pass or fail comes back.
import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import type { KbaQuestion } from '../../../src/contract/credit';
import { seededRandom } from '../../../src/domain/creditReportRecords';
import { KbaVendorError, type KbaLanguage, type KbaProvider, type KbaQuestionSet, type KbaScore, type KbaSubject } from './kba';

/** A vendor round trip takes a moment, like an identity vendor's test environment. */
export const KBA_SANDBOX_LATENCY_MS = 300;
/** Questions per set. */
export const KBA_QUESTIONS_PER_SET = 4;
/** Fewer questions than this can be built from the file: the vendor refuses the subject (a thin file). */
const MIN_QUESTIONS = 3;
export const NONE_OF_THE_ABOVE = 'None of the above';

/** The questions as the vendor words them, in English and Spanish. */
export const KBA_TEXTS: Record<
  KbaLanguage,
  {
    creditor: string;
    auto: string;
    mortgage: string;
    address: string;
    payment: (creditor: string) => string;
    year: (creditor: string) => string;
    none: string;
  }
> = {
  en: {
    creditor: 'Which of the following companies have you had a credit card or charge account with?',
    auto: 'Which of the following companies have you had an auto loan or lease with?',
    mortgage: 'Which of the following companies have you had a mortgage or home loan with?',
    address: 'Which of the following addresses have you lived at or been associated with?',
    payment: (creditor) => `What is the monthly payment on your ${creditor} account?`,
    year: (creditor) => `In what year did you open your account with ${creditor}?`,
    none: NONE_OF_THE_ABOVE,
  },
  es: {
    creditor: '¿Con cuál de las siguientes compañías ha tenido una tarjeta de crédito o cuenta de cargo?',
    auto: '¿Con cuál de las siguientes compañías ha tenido un préstamo o arrendamiento de auto?',
    mortgage: '¿Con cuál de las siguientes compañías ha tenido una hipoteca o préstamo para vivienda?',
    address: '¿En cuál de las siguientes direcciones ha vivido o con cuál ha estado asociado?',
    payment: (creditor) => `¿Cuál es el pago mensual de su cuenta con ${creditor}?`,
    year: (creditor) => `¿En qué año abrió su cuenta con ${creditor}?`,
    none: 'Ninguna de las anteriores',
  },
};

export const KBA_SANDBOX_SESSIONS = 'kba/sandbox/sessions';
export const KBA_SANDBOX_SETS = 'kba/sandbox/sets';

// ---------------------------------------------------------------------------------------------- the file's facts

/** What the questions are built from: one entry per tradeline (the bureaus report the same account separately). */
export interface KbaFacts {
  /** The calendar year the file was read in (the year questions never offer a year after it). */
  asOfYear: number;
  tradelines: {
    creditorName: string;
    kind: 'card' | 'auto' | 'mortgage' | 'student' | 'other';
    open: boolean;
    monthlyPayment: number | null;
    openedYear: number | null;
  }[];
  /** Every creditor name the file shows (tradelines, original creditors, inquiries): never offered as a wrong answer. */
  knownCreditors: string[];
  /** The current and previous addresses the bureaus report. */
  addresses: string[];
}

const field = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(z.nullable(schema)), undefined);
const storedReportSchema = z.object({
  accounts: z.catch(
    z.array(
      z.object({
        creditorName: field(z.string()),
        originalCreditor: field(z.string()),
        accountNumber: field(z.string()),
        accountType: field(z.string()),
        loanType: field(z.string()),
        portfolioType: field(z.string()),
        status: field(z.string()),
        closed: field(z.string()),
        opened: field(z.string()),
        monthlyPayment: field(z.number()),
      }),
    ),
    [],
  ),
  inquiries: z.catch(z.array(z.object({ creditorName: field(z.string()) })), []),
  personalInfo: z.catch(
    z.array(
      z.object({
        currentAddress: field(z.object({ address: z.string() })),
        previousAddress: z.catch(z.array(z.object({ address: z.string() })), []),
      }),
    ),
    [],
  ),
});

const normalise = (text: string) => text.trim().toUpperCase().replace(/\s+/g, ' ');

function kindOf(account: { accountType?: string | null; loanType?: string | null; portfolioType?: string | null }): KbaFacts['tradelines'][number]['kind'] {
  const words = `${account.accountType ?? ''} ${account.loanType ?? ''}`.toLowerCase();
  if (account.portfolioType === 'M' || words.includes('mortgage') || words.includes('real estate')) return 'mortgage';
  if (words.includes('auto')) return 'auto';
  if (words.includes('student') || words.includes('educational')) return 'student';
  if (account.portfolioType === 'R' || words.includes('credit card') || words.includes('charge')) return 'card';
  return 'other';
}

/** The facts of a stored report (creditReports/{uid}); a field that is missing or odd is left out. */
export function kbaFactsFromReport(report: unknown, asOf: Date): KbaFacts {
  const parsed = storedReportSchema.safeParse(report ?? {});
  const data = parsed.success ? parsed.data : { accounts: [], inquiries: [], personalInfo: [] };
  const known = new Set<string>();
  const lines = new Map<string, KbaFacts['tradelines'][number]>();
  for (const account of data.accounts) {
    if (account.creditorName) known.add(normalise(account.creditorName));
    if (account.originalCreditor) known.add(normalise(account.originalCreditor));
    // Collections are a debt buyer's, not an account the customer opened: vendors do not ask about them.
    if (!account.creditorName || account.portfolioType === 'Y' || account.status === 'Collection') continue;
    const key = `${normalise(account.creditorName)}|${account.accountNumber ?? ''}`;
    if (lines.has(key)) continue;
    const openedYear = account.opened && /^\d{4}-/.test(account.opened) ? Number(account.opened.slice(0, 4)) : null;
    lines.set(key, {
      creditorName: normalise(account.creditorName),
      kind: kindOf(account),
      open: !account.closed && account.status !== 'Closed',
      monthlyPayment: typeof account.monthlyPayment === 'number' ? account.monthlyPayment : null,
      openedYear,
    });
  }
  for (const inquiry of data.inquiries) if (inquiry.creditorName) known.add(normalise(inquiry.creditorName));
  const addresses = new Set<string>();
  for (const info of data.personalInfo) {
    if (info.currentAddress?.address) addresses.add(normalise(info.currentAddress.address));
    for (const previous of info.previousAddress) addresses.add(normalise(previous.address));
  }
  return { asOfYear: asOf.getUTCFullYear(), tradelines: [...lines.values()], knownCreditors: [...known], addresses: [...addresses] };
}

// ---------------------------------------------------------------------------------------------- building a set

const CARD_ISSUERS = [
  'CAPITAL ONE',
  'DISCOVER BANK',
  'JPMCB CARD SERVICES',
  'CITIBANK NA',
  'AMERICAN EXPRESS',
  'BARCLAYS BANK DELAWARE',
  'SYNCB/AMAZON',
  'COMENITY BANK/VICTORIAS SECRET',
  'US BANK',
  'WELLS FARGO CARD SER',
  'CREDIT ONE BANK',
  'BANK OF AMERICA',
  'TD BANK USA/TARGET CREDIT',
  'GOLDMAN SACHS BANK USA',
  'MERRICK BANK',
] as const;
const AUTO_LENDERS = [
  'ALLY FINANCIAL',
  'TOYOTA MOTOR CREDIT',
  'CAPITAL ONE AUTO FINANCE',
  'SANTANDER CONSUMER USA',
  'AMERICAN HONDA FINANCE',
  'FORD MOTOR CREDIT',
  'GM FINANCIAL',
  'WESTLAKE FINANCIAL SERVICES',
  'NISSAN MOTOR ACCEPTANCE',
] as const;
const MORTGAGE_LENDERS = [
  'WELLS FARGO HOME MORTGAGE',
  'ROCKET MORTGAGE',
  'MR. COOPER',
  'PENNYMAC LOAN SERVICES',
  'CHASE HOME FINANCE',
  'FREEDOM MORTGAGE',
  'NEWREZ LLC',
  'UNITED WHOLESALE MORTGAGE',
  'LOANDEPOT.COM',
] as const;
const STREETS = [
  'SUNSET RD',
  'E WARM SPRINGS RD',
  'W CHARLESTON BLVD',
  'N GREEN VALLEY PKWY',
  'S EASTERN AVE',
  'PALM VALLEY DR',
  'MESA VERDE LN',
  'CANYON RIDGE CT',
  'OAK HOLLOW WAY',
  'SILVER LAKE DR',
  'W OAKEY BLVD',
  'STONE CREEK AVE',
] as const;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** A question before it gets ids: the answers' texts, the correct one's index (NONE_OF_THE_ABOVE is always last). */
interface Draft {
  kind: 'creditor' | 'lender' | 'payment' | 'address' | 'year';
  /** The question in the asked language. */
  text: (language: KbaLanguage) => string;
  choices: string[];
  correct: number;
}

/** Three wrong names from `pool` that the file does not show, in a random order. */
function decoys(random: Random, pool: readonly string[], facts: KbaFacts, count: number): string[] {
  const known = new Set(facts.knownCreditors);
  return shuffle(random, pool.filter((name) => !known.has(name))).slice(0, count);
}

/** Four names and "None of the above": the correct one (or none of them, when `correctName` is null) among wrong ones. */
function nameChoices(random: Random, correctName: string | null, pool: readonly string[], facts: KbaFacts) {
  const wrong = decoys(random, pool, facts, correctName ? 3 : 4);
  const names = shuffle(random, correctName ? [correctName, ...wrong] : wrong);
  return { choices: [...names, NONE_OF_THE_ABOVE], correct: correctName ? names.indexOf(correctName) : names.length };
}

/** Creditors the file shows exactly one tradeline of (so "your account with X" names one account). */
function singleAccountCreditors(facts: KbaFacts) {
  const counts = new Map<string, number>();
  for (const line of facts.tradelines) counts.set(line.creditorName, (counts.get(line.creditorName) ?? 0) + 1);
  return facts.tradelines.filter((line) => counts.get(line.creditorName) === 1);
}

function creditorQuestion(random: Random, facts: KbaFacts): Draft | null {
  const cards = facts.tradelines.filter((line) => line.kind === 'card');
  // One set in four asks about companies the customer never dealt with: "None of the above" is then right.
  const noneOfThem = cards.length === 0 || random() < 0.25;
  const correct = noneOfThem ? null : pick(random, cards).creditorName;
  const { choices, correct: index } = nameChoices(random, correct, CARD_ISSUERS, facts);
  if (choices.length < 5) return null;
  return { kind: 'creditor', text: (language) => KBA_TEXTS[language].creditor, choices, correct: index };
}

function lenderQuestion(random: Random, facts: KbaFacts): Draft | null {
  const loans = facts.tradelines.filter((line) => line.kind === 'auto' || line.kind === 'mortgage');
  const kinds = new Set(loans.map((line) => line.kind));
  // Ask about a loan they have; when they have neither kind, about one they do not (then none of them is right).
  const kind: 'auto' | 'mortgage' = kinds.size > 0 ? pick(random, [...kinds] as ('auto' | 'mortgage')[]) : random() < 0.5 ? 'auto' : 'mortgage';
  const ofKind = loans.filter((line) => line.kind === kind);
  // Two lenders of the same kind cannot both be offered with one of them "the" answer: ask about one of them only
  // and keep the other out of the wrong answers (it is a known creditor).
  const correct = ofKind.length > 0 ? pick(random, ofKind).creditorName : null;
  const pool = kind === 'auto' ? AUTO_LENDERS : MORTGAGE_LENDERS;
  const { choices, correct: index } = nameChoices(random, correct, pool, facts);
  if (choices.length < 5) return null;
  return { kind: 'lender', text: (language) => KBA_TEXTS[language][kind], choices, correct: index };
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function paymentQuestion(random: Random, facts: KbaFacts): Draft | null {
  const paying = singleAccountCreditors(facts).filter((line) => line.open && (line.monthlyPayment ?? 0) > 0);
  if (paying.length === 0) return null;
  const line = pick(random, paying);
  const payment = line.monthlyPayment!;
  const width = payment < 200 ? 50 : payment < 1_000 ? 100 : 250;
  const bucket = Math.floor(payment / width);
  const first = Math.max(0, bucket - Math.floor(random() * 4));
  const ranges = [0, 1, 2, 3].map((offset) => {
    const low = (first + offset) * width;
    return `${dollars(low)} - ${dollars(low + width - 1)}`;
  });
  return {
    kind: 'payment',
    text: (language) => KBA_TEXTS[language].payment(line.creditorName),
    choices: [...ranges, NONE_OF_THE_ABOVE],
    correct: bucket - first,
  };
}

function yearQuestion(random: Random, facts: KbaFacts): Draft | null {
  const dated = singleAccountCreditors(facts).filter((line) => line.openedYear !== null);
  if (dated.length === 0) return null;
  const line = pick(random, dated);
  const year = line.openedYear!;
  const first = Math.min(year - Math.floor(random() * 4), facts.asOfYear - 3);
  return {
    kind: 'year',
    text: (language) => KBA_TEXTS[language].year(line.creditorName),
    choices: [...[0, 1, 2, 3].map((offset) => String(first + offset)), NONE_OF_THE_ABOVE],
    correct: year - first,
  };
}

/** "2150 DESERT WILLOW DR, HENDERSON, NV 89074" → a different house on another street of the same town. */
function decoyAddress(random: Random, address: string): string {
  const parts = address.split(',').map((part) => part.trim());
  const town = parts.slice(1).join(', ');
  const number = 100 + Math.floor(random() * 9_800);
  const street = pick(random, STREETS);
  return town ? `${number} ${street}, ${town}` : `${number} ${street}`;
}

function addressQuestion(random: Random, facts: KbaFacts): Draft | null {
  if (facts.addresses.length === 0) return null;
  const correct = pick(random, facts.addresses);
  const known = new Set(facts.addresses);
  const wrong: string[] = [];
  for (let tries = 0; wrong.length < 3 && tries < 50; tries += 1) {
    // The first wrong one shares the right one's town, so the odd town out never gives the answer away.
    const candidate = decoyAddress(random, wrong.length === 0 ? correct : pick(random, facts.addresses));
    if (!known.has(candidate) && !wrong.includes(candidate)) wrong.push(candidate);
  }
  const addresses = shuffle(random, [correct, ...wrong]);
  return {
    kind: 'address',
    text: (language) => KBA_TEXTS[language].address,
    choices: [...addresses, NONE_OF_THE_ABOVE],
    correct: addresses.indexOf(correct),
  };
}

const BUILDERS = [creditorQuestion, lenderQuestion, paymentQuestion, addressQuestion, yearQuestion] as const;

export interface BuiltQuestionSet {
  questions: KbaQuestion[];
  /** Question id → the correct answer's id. */
  answerKey: Record<string, string>;
}

/**
 * The set for `seed` (the vendor session and attempt): four questions of different kinds when the file allows,
 * in a random order; null when the file has no account of the customer's or fewer than three questions can be built
 * (a thin file).
 */
export function buildQuestionSet(facts: KbaFacts, seed: string, language: KbaLanguage = 'en'): BuiltQuestionSet | null {
  // Without a single account of the customer's own, every question would be "None of the above".
  if (facts.tradelines.length === 0) return null;
  const random = seededRandom(seed);
  const drafts: Draft[] = [];
  for (const build of shuffle(random, BUILDERS)) {
    if (drafts.length === KBA_QUESTIONS_PER_SET) break;
    const draft = build(random, facts);
    if (draft) drafts.push(draft);
  }
  // A file with few kinds of facts: a second year or payment question about another account.
  for (const build of [yearQuestion, paymentQuestion]) {
    if (drafts.length >= KBA_QUESTIONS_PER_SET) break;
    const draft = build(random, facts);
    if (draft && !drafts.some((existing) => existing.text('en') === draft.text('en'))) drafts.push(draft);
  }
  if (drafts.length < MIN_QUESTIONS) return null;
  const answerKey: Record<string, string> = {};
  const questions = drafts.map((draft, index): KbaQuestion => {
    const id = `q-${shortHash(`${seed}:${index}`)}`;
    const answers = draft.choices.map((choiceText, choice) => {
      const text = choiceText === NONE_OF_THE_ABOVE ? KBA_TEXTS[language].none : choiceText;
      return { id: `a-${shortHash(`${seed}:${index}:${choice}:${choiceText}`)}`, text };
    });
    answerKey[id] = answers[draft.correct]!.id;
    return { id, text: draft.text(language), answers };
  });
  return { questions, answerKey };
}

// ---------------------------------------------------------------------------------------------- the vendor

/** The key as the vendor keeps it: each correct (set, question, answer) hashed, never the answer itself. */
export const hashedAnswer = (authToken: string, questionId: string, answerId: string) =>
  createHash('sha256').update(`${authToken}:${questionId}:${answerId}`).digest('hex');

const sandboxSessionSchema = z.object({ uid: z.string(), facts: z.custom<KbaFacts>((value) => typeof value === 'object' && value !== null) });
const sandboxSetSchema = z.object({
  vendorSessionId: z.string(),
  answerKey: z.record(z.string(), z.string()),
  usedAt: z.nullable(z.instanceof(Timestamp)),
});

/** The identity vendor's test environment, with its own server-only store in Firestore (kba/sandbox/…). */
export class FirestoreKbaSandbox implements KbaProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly latencyMs = KBA_SANDBOX_LATENCY_MS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async roundTrip(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
  }

  async createSession(subject: KbaSubject): Promise<string> {
    await this.roundTrip();
    const facts = kbaFactsFromReport(subject.report, this.now());
    if (!buildQuestionSet(facts, `${subject.uid}:probe`)) throw new KbaVendorError('subject-not-found', 'the file is too thin to ask about');
    const id = `kbs_${randomBytes(12).toString('hex')}`;
    await this.db().collection(KBA_SANDBOX_SESSIONS).doc(id).create({ uid: subject.uid, facts, createdAt: Timestamp.fromDate(this.now()) });
    return id;
  }

  async questionSet(vendorSessionId: string, attempt: number, language: KbaLanguage): Promise<KbaQuestionSet> {
    await this.roundTrip();
    const stored = await this.db().collection(KBA_SANDBOX_SESSIONS).doc(vendorSessionId).get();
    const session = sandboxSessionSchema.safeParse(stored.data());
    if (!stored.exists || !session.success) throw new KbaVendorError('session-not-found');
    const built = buildQuestionSet(session.data.facts, `${vendorSessionId}:${attempt}`, language);
    if (!built) throw new KbaVendorError('subject-not-found', 'the file is too thin to ask about');
    const authToken = `kbt_${randomBytes(16).toString('hex')}`;
    const answerKey = Object.fromEntries(
      Object.entries(built.answerKey).map(([questionId, answerId]) => [questionId, hashedAnswer(authToken, questionId, answerId)]),
    );
    await this.db()
      .collection(KBA_SANDBOX_SETS)
      .doc(authToken)
      .create({ vendorSessionId, attempt, answerKey, usedAt: null, createdAt: Timestamp.fromDate(this.now()) });
    return { authToken, questions: built.questions };
  }

  async score(vendorSessionId: string, authToken: string, answers: Readonly<Record<string, string>>): Promise<KbaScore> {
    await this.roundTrip();
    const ref = this.db().collection(KBA_SANDBOX_SETS).doc(authToken);
    return this.db().runTransaction(async (transaction) => {
      const stored = await transaction.get(ref);
      const set = sandboxSetSchema.safeParse(stored.data());
      if (!stored.exists || !set.success || set.data.vendorSessionId !== vendorSessionId) throw new KbaVendorError('set-not-found');
      if (set.data.usedAt !== null) throw new KbaVendorError('set-used');
      const questionIds = Object.keys(set.data.answerKey);
      const correct = questionIds.filter((id) => answers[id] !== undefined && hashedAnswer(authToken, id, answers[id]) === set.data.answerKey[id]).length;
      transaction.update(ref, { usedAt: Timestamp.fromDate(this.now()) });
      return { passed: correct === questionIds.length, correct, total: questionIds.length };
    });
  }
}
