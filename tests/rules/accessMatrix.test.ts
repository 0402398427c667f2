// The rules matrix (tests/rules/accessMatrix.ts) run cell by cell against the emulators: every role × every path
// firestore.rules and storage.rules name × every operation answers what the table says. The table must cover the
// rules: a `match` block of either file without a row fails here, as does a collection the functions write
// (functions/src/platform/collections.ts) without one.
//
// One rules environment per service, seeded once; one client per role, reused by every cell. Cells that could change
// what other cells see (a create) put the data back afterwards.
//
// Storage needs the real Storage rules runtime; offline machines run an allow-all stand-in
// (../shared/notes/local-firebase.md): the Storage cells are then skipped and say why, while the coverage checks of
// storage.rules still run.
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, setLogLevel, updateDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../functions/src/platform/collections';
import { AGENT_SESSIONS_COLLECTION } from '../../src/domain/agentSession';
import { adminDb, PROJECT_ID, Timestamp } from '../support/emulator';
import { startStorageRulesEnvironment } from '../support/rulesEnvironment';
import { agentSessionRecords, CUSTOMER, CUSTOMER_CONTACT, FIRESTORE_MATRIX, FREE_CUSTOMER, N, OPERATIONS, OTHER_CUSTOMER, ROLE_DEFINITIONS, ROLES, SESSIONS, STORAGE_MATRIX, VISITOR, Y, type Answer, type MatrixRow, type Operation, type RoleKey, type StorageRow } from './accessMatrix';

// ---------------------------------------------------------------------------------------------------- reading the rules

/** The full path of every `match` block of a rules file (comments ignored), relative to `root`. */
export function matchBlocks(rulesText: string, root: string): string[] {
  const text = rulesText.replace(/\/\/[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const open: { path: string; depth: number }[] = [];
  const found: string[] = [];
  let depth = 0;
  for (const token of text.matchAll(/match\s+(\S+)\s*\{|\{|\}/g)) {
    if (token[1] !== undefined) {
      depth += 1;
      open.push({ path: token[1], depth });
      found.push(open.map((block) => block.path).join(''));
    } else if (token[0] === '{') {
      depth += 1;
    } else {
      if (open.at(-1)?.depth === depth) open.pop();
      depth -= 1;
    }
  }
  const blocks = found.filter((path) => path.startsWith(`${root}/`)).map((path) => path.slice(root.length));
  if (!found.includes(root)) throw new Error(`no match ${root} block`);
  return blocks;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether a concrete path falls under a rules path pattern ({name} one segment, {name=**} the rest). */
export function patternMatches(pattern: string, path: string): boolean {
  const wanted = segments(pattern);
  const given = segments(path);
  for (let i = 0; i < wanted.length; i += 1) {
    if (/^\{\w+=\*\*\}$/.test(wanted[i]!)) return given.length > i;
    if (i >= given.length) return false;
    if (!/^\{\w+\}$/.test(wanted[i]!) && wanted[i] !== given[i]) return false;
  }
  return given.length === wanted.length;
}

const isCatchAll = (pattern: string) => /^\/\{\w+=\*\*\}$/.test(pattern);

/** The block a path falls under: its one specific block, or the catch-all when no other matches. */
function governingBlocks(blocks: string[], path: string): string[] {
  const matching = blocks.filter((pattern) => patternMatches(pattern, path));
  const specific = matching.filter((pattern) => !isCatchAll(pattern));
  return specific.length > 0 ? specific : matching;
}

// ---------------------------------------------------------------------------------------------------- the cells

function resolve(path: string, role: RoleKey): string {
  const definition = ROLE_DEFINITIONS[role];
  return path
    .replaceAll('{self}', definition.uid ?? VISITOR)
    .replaceAll('{customer}', CUSTOMER)
    .replaceAll('{other}', OTHER_CUSTOMER)
    .replaceAll('{client}', definition.client ?? definition.uid ?? VISITOR)
    .replaceAll('{session}', definition.session ?? SESSIONS.coach)
    .replaceAll('{upload}', `upload-${role}`);
}

const parentOf = (path: string) => segments(path).slice(0, -1).join('/');

const VERBS: Record<Operation, string> = { get: 'read', list: 'list', create: 'create', update: 'change', delete: 'delete' };

function cellName(row: MatrixRow, role: RoleKey, op: Operation, service: string): string {
  const subject = `${ROLE_DEFINITIONS[role].label} ${answerOf(row, op, role) === Y ? 'can' : 'cannot'}`;
  const object =
    op === 'list' ? `list the collection holding ${row.what}` : `${VERBS[op]} ${row.what}`;
  return `${subject} ${object} (${service} ${row.match})`;
}

function answerOf(row: MatrixRow, op: Operation, role: RoleKey): Answer {
  const answer = row[op][ROLES.indexOf(role)];
  if (answer === undefined) throw new Error(`${row.path}: no ${op} answer for ${role}`);
  return answer;
}

async function expectAnswer(answer: Answer, attempt: () => Promise<unknown>): Promise<void> {
  if (answer === Y) await assertSucceeds(attempt());
  else await assertFails(attempt());
}

// ---------------------------------------------------------------------------------------------------- the coverage

const FIRESTORE_RULES = readFileSync('firestore.rules', 'utf8');
const STORAGE_RULES = readFileSync('storage.rules', 'utf8');
const FIRESTORE_BLOCKS = matchBlocks(FIRESTORE_RULES, '/databases/{database}/documents');
const STORAGE_BLOCKS = matchBlocks(STORAGE_RULES, '/b/{bucket}/o');

describe.each([
  { service: 'firestore.rules', blocks: FIRESTORE_BLOCKS, rows: FIRESTORE_MATRIX },
  { service: 'storage.rules', blocks: STORAGE_BLOCKS, rows: STORAGE_MATRIX },
])('the matrix covers $service', ({ service, blocks, rows }) => {
  it('has a row for every match block of the rules, and no row for a block the rules do not have', () => {
    expect(blocks.length).toBeGreaterThan(1);
    const declared = new Set(rows.map((row) => row.match));
    expect(blocks.filter((block) => !declared.has(block)), `match blocks of ${service} without a row`).toEqual([]);
    expect([...declared].filter((block) => !blocks.includes(block)), `rows for match blocks ${service} does not have`).toEqual([]);
  });

  it("files every row's path, for every role, under the match block that governs it", () => {
    for (const row of rows) {
      for (const role of ROLES) {
        const path = resolve(row.path, role);
        expect(governingBlocks(blocks, path), `${path} (${row.what}, ${role})`).toEqual([row.match]);
      }
    }
  });

  it('declares an answer for every role and operation of every row, and says why', () => {
    for (const row of rows) {
      expect(row.why.length, row.path).toBeGreaterThan(10);
      for (const op of OPERATIONS) {
        expect(row[op], `${row.path} ${op}`).toHaveLength(ROLES.length);
        for (const answer of row[op]) expect([Y, N], `${row.path} ${op}`).toContain(answer);
      }
    }
    const names = rows.flatMap((row) => ROLES.flatMap((role) => OPERATIONS.map((op) => cellName(row, role, op, service))));
    expect(new Set(names).size, 'every cell has its own test name').toBe(names.length);
  });
});

describe('the matrix covers the Firestore collections', () => {
  it('has a row for every collection the functions write, and for the agent-session records', () => {
    const collections = [...Object.values(COLLECTIONS), AGENT_SESSIONS_COLLECTION];
    const uncovered = collections.filter((name) => !FIRESTORE_MATRIX.some((row) => row.path.startsWith(`${name}/`)));
    expect(uncovered).toEqual([]);
  });

  it('declares no client write anywhere in Firestore (every change goes through a callable)', () => {
    for (const row of FIRESTORE_MATRIX) {
      for (const op of ['list', 'create', 'update', 'delete'] as const) expect(row[op], `${row.path} ${op}`).not.toContain(Y);
    }
  });
});

// ---------------------------------------------------------------------------------------------------- Firestore

const [firestoreHost = '127.0.0.1', firestorePort = '8080'] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
const SIGNED_IN_AT = Math.floor(Date.now() / 1_000);

/** What every seeded path holds: a plain marker, except the documents the rules read. */
function firestoreSeed(): Map<string, Record<string, unknown>> {
  const seed = new Map<string, Record<string, unknown>>();
  for (const row of FIRESTORE_MATRIX) {
    if (row.exists === false) continue;
    for (const role of ROLES) seed.set(resolve(row.path, role), { matrixSeed: true });
  }
  const user = (uid: string, fields: Record<string, unknown>) => seed.set(`users/${uid}`, { id: uid, ...fields });
  user(CUSTOMER, { role: 'customer', productLine: 'Primary', customer: { contactId: CUSTOMER_CONTACT } });
  user(FREE_CUSTOMER, { role: 'customer', productLine: 'Freemium', customer: { contactId: '003MATRIXFREE0001' } });
  user(OTHER_CUSTOMER, { role: 'customer', productLine: 'Primary', customer: { contactId: '003MATRIXOTHER001' } });
  // A coach's user document names the contact of the customer they work for (functions/src/callable/client.ts).
  for (const coach of ['matrix-coach', 'matrix-coach-actions', 'matrix-coach-download']) {
    user(coach, { role: 'coach', customer: { contactId: CUSTOMER_CONTACT } });
  }
  user('matrix-partner', { role: 'partner' });
  seed.delete(`users/${VISITOR}`);
  for (const [id, record] of Object.entries(agentSessionRecords(SIGNED_IN_AT, Date.now()))) seed.set(`agentSessions/${id}`, record);
  seed.set('documentUploadProgress/upload-of-customer', { progressId: 'upload-of-customer', userId: CUSTOMER, documentId: 'doc-1', fileProcessed: true });
  return seed;
}

let firestoreEnv: RulesTestEnvironment | undefined;
const firestoreClients = new Map<RoleKey, ReturnType<RulesTestContext['firestore']>>();
const FIRESTORE_SEED = firestoreSeed();

async function putBack(path: string): Promise<void> {
  const data = FIRESTORE_SEED.get(path);
  if (data) await adminDb().doc(path).set(data);
  else await adminDb().doc(path).delete();
}

function contextFor(env: RulesTestEnvironment, role: RoleKey): RulesTestContext {
  const definition = ROLE_DEFINITIONS[role];
  return definition.uid === null
    ? env.unauthenticatedContext()
    : env.authenticatedContext(definition.uid, definition.claims(SIGNED_IN_AT));
}

async function firestoreAttempt(role: RoleKey, op: Operation, path: string): Promise<unknown> {
  const db = firestoreClients.get(role)!;
  switch (op) {
    case 'get':
      return getDoc(doc(db, path));
    case 'list':
      return getDocs(collection(db, parentOf(path)));
    case 'create':
      return setDoc(doc(db, path), { matrixProbe: true });
    case 'update':
      return updateDoc(doc(db, path), { matrixProbe: true });
    case 'delete':
      return deleteDoc(doc(db, path));
  }
}

describe('firestore.rules, cell by cell', () => {
  beforeAll(async () => {
    // Refusals are the point; the SDK would log each one.
    setLogLevel('silent');
    firestoreEnv = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { rules: FIRESTORE_RULES, host: firestoreHost, port: Number(firestorePort) },
    });
    await firestoreEnv.clearFirestore();
    const batch = adminDb().batch();
    for (const [path, data] of FIRESTORE_SEED) batch.set(adminDb().doc(path), data);
    await batch.commit();
    for (const role of ROLES) firestoreClients.set(role, contextFor(firestoreEnv, role).firestore());
  });
  afterAll(async () => {
    await firestoreEnv?.cleanup();
  });

  for (const row of FIRESTORE_MATRIX) {
    describe(`${row.path}: ${row.what}`, () => {
      for (const op of OPERATIONS) {
        // The roles' creates of one path take turns (each needs the document absent); the other cells run side by side.
        (op === 'create' ? describe : describe.concurrent)(op, () => {
          for (const role of ROLES) it(cellName(row, role, op, 'firestore'), () => firestoreCell(row, op, role));
        });
      }
    });
  }
});

async function firestoreCell(row: MatrixRow, op: Operation, role: RoleKey): Promise<void> {
  const path = resolve(row.path, role);
  // A create meets an absent document; the seeded one is put back whatever the answer.
  if (op === 'create') await adminDb().doc(path).delete();
  try {
    await expectAnswer(answerOf(row, op, role), () => firestoreAttempt(role, op, path));
  } finally {
    if (op !== 'get' && op !== 'list') await putBack(path);
  }
}

// ---------------------------------------------------------------------------------------------------- Storage

const { env: storageEnv, notEnforcedReason } = await startStorageRulesEnvironment();
afterAll(() => storageEnv.cleanup());
if (notEnforcedReason) console.info(`[rules matrix] Storage cells skipped: ${notEnforcedReason}`);

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const PDF_TYPE = { contentType: 'application/pdf' };

/** documentUploads/{uploadId} as createDocumentUpload writes it (functions/src/documents/callables.ts). */
function preparedUpload(userId: string, documentId: string, preparedBy: string) {
  return {
    userId,
    documentId,
    document: { category: 'other', fileType: 'other', year: null, documentDate: null, comments: '' },
    file: { name: 'letter.pdf', size: PDF.length, mimeType: 'application/pdf' },
    replaces: null,
    preparedBy,
    createdAt: Timestamp.now(),
    expiresAt: Timestamp.fromMillis(Date.now() + 60 * 60 * 1_000),
  };
}

/** The prepared upload a Storage row's create cell meets (written again before each such cell). */
async function prepareUpload(row: StorageRow, role: RoleKey, path: string): Promise<void> {
  if (!row.prepared) return;
  if (row.prepared === 'session' && ROLE_DEFINITIONS[role].client === null) return;
  const [, userId, , documentId, uploadId] = segments(path);
  // A signed-out visitor has no upload of its own: it meets the customer's.
  const preparedBy = row.prepared === 'customer' ? CUSTOMER : (ROLE_DEFINITIONS[role].uid ?? CUSTOMER);
  await adminDb().doc(`documentUploads/${uploadId}`).set(preparedUpload(userId!, documentId!, preparedBy));
}

/**
 * The object as the cell needs it, written or removed with the rules off just before the attempt: the upload
 * trigger (functions/src/documents/documentUploadTrigger.ts) checks every finalized object and may remove it or its
 * prepared upload a moment later, so nothing is seeded ahead of time.
 */
async function objectFor(op: Operation, path: string): Promise<void> {
  await storageEnv.withSecurityRulesDisabled(async (context) => {
    const ref = context.storage().ref(path);
    if (op === 'create') await ref.delete().catch(() => undefined);
    else await ref.put(PDF, PDF_TYPE);
  });
}

const storageClients = new Map<RoleKey, RulesTestContext>();

async function storageAttempt(role: RoleKey, op: Operation, path: string): Promise<unknown> {
  const storage = storageClients.get(role)!.storage();
  switch (op) {
    case 'get':
      return storage.ref(path).getMetadata();
    case 'list':
      return storage.ref(parentOf(path)).listAll();
    case 'create':
    case 'update':
      // An UploadTask is only thenable: wait for it.
      return (async () => {
        await storage.ref(path).put(PDF, PDF_TYPE);
      })();
    case 'delete':
      return storage.ref(path).delete();
  }
}

describe.skipIf(notEnforcedReason !== null)(
  `storage.rules, cell by cell${notEnforcedReason ? ` (skipped: ${notEnforcedReason})` : ''}`,
  () => {
    beforeAll(async () => {
      await storageEnv.clearStorage();
      for (const role of ROLES) storageClients.set(role, contextFor(storageEnv, role));
    });

    for (const row of STORAGE_MATRIX as readonly StorageRow[]) {
      describe(`${row.path}: ${row.what}`, () => {
        for (const op of OPERATIONS) {
          for (const role of ROLES) {
            it(cellName(row, role, op, 'storage'), async () => {
              const path = resolve(row.path, role);
              await prepareUpload(row, role, path);
              await objectFor(op, path);
              await expectAnswer(answerOf(row, op, role), () => storageAttempt(role, op, path));
            });
          }
        }
      });
    }
  },
);
