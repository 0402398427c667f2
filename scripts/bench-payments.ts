// `npm run bench -- payments` runs this (with tsx) inside `firebase emulators:exec` (scripts/emulators.mjs): the
// idempotent charge against the local backend, through the callable as the app calls it.
// Nothing here asserts; the figures are for people (targets in the README):
//   (a) 50 concurrent chargePayment calls for one customer with ONE idempotency key (a burst of double clicks and
//       retries): the charges recorded in the ledger and at the card gateway (target exactly 1), and the time until
//       every call has its answer;
//   (b) baselines in the same run, after putting the amount due back: 50 concurrent calls with 50 DISTINCT keys
//       (what the per-customer charge lock and the amount due allow: charges recorded), and one call alone (its time).
// The Functions emulator serves one request per worker process, so 50 workers are started first, ten more at a time
// (malformed calls, refused at once), and every figure measures the payment code rather than cold starts.
import { randomUUID } from 'node:crypto';
import { initializeApp, deleteApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { adminAuth, adminFirestore, emulatorAdminApp } from '../seed/admin';
import { loadSeed } from '../seed/load';
import { FUNCTIONS_REGION } from '../src/domain/constants';

const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';
const CALLS = Number(process.env.BENCH_PAYMENT_CALLS ?? 50);
const [FUNCTIONS_HOST = '127.0.0.1', FUNCTIONS_PORT = '5001'] = (process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001').split(':');
const FUNCTIONS_BASE = `http://${FUNCTIONS_HOST}:${FUNCTIONS_PORT}/${PROJECT_ID}/${FUNCTIONS_REGION}`;
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const BENCH_UID = 'bench-payments-customer';
const BENCH_EMAIL = 'bench.payments@test.example';
const BENCH_PASSWORD = 'Bench-Payments-1!';
const BENCH_CONTACT = '003BENCHPAYMENTS1';
const MONTHLY = Number(process.env.PRICE_RECURRING_FEE_CENTS ?? 9_900);

const app = emulatorAdminApp(PROJECT_ID);
const db = adminFirestore.getFirestore(app);
const auth = adminAuth.getAuth(app);

async function deleteCollection(path: string): Promise<void> {
  const snapshot = await db.collection(path).get();
  await Promise.all(snapshot.docs.map((doc) => doc.ref.delete()));
}

/** The bench customer, Suspended with one monthly fee due and a Visa on file (set again before each part). */
async function resetCustomer(): Promise<void> {
  await deleteCollection(`payments/${BENCH_UID}/charges`);
  await deleteCollection(`payments/${BENCH_UID}/idempotency`);
  await deleteCollection('cardGateway/sandbox/attempts');
  await db.doc(`users/${BENCH_UID}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
  await db.doc(`crm/sandbox/contacts/${BENCH_CONTACT}`).set({ Status__c: 'Suspended' }, { merge: true });
  const billing = (await db.doc(`payments/${BENCH_UID}`).get()).data() ?? {};
  await db.doc(`payments/${BENCH_UID}`).set({ profile: billing.profile, initialFeePaid: true, nextPaymentDate: '2026-11-01' });
}

async function createCustomer(): Promise<void> {
  await auth.deleteUser(BENCH_UID).catch(() => undefined);
  await auth.createUser({ uid: BENCH_UID, email: BENCH_EMAIL, password: BENCH_PASSWORD, emailVerified: true });
  await auth.setCustomUserClaims(BENCH_UID, { role: 'customer', customerContactId: BENCH_CONTACT, customerOnboardingComplete: true });
  await db.doc(`crm/sandbox/contacts/${BENCH_CONTACT}`).set({ Email: BENCH_EMAIL, FirstName: 'Bench', LastName: 'Payments', MailingStateCode: 'NV' });
  await db.doc(`users/${BENCH_UID}`).set({
    id: BENCH_UID,
    siteId: 'APP',
    tenantId: 'customer',
    role: 'customer',
    email: BENCH_EMAIL,
    customer: { contactId: BENCH_CONTACT, productLine: 'Primary', subscriptionStatus: 'Suspended' },
    settings: { ui: { lang: 'en' } },
  });
  await db.doc(`payments/${BENCH_UID}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01' });
}

async function opaqueValue(): Promise<{ dataDescriptor: string; dataValue: string }> {
  const response = await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      authData: { apiLoginID: 'sandbox-login', clientKey: 'sandbox-client-key' },
      cardData: { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Bench Payments', zip: '89509' },
    }),
  });
  const body = (await response.json()) as { opaqueData?: { dataDescriptor: string; dataValue: string } };
  if (!body.opaqueData) throw new Error('the card gateway sandbox gave no opaque value');
  return body.opaqueData;
}

async function chargesRecorded(since: number): Promise<{ ledger: number; gateway: number; approved: number }> {
  const ledger = await db.collection(`payments/${BENCH_UID}/charges`).get();
  const gateway = await db.collection('cardGateway/sandbox/transactions').where('createdAt', '>=', adminFirestore.Timestamp.fromMillis(since)).get();
  return { ledger: ledger.size, gateway: gateway.size, approved: ledger.docs.filter((doc) => doc.get('status') === 'approved').length };
}

async function main(): Promise<void> {
  await loadSeed({ projectId: PROJECT_ID });
  await createCustomer();
  const client = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, 'bench-payments');
  connectAuthEmulator(getAuth(client), `http://${AUTH_HOST}`, { disableWarnings: true });
  const functions = getFunctions(client, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, FUNCTIONS_HOST, Number(FUNCTIONS_PORT));
  await signInWithEmailAndPassword(getAuth(client), BENCH_EMAIL, BENCH_PASSWORD);
  const call = <T>(name: string, data: unknown) => httpsCallable<unknown, T>(functions, name, { timeout: 300_000 })(data).then((result) => result.data);

  await call('updateCustomerPaymentProfile', {
    siteId: 'APP',
    email: BENCH_EMAIL,
    opaqueValue: await opaqueValue(),
    sfContactId: BENCH_CONTACT,
    firstName: 'Bench',
    lastName: 'Payments',
    address: '1 Main St',
    zip: '89509',
    country: 'US',
  });
  // Ten more workers at a time (the emulator gives a starting worker 30 s, and fifty at once on a small machine take
  // longer): each round's calls keep the workers already started busy, so only the extra ten start.
  process.stdout.write(`starting ${CALLS} function workers...\n`);
  for (let size = Math.min(10, CALLS); size <= CALLS; size = size === CALLS ? CALLS + 1 : Math.min(size + 10, CALLS)) {
    await Promise.all(Array.from({ length: size }, () => call('chargePayment', { warmUp: true }).catch(() => undefined)));
  }

  const request = (idempotencyKey: string) => ({ siteId: 'APP', idempotencyKey, itemId: 'RECURRING_FEE', amount: MONTHLY });
  const burst = async (keys: string[]) => {
    const since = Date.now();
    const started = performance.now();
    const answers = await Promise.allSettled(keys.map((key) => call<{ status: string; replayed: boolean }>('chargePayment', request(key))));
    const ms = performance.now() - started;
    return { ms, answers, recorded: await chargesRecorded(since) };
  };

  // (a) one key
  await resetCustomer();
  const oneKey = randomUUID();
  const sameKey = await burst(Array.from({ length: CALLS }, () => oneKey));
  const fulfilled = sameKey.answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));

  // (b) baselines: distinct keys, then one call alone
  await resetCustomer();
  const distinct = await burst(Array.from({ length: CALLS }, () => randomUUID()));
  const refused = distinct.answers.filter((answer) => answer.status === 'rejected').length;
  await resetCustomer();
  const single = await burst([randomUUID()]);
  await resetCustomer();

  process.stdout.write(
    `\npayments: concurrent chargePayment for one customer (local emulators, gateway sandbox)\n` +
      `  ${CALLS} calls, one idempotency key:   charges recorded ${sameKey.recorded.ledger} in the ledger, ${sameKey.recorded.gateway} at the gateway (target exactly 1); ` +
      `answers ${fulfilled.length}/${CALLS}, ${fulfilled.filter((answer) => !answer.replayed).length} first + ${fulfilled.filter((answer) => answer.replayed).length} replayed; all answered in ${(sameKey.ms / 1000).toFixed(1)} s\n` +
      `  baseline, ${CALLS} calls, ${CALLS} distinct keys: charges recorded ${distinct.recorded.ledger} in the ledger (${distinct.recorded.approved} approved), ${distinct.recorded.gateway} at the gateway; ` +
      `${refused} refused (charge in progress / nothing due); all answered in ${(distinct.ms / 1000).toFixed(1)} s\n` +
      `  baseline, one call alone: ${single.recorded.ledger} charge in ${(single.ms / 1000).toFixed(2)} s\n`,
  );
  await deleteApp(client);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
