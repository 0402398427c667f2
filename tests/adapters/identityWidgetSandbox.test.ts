// The identity-protection sandbox (functions/src/identity/identityProtectionSandbox.ts) and its widget page
// (functions/src/identity/identityWidgetSandboxPage.ts): enrolment is idempotent and answers a day-long user token; the page
// refuses a malformed, unknown or expired token (and tells the app), shows the token owner's alerts built
// deterministically from their credit report and email, what is monitored, and locks or unlocks a bureau; it tells
// only the app and is framed only by the app.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WidgetPage from '../../functions/src/identity/identityWidgetSandboxPage';
import type * as Sandbox from '../../functions/src/identity/identityProtectionSandbox';
import { creditReport } from '../../seed/data/creditReport';
import { callHttpHandler, postedByPageScript, type SentResponse } from '../support/httpRequest';

/** An in-memory stand-in for the admin Firestore: the documents by path, with merge and transactions. */
const documents = new Map<string, Record<string, unknown>>();
const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !(value instanceof Date) && !Array.isArray(value);
function merged(into: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...into };
  for (const [key, value] of Object.entries(data)) out[key] = isPlain(value) && isPlain(out[key]) ? merged(out[key], value) : value;
  return out;
}
const ref = (path: string) => ({
  path,
  get: async () => ({ exists: documents.has(path), data: () => documents.get(path), ref: { path } }),
  set: async (data: Record<string, unknown>, options?: { merge?: boolean }) => {
    documents.set(path, options?.merge ? merged(documents.get(path) ?? {}, data) : data);
  },
});
const fakeDb = {
  doc: ref,
  collection: (name: string) => ({ doc: (id: string) => ref(`${name}/${id}`) }),
  runTransaction: async <T>(fn: (transaction: unknown) => Promise<T>) =>
    fn({ get: (target: ReturnType<typeof ref>) => target.get(), set: (target: ReturnType<typeof ref>, data: Record<string, unknown>, options?: { merge?: boolean }) => void target.set(data, options) }),
};
vi.mock('../../functions/src/platform/admin', () => ({ db: () => fakeDb, auth: () => ({}) }));

let page: typeof WidgetPage;
let sandbox: typeof Sandbox;
beforeAll(async () => {
  vi.stubEnv('GCLOUD_PROJECT', 'demo-credit-readiness');
  vi.stubEnv('APP_URL', 'http://127.0.0.1:4173/');
  vi.resetModules();
  page = await import('../../functions/src/identity/identityWidgetSandboxPage');
  sandbox = await import('../../functions/src/identity/identityProtectionSandbox');
});
afterAll(() => vi.unstubAllEnvs());

const UID = 'id-customer';
const OTHER = 'id-other';
const NOW = Date.parse('2026-11-26T12:00:00Z');
const subject = (uid: string, email = `${uid}@example.com`) => ({ uid, firstName: 'Maria', lastName: 'Alvarez', email });
const vendor = (now = NOW) => new sandbox.FirestoreIdentityProtectionSandbox(() => fakeDb as never, () => now);

function storeReport(uid: string) {
  const { data } = creditReport(uid);
  documents.set(`creditReports/${uid}`, { ...data, createdAt: data.createdAt.toISOString() });
  return data;
}

beforeEach(() => documents.clear());

async function request(method: 'GET' | 'POST', fields: Record<string, string>, now = Date.now()): Promise<SentResponse> {
  return callHttpHandler((request, response) => page.handleIdentityWidgetRequest(request, response, vendor(now)), method, fields);
}

const postedFrom = postedByPageScript;

const titles = (html: string) => [...html.matchAll(/<li class="card" data-alert="[^"]+"><h2>([^<]+)<\/h2>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('enrolment and the user token', () => {
  it('enrols once and answers the same token while it has more than an hour left, then a new one', async () => {
    const first = await vendor().userToken(subject(UID));
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await vendor(NOW + 60_000).userToken(subject(UID))).toBe(first);
    const enrolledAt = documents.get(`identityProtection/sandbox/enrolments/${UID}`)!.enrolledAt;
    const renewed = await vendor(NOW + sandbox.IDENTITY_TOKEN_TTL_MS - 30 * 60_000).userToken(subject(UID));
    expect(renewed).not.toBe(first);
    expect(documents.get(`identityProtection/sandbox/enrolments/${UID}`)!.enrolledAt).toEqual(enrolledAt);
    expect((await vendor().enrolmentOf(first))?.uid).toBe(UID);
  });

  it('gives each customer their own token, naming only them', async () => {
    const mine = await vendor().userToken(subject(UID));
    const theirs = await vendor().userToken(subject(OTHER));
    expect(mine).not.toBe(theirs);
    expect((await vendor().enrolmentOf(mine))?.uid).toBe(UID);
    expect((await vendor().enrolmentOf(theirs))?.uid).toBe(OTHER);
  });

  it('refuses a malformed, unknown or expired token', async () => {
    const token = await vendor().userToken(subject(UID));
    expect(await vendor().enrolmentOf('short')).toBeNull();
    expect(await vendor().enrolmentOf('x'.repeat(32))).toBeNull();
    expect(await vendor(NOW + sandbox.IDENTITY_TOKEN_TTL_MS + 1).enrolmentOf(token)).toBeNull();
  });
});

describe('the monitoring alerts', () => {
  it("are built from the customer's inquiries, new accounts, reported address and email, newest first", () => {
    const report = creditReport(UID).data;
    const alerts = sandbox.identityAlerts({ uid: UID, email: 'maria@example.com', report: report as never });
    const kinds = new Set(alerts.map((alert) => alert.kind));
    expect(kinds).toEqual(new Set(['inquiry', 'address', 'breach', ...(alerts.some((alert) => alert.kind === 'new-account') ? ['new-account'] : [])]));
    const inquiryNames = new Set(report.inquiries.map((inquiry) => inquiry.creditorName));
    expect(alerts.filter((alert) => alert.kind === 'inquiry').map((alert) => alert.subject).sort()).toEqual([...inquiryNames].sort());
    const rocket = alerts.find((alert) => alert.subject === 'ROCKET MORTGAGE')!;
    expect(rocket.bureaus).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    expect(alerts.map((alert) => alert.date)).toEqual([...alerts.map((alert) => alert.date)].sort().reverse());
    expect(sandbox.SANDBOX_BREACHES).toContain(alerts.find((alert) => alert.kind === 'breach')!.subject);
  });

  it('are the same for the same data, and differ in the breach list for another customer', () => {
    const report = creditReport(UID).data as never;
    const once = sandbox.identityAlerts({ uid: UID, email: 'maria@example.com', report });
    expect(sandbox.identityAlerts({ uid: UID, email: 'maria@example.com', report })).toEqual(once);
    const others = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((uid) => sandbox.identityAlerts({ uid, email: `${uid}@example.com`, report: null }));
    expect(new Set(others.map((alerts) => `${alerts[0]!.subject}|${alerts[0]!.date}`)).size).toBeGreaterThan(1);
  });

  it('are only the breach list without a credit report, and none without an email either', () => {
    expect(sandbox.identityAlerts({ uid: UID, email: 'maria@example.com', report: null }).map((alert) => alert.kind)).toEqual(['breach']);
    expect(sandbox.identityAlerts({ uid: UID, email: null, report: null })).toEqual([]);
  });

  it('mask the email on the page', () => {
    expect(sandbox.maskEmail('maria@example.com')).toBe('m••••@example.com');
    expect(sandbox.maskEmail('nope')).toBe('•••');
  });
});

describe('the widget page', () => {
  it("shows the token owner's alerts, framed only by the app, and tells only the app how many", async () => {
    storeReport(UID);
    const token = await vendor(Date.now()).userToken(subject(UID));
    const sent = await request('GET', { userToken: token, section: 'alerts', locale: 'en-US' });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-security-policy']).toContain('frame-ancestors http://127.0.0.1:4173');
    const shown = titles(sent.body);
    expect(shown).toContain('New inquiry from ROCKET MORTGAGE');
    expect(shown).toContain('Address change reported');
    expect(shown).toContain('Your email appeared in a breach list (sandbox)');
    expect(postedFrom(sent.body, 'https://evil.example')).toEqual([
      { message: { type: 'identity.widget', event: 'loaded', section: 'alerts', alerts: shown.length }, target: 'http://127.0.0.1:4173' },
    ]);
    expect(postedFrom(sent.body, 'http://127.0.0.1:4173')[0]!.target).toBe('http://127.0.0.1:4173');
  });

  it("shows another customer's token only that customer's data", async () => {
    storeReport(UID);
    const theirs = await vendor(Date.now()).userToken(subject(OTHER));
    const sent = await request('GET', { userToken: theirs, section: 'alerts', locale: 'en-US' });
    expect(titles(sent.body)).toEqual(['Your email appeared in a breach list (sandbox)']);
  });

  it('refuses a missing, unknown or expired token with 403 and tells the app to ask for a new one', async () => {
    const token = await vendor(Date.now()).userToken(subject(UID));
    for (const userToken of ['', 'y'.repeat(40)]) {
      const sent = await request('GET', { userToken, section: 'alerts' });
      expect(sent.status).toBe(403);
      expect(sent.body).toContain('This session has expired.');
      expect(postedFrom(sent.body, 'http://127.0.0.1:4173')[0]!.message).toEqual({ type: 'identity.widget', event: 'token-refused' });
    }
    const late = await request('GET', { userToken: token, section: 'alerts' }, Date.now() + sandbox.IDENTITY_TOKEN_TTL_MS + 1);
    expect(late.status).toBe(403);
  });

  it('shows what is monitored, in Spanish for es-US, with the email masked', async () => {
    storeReport(UID);
    const token = await vendor(Date.now()).userToken(subject(UID, 'maria@example.com'));
    const sent = await request('GET', { userToken: token, section: 'monitoring', locale: 'es-US' });
    expect(sent.body).toContain('<html lang="es">');
    expect(sent.body).toContain('Lo que vigilamos');
    expect(sent.body).toContain('m••••@example.com');
    expect(sent.body).not.toContain('maria@example.com');
    expect(sent.body).toContain('Equifax, Experian, TransUnion');
  });

  it('locks and unlocks a bureau for the token owner, and refuses a bad token or bureau writing nothing', async () => {
    const token = await vendor(Date.now()).userToken(subject(UID));
    const before = await request('GET', { userToken: token, section: 'credit-lock' });
    expect(before.body).toContain('Lock Equifax');
    const locked = await request('POST', { userToken: token, locale: 'en-US', bureau: 'EQUIFAX', locked: 'true' });
    expect(locked.status).toBe(200);
    expect(locked.body).toContain('Equifax is now locked.');
    expect(locked.body).toContain('Unlock Equifax');
    expect(locked.body).toContain('Lock Experian');
    const enrolment = () => JSON.stringify(documents.get(`identityProtection/sandbox/enrolments/${UID}`));
    const stored = enrolment();
    expect((await request('POST', { userToken: 'z'.repeat(32), bureau: 'EXPERIAN', locked: 'true' })).status).toBe(403);
    expect((await request('POST', { userToken: token, bureau: 'INNOVIS', locked: 'true' })).status).toBe(400);
    expect((await request('POST', { userToken: token, bureau: 'EXPERIAN', locked: 'maybe' })).status).toBe(400);
    expect(enrolment()).toBe(stored);
    const unlocked = await request('POST', { userToken: token, bureau: 'EQUIFAX', locked: 'false' });
    expect(unlocked.body).toContain('Equifax is now unlocked.');
    expect(unlocked.body).toContain('Lock Equifax');
  });

  it('answers other methods with 405', async () => {
    const sent = await callHttpHandler((request, response) => page.handleIdentityWidgetRequest(request, response, vendor()), 'PUT', {});
    expect(sent.status).toBe(405);
  });
});
