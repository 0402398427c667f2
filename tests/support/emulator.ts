// Helpers for the suites that run under the Firebase emulators (vitest project 'emulated'): a client app wired
// to the emulators, typed callable calls, admin access for set-up and for checking what was (not) written.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type FunctionsError } from 'firebase/functions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CallableName, CallableRequest, CallableResponse } from '../../src/contract/callables';
import { AGENT_SESSIONS_COLLECTION, newAgentSessionRecord, type AgentSessionRecord } from '../../src/domain/agentSession';
import type { ClaimsInput } from '../../src/domain/claims';
import { FUNCTIONS_REGION } from '../../src/domain/constants';
import { adminAuth, adminFirestore, emulatorAdminApp, requireEmulatorHosts, type AdminDb } from '../../seed/admin';
import { loadSeed } from '../../seed/load';

export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';
export const TEST_PASSWORD = 'Test-Password-1!';

function hostAndPort(value: string | undefined, fallback: string): { host: string; port: number } {
  const [host = '127.0.0.1', port = fallback] = (value ?? `127.0.0.1:${fallback}`).split(':');
  return { host, port: Number(port) };
}

export const FUNCTIONS_EMULATOR = hostAndPort(process.env.FUNCTIONS_EMULATOR_HOST, '5001');

export function adminDb(): AdminDb {
  return adminFirestore.getFirestore(emulatorAdminApp(PROJECT_ID));
}

export function adminAuthClient() {
  return adminAuth.getAuth(emulatorAdminApp(PROJECT_ID));
}

export const { Timestamp } = adminFirestore;

const apps: FirebaseApp[] = [];

/** A fresh client app (its own auth session) wired to the emulators. */
export function clientApp(): FirebaseApp {
  const { authHost } = requireEmulatorHosts();
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `client-${randomUUID()}`);
  connectAuthEmulator(getAuth(app), `http://${authHost}`, { disableWarnings: true });
  connectFunctionsEmulator(getFunctions(app, FUNCTIONS_REGION), FUNCTIONS_EMULATOR.host, FUNCTIONS_EMULATOR.port);
  apps.push(app);
  return app;
}

export async function signedInApp(email: string, password: string): Promise<FirebaseApp> {
  const app = clientApp();
  await signInWithEmailAndPassword(getAuth(app), email, password);
  return app;
}

/** A client app signed in as a demo account or test customer. */
export function signIn(account: { email: string; password: string }): Promise<FirebaseApp> {
  return signedInApp(account.email, account.password);
}

/** Deletes every client app made by these helpers (call in afterAll). */
export async function closeClientApps(): Promise<void> {
  await Promise.all(apps.splice(0).map(async (app) => {
    await signOut(getAuth(app)).catch(() => undefined);
    await deleteApp(app);
  }));
}

/** Loads the demo seed before the enclosing suite and deletes its client apps after it (call inside describe). */
export function withSeededBackend(): void {
  beforeAll(async () => {
    await loadSeed({ projectId: PROJECT_ID });
  });
  afterAll(closeClientApps);
}

/** Calls a callable with a payload the contract accepts. */
export async function call<N extends CallableName>(
  app: FirebaseApp,
  name: N,
  data?: CallableRequest<N>,
): Promise<CallableResponse<N>> {
  const callable = httpsCallable<CallableRequest<N> | undefined, CallableResponse<N>>(getFunctions(app, FUNCTIONS_REGION), name);
  return (await callable(data)).data;
}

/** Calls a callable with any payload at all (for the bad-input cases). */
export async function callRaw(app: FirebaseApp, name: CallableName, data: unknown): Promise<unknown> {
  return (await httpsCallable(getFunctions(app, FUNCTIONS_REGION), name)(data)).data;
}

/**
 * Starts the workers of the named callables before the timed tests (a signed-out call is refused at once, but its
 * first use starts the function's worker, slow on a busy machine). Call in a beforeAll with a long timeout.
 */
export async function startCallableWorkers(names: readonly CallableName[]): Promise<void> {
  const signedOut = clientApp();
  await Promise.all(names.map((name) => callRaw(signedOut, name, null).catch(() => undefined)));
}

/** Merges flags into config/featureFlags; answers the function that puts the flags back as they were. */
export async function mergeFeatureFlags(flags: Record<string, unknown>): Promise<() => Promise<unknown>> {
  const ref = adminDb().doc('config/featureFlags');
  const before = (await ref.get()).data() ?? {};
  await ref.set({ ...before, ...flags });
  return () => ref.set(before);
}

export interface CallFailure {
  code: string;
  message: string;
  details: { key?: string; reference?: string; issues?: { path: (string | number)[] }[] } | undefined;
}

function isFunctionsError(error: unknown): error is FunctionsError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/** The error a call fails with; fails the test when the call succeeds. */
export async function failureOf(promise: Promise<unknown>): Promise<CallFailure> {
  try {
    await promise;
  } catch (error) {
    if (!isFunctionsError(error)) throw error;
    return { code: error.code, message: error.message, details: error.details as CallFailure['details'] };
  }
  throw new Error('expected the call to fail, and it succeeded');
}

export interface TestCustomer {
  uid: string;
  email: string;
  password: string;
  contactId: string;
}

/** A customer made directly with the admin SDK (auth user, CRM contact, user document, claims). */
export async function createCustomer(options: { claims?: ClaimsInput; contact?: Record<string, unknown> } = {}): Promise<TestCustomer> {
  const id = randomUUID().slice(0, 8);
  const email = `customer.${id}@test.example`;
  const contactId = `003TEST${id}`;
  await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({ Email: email, FirstName: 'Test', LastName: id, MailingCountry: 'US', ...options.contact });
  const uid = await createCustomerAccount(email, contactId, options.claims);
  return { uid, email, password: TEST_PASSWORD, contactId };
}

/**
 * A verified customer account bound to a CRM contact (auth user, user document, claims), as a verified sign-up
 * leaves it; the contact itself is the caller's (the CRM sandbox's or a production CRM's). Returns the uid.
 */
export async function createCustomerAccount(email: string, contactId: string, claims: ClaimsInput = {}): Promise<string> {
  const user = await adminAuthClient().createUser({ email, password: TEST_PASSWORD, emailVerified: true });
  await adminDb().doc(`users/${user.uid}`).set({
    id: user.uid,
    siteId: 'APP',
    tenantId: 'customer',
    role: 'customer',
    email,
    customer: { contactId, productLine: 'Primary', dateOnboarding: new Date() },
    settings: { ui: { lang: 'en' } },
  });
  await adminAuthClient().setCustomUserClaims(user.uid, { role: 'customer', customerContactId: contactId, ...claims });
  return user.uid;
}

/**
 * A coach's own account acting for the customer with client actions (allowClientActions), signed in: made by staff
 * and verified, as the seed's coaches are, its user document naming the customer's contact as theirs do.
 */
export async function signedInCoachWithActions(customer: TestCustomer, emailPrefix = 'agent'): Promise<{ uid: string; app: FirebaseApp }> {
  const agent = await adminAuthClient().createUser({ email: `${emailPrefix}.${customer.uid}@test.example`, password: TEST_PASSWORD, emailVerified: true });
  await adminAuthClient().setCustomUserClaims(agent.uid, {
    role: 'coach',
    isAgent: true,
    allowClientActions: true,
    agentUid: agent.uid,
    customerContactId: customer.contactId,
  });
  await adminDb().doc(`users/${agent.uid}`).set({ id: agent.uid, role: 'coach', customer: { contactId: customer.contactId } });
  return { uid: agent.uid, app: await signedInApp(agent.email ?? '', TEST_PASSWORD) };
}

/**
 * Makes the customer's session a delegated one (a CRM session or a coach signed in as the customer, as the claims
 * say) with a live record in agentSessions (src/domain/agentSession.ts); returns the record's id. Sign in after.
 */
export async function delegateSession(
  customer: TestCustomer,
  claims: ClaimsInput,
  record: Partial<AgentSessionRecord> = {},
): Promise<string> {
  const id = randomUUID().replace(/-/g, '');
  const fields = newAgentSessionRecord(
    {
      agentUid: claims.isSalesforceSession === true ? null : (claims.agentUid ?? null),
      crmUserId: claims.isSalesforceSession === true ? '005TESTCRMUSER01' : null,
      customerUid: customer.uid,
      contactId: claims.customerContactId ?? customer.contactId,
      allowClientActions: claims.allowClientActions === true,
    },
    Date.now(),
  );
  await adminDb().doc(`${AGENT_SESSIONS_COLLECTION}/${id}`).set({ ...fields, ...record });
  await adminAuthClient().setCustomUserClaims(customer.uid, {
    role: 'customer',
    customerContactId: customer.contactId,
    ...claims,
    agentSessionId: id,
  });
  return id;
}

/**
 * Every document at any depth as its path and update time (any write moves it), from one kindless query over all
 * collections through the Firestore emulator's REST API with its admin bypass.
 */
export async function documentStamps(): Promise<(readonly [path: string, updateTime: string])[]> {
  const { firestoreHost } = requireEmulatorHosts();
  const response = await fetch(`http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { select: { fields: [{ fieldPath: '__name__' }] }, from: [{ allDescendants: true }] } }),
  });
  if (!response.ok) throw new Error(`reading every document failed: ${response.status} ${await response.text()}`);
  const rows = (await response.json()) as Array<{ document?: { name: string; updateTime?: string } }>;
  return rows.flatMap((row) => (row.document ? [[row.document.name.replace(/^.*?\/documents\//, ''), row.document.updateTime ?? ''] as const] : []));
}

/**
 * A stable picture of every document and account, to prove a refused call wrote nothing. Every document at any depth
 * comes from one query over all collections (a kindless query with all descendants, through the emulator's REST API
 * with its admin bypass), not from walking each collection and document: the suites take this picture before and
 * after hundreds of calls. Each document is its path and its update time (any write moves it), not its fields: the
 * query then takes a tenth of a second instead of seconds.
 */
export async function backendFingerprint(): Promise<string> {
  const documents = (await documentStamps()).sort(([a], [b]) => a.localeCompare(b));
  const users = (await adminAuthClient().listUsers()).users.map((user) => ({
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    claims: user.customClaims,
  }));
  return JSON.stringify({ documents, users: users.sort((a, b) => a.uid.localeCompare(b.uid)) });
}

/** The newest mail in the sandbox outbox for an address and kind. */
export async function latestMail(to: string, kind: 'verifyEmail' | 'resetPassword' | 'recoverEmail') {
  const mails = await adminDb().collection('mailOutbox').where('to', '==', to).where('kind', '==', kind).get();
  const sorted = mails.docs
    .map((doc) => doc.data() as { to: string; kind: string; oobCode: string; link: string; createdAt: InstanceType<typeof Timestamp> })
    .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis());
  const latest = sorted[0];
  if (!latest) throw new Error(`no ${kind} mail to ${to}`);
  return latest;
}
