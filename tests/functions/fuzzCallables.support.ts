// The property-based fuzzing of every callable (tests/functions/fuzzCallables.test.ts): inputs derived from each
// callable's own zod request schema (src/contract/callables.ts), the callable protocol's view of a payload, the
// callables served over HTTP from the test process, their log lines, and a picture of the backend to compare.
import fc from 'fast-check';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { adminAuthClient, documentStamps } from '../support/emulator';
import { requireEmulatorHosts } from '../../seed/admin';
import { withoutUndecodableTypes } from '../../functions/src/callable/callableBody';

// ---------------------------------------------------------------------------------------------------------------
// The zod schemas, read through zod's own definitions (zod/mini keeps them in `_zod.def`).

interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: readonly ZodLike[];
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: readonly ZodLike[];
}
export interface ZodLike {
  _zod: { def: ZodDef };
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

const defOf = (schema: ZodLike): ZodDef => schema._zod.def;
const accepts = (schema: ZodLike, value: unknown): boolean => {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
};

// Well-formed values a field of the contract may take, tried in this order against the field's own schema (its
// formats, refinements and bounds): the first it accepts is the field's value in an "almost valid" payload.
const SAMPLE_UUID = '0b5f3f0e-8a4b-4b7a-9d1e-2a1f3c4d5e6f';
const STRING_CANDIDATES = [
  'APP',
  'en',
  'fuzz-sample',
  'Fuzz Sample',
  'fuzz.person@test.example',
  'Good-Password-1!',
  SAMPLE_UUID,
  '1990-01-15',
  '2026-01-15T10:00:00.000Z',
  '775-555-0100',
  '7755550100',
  '123-45-6789',
  '89509',
  'NV',
  '/settings/billing',
  '003TESTFUZZ01',
  'Please call me back about my report',
  'a',
];
const NUMBER_CANDIDATES = [1, 10, 0, 100, 9_900, new Date().getFullYear() - 1, 1_000, 50_000, 0.5];
const STRING_HINTS: readonly [RegExp, string][] = [
  [/email/i, 'fuzz.person@test.example'],
  [/password/i, 'Good-Password-1!'],
  [/idempotencyKey/i, SAMPLE_UUID],
  [/siteId/i, 'APP'],
  [/returnPath/i, '/settings/billing'],
  [/date/i, '1990-01-15'],
];

const SCALAR_TYPES = new Set(['string', 'number', 'int', 'boolean', 'pipe', 'transform', 'custom', 'template_literal', 'date', 'bigint']);

/**
 * Payloads the schema should accept ("almost valid" before one field is broken): every required key, optional keys
 * now and then, one branch of each union, each field's first well-formed sample. Cross-field refinements may still
 * refuse one; the cases are classified by the schema itself (wireVerdict), not by this guess.
 */
export function exampleOf(schema: ZodLike, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(([field, fieldSchema]) => {
        const optional = defOf(fieldSchema).type === 'optional';
        const value = exampleOf(fieldSchema, field);
        return [field, optional ? fc.option(value, { nil: undefined, freq: 2 }) : value] as const;
      });
      return fc.tuple(...entries.map(([, value]) => value)).map((values) =>
        Object.fromEntries(entries.flatMap(([field], index) => (values[index] === undefined ? [] : [[field, values[index]]]))),
      );
    }
    case 'array':
      return fc.array(exampleOf(def.element as ZodLike, key), { minLength: 1, maxLength: 2 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => exampleOf(item, key)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => exampleOf(option, key)));
    case 'optional':
      return exampleOf(def.innerType as ZodLike, key);
    case 'nullable':
      return fc.oneof(exampleOf(def.innerType as ZodLike, key), fc.constant(null));
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return exampleOf(def.innerType as ZodLike, key);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(null);
    case 'record':
      return fc.constant({});
    case 'unknown':
    case 'any':
      return fc.constant('fuzz-sample');
    default:
      if (SCALAR_TYPES.has(def.type)) return fc.constant(scalarSample(schema, key));
      return fc.constant(null);
  }
}

function scalarSample(schema: ZodLike, key: string): unknown {
  const hinted = STRING_HINTS.filter(([pattern]) => pattern.test(key)).map(([, value]) => value);
  for (const candidate of [...hinted, ...STRING_CANDIDATES, ...NUMBER_CANDIDATES, false, true]) {
    if (accepts(schema, candidate)) return candidate;
  }
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return scalarSample(def.in, key);
  return 'fuzz-sample';
}

// ---------------------------------------------------------------------------------------------------------------
// Where a payload can be broken: every location in it, by what it holds.

export type Path = readonly (string | number)[];
interface Location {
  path: Path;
  value: unknown;
}

function locations(value: unknown, path: Path = []): Location[] {
  const here: Location = { path, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, index) => locations(item, [...path, index]))];
  if (value !== null && typeof value === 'object') {
    return [here, ...Object.entries(value).flatMap(([field, item]) => locations(item, [...path, field]))];
  }
  return [here];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A copy of `root` with the value at `path` replaced. */
function replaceAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (isObject(root)) {
    const copy: Record<string, unknown> = {};
    for (const [field, item] of Object.entries(root)) copy[field] = field === head ? replaceAt(item, rest, replacement) : item;
    return copy;
  }
  return root;
}

/** A copy of `root` with an own key added to the object at `path` (`__proto__` too, as JSON.parse would make it). */
function addKeyAt(root: unknown, path: Path, field: string, item: unknown): unknown {
  const target = path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], root);
  const extended: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  Object.defineProperty(extended, field, { value: item, enumerable: true, writable: true, configurable: true });
  return replaceAt(root, path, extended);
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

// ---------------------------------------------------------------------------------------------------------------
// The kinds of malformed input (security review: "every callable fuzzed").

export const MALFORMED_KINDS = [
  'wrong type',
  'extra key',
  'huge string',
  'unicode and control characters',
  'prototype key',
  'out-of-range number',
  'typed value',
  'garbage',
] as const;
export type MalformedKind = (typeof MALFORMED_KINDS)[number];

/** At least 100 KB of text, from a short generated unit (never 100 KB of generated characters: too slow). */
export const HUGE_STRING_MIN_LENGTH = 100 * 1_024;
const hugeString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer({ min: HUGE_STRING_MIN_LENGTH, max: HUGE_STRING_MIN_LENGTH + 20_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))
  .filter((text) => text.length >= HUGE_STRING_MIN_LENGTH);

/** Characters that break parsers, logs and terminals: controls, bidi overrides, zero-width, lone surrogates, emoji. */
const ODD_CHARACTERS = ['\u0000', '\u0007', '\u001b[31m', '\r\n', '\t', '\u202e', '\u200b', '\ufeff', '\ud800', '\udfff', '🧨', 'é', '\u0301', '\u2028', '%00', '../'];
const oddText = fc
  .tuple(fc.array(fc.constantFrom(...ODD_CHARACTERS), { minLength: 1, maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 8 }))
  .map(([odd, text]) => `${odd.join('')}${text}`);

const OUT_OF_RANGE_NUMBERS = [1e308, -1e308, -1, -0.5, 0.5, 1.5, 2 ** 53 + 2, -(2 ** 31), 1e21, Number.MIN_VALUE];
const smallJson = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.integer(), { maxKeys: 2 }),
);
/** Keys a strict schema never declares: privileges, card data, ids and names the fuzzer makes up. */
const extraKey = fc.oneof(
  fc.constantFrom('isAdmin', 'role', 'uid', 'userId', 'claims', 'completedIntake', 'cardNumber', 'cvv', 'email', 'surprise'),
  fc.string({ minLength: 1, maxLength: 16 }),
);
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const prototypeValue = fc.oneof(
  fc.constant({ isAdmin: true, role: 'admin', isDeveloper: true }),
  fc.constant({ toString: 'x', valueOf: 1 }),
  smallJson,
);

/**
 * The callable protocol's typed values (`{"@type": …}`) its own decoding fails on: a type it does not define, and a
 * 64-bit integer that is not a number. Each carries text a log must never hold (functions/src/callable/callableBody.ts
 * hands the decoding a plain object instead).
 */
const TYPED_VALUES = [
  { '@type': 'type.googleapis.com/google.protobuf.StringValue', value: 'fuzz.person@example.com' },
  { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 'ssn 123-45-6789' },
  { '@type': 'anything', nested: { '@type': 'more' } },
];

/** Breaks one location of a payload (or the whole payload) in the way `kind` says. */
export function malformedOf(base: fc.Arbitrary<unknown>, kind: MalformedKind): fc.Arbitrary<unknown> {
  const at = <T>(extra: fc.Arbitrary<T>, apply: (payload: unknown, index: number, extraValue: T) => unknown) =>
    fc.tuple(base, fc.nat(), extra).map(([payload, index, extraValue]) => apply(payload, index, extraValue));
  switch (kind) {
    case 'wrong type':
      return at(smallJson, (payload, index, replacement) => {
        const spots = locations(payload).filter((spot) => jsonType(spot.value) !== jsonType(replacement));
        return spots.length === 0 ? replacement : replaceAt(payload, pick(spots, index).path, replacement);
      });
    case 'extra key':
      return at(fc.tuple(extraKey, smallJson), (payload, index, [field, item]) => {
        const objects = locations(payload).filter((spot) => isObject(spot.value));
        return objects.length === 0 ? { [field]: item } : addKeyAt(payload, pick(objects, index).path, field, item);
      });
    case 'huge string':
      return at(hugeString, (payload, index, text) => {
        const strings = locations(payload).filter((spot) => typeof spot.value === 'string');
        const spots = strings.length > 0 ? strings : locations(payload);
        return replaceAt(payload, pick(spots, index).path, text);
      });
    case 'unicode and control characters':
      return at(oddText, (payload, index, odd) => {
        const strings = locations(payload).filter((spot) => typeof spot.value === 'string');
        // Now and then instead of the whole payload: a schema whose every text field takes any character still has
        // a unicode case to refuse.
        if (strings.length === 0 || index % 5 === 4) return odd;
        const spot = pick(strings, index);
        const original = spot.value as string;
        // Inside the well-formed value (an email, an id, a code with one odd character in it), or instead of it.
        const cut = index % (original.length + 1);
        return replaceAt(payload, spot.path, index % 3 === 0 ? odd : `${original.slice(0, cut)}${odd}${original.slice(cut)}`);
      });
    case 'prototype key':
      return at(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), prototypeValue), (payload, index, [field, item]) => {
        const objects = locations(payload).filter((spot) => isObject(spot.value));
        if (objects.length === 0) return addKeyAt({}, [], field, item);
        return addKeyAt(payload, pick(objects, index).path, field, item);
      });
    case 'out-of-range number':
      return at(fc.oneof(fc.constantFrom(...OUT_OF_RANGE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true })), (payload, index, number) => {
        const numbers = locations(payload).filter((spot) => typeof spot.value === 'number');
        const spots = numbers.length > 0 ? numbers : locations(payload);
        return replaceAt(payload, pick(spots, index).path, number);
      });
    case 'typed value':
      return at(fc.constantFrom(...TYPED_VALUES), (payload, index, typed) => replaceAt(payload, pick(locations(payload), index).path, typed));
    case 'garbage':
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** Keys whose string values are ids (documents, actions, uploads, reports, contacts, users...). */
export const ID_KEY = /(^id$|Id$|Ids$|^ids$)/;
/** Id-named keys that name no customer's data: the site, the client's idempotency key, a catalogue item. */
const NOT_DATA_IDS = new Set(['siteId', 'idempotencyKey', 'itemId']);
const isDataIdKey = (key: unknown): key is string => typeof key === 'string' && ID_KEY.test(key) && !NOT_DATA_IDS.has(key);

/** The payload with every id field (or id array) holding ids of another customer's data. */
export function withForeignIds(base: fc.Arbitrary<unknown>, pool: readonly string[]): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.array(fc.nat(), { minLength: 8, maxLength: 8 })).map(([payload, picks]) => {
    let result = payload;
    let turn = 0;
    for (const spot of locations(payload)) {
      const key = spot.path.at(-1);
      const parentKey = spot.path.at(-2);
      const isIdField = isDataIdKey(key) && typeof spot.value === 'string';
      const isIdItem = typeof key === 'number' && isDataIdKey(parentKey) && typeof spot.value === 'string';
      if (isIdField || isIdItem) result = replaceAt(result, spot.path, pick(pool, picks[turn++ % picks.length] ?? 0));
    }
    return result;
  });
}

/** Whether a schema has an id field anywhere (a string under an id-like key, or an array of them). */
export function takesIds(schema: ZodLike, key = ''): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).some(([field, fieldSchema]) => takesIds(fieldSchema, field));
    case 'array':
      return takesIds(def.element as ZodLike, key);
    case 'union':
      return (def.options ?? []).some((option) => takesIds(option, key));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return takesIds(def.innerType as ZodLike, key);
    case 'pipe':
      return takesIds(def.in as ZodLike, key);
    case 'string':
      return isDataIdKey(key);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The callable protocol's view of a payload (firebase-functions: the JSON body's `data`, decoded).

// Its decoding is not among the package's exports: loaded by file, as the functions' bundle has it.
const callableProtocol = createRequire(import.meta.url)(
  fileURLToPath(new URL('../../functions/node_modules/firebase-functions/lib/common/providers/https.js', import.meta.url)),
) as { decode(data: unknown): unknown };

/** The payload as the callable protocol hands it to the wrapper, once decoded. */
export const callableDecode = (payload: unknown): unknown => callableProtocol.decode(payload);

/** The JSON a browser sends for a payload (`undefined` travels as null, as the Firebase SDK sends it). */
export const wireBody = (payload: unknown): string => JSON.stringify({ data: payload === undefined ? null : payload });

/**
 * What the callable's schema makes of a payload once it has crossed the wire as the Functions runtime decodes it
 * (after our guard made the body safe for that decoding, functions/src/callable/callableBody.ts): 'refused' (the
 * wrapper must answer invalid-argument), 'accepted', or 'undecodable' (the callable protocol itself would fail on it:
 * with the guard, nothing should).
 */
export function wireVerdict(schema: ZodLike, payload: unknown): 'refused' | 'accepted' | 'undecodable' {
  let decoded: unknown;
  try {
    decoded = callableProtocol.decode(withoutUndecodableTypes((JSON.parse(wireBody(payload)) as { data: unknown }).data));
  } catch {
    return 'undecodable';
  }
  return accepts(schema, decoded) ? 'accepted' : 'refused';
}


// ---------------------------------------------------------------------------------------------------------------
// Calling a callable over HTTP, as a browser does.

export interface CallAnswer {
  status: number;
  /** The HttpsError's code (invalid-argument...), or 'ok'. */
  code: string;
  message?: string;
  details?: Record<string, unknown>;
  result?: unknown;
  /** The whole response body as it crossed the wire. */
  raw: string;
}

const codeOfStatus = (status: string): string => status.toLowerCase().replaceAll('_', '-');

export async function postCallable(url: string, payload: unknown, idToken: string | null): Promise<CallAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (idToken) headers.authorization = `Bearer ${idToken}`;
  const response = await fetch(url, { method: 'POST', headers, body: wireBody(payload) });
  const raw = await response.text();
  let body: { result?: unknown; error?: { status: string; message?: string; details?: Record<string, unknown> } } = {};
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return { status: response.status, code: response.status >= 500 ? 'internal' : 'unparsable', raw };
  }
  if (body.error) {
    return { status: response.status, code: codeOfStatus(body.error.status), message: body.error.message, details: body.error.details, raw };
  }
  return { status: response.status, code: 'ok', result: body.result, raw };
}

/** An ID token for a test account from the Auth emulator (the Firebase SDK's own sign-in call). */
export async function idTokenOf(email: string, password: string): Promise<string> {
  const { authHost } = requireEmulatorHosts();
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signing in ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

export type HttpFunction = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * Runs `handler` with the parts of Express's request and response the functions use (`request.body`, `rawBody`,
 * `header()`, `get()`, `status()`, `send()`, plus `request` and `response` extras a server adds), answering 500 when
 * it throws before answering: what the Functions runtime hands a function.
 */
export function runAsExpress(
  handler: HttpFunction,
  request: IncomingMessage,
  response: ServerResponse,
  extras: { body: unknown; rawBody: Buffer; request?: Record<string, unknown>; response?: Record<string, unknown> },
): void {
  Object.assign(request, {
    body: extras.body,
    rawBody: extras.rawBody,
    header: (field: string) => request.headers[field.toLowerCase()],
    get: (field: string) => request.headers[field.toLowerCase()],
    ...extras.request,
  });
  Object.assign(response, {
    status(code: number) {
      response.statusCode = code;
      return response;
    },
    send(sent: unknown) {
      if (typeof sent === 'string' || Buffer.isBuffer(sent)) {
        response.end(sent);
      } else {
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(sent));
      }
      return response;
    },
    ...extras.response,
  });
  Promise.resolve(handler(request, response)).catch(() => {
    if (!response.headersSent) {
      response.statusCode = 500;
      response.end('Internal Server Error');
    }
  });
}

/**
 * The exported callables served over HTTP from this process, each at /<name>, with the request and response the
 * Functions runtime gives them (a JSON body parsed as Express's json parser does, `header()`, `status()`, `send()`):
 * the callable protocol (token check, decoding, the error's HTTP status) runs for real, without the Functions
 * emulator's worker process per function (about 2 s of processor time each, some ninety of them).
 */
export async function serveCallables(functions: Record<string, HttpFunction>): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '/').slice(1));
      const handler = functions[name];
      if (!handler) {
        response.statusCode = 404;
        response.end();
        return;
      }
      const rawBody = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        response.statusCode = 400;
        response.end('Bad Request');
        return;
      }
      runAsExpress(handler, request, response, { body, rawBody });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The functions' log lines.

/**
 * Records every line written through the console from now on. firebase-functions' logger keeps the console methods
 * it finds when it loads (its UNPATCHED_CONSOLE), so this must run before the functions are imported; the lines are
 * kept, not printed (hundreds of DEBUG lines).
 */
export function captureConsole(): { lines: string[]; since: (mark: number) => string[]; restore: () => void } {
  const lines: string[] = [];
  const methods = ['debug', 'info', 'log', 'warn', 'error'] as const;
  const originals = methods.map((method) => console[method]);
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : safeStringify(arg))).join(' '));
    };
  }
  return {
    lines,
    since: (mark) => lines.slice(mark),
    restore: () => methods.forEach((method, index) => (console[method] = originals[index] as (typeof console)[typeof method])),
  };
}

function safeStringify(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message}` : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * The Functions emulator's log: firebase-tools writes every worker's log lines to firebase-debug.log in the directory
 * the emulators run from (the repository; removed when the command ends well). Notes its size now and answers, later,
 * the structured log lines one function (`<region>-<name>`) wrote since.
 */
export function emulatorLog(): { exists: boolean; linesSince: (functionId: string) => string[] } {
  const file = fileURLToPath(new URL('../../firebase-debug.log', import.meta.url));
  const exists = existsSync(file);
  const start = exists ? statSync(file).size : 0;
  return {
    exists,
    linesSince: (functionId) => {
      if (!existsSync(file)) return [];
      const text = readFileSync(file).subarray(start).toString('utf8');
      // One function's lines (another backend beside this one writes to the same file).
      return text.split('\n').filter((line) => line.includes('"severity":') && line.includes(`"function":{"name":"${functionId}"}`));
    },
  };
}

/** A dashed SSN, a card number, an email address: what a log line must never hold. */
export const PII_PATTERNS: readonly [string, RegExp][] = [
  ['a social security number', /\b\d{3}-\d{2}-\d{4}\b/],
  ['a card number', /\b(?:4\d{15}|5[1-5]\d{14}|3[47]\d{13})\b/],
  ['an email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
];

/** The strings a payload carried that are long enough to recognise in a log line or an answer (ids excepted). */
export function sentValues(payload: unknown, minLength = 8): string[] {
  return locations(payload).flatMap((spot) => {
    const key = spot.path.at(-1);
    if (typeof spot.value !== 'string' || spot.value.length < minLength) return [];
    if (typeof key === 'string' && ID_KEY.test(key)) return [];
    return [spot.value];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What the backend holds.

export type Picture = Map<string, string>;

/**
 * Every document (its path and update time: any write moves it) and every account (email, verification, claims),
 * through the Firestore emulator's kindless query over all collections and the Auth emulator.
 */
export async function backendPicture(): Promise<Picture> {
  const picture: Picture = new Map(await documentStamps());
  for (const user of (await adminAuthClient().listUsers(1_000)).users) {
    picture.set(`(account) ${user.uid}`, JSON.stringify([user.email, user.emailVerified, user.customClaims, user.disabled]));
  }
  return picture;
}

/** The paths written (added, changed or removed) between two pictures. */
export function changedPaths(before: Picture, after: Picture): string[] {
  const changed = new Set<string>();
  for (const [path, stamp] of after) if (before.get(path) !== stamp) changed.add(path);
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}
