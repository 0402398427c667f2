// The KBA sandbox's question sets (functions/src/providers/kbaSandbox.ts): built from the customer's own report,
// the same for the same session and attempt, answerable by someone who knows the report, with wrong answers that
// look like real ones and are not on the report.
import { describe, expect, it } from 'vitest';
import { buildQuestionSet, FirestoreKbaSandbox, kbaFactsFromReport, NONE_OF_THE_ABOVE } from '../../functions/src/providers/kbaSandbox';
import { buildSandboxPull } from '../../functions/src/providers/creditDataSandbox';
import { creditReport } from '../../seed/data/creditReport';
import { kbaAnswersFromReport, wrongKbaAnswers, type ReportLike } from '../support/kbaAnswers';

const ASOF = new Date('2026-11-20T12:00:00Z');
const demoReport = creditReport('demo-uid').data as unknown as ReportLike;
const demoFacts = kbaFactsFromReport(demoReport, ASOF);

function sandboxReport(uid: string): ReportLike {
  const subject = {
    uid,
    firstName: 'Pat',
    middleName: null,
    lastName: 'Doe',
    birthdate: '1990-01-01',
    ssnLast4: '1234',
    street: '12 Elm St',
    city: 'Reno',
    stateCode: 'NV',
    postalCode: '89501',
  };
  return buildSandboxPull(subject, ASOF).report as unknown as ReportLike;
}

const setFor = (facts: ReturnType<typeof kbaFactsFromReport>, seed: string) => {
  const set = buildQuestionSet(facts, seed);
  if (!set) throw new Error('no set');
  return set;
};

describe('KBA sandbox question sets', () => {
  it('asks four questions about the customer’s own creditors, payments, loans, addresses and account dates', () => {
    const set = setFor(demoFacts, 'session-1:0');
    expect(set.questions).toHaveLength(4);
    expect(new Set(set.questions.map((question) => question.text)).size).toBe(4);
    const texts = Array.from({ length: 12 }, (_, attempt) => setFor(demoFacts, `session-1:${attempt}`).questions.map((q) => q.text)).flat();
    expect(texts.some((text) => /credit card or charge account/.test(text))).toBe(true);
    expect(texts.some((text) => /auto loan or lease|mortgage or home loan/.test(text))).toBe(true);
    expect(texts.some((text) => /monthly payment on your (CAPITAL ONE|DISCOVER BANK|ALLY FINANCIAL|NELNET) account/.test(text))).toBe(true);
    expect(texts.some((text) => /addresses have you lived at/.test(text))).toBe(true);
    expect(texts.some((text) => /open your account with/.test(text))).toBe(true);
    // Collections are not accounts the customer opened: never asked about by name.
    expect(texts.join(' ')).not.toMatch(/MIDLAND|PORTFOLIO RECOVERY/);
  });

  it('is the same set for the same session and attempt, and a different one for the next attempt', () => {
    expect(setFor(demoFacts, 'session-1:0')).toEqual(setFor(demoFacts, 'session-1:0'));
    const next = setFor(demoFacts, 'session-1:1');
    expect(next.questions.map((question) => question.id)).not.toEqual(setFor(demoFacts, 'session-1:0').questions.map((question) => question.id));
  });

  it('can be passed by reading the report, for the demo report and for sandbox reports, on every attempt', () => {
    const reports = [demoReport, sandboxReport('customer-a'), sandboxReport('customer-b'), sandboxReport('customer-c')];
    for (const report of reports) {
      const facts = kbaFactsFromReport(report, ASOF);
      for (let attempt = 0; attempt < 15; attempt += 1) {
        const set = setFor(facts, `s-${attempt}:${attempt}`);
        expect(kbaAnswersFromReport(set.questions, report)).toEqual(set.answerKey);
        const wrong = wrongKbaAnswers(set.questions, report);
        for (const question of set.questions) expect(wrong[question.id]).not.toBe(set.answerKey[question.id]);
      }
    }
  });

  it('offers distinct answers ending in "None of the above", whose wrong names are not on the report', () => {
    const onReport = new Set(demoFacts.knownCreditors);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const set = setFor(demoFacts, `session-2:${attempt}`);
      for (const question of set.questions) {
        const texts = question.answers.map((answer) => answer.text);
        expect(texts).toHaveLength(5);
        expect(new Set(texts).size).toBe(5);
        expect(new Set(question.answers.map((answer) => answer.id)).size).toBe(5);
        expect(texts.at(-1)).toBe(NONE_OF_THE_ABOVE);
        const correct = question.answers.find((answer) => answer.id === set.answerKey[question.id])!.text;
        if (/companies/.test(question.text)) {
          // Wrong names look like real lenders (upper case, as bureaus print them) and none is one of the customer's.
          for (const text of texts.slice(0, 4).filter((text) => text !== correct)) {
            expect(onReport.has(text)).toBe(false);
            expect(text).toMatch(/^[A-Z0-9 ./&-]+$/);
          }
        }
        if (/addresses/.test(question.text)) {
          // Wrong addresses are in the customer's own towns, so the town gives nothing away.
          for (const text of texts.slice(0, 4).filter((text) => text !== correct)) {
            expect(demoFacts.addresses).not.toContain(text);
            expect(text).toMatch(/(HENDERSON|LAS VEGAS), NV \d{5}$/);
          }
        }
        if (/monthly payment/.test(question.text)) expect(texts.slice(0, 4).every((text) => /^\$[\d,]+ - \$[\d,]+$/.test(text))).toBe(true);
        if (/what year/.test(question.text)) expect(texts.slice(0, 4).every((text) => Number(text) <= ASOF.getUTCFullYear())).toBe(true);
      }
    }
  });

  it('sometimes has "None of the above" as the right answer, for companies the customer never dealt with', () => {
    const answers = Array.from({ length: 40 }, (_, attempt) => setFor(demoFacts, `session-3:${attempt}`)).flatMap((set) =>
      set.questions.map((question) => question.answers.find((answer) => answer.id === set.answerKey[question.id])!.text),
    );
    expect(answers).toContain(NONE_OF_THE_ABOVE);
    expect(answers.filter((text) => text === NONE_OF_THE_ABOVE).length).toBeLessThan(answers.length / 4);
  });

  it("asks in the customer's language: the same questions in Spanish, just as answerable", () => {
    const english = setFor(demoFacts, 'session-4:0');
    const spanish = buildQuestionSet(demoFacts, 'session-4:0', 'es')!;
    expect(spanish.questions.map((question) => question.answers.length)).toEqual(english.questions.map((question) => question.answers.length));
    for (const question of spanish.questions) {
      expect(question.text).toMatch(/^¿/);
      expect(question.answers.at(-1)?.text).toBe('Ninguna de las anteriores');
    }
    expect(kbaAnswersFromReport(spanish.questions, demoReport)).toEqual(spanish.answerKey);
  });

  it('refuses a file too thin to ask about', () => {
    expect(buildQuestionSet(kbaFactsFromReport({ accounts: [], personalInfo: [] }, ASOF), 'thin:0')).toBeNull();
    expect(buildQuestionSet(kbaFactsFromReport(undefined, ASOF), 'thin:0')).toBeNull();
  });
});

/** An in-memory stand-in for the admin Firestore, enough for the vendor's own store. */
function memoryFirestore() {
  const documents = new Map<string, Record<string, unknown>>();
  const ref = (path: string) => ({
    path,
    get: async () => ({ exists: documents.has(path), data: () => documents.get(path) }),
    create: async (data: Record<string, unknown>) => {
      if (documents.has(path)) throw new Error(`${path} exists`);
      documents.set(path, data);
    },
  });
  const db = {
    collection: (name: string) => ({ doc: (id: string) => ref(`${name}/${id}`) }),
    runTransaction: async <T>(work: (transaction: unknown) => Promise<T>) =>
      work({
        get: (target: { get: () => Promise<unknown> }) => target.get(),
        update: (target: { path: string }, changes: Record<string, unknown>) => documents.set(target.path, { ...documents.get(target.path), ...changes }),
      }),
  };
  return { db: () => db as never, documents };
}

describe('KBA sandbox vendor', () => {
  const subject = { uid: 'vendor-subject', report: demoReport };

  it('scores a set once: right answers pass, a second scoring of the same set is refused', async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 0, 'en');
    const answers = kbaAnswersFromReport(set.questions, demoReport);
    expect(await vendor.score(session, set.authToken, answers)).toEqual({ passed: true, correct: 4, total: 4 });
    await expect(vendor.score(session, set.authToken, answers)).rejects.toMatchObject({ code: 'set-used' });
  });

  it('fails a set with one wrong answer and says how many were right, without saying which', async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 1, 'en');
    const answers = kbaAnswersFromReport(set.questions, demoReport);
    const first = set.questions[0]!;
    answers[first.id] = first.answers.find((answer) => answer.id !== answers[first.id])!.id;
    expect(await vendor.score(session, set.authToken, answers)).toEqual({ passed: false, correct: 3, total: 4 });
  });

  it("refuses a set of another session, an unknown set, and a subject whose file is too thin", async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const other = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 0, 'en');
    await expect(vendor.score(other, set.authToken, {})).rejects.toMatchObject({ code: 'set-not-found' });
    await expect(vendor.score(session, 'kbt_unknown', {})).rejects.toMatchObject({ code: 'set-not-found' });
    await expect(vendor.questionSet('kbs_unknown', 0, 'en')).rejects.toMatchObject({ code: 'session-not-found' });
    await expect(vendor.createSession({ uid: 'thin', report: { accounts: [] } })).rejects.toMatchObject({ code: 'subject-not-found' });
    // The vendor's store holds the key hashed: no stored value is an answer id of the set.
    const stored = store.documents.get(`kba/sandbox/sets/${set.authToken}`)!.answerKey as Record<string, string>;
    const answerIds = set.questions.flatMap((question) => question.answers.map((answer) => answer.id));
    expect(Object.values(stored).some((value) => answerIds.includes(value))).toBe(false);
  });
});
