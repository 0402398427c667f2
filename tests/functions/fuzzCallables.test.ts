// Every callable fuzzed (security review of 2026-12: "every callable fuzzed"; ARCHITECTURE.md "Backend"; spec 000 §7,
// §8): each callable the functions export receives malformed payloads made by fast-check from its own zod request
// schema (src/contract/callables.ts), "almost valid" (one field broken) and garbage, signed-out calls, and
// well-formed payloads carrying another customer's ids. Every refusal must be a 4xx HttpsError whose details follow the
// contract (never internal), nothing may be written, and no log line may hold personal data or what was sent.
//
// The callables are served over HTTP from the test process (fuzzCallables.support.ts serveCallables: the callable
// protocol, token check and error statuses run for real), because the Functions emulator starts a worker process for
// each function (about 2 s of processor time each, some ninety of them): that alone would take the suite past 90 s on
// two cores. A seeded sample of callables gets the same cases through the Functions emulator's own endpoint too.
//
// FUZZ_SEED=<n> replays a run (the seed is printed); FUZZ_RUNS=<n> cases per callable and kind (default 2);
// FUZZ_EMULATOR_CALLABLES=<n>|all how many callables also go through the Functions emulator (default 2).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callables, callableNames, type CallableName } from '../../src/contract/callables';
import { callableErrorDetailsSchema } from '../../src/contract/common';
import { FUNCTIONS_REGION } from '../../src/domain/constants';
import { adminApp, requireStorageEmulator } from '../../seed/admin';
import { loadSeed } from '../../seed/load';
import { adminDb, createCustomer, FUNCTIONS_EMULATOR, PROJECT_ID, type TestCustomer } from '../support/emulator';
import { backendPicture, callableDecode, captureConsole, emulatorLog, changedPaths, exampleOf, HUGE_STRING_MIN_LENGTH, idTokenOf, MALFORMED_KINDS, malformedOf, PII_PATTERNS, postCallable, sentValues, serveCallables, takesIds, wireBody, wireVerdict, withForeignIds, type CallAnswer, type MalformedKind, type ZodLike } from './fuzzCallables.support';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_207);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 2));
const EMULATOR_CALLABLES = process.env.FUZZ_EMULATOR_CALLABLES ?? '2';
process.stdout.write(`[fuzz] seed ${SEED}, ${RUNS} case(s) per callable and kind (FUZZ_SEED=${SEED} replays this run)\n`);

// The functions' logger keeps the console it finds when it loads: capture it before the functions are imported.
const capture = captureConsole();
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
// The functions use the first admin app there is (platform/admin.ts): the default one, made here with the app's
// bucket as a Functions worker has it, before the test's own admin app (seed/admin.ts) exists.
if (!adminApp.getApps().some((app) => app.name === '[DEFAULT]')) {
  adminApp.initializeApp({ projectId: PROJECT_ID, storageBucket: requireStorageEmulator(PROJECT_ID).bucket });
}
type HttpFunction = Parameters<typeof serveCallables>[0][string] & { __endpoint?: { callableTrigger?: unknown } };
const functions = (await import('../../functions/src/index')) as unknown as Record<string, HttpFunction | undefined>;

/** The callables as the code registers them: every export of functions/src/index.ts that is a callable trigger. */
const EXPORTED_CALLABLES = Object.entries(functions)
  .filter(([, exported]) => typeof exported === 'function' && exported.__endpoint?.callableTrigger !== undefined)
  .map(([name]) => name)
  .sort();

/** A seed of its own for each callable and kind, so a callable added or removed leaves the others' cases as they were. */
function seedFor(name: string, kind: string): number {
  let hash = SEED | 0;
  for (const character of `${name}/${kind}`) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/** The 4xx-class refusals (spec 000 §8); internal, unknown, unavailable and the like are never an answer to bad input. */
const CLIENT_ERRORS = new Set([
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'failed-precondition',
  'not-found',
  'resource-exhausted',
  'already-exists',
  'out-of-range',
  'aborted',
]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const summary = (payload: unknown) => {
  const text = wireBody(payload);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

/** A refusal as the contract describes it: a 4xx status and code, details of the contract's shape, no echo, no stack. */
function expectRefusal(answer: CallAnswer, payload: unknown, expected: string | null, label: string): void {
  // An unexpected failure's cause stays in the log under the answer's reference: shown with the failure.
  const reference = typeof answer.details?.reference === 'string' ? answer.details.reference : null;
  const cause = reference ? capture.lines.filter((line) => line.includes(reference)).map((line) => line.slice(0, 1_500)) : [];
  const context = `${label}: ${summary(payload)} → ${answer.status} ${answer.code} ${answer.raw.slice(0, 300)}${cause.length ? `\n${cause.join('\n')}` : ''}`;
  expect(answer.code, context).not.toBe('ok');
  expect(CLIENT_ERRORS.has(answer.code), context).toBe(true);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  if (expected) expect(answer.code, context).toBe(expected);
  if (answer.details !== undefined) {
    expect(callableErrorDetailsSchema.safeParse(answer.details).success, context).toBe(true);
    if (answer.details.reference !== undefined) expect(answer.details.reference, context).toMatch(/^[0-9a-f]{8}$/);
  }
  // The wrapper's own refusal of a malformed payload names the issues (a handler's own names its key or message).
  if (answer.code === 'invalid-argument' && answer.message === 'invalid-argument') {
    expect((answer.details?.issues as unknown[] | undefined)?.length ?? 0, context).toBeGreaterThan(0);
  }
  expect(answer.raw, context).not.toMatch(/\bat \S+\.(?:ts|js):\d+/);
  for (const value of sentValues(payload, 64)) expect(answer.raw.includes(value.slice(0, 64)), `${context}: the answer echoes what was sent`).toBe(false);
}

/** The log lines written since `mark` hold no personal data and nothing that was sent (ids excepted). */
function expectCleanLogs(mark: number | string[], sent: readonly unknown[], markers: readonly string[], label: string): void {
  const lines = typeof mark === 'number' ? capture.since(mark) : mark;
  const needles = [...new Set([...sent.flatMap((payload) => sentValues(payload)).map((value) => value.slice(0, 64)), ...markers])];
  for (const line of lines) {
    for (const [what, pattern] of PII_PATTERNS) expect(pattern.test(line), `${label}: a log line holds ${what}: ${line.slice(0, 400)}`).toBe(false);
    for (const needle of needles) expect(line.includes(needle), `${label}: a log line holds what was sent (${needle.slice(0, 40)}): ${line.slice(0, 400)}`).toBe(false);
  }
}

/** The generated cases of one kind the schema refuses once they have crossed the wire (a few tries to find some). */
function refusedCases(schema: ZodLike, kind: MalformedKind): fc.Arbitrary<unknown> | null {
  const arbitrary = malformedOf(exampleOf(schema), kind);
  const usable = (payload: unknown) => wireVerdict(schema, payload) === 'refused';
  const probe = fc.sample(arbitrary, { seed: SEED, numRuns: 60 });
  return probe.some(usable) ? arbitrary.filter(usable) : null;
}

interface Caller {
  customer: TestCustomer;
  token: string;
}

describe('every callable fuzzed', () => {
  let host: Awaited<ReturnType<typeof serveCallables>>;
  let customer: Caller;
  let developer: Caller;
  /** Ids of another customer's data (the seeded premium customer): documents, actions, reports, contact, uid. */
  let foreignIds: string[];
  /** That customer's personal data, which no answer to our caller may hold. */
  let foreignMarkers: string[];
  let foreignUid: string;
  let foreignContactId: string;
  const casesSent = new Map<string, number>();
  const kindsSent = new Map<string, Set<string>>();
  const started = Date.now();

  const count = (name: string, kind: string, cases = 1) => {
    casesSent.set(name, (casesSent.get(name) ?? 0) + cases);
    const kinds = kindsSent.get(name) ?? new Set<string>();
    kinds.add(kind);
    kindsSent.set(name, kinds);
  };
  // The permission is checked before the payload: a call only a developer may make is made by one.
  const callerFor = (name: CallableName) => (callables[name].permission === 'developerOverrides' ? developer : customer);

  beforeAll(async () => {
    await loadSeed({ projectId: PROJECT_ID });
    host = await serveCallables(functions as Record<string, HttpFunction>);
    const plain = await createCustomer();
    customer = { customer: plain, token: await idTokenOf(plain.email, plain.password) };
    const developerCustomer = await createCustomer({ claims: { role: 'customer', isDeveloper: true } });
    developer = { customer: developerCustomer, token: await idTokenOf(developerCustomer.email, developerCustomer.password) };

    foreignUid = 'demo-premium-customer';
    const user = (await adminDb().doc(`users/${foreignUid}`).get()).data() as { email: string; customer: { contactId: string } };
    foreignContactId = user.customer.contactId;
    const contact = (await adminDb().doc(`crm/sandbox/contacts/${foreignContactId}`).get()).data() ?? {};
    foreignMarkers = [user.email, contact.LastName, contact.Social_Security_Number__c, contact.MobilePhone, contact.Birthdate].filter(
      (value): value is string => typeof value === 'string' && value.length >= 4,
    );
    const picture = await backendPicture();
    const ids = new Set<string>([foreignUid, foreignContactId]);
    for (const path of picture.keys()) {
      if (!path.includes(foreignUid) && !path.includes(foreignContactId)) continue;
      path.split('/').forEach((segment, index) => {
        if (index % 2 === 1) ids.add(segment);
      });
    }
    foreignIds = [...ids].sort();
  });

  afterAll(async () => {
    await host?.close();
    capture.restore();
    const tally = (emulator: boolean) => {
      const rows = [...casesSent].filter(([name]) => name.endsWith('(emulator)') === emulator);
      return `${rows.reduce((sum, [, cases]) => sum + cases, 0)} cases over ${rows.length} callables`;
    };
    process.stdout.write(
      `[fuzz] seed ${SEED}: ${tally(false)} served from the test process, ${tally(true)} through the Functions emulator, ` +
        `in ${((Date.now() - started) / 1_000).toFixed(1)} s; ${capture.lines.length} log lines checked\n`,
    );
  });

  it('enumerates every callable from the functions’ own exports, and each has a contract to derive its inputs from', () => {
    expect(EXPORTED_CALLABLES.length).toBeGreaterThan(0);
    // A callable exported without a contract, or a contract without its export, is missing from the fuzzing.
    expect(EXPORTED_CALLABLES).toEqual([...callableNames].sort());
  });

  it('sees the functions’ log lines, and a write anywhere in the backend', async () => {
    const mark = capture.lines.length;
    const answer = await postCallable(host.url('getUserInfo'), null, 'not-a-token');
    expect(answer.code).toBe('unauthenticated');
    expect(capture.since(mark).join('\n')).toMatch(/Callable request verification failed/);
    const before = await backendPicture();
    await adminDb().doc('fuzzProbe/one').set({ at: 1 });
    expect(changedPaths(before, await backendPicture())).toEqual(['fuzzProbe/one']);
    await adminDb().doc('fuzzProbe/one').delete();
  });

  it('never lets a __proto__ key carry properties into what a handler receives', () => {
    for (const name of EXPORTED_CALLABLES) {
      const schema = callables[name as CallableName].request as unknown as ZodLike;
      // As JSON.parse makes it from a request body: an own key named __proto__, first in the object.
      const smuggled = exampleOf(schema).map((payload) => {
        if (!isPlainObject(payload)) return payload;
        const rest = JSON.stringify(payload).slice(1, -1);
        return JSON.parse(`{"__proto__":{"isAdmin":true,"role":"admin","uid":"x"}${rest ? `,${rest}` : ''}}`) as unknown;
      });
      fc.assert(
        fc.property(smuggled, (payload) => {
          const parsed = schema.safeParse(callableDecode(payload));
          if (!parsed.success || !isPlainObject(payload) || parsed.data === null || typeof parsed.data !== 'object') return;
          const data = parsed.data as Record<string, unknown>;
          expect('isAdmin' in data, name).toBe(false);
          expect('role' in data && !Object.hasOwn(data, 'role'), name).toBe(false);
          expect([Object.prototype, null]).toContain(Object.getPrototypeOf(data));
        }),
        { seed: seedFor(name, 'proto'), numRuns: RUNS },
      );
    }
  });

  describe('served over HTTP from the test process', () => {
    it.each(EXPORTED_CALLABLES)('%s refuses malformed payloads and signed-out calls with a 4xx, writes nothing, logs no personal data', async (name) => {
      const callable = name as CallableName;
      const contract = callables[callable];
      const schema = contract.request as unknown as ZodLike;
      const caller = callerFor(callable);
      const url = host.url(name);
      const sent: unknown[] = [];
      const mark = capture.lines.length;
      const before = await backendPicture();

      for (const kind of MALFORMED_KINDS) {
        const cases = refusedCases(schema, kind);
        if (!cases) continue;
        await fc.assert(
          fc.asyncProperty(cases, async (payload) => {
            sent.push(payload);
            expectRefusal(await postCallable(url, payload, caller.token), payload, 'invalid-argument', `${name} ${kind}`);
          }),
          { seed: seedFor(name, kind), numRuns: RUNS, endOnFailure: true },
        );
        count(name, kind, RUNS);
      }

      // Missing auth: signed out, or a token that is not one. A public callable serves the signed-out visitor, so it
      // gets a malformed payload and must refuse the payload.
      const signedOut =
        contract.access === 'signedIn'
          ? exampleOf(schema)
          : (refusedCases(schema, 'wrong type') ?? fc.constant('not a payload'));
      await fc.assert(
        fc.asyncProperty(signedOut, fc.constantFrom(null, 'not-a-token', 'eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ4In0.'), async (payload, token) => {
          sent.push(payload);
          const expected = contract.access === 'signedIn' || token !== null ? 'unauthenticated' : 'invalid-argument';
          expectRefusal(await postCallable(url, payload, token), payload, expected, `${name} signed out`);
        }),
        { seed: seedFor(name, 'signed out'), numRuns: RUNS, endOnFailure: true },
      );
      count(name, 'missing auth', RUNS);

      expect(changedPaths(before, await backendPicture()), `${name}: a refused call wrote`).toEqual([]);
      expectCleanLogs(mark, sent, [caller.customer.email], name);
      expect(kindsSent.get(name)?.size ?? 0, `${name}: kinds of malformed input sent`).toBeGreaterThanOrEqual(5);
    });

    // The signed-in callables whose payload takes an id a customer's data could have: an id field whose format no
    // stored id fits (a UUID) is only ever malformed, and refused above.
    const ID_SHAPES = ['demo-premium-customer', '003DEMOPREMIUM0001', 'EQUIFAX-2026-06-23', 'premium-document-1'];
    const withIds = EXPORTED_CALLABLES.filter((name) => {
      const contract = callables[name as CallableName];
      const schema = contract.request as unknown as ZodLike;
      if (contract.access !== 'signedIn' || !takesIds(schema)) return false;
      return fc.sample(withForeignIds(exampleOf(schema), ID_SHAPES), { seed: SEED, numRuns: 60 }).some((payload) => wireVerdict(schema, payload) === 'accepted');
    });
    it.each(withIds)("%s refuses another customer's ids, or answers without touching or showing that customer's data", async (name) => {
      const callable = name as CallableName;
      const schema = callables[callable].request as unknown as ZodLike;
      const caller = callerFor(callable);
      const url = host.url(name);
      const arbitrary = withForeignIds(exampleOf(schema), foreignIds);
      const wellFormed = (payload: unknown) => wireVerdict(schema, payload) === 'accepted';
      expect(fc.sample(arbitrary, { seed: SEED, numRuns: 60 }).some(wellFormed), "another customer's ids fit this payload").toBe(true);
      const mark = capture.lines.length;
      const sent: unknown[] = [];
      await fc.assert(
        fc.asyncProperty(arbitrary.filter(wellFormed), async (payload) => {
          sent.push(payload);
          const before = await backendPicture();
          const answer = await postCallable(url, payload, caller.token);
          const written = changedPaths(before, await backendPicture());
          const context = `${name} another customer's ids: ${summary(payload)} → ${answer.status} ${answer.code} ${answer.raw.slice(0, 300)}`;
          if (answer.code === 'ok') {
            expect(written.filter((path) => path.includes(foreignUid) || path.includes(foreignContactId)), context).toEqual([]);
            for (const marker of foreignMarkers) expect(answer.raw.includes(marker), `${context}: the answer holds the other customer's data`).toBe(false);
          } else {
            expectRefusal(answer, payload, null, `${name} another customer's ids`);
            expect(written, `${context}: a refused call wrote`).toEqual([]);
          }
        }),
        { seed: seedFor(name, 'foreign ids'), numRuns: RUNS, endOnFailure: true },
      );
      count(name, "another customer's ids", RUNS);
      expectCleanLogs(mark, [], foreignMarkers, name);
    });
  });

  // The same cases through the Functions emulator's own HTTP endpoint, for a seeded sample of the callables (each
  // first call there starts a worker process).
  describe("through the Functions emulator's endpoint", () => {
    const sampleSize = EMULATOR_CALLABLES === 'all' ? EXPORTED_CALLABLES.length : Math.max(0, Number(EMULATOR_CALLABLES));
    const sample =
      sampleSize >= EXPORTED_CALLABLES.length
        ? EXPORTED_CALLABLES
        : (fc.sample(fc.shuffledSubarray(EXPORTED_CALLABLES, { minLength: sampleSize, maxLength: sampleSize }), { seed: SEED, numRuns: 1 })[0] ?? []);
    const emulatorUrl = (name: string) =>
      `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;

    it.each([...sample].sort())('%s refuses malformed payloads and signed-out calls with a 4xx and writes nothing', async (name) => {
      const callable = name as CallableName;
      const contract = callables[callable];
      const schema = contract.request as unknown as ZodLike;
      const caller = callerFor(callable);
      const before = await backendPicture();
      const log = emulatorLog();
      const payloads: { payload: unknown; kind: string }[] = [];
      for (const kind of MALFORMED_KINDS) {
        const cases = refusedCases(schema, kind);
        if (cases) for (const payload of fc.sample(cases, { seed: seedFor(name, kind), numRuns: 1 })) payloads.push({ payload, kind });
      }
      // One after the other: the emulator starts a worker process for each concurrent call, and reuses an idle one.
      for (const { payload, kind } of payloads) {
        expectRefusal(await postCallable(emulatorUrl(name), payload, caller.token), payload, 'invalid-argument', `${name} ${kind} (emulator)`);
      }
      const example = fc.sample(exampleOf(schema), { seed: seedFor(name, 'signed out'), numRuns: 1 })[0];
      if (contract.access === 'signedIn') {
        expectRefusal(await postCallable(emulatorUrl(name), example, null), example, 'unauthenticated', `${name} signed out (emulator)`);
      }
      count(`${name} (emulator)`, 'all', payloads.length + 1);
      // The emulator's workers log to firebase-debug.log: every call's request check is there, and nothing personal.
      expect(log.exists, 'the Functions emulator writes firebase-debug.log where the emulators run').toBe(true);
      const lines = log.linesSince(`${FUNCTIONS_REGION}-${name}`);
      expect(lines.filter((line) => line.includes('Callable request verification')).length).toBeGreaterThanOrEqual(payloads.length);
      expectCleanLogs(lines, [...payloads.map(({ payload }) => payload), example], [caller.customer.email], `${name} (emulator)`);
      expect(changedPaths(before, await backendPicture()), `${name}: a refused call wrote`).toEqual([]);
    });
  });

  it('sends at least 100 KB in a huge-string case', () => {
    const schema = callables.setUILang.request as unknown as ZodLike;
    const [payload] = fc.sample(malformedOf(exampleOf(schema), 'huge string'), { seed: SEED, numRuns: 1 });
    expect(wireBody(payload).length).toBeGreaterThan(HUGE_STRING_MIN_LENGTH);
  });
});
