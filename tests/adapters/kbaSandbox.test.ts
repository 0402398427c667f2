// The KBA sandbox's question sets (functions/src/credit/kbaSandbox.ts): built from the identity vendor's own file
// on the customer (kbaSandboxFile.ts), never from the credit report the app shows; the same for the same session and
// attempt; answerable by someone who knows the file (the documented test identities), and not from the report.
import { describe, expect, it } from 'vitest';
import { buildQuestionSet, FirestoreKbaSandbox, NONE_OF_THE_ABOVE } from '../../functions/src/credit/kbaSandbox';
import { kbaSandboxConsumerFile, type KbaIdentity } from '../../functions/src/credit/kbaSandboxFile';
import { buildSandboxPull } from '../../functions/src/credit/creditDataSandbox';
import { creditReport } from '../../seed/data/creditReport';
import { kbaAnswersFromFile, wrongKbaAnswers } from '../support/kbaAnswers';

const ASOF = new Date('2026-11-20T12:00:00Z');

/** The premium demo customer as the CRM knows them (seed/data/customers.ts). */
const DEMO_IDENTITY: KbaIdentity = {
  firstName: 'Maria',
  lastName: 'Alvarez',
  birthdate: '1988-07-14',
  ssnLast4: '3456',
  city: 'Henderson',
  stateCode: 'NV',
};
const identity = (lastName: string, ssnLast4: string): KbaIdentity => ({ ...DEMO_IDENTITY, lastName, ssnLast4, city: 'Reno' });

function fileOf(who: KbaIdentity) {
  const file = kbaSandboxConsumerFile(who);
  if (!file) throw new Error('no file');
  return file;
}
const demoFile = fileOf(DEMO_IDENTITY);

function sandboxReportText(uid: string, who: KbaIdentity): string {
  const subject = {
    uid,
    firstName: who.firstName,
    middleName: null,
    lastName: who.lastName,
    birthdate: who.birthdate,
    ssnLast4: who.ssnLast4,
    street: '12 Elm St',
    city: who.city,
    stateCode: who.stateCode,
    postalCode: '89501',
  };
  return JSON.stringify(buildSandboxPull(subject, ASOF).report).toUpperCase();
}

describe('the KBA vendor’s consumer file', () => {
  it('is the same for the same identity and differs between identities', () => {
    expect(kbaSandboxConsumerFile(DEMO_IDENTITY)).toEqual(demoFile);
    expect(fileOf(identity('Doe', '1234'))).not.toEqual(fileOf(identity('Roe', '1234')));
    expect(demoFile.previousAddresses).toHaveLength(2);
    expect(demoFile.previousAddresses.join(' ')).not.toMatch(/HENDERSON|LAS VEGAS/);
  });

  it("is the premium demo customer's file as the README publishes it (the tester's answer sheet)", () => {
    expect(demoFile).toEqual({
      previousAddresses: ['4390 S PRAIRIE VIEW DR, OMAHA, NE 68106', '8639 E SAGEBRUSH AVE, WICHITA, KS 67208'],
      vehicles: ['2009 HONDA CR-V'],
      employers: ['FEDEX GROUND', 'NV ENERGY'],
      areaCodes: ['402'],
    });
  });

  it('matches no file for the no-hit test identity (SSN ending 0000) or a subject without an SSN or date of birth', () => {
    expect(kbaSandboxConsumerFile({ ...DEMO_IDENTITY, ssnLast4: '0000' })).toBeNull();
    expect(kbaSandboxConsumerFile({ ...DEMO_IDENTITY, ssnLast4: null })).toBeNull();
    expect(kbaSandboxConsumerFile({ ...DEMO_IDENTITY, birthdate: null })).toBeNull();
  });
});

describe('KBA sandbox question sets', () => {
  it('asks four questions, one about each of earlier addresses, vehicles, employers and phone area codes', () => {
    const set = buildQuestionSet(demoFile, 'session-1:0');
    expect(set.questions).toHaveLength(4);
    expect(set.questions.map((question) => question.text).sort()).toEqual(
      [
        'Which of the following addresses have you lived at or been associated with?',
        'Which of the following area codes is for a phone number you have had?',
        'Which of the following companies have you worked for?',
        'Which of the following vehicles have you owned, leased or had registered in your name?',
      ].sort(),
    );
  });

  it('is the same set for the same session and attempt, and a different one for the next attempt', () => {
    expect(buildQuestionSet(demoFile, 'session-1:0')).toEqual(buildQuestionSet(demoFile, 'session-1:0'));
    const next = buildQuestionSet(demoFile, 'session-1:1');
    expect(next.questions.map((question) => question.id)).not.toEqual(buildQuestionSet(demoFile, 'session-1:0').questions.map((question) => question.id));
  });

  it('can be passed by knowing the vendor file, for the demo customer and other identities, on every attempt', () => {
    for (const who of [DEMO_IDENTITY, identity('Doe', '1234'), identity('Nguyen', '9876'), identity('Okafor', '5150')]) {
      const file = fileOf(who);
      for (let attempt = 0; attempt < 15; attempt += 1) {
        const set = buildQuestionSet(file, `s-${attempt}:${attempt}`);
        expect(kbaAnswersFromFile(set.questions, file)).toEqual(set.answerKey);
        const wrong = wrongKbaAnswers(set.questions, file);
        for (const question of set.questions) expect(wrong[question.id]).not.toBe(set.answerKey[question.id]);
      }
    }
  });

  it('cannot be answered from the credit report the app shows: no right answer appears on the report', () => {
    const cases: [KbaIdentity, string][] = [
      [DEMO_IDENTITY, JSON.stringify(creditReport('demo-uid').data).toUpperCase()],
      [identity('Doe', '1234'), sandboxReportText('customer-a', identity('Doe', '1234'))],
      [identity('Nguyen', '9876'), sandboxReportText('customer-b', identity('Nguyen', '9876'))],
    ];
    for (const [who, report] of cases) {
      const file = fileOf(who);
      for (const fact of [...file.previousAddresses, ...file.vehicles, ...file.employers]) expect(report).not.toContain(fact);
      // Neither do the street names the vendor's addresses use, nor a vendor town.
      for (const address of file.previousAddresses) expect(report).not.toContain(address.split(',')[1]!.trim());
    }
  });

  it('offers distinct answers ending in "None of the above", whose wrong ones are not in the file', () => {
    const known = new Set([...demoFile.previousAddresses, ...demoFile.vehicles, ...demoFile.employers, ...demoFile.areaCodes]);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const set = buildQuestionSet(demoFile, `session-2:${attempt}`);
      for (const question of set.questions) {
        const texts = question.answers.map((answer) => answer.text);
        expect(texts).toHaveLength(5);
        expect(new Set(texts).size).toBe(5);
        expect(new Set(question.answers.map((answer) => answer.id)).size).toBe(5);
        expect(texts.at(-1)).toBe(NONE_OF_THE_ABOVE);
        const correct = question.answers.find((answer) => answer.id === set.answerKey[question.id])!.text;
        for (const text of texts.slice(0, 4).filter((text) => text !== correct)) expect(known.has(text)).toBe(false);
        if (/addresses/.test(question.text) && correct !== NONE_OF_THE_ABOVE) {
          // A wrong address shares the right one's town, so the town gives nothing away.
          const town = correct.slice(correct.indexOf(',') + 2);
          expect(texts.slice(0, 4).filter((text) => text !== correct && text.endsWith(town)).length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('sometimes has "None of the above" as the right answer', () => {
    const answers = Array.from({ length: 40 }, (_, attempt) => buildQuestionSet(demoFile, `session-3:${attempt}`)).flatMap((set) =>
      set.questions.map((question) => question.answers.find((answer) => answer.id === set.answerKey[question.id])!.text),
    );
    expect(answers).toContain(NONE_OF_THE_ABOVE);
    expect(answers.filter((text) => text === NONE_OF_THE_ABOVE).length).toBeLessThan(answers.length / 3);
  });

  it("asks in the customer's language: the same questions in Spanish, just as answerable", () => {
    const english = buildQuestionSet(demoFile, 'session-4:0');
    const spanish = buildQuestionSet(demoFile, 'session-4:0', 'es');
    expect(spanish.questions.map((question) => question.answers.length)).toEqual(english.questions.map((question) => question.answers.length));
    for (const question of spanish.questions) {
      expect(question.text).toMatch(/^¿/);
      expect(question.answers.at(-1)?.text).toBe('Ninguna de las anteriores');
    }
    expect(kbaAnswersFromFile(spanish.questions, demoFile)).toEqual(spanish.answerKey);
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
  const subject = { uid: 'vendor-subject', ...DEMO_IDENTITY };

  it('scores a set once: right answers pass, a second scoring of the same set is refused', async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 0, 'en');
    const answers = kbaAnswersFromFile(set.questions, demoFile);
    expect(await vendor.score(session, set.authToken, answers)).toEqual({ passed: true, correct: 4, total: 4 });
    await expect(vendor.score(session, set.authToken, answers)).rejects.toMatchObject({ code: 'set-used' });
  });

  it('fails a set with one wrong answer and says how many were right, without saying which', async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 1, 'en');
    const answers = kbaAnswersFromFile(set.questions, demoFile);
    const first = set.questions[0]!;
    answers[first.id] = first.answers.find((answer) => answer.id !== answers[first.id])!.id;
    expect(await vendor.score(session, set.authToken, answers)).toEqual({ passed: false, correct: 3, total: 4 });
  });

  it('refuses a set of another session, an unknown set, and a subject no file matches', async () => {
    const store = memoryFirestore();
    const vendor = new FirestoreKbaSandbox(store.db, 0, () => ASOF);
    const session = await vendor.createSession(subject);
    const other = await vendor.createSession(subject);
    const set = await vendor.questionSet(session, 0, 'en');
    await expect(vendor.score(other, set.authToken, {})).rejects.toMatchObject({ code: 'set-not-found' });
    await expect(vendor.score(session, 'kbt_unknown', {})).rejects.toMatchObject({ code: 'set-not-found' });
    await expect(vendor.questionSet('kbs_unknown', 0, 'en')).rejects.toMatchObject({ code: 'session-not-found' });
    await expect(vendor.createSession({ ...subject, uid: 'no-hit', ssnLast4: '0000' })).rejects.toMatchObject({ code: 'subject-not-found' });
    // The vendor's store holds the key hashed: no stored value is an answer id of the set.
    const stored = store.documents.get(`kba/sandbox/sets/${set.authToken}`)!.answerKey as Record<string, string>;
    const answerIds = set.questions.flatMap((question) => question.answers.map((answer) => answer.id));
    expect(Object.values(stored).some((value) => answerIds.includes(value))).toBe(false);
  });
});
