// Answers a KBA question set the way the customer would: by knowing their own past (earlier addresses, a vehicle,
// former employers, an old phone number), which the identity vendor's sandbox publishes per test identity
// (functions/src/credit/kbaSandboxFile.ts `kbaSandboxConsumerFile`, like a vendor's documented test consumers).
// Reads only the questions (text and answers, as arrayKBA returns them) and that file; it never sees the vendor's
// answer key, so a test that passes KBA with it proves a person who knows these facts can pass. Nothing here reads
// the credit report: the report does not answer the questions.
import type { KbaConsumerFile } from '../../functions/src/credit/kbaSandboxFile';

export interface KbaQuestionLike {
  id: string;
  text: string;
  answers: readonly { id: string; text: string }[];
}

const NONE = ['none of the above', 'ninguna de las anteriores'];
const same = (a: string, b: string) => a.trim().toUpperCase().replace(/\s+/g, ' ') === b.trim().toUpperCase().replace(/\s+/g, ' ');

/** The answer naming one of `facts`, or "None of the above". */
function answerNaming(question: KbaQuestionLike, facts: readonly string[]): string {
  const match = question.answers.find((answer) => facts.some((fact) => same(fact, answer.text)));
  if (match) return match.id;
  const none = question.answers.find((answer) => NONE.includes(answer.text.trim().toLowerCase()));
  if (!none) throw new Error(`no answer fits and there is no "None of the above": ${question.text}`);
  return none.id;
}

function factsAsked(question: KbaQuestionLike, file: KbaConsumerFile): readonly string[] {
  const text = question.text;
  // The questions in English or Spanish (the vendor asks in the customer's language).
  if (/addresses have you lived at|direcciones ha vivido/i.test(text)) return file.previousAddresses;
  if (/vehicles have you owned|vehículos ha tenido/i.test(text)) return file.vehicles;
  if (/companies have you worked for|compañías ha trabajado/i.test(text)) return file.employers;
  if (/area codes? is for a phone number|códigos de área/i.test(text)) return file.areaCodes;
  throw new Error(`a question the customer cannot place: ${text}`);
}

/** Question id → the answer id the customer whose vendor file is `file` picks. */
export function kbaAnswersFromFile(questions: readonly KbaQuestionLike[], file: KbaConsumerFile): Record<string, string> {
  return Object.fromEntries(questions.map((question) => [question.id, answerNaming(question, factsAsked(question, file))]));
}

/** Question id → an answer the customer knows to be wrong (the first one that is not theirs), for a failing set. */
export function wrongKbaAnswers(questions: readonly KbaQuestionLike[], file: KbaConsumerFile): Record<string, string> {
  const right = kbaAnswersFromFile(questions, file);
  return Object.fromEntries(
    questions.map((question) => [question.id, question.answers.find((answer) => answer.id !== right[question.id])!.id]),
  );
}
