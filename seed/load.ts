// Loads the demo data (seed/data/) into the emulators, idempotently: accounts have fixed uids, and a document
// or account is written only when it differs from the seed, so a second run changes nothing. From the command line
// (npm start, npm run seed) it also removes the documents the app created for the demo users since (removeAppData).
// Files go to the Storage emulator's default bucket after the documents (a file whose bytes are already there is
// left alone).
// CLI: `tsx seed/load.ts` with FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST
// and GCLOUD_PROJECT set.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEMO_ACCOUNTS } from './accounts';
import { adminAuth, adminFirestore, adminStorage, emulatorAdminApp, requireStorageEmulator, type AdminApp, type AdminAuth, type AdminDb } from './admin';
import { buildSeed, type SeedAuthUser, type SeedFile } from './data';

export interface SeedSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Documents the app had created for the demo users, removed (only when asked: `npm run seed`, `npm start`). */
  removed?: number;
}

/** Firestore Timestamps and Dates compare by instant; everything else structurally. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof adminFirestore.Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, comparable(inner)]));
  }
  return value;
}

// An existing account keeps its password (checking it would sign in and change the account's metadata), unless
// the seed marks it restorePassword (seed/settings.ts: an e2e journey changes it).
async function seedAuthUser(auth: AdminAuth, user: SeedAuthUser, summary: SeedSummary) {
  const wanted = { email: user.email, emailVerified: user.emailVerified, displayName: user.displayName };
  const existing = await auth.getUser(user.uid).catch(() => null);
  if (!existing) {
    await auth.createUser({ uid: user.uid, password: user.password, ...wanted });
    await auth.setCustomUserClaims(user.uid, user.claims);
    summary.created += 1;
    return;
  }
  let changed = false;
  const current = { email: existing.email, emailVerified: existing.emailVerified, displayName: existing.displayName };
  if (!isDeepStrictEqual(current, wanted)) {
    await auth.updateUser(user.uid, wanted);
    changed = true;
  }
  // The Auth emulator's password hash names the password ('fakeHash:salt=…:password=…'), so a changed one is
  // told without signing in; the seed only ever runs against the emulator.
  if (user.restorePassword === true && !existing.passwordHash?.endsWith(`password=${user.password}`)) {
    await auth.updateUser(user.uid, { password: user.password });
    changed = true;
  }
  if (!isDeepStrictEqual(existing.customClaims ?? {}, user.claims)) {
    await auth.setCustomUserClaims(user.uid, user.claims);
    changed = true;
  }
  if (changed) summary.updated += 1;
  else summary.unchanged += 1;
}

type Bucket = ReturnType<ReturnType<ReturnType<typeof adminStorage>['getStorage']>['bucket']>;

/** Uploads the file unless the object holds the same bytes (by MD5), type and custom metadata already. */
async function seedFile(bucket: Bucket, file: SeedFile, summary: SeedSummary) {
  const object = bucket.file(file.path);
  const md5Hash = createHash('md5').update(file.bytes).digest('base64');
  const existing = await object.getMetadata().then(
    ([metadata]) => metadata,
    (error: unknown) => {
      if ((error as { code?: unknown }).code === 404) return null;
      throw error;
    },
  );
  if (
    existing &&
    existing.md5Hash === md5Hash &&
    Number(existing.size) === file.bytes.length &&
    existing.contentType === file.contentType &&
    isDeepStrictEqual({ ...(existing.metadata ?? {}) }, file.metadata)
  ) {
    summary.unchanged += 1;
    return;
  }
  await object.save(Buffer.from(file.bytes), { resumable: false, contentType: file.contentType, metadata: { metadata: file.metadata } });
  if (existing) summary.updated += 1;
  else summary.created += 1;
}

function seedBucket(app: AdminApp, projectId: string): Bucket {
  const { bucket } = requireStorageEmulator(projectId);
  return adminStorage().getStorage(app).bucket(bucket);
}

/** Documents read per round trip, and written per batch (Firestore allows 500 writes in one batch). */
const READ_CHUNK = 100;
const WRITE_CHUNK = 400;

/** Top-level collections that are not kept per user (their documents are not named by a uid). */
const SHARED_ROOTS = new Set(['config', 'crm', 'content', 'testPlans', 'mailOutbox', 'rateLimits', 'errorReports', 'contactRequests', 'kba']);
/** Records the app keeps by their own id with the user in a field. */
const USER_FIELD_RECORDS: readonly [collection: string, field: string][] = [
  ['documentUploads', 'userId'],
  ['documentUploadProgress', 'userId'],
  ['documentUrlTokens', 'userId'],
  ['creditDisplayTokens', 'uid'],
  ['kbaSessions', 'uid'],
  ['kba/sandbox/sessions', 'uid'],
  ['emailChanges', 'uid'],
  ['agentSessions', 'customerUid'],
];

/**
 * Removes what the app wrote for the demo users that the seed does not hold, so a re-seed gives the demo accounts
 * back as seeded (a payment made, an upload, a KBA session, a new dispute letter, an audit entry...): every document
 * under `{collection}/{uid}` (the document itself and its subcollections, two levels down) of a top-level collection
 * kept per user, and the records above that name a demo user. Answers how many were removed.
 */
export async function removeAppData(db: AdminDb, uids: readonly string[], seeded: ReadonlySet<string>): Promise<number> {
  type DocumentRef = ReturnType<AdminDb['doc']>;
  const stale: DocumentRef[] = [];
  const visit = async (ref: DocumentRef, depth: number): Promise<void> => {
    const [snapshot, subcollections] = await Promise.all([ref.get(), ref.listCollections()]);
    if (snapshot.exists && !seeded.has(ref.path)) stale.push(ref);
    if (depth === 0) return;
    await Promise.all(
      subcollections.map(async (collection) => {
        const documents = await collection.listDocuments();
        await Promise.all(documents.map((document) => visit(document, depth - 1)));
      }),
    );
  };
  const roots = (await db.listCollections()).filter((collection) => !SHARED_ROOTS.has(collection.id));
  await Promise.all(roots.flatMap((root) => uids.map((uid) => visit(root.doc(uid), 2))));
  for (const [collection, field] of USER_FIELD_RECORDS) {
    for (let start = 0; start < uids.length; start += 30) {
      const found = await db.collection(collection).where(field, 'in', uids.slice(start, start + 30)).get();
      for (const document of found.docs) if (!seeded.has(document.ref.path)) stale.push(document.ref);
    }
  }
  const writer = db.bulkWriter();
  for (const ref of stale) void writer.delete(ref);
  await writer.close();
  return stale.length;
}

export async function loadSeed({ projectId, removeAppCreated = false }: { projectId: string; removeAppCreated?: boolean }): Promise<SeedSummary> {
  const app = emulatorAdminApp(projectId);
  const auth = adminAuth.getAuth(app);
  const db = adminFirestore.getFirestore(app);
  const seed = buildSeed();
  const summary: SeedSummary = { created: 0, updated: 0, unchanged: 0 };

  // Accounts first (documents and triggers refer to them), side by side: each is independent of the others.
  await Promise.all(seed.users.map((user) => seedAuthUser(auth, user, summary)));

  // The documents are compared in batches of reads and the ones that differ written in batches: a run that changes
  // nothing costs a few round trips, not one per document (the e2e suite and every emulated test file reload the
  // demo data).
  const changed: typeof seed.documents = [];
  for (let start = 0; start < seed.documents.length; start += READ_CHUNK) {
    const chunk = seed.documents.slice(start, start + READ_CHUNK);
    const snapshots = await db.getAll(...chunk.map((document) => db.doc(document.path)));
    snapshots.forEach((snapshot, index) => {
      const document = chunk[index]!;
      if (snapshot.exists && isDeepStrictEqual(comparable(snapshot.data()), comparable(document.data))) {
        summary.unchanged += 1;
        return;
      }
      changed.push(document);
      if (snapshot.exists) summary.updated += 1;
      else summary.created += 1;
    });
  }
  for (let start = 0; start < changed.length; start += WRITE_CHUNK) {
    const batch = db.batch();
    for (const document of changed.slice(start, start + WRITE_CHUNK)) batch.set(db.doc(document.path), document.data);
    await batch.commit();
  }

  if (seed.files.length > 0) {
    const bucket = seedBucket(app, projectId);
    await Promise.all(seed.files.map((file) => seedFile(bucket, file, summary)));
  }
  if (removeAppCreated) {
    const seeded = new Set(seed.documents.map((document) => document.path));
    summary.removed = await removeAppData(db, seed.users.map((user) => user.uid), seeded);
  }
  return summary;
}

async function main() {
  const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-credit-readiness';
  // From the command line (npm start, npm run seed) a re-seed also removes what the app created for the demo users.
  const summary = await loadSeed({ projectId, removeAppCreated: true });
  console.log(
    `[seed] ${projectId}: ${DEMO_ACCOUNTS.length} demo accounts; ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.removed ?? 0} removed`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[seed] failed:', error);
      process.exit(1);
    },
  );
}
