// Answers a KBA question set the way the customer would: by knowing their own credit report. Reads only the
// questions (text and answers, as arrayKBA returns them) and the report (the seeded demo report, seed/data, or the
// sandbox's, creditReports/{uid}); it never sees the vendor's answer key, so a test that passes KBA with it proves a
// person who knows the report can pass.

export interface KbaQuestionLike {
  id: string;
  text: string;
  answers: readonly { id: string; text: string }[];
}

interface ReportAccountLike {
  creditorName?: string | null;
  accountType?: string | null;
  loanType?: string | null;
  portfolioType?: string | null;
  status?: string | null;
  opened?: string | null;
  monthlyPayment?: number | null;
}
interface AddressLike {
  address?: string | null;
}
export interface ReportLike {
  accounts?: readonly ReportAccountLike[] | null;
  personalInfo?: readonly { currentAddress?: AddressLike | null; previousAddress?: readonly AddressLike[] | null }[] | null;
}

const NONE = ['none of the above', 'ninguna de las anteriores'];
const same = (a: string, b: string) => a.trim().toUpperCase().replace(/\s+/g, ' ') === b.trim().toUpperCase().replace(/\s+/g, ' ');
const words = (account: ReportAccountLike) => `${account.accountType ?? ''} ${account.loanType ?? ''}`.toLowerCase();

function noneOf(question: KbaQuestionLike): string {
  const none = question.answers.find((answer) => NONE.includes(answer.text.toLowerCase()));
  if (!none) throw new Error(`no answer fits and there is no "None of the above": ${question.text}`);
  return none.id;
}

/** The answer naming one of `names`, or "None of the above". */
function answerNaming(question: KbaQuestionLike, names: readonly string[]): string {
  const match = question.answers.find((answer) => names.some((name) => same(name, answer.text)));
  return match ? match.id : noneOf(question);
}

function accountsOf(report: ReportLike, creditor: string): ReportAccountLike[] {
  return (report.accounts ?? []).filter((account) => account.creditorName && same(account.creditorName, creditor));
}

/** "$1,100 - $1,199" → [1100, 1199]. */
function range(text: string): [number, number] | null {
  const match = /^\$([\d,]+)\s*-\s*\$([\d,]+)$/.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]!.replace(/,/g, '')), Number(match[2]!.replace(/,/g, ''))];
}

function answerOne(question: KbaQuestionLike, report: ReportLike): string {
  const accounts = report.accounts ?? [];
  const text = question.text;
  // The questions in English or Spanish (the vendor asks in the customer's language).
  if (/credit card or charge account|tarjeta de crédito o cuenta de cargo/i.test(text)) {
    const cards = accounts.filter((account) => account.portfolioType === 'R' || /credit card|charge/.test(words(account)));
    return answerNaming(question, cards.map((account) => account.creditorName ?? ''));
  }
  if (/auto loan or lease|arrendamiento de auto/i.test(text)) {
    return answerNaming(question, accounts.filter((account) => words(account).includes('auto')).map((account) => account.creditorName ?? ''));
  }
  if (/mortgage or home loan|hipoteca o préstamo para vivienda/i.test(text)) {
    const homes = accounts.filter((account) => account.portfolioType === 'M' || /mortgage|real estate/.test(words(account)));
    return answerNaming(question, homes.map((account) => account.creditorName ?? ''));
  }
  const payment = /monthly payment on your (.+) account\?$/i.exec(text) ?? /pago mensual de su cuenta con (.+)\?$/i.exec(text);
  if (payment) {
    const amounts = accountsOf(report, payment[1]!).map((account) => account.monthlyPayment ?? 0);
    const match = question.answers.find((answer) => {
      const bounds = range(answer.text);
      return bounds !== null && amounts.some((amount) => amount >= bounds[0] && amount <= bounds[1]);
    });
    return match ? match.id : noneOf(question);
  }
  const opened = /open your account with (.+)\?$/i.exec(text) ?? /abrió su cuenta con (.+)\?$/i.exec(text);
  if (opened) {
    const years = accountsOf(report, opened[1]!).map((account) => (account.opened ?? '').slice(0, 4));
    const match = question.answers.find((answer) => years.includes(answer.text.trim()));
    return match ? match.id : noneOf(question);
  }
  if (/addresses have you lived at|direcciones ha vivido/i.test(text)) {
    const addresses = (report.personalInfo ?? []).flatMap((info) => [info.currentAddress?.address, ...(info.previousAddress ?? []).map((entry) => entry.address)]);
    return answerNaming(question, addresses.filter((address): address is string => typeof address === 'string'));
  }
  throw new Error(`a question the customer cannot place: ${text}`);
}

/** Question id → the answer id the customer who knows `report` picks. */
export function kbaAnswersFromReport(questions: readonly KbaQuestionLike[], report: ReportLike): Record<string, string> {
  return Object.fromEntries(questions.map((question) => [question.id, answerOne(question, report)]));
}

/** Question id → an answer the customer knows to be wrong (the first one that is not theirs), for a failing set. */
export function wrongKbaAnswers(questions: readonly KbaQuestionLike[], report: ReportLike): Record<string, string> {
  const right = kbaAnswersFromReport(questions, report);
  return Object.fromEntries(
    questions.map((question) => [question.id, question.answers.find((answer) => answer.id !== right[question.id])!.id]),
  );
}
