// The embedded identity vendor, as its test environment behaves: multiple-choice questions built from the vendor's
// own consumer file (kbaSandboxFile.ts: earlier addresses, a registered vehicle, former employers, the area code of
// an earlier phone number), never from the credit report the app shows, each with four answers including plausible
// wrong ones and "None of the above". A set is the same for the same (session, attempt); the answer key is kept
// hashed in the vendor's own store (kba/sandbox/…, server-only) and only a pass or fail comes back. How a tester
// knows the answers: kbaSandboxFile.ts (the documented test identities).
import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import type { KbaQuestion } from '../../../src/contract/credit';
import { seededRandom } from '../../../src/domain/creditReportRecords';
import { KbaVendorError, type KbaLanguage, type KbaProvider, type KbaQuestionSet, type KbaScore, type KbaSubject } from './kba';
import { kbaSandboxConsumerFile, VENDOR_EMPLOYERS, VENDOR_TOWNS, VENDOR_VEHICLES, vendorAddress, type KbaConsumerFile } from './kbaSandboxFile';

/** A vendor round trip takes a moment, like an identity vendor's test environment. */
export const KBA_SANDBOX_LATENCY_MS = 300;
/** Questions per set: one of each kind. */
export const KBA_QUESTIONS_PER_SET = 4;
export const NONE_OF_THE_ABOVE = 'None of the above';
/** How often a question's right answer is "None of the above" (the consumer never had any of the four). */
const NONE_CORRECT_SHARE = 0.2;

/** The questions as the vendor words them, in English and Spanish. */
export const KBA_TEXTS: Record<KbaLanguage, { address: string; vehicle: string; employer: string; areaCode: string; none: string }> = {
  en: {
    address: 'Which of the following addresses have you lived at or been associated with?',
    vehicle: 'Which of the following vehicles have you owned, leased or had registered in your name?',
    employer: 'Which of the following companies have you worked for?',
    areaCode: 'Which of the following area codes is for a phone number you have had?',
    none: NONE_OF_THE_ABOVE,
  },
  es: {
    address: '¿En cuál de las siguientes direcciones ha vivido o con cuál ha estado asociado?',
    vehicle: '¿Cuál de los siguientes vehículos ha tenido, arrendado o registrado a su nombre?',
    employer: '¿Para cuál de las siguientes compañías ha trabajado?',
    areaCode: '¿Cuál de los siguientes códigos de área corresponde a un número de teléfono que ha tenido?',
    none: 'Ninguna de las anteriores',
  },
};

export const KBA_SANDBOX_SESSIONS = 'kba/sandbox/sessions';
export const KBA_SANDBOX_SETS = 'kba/sandbox/sets';

// ---------------------------------------------------------------------------------------------- building a set

type Random = () => number;
type Kind = 'address' | 'vehicle' | 'employer' | 'areaCode';
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

/** Area codes offered as wrong answers besides the vendor towns' own. */
const OTHER_AREA_CODES = ['406', '307', '605', '701', '575', '479', '563', '913'] as const;

/** `count` wrong answers made by `make` (called with the try's number), none of them one of the file's or repeated. */
function wrongAnswers(count: number, known: readonly string[], make: (attempt: number) => string): string[] {
  const wrong: string[] = [];
  for (let attempt = 0; wrong.length < count && attempt < 200; attempt += 1) {
    const candidate = make(attempt);
    if (!known.includes(candidate) && !wrong.includes(candidate)) wrong.push(candidate);
  }
  return wrong;
}

const townOf = (address: string) => address.slice(address.indexOf(',') + 2);
const modelOf = (vehicle: string) => vehicle.slice(vehicle.indexOf(' ') + 1);

/** Four choices and "None of the above" for one kind of fact: the file's answer among wrong ones, or none of them. */
function choicesFor(random: Random, kind: Kind, file: KbaConsumerFile): { choices: string[]; correct: number } {
  const noneOfThem = random() < NONE_CORRECT_SHARE;
  let known: string[];
  let make: (attempt: number) => string;
  let right: string;
  if (kind === 'address') {
    known = file.previousAddresses;
    right = pick(random, known);
    // The first wrong address shares the right one's town, so the odd town out never gives the answer away.
    const towns = [townOf(right), ...VENDOR_TOWNS.map(({ town }) => town)];
    make = (attempt) => vendorAddress(random, attempt === 0 ? towns[0]! : pick(random, towns));
  } else if (kind === 'vehicle') {
    known = file.vehicles;
    right = pick(random, known);
    const year = Number(right.slice(0, 4));
    const models = VENDOR_VEHICLES.filter((model) => !file.vehicles.some((vehicle) => modelOf(vehicle) === model));
    make = () => `${year - 3 + Math.floor(random() * 7)} ${pick(random, models)}`;
  } else if (kind === 'employer') {
    known = file.employers;
    right = pick(random, known);
    make = () => pick(random, VENDOR_EMPLOYERS);
  } else {
    known = file.areaCodes;
    right = pick(random, known);
    const codes = [...VENDOR_TOWNS.map(({ areaCode }) => areaCode), ...OTHER_AREA_CODES];
    make = () => pick(random, codes);
  }
  const wrong = wrongAnswers(noneOfThem ? 4 : 3, known, make);
  const shown = shuffle(random, noneOfThem ? wrong : [right, ...wrong]);
  return { choices: [...shown, NONE_OF_THE_ABOVE], correct: noneOfThem ? shown.length : shown.indexOf(right) };
}

export interface BuiltQuestionSet {
  questions: KbaQuestion[];
  /** Question id → the correct answer's id. */
  answerKey: Record<string, string>;
}

const KINDS: readonly Kind[] = ['address', 'vehicle', 'employer', 'areaCode'];

/** The set for `seed` (the vendor session and attempt): one question of each kind, in a random order. */
export function buildQuestionSet(file: KbaConsumerFile, seed: string, language: KbaLanguage = 'en'): BuiltQuestionSet {
  const random = seededRandom(seed);
  const answerKey: Record<string, string> = {};
  const questions = shuffle(random, KINDS).map((kind, index): KbaQuestion => {
    const { choices, correct } = choicesFor(random, kind, file);
    const id = `q-${shortHash(`${seed}:${index}`)}`;
    const answers = choices.map((choiceText, choice) => {
      const text = choiceText === NONE_OF_THE_ABOVE ? KBA_TEXTS[language].none : choiceText;
      return { id: `a-${shortHash(`${seed}:${index}:${choice}:${choiceText}`)}`, text };
    });
    answerKey[id] = answers[correct]!.id;
    return { id, text: KBA_TEXTS[language][kind], answers };
  });
  return { questions, answerKey };
}

// ---------------------------------------------------------------------------------------------- the vendor

/** The key as the vendor keeps it: each correct (set, question, answer) hashed, never the answer itself. */
export const hashedAnswer = (authToken: string, questionId: string, answerId: string) =>
  createHash('sha256').update(`${authToken}:${questionId}:${answerId}`).digest('hex');

const sandboxSessionSchema = z.object({
  uid: z.string(),
  file: z.object({
    previousAddresses: z.array(z.string()),
    vehicles: z.array(z.string()),
    employers: z.array(z.string()),
    areaCodes: z.array(z.string()),
  }),
});
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
    // The vendor matches the identity to its own file; no match, no questions (the no-hit test identity).
    const file = kbaSandboxConsumerFile(subject);
    if (!file) throw new KbaVendorError('subject-not-found', 'no consumer file matches the identity');
    const id = `kbs_${randomBytes(12).toString('hex')}`;
    await this.db().collection(KBA_SANDBOX_SESSIONS).doc(id).create({ uid: subject.uid, file, createdAt: Timestamp.fromDate(this.now()) });
    return id;
  }

  async questionSet(vendorSessionId: string, attempt: number, language: KbaLanguage): Promise<KbaQuestionSet> {
    await this.roundTrip();
    const stored = await this.db().collection(KBA_SANDBOX_SESSIONS).doc(vendorSessionId).get();
    const session = sandboxSessionSchema.safeParse(stored.data());
    if (!stored.exists || !session.success) throw new KbaVendorError('session-not-found');
    const built = buildQuestionSet(session.data.file, `${vendorSessionId}:${attempt}`, language);
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
