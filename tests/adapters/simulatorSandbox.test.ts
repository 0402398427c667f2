// The sandbox score-simulator widget page (functions/src/credit/simulatorSandboxPage.ts): it checks the app key and the
// display token as the vendor would, shows the customer's score and accounts in English or Spanish, runs the model
// on a POST, tells only the app (or a loopback origin) about it, and is framed only by the app.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SimulatorSandbox from '../../functions/src/credit/simulatorSandboxPage';
import { SIMULATOR_SANDBOX_APP_KEY } from '../../src/domain/scoreSimulator';
import { creditReport } from '../../seed/data/creditReport';
import { callHttpHandler, postedByPageScript, type SentResponse } from '../support/httpRequest';

/** An in-memory stand-in for the admin Firestore: the documents by path. */
const documents = new Map<string, Record<string, unknown>>();
const snapshot = (path: string) => ({ exists: documents.has(path), data: () => documents.get(path), ref: { path } });
const fakeDb = {
  doc: (path: string) => ({ path, get: async () => snapshot(path) }),
  collection: (name: string) => ({ doc: (id: string) => ({ path: `${name}/${id}`, get: async () => snapshot(`${name}/${id}`) }) }),
};
vi.mock('../../functions/src/platform/admin', () => ({ db: () => fakeDb, auth: () => ({}) }));

let handle: typeof SimulatorSandbox.handleSimulatorRequest;
beforeAll(async () => {
  vi.stubEnv('GCLOUD_PROJECT', 'demo-credit-readiness');
  vi.stubEnv('APP_URL', 'http://127.0.0.1:4173/');
  vi.resetModules();
  ({ handleSimulatorRequest: handle } = await import('../../functions/src/credit/simulatorSandboxPage'));
});
afterAll(() => vi.unstubAllEnvs());

const UID = 'sim-customer';
const TOKENS = { displayToken: 'display-token-1', reportKey: 'report-key-1', userToken: 'user-token-1' };
const VALID = { appKey: SIMULATOR_SANDBOX_APP_KEY, ...TOKENS, sandbox: 'true', locale: 'en-US', bureau: 'EQUIFAX' };

beforeEach(() => {
  documents.clear();
  const { data } = creditReport(UID);
  documents.set(`creditReports/${UID}`, { ...data, createdAt: data.createdAt.toISOString(), reportKey: TOKENS.reportKey });
  documents.set(`creditDisplayTokens/${TOKENS.displayToken}`, {
    uid: UID,
    reportKey: TOKENS.reportKey,
    userToken: TOKENS.userToken,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
});

async function request(method: 'GET' | 'POST', fields: Record<string, string>): Promise<SentResponse> {
  return callHttpHandler(handle, method, fields);
}

/** The score the page shows as current, and after a simulation, the estimate. */
const shown = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]+)<`).exec(html)?.[1];

/** What the page's message script posts, framed by `parentOrigin`: one message, to the app's origin. */
function postedFrom(html: string, parentOrigin: string | undefined) {
  const posted = postedByPageScript(html, parentOrigin);
  expect(posted).toHaveLength(1);
  return posted[0]!;
}

describe('score simulator sandbox page', () => {
  it("shows the customer's score at the chosen bureau, their open cards and accounts, and the scenario form", async () => {
    const page = await request('GET', VALID);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Your score at Equifax');
    expect(shown(page.body, 'current-score')).toBe('655');
    expect(page.body).toContain('CAPITAL ONE');
    expect(page.body).toContain('ALLY FINANCIAL');
    // A closed account and collections are not open accounts to simulate on.
    expect(page.body).not.toContain('SYNCB/AMAZON');
    expect(page.body).toMatch(/name="payDown"/);
    expect(page.body).toMatch(/name="missedAccount"/);
    expect(shown((await request('GET', { ...VALID, bureau: 'EXPERIAN' })).body, 'current-score')).toBe('641');
  });

  it('a simulation POST runs the model on the server and shows the new estimate with its factors', async () => {
    const paid = await request('POST', { ...VALID, payDown: '4,000' });
    expect(paid.status).toBe(200);
    expect(shown(paid.body, 'score-before')).toBe('655');
    const after = Number(shown(paid.body, 'score-after'));
    expect(after).toBeGreaterThan(655);
    expect(paid.body).toContain('Credit card utilization');
    expect(paid.body).toMatch(/Paid \$4,000: \$4,000 to DISCOVER BANK/);

    const missed = await request('POST', { ...VALID, missedAccount: 'EQUIFAX-ally-auto', missedDays: '90' });
    expect(Number(shown(missed.body, 'score-after'))).toBeLessThan(655);
    expect(missed.body).toContain('ALLY FINANCIAL reported 90 days late.');
  });

  it('refuses an expired, unknown or mismatched display token with a 403 page', async () => {
    expect((await request('GET', { ...VALID, displayToken: 'nope' })).status).toBe(403);
    expect((await request('GET', { ...VALID, reportKey: 'other-report' })).status).toBe(403);
    expect((await request('GET', { ...VALID, userToken: 'other-user' })).status).toBe(403);
    // A POST is checked the same way: a form with a forged token runs nothing.
    const forged = await request('POST', { ...VALID, userToken: 'other-user', payDown: '100' });
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain('score-after');

    documents.set(`creditDisplayTokens/${TOKENS.displayToken}`, { ...documents.get(`creditDisplayTokens/${TOKENS.displayToken}`), expiresAt: new Date(Date.now() - 1_000) });
    const expired = await request('GET', VALID);
    expect(expired.status).toBe(403);
    expect(expired.body).toContain('This session has expired or is not valid.');
    expect(expired.body).not.toContain('655');
  });

  it('refuses a token for a report that has been re-pulled since', async () => {
    documents.set(`creditReports/${UID}`, { ...documents.get(`creditReports/${UID}`), reportKey: 'newer-report' });
    const page = await request('GET', VALID);
    expect(page.status).toBe(403);
    expect(page.body).toContain('Your credit report has been updated');
  });

  it('refuses another app key with a 401 page, and runs only as the sandbox', async () => {
    const wrongKey = await request('GET', { ...VALID, appKey: 'someone-else' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toContain('This app is not registered for the score simulator.');
    expect((await request('GET', { ...VALID, sandbox: 'false' })).status).toBe(400);
  });

  it('speaks Spanish for es-US, the page and the simulation', async () => {
    const page = await request('GET', { ...VALID, locale: 'es-US' });
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Su puntaje en Equifax');
    expect(page.body).toContain('Tarjetas de crédito abiertas');
    const run = await request('POST', { ...VALID, locale: 'es-US', hardInquiry: 'on' });
    expect(run.body).toContain('Resultado de la simulación');
    expect(run.body).toContain('Se agregó una consulta dura.');
    expect((await request('GET', { ...VALID, locale: 'es-US', appKey: 'x' })).body).toContain('Esta aplicación no está registrada');
  });

  it('tells the app which bureau and scenarios were used, never tokens or personal data, and only the app or a loopback origin', async () => {
    const loaded = await request('GET', VALID);
    expect(postedFrom(loaded.body, 'http://127.0.0.1:4173')).toEqual({
      target: 'http://127.0.0.1:4173',
      message: { type: 'simulator.event', name: 'widget_loaded', bureau: 'EQUIFAX', scenarios: [] },
    });
    const run = await request('POST', { ...VALID, payDown: '500', hardInquiry: 'on' });
    const posted = postedFrom(run.body, 'http://localhost:5173');
    expect(posted).toEqual({
      target: 'http://localhost:5173',
      message: { type: 'simulator.event', name: 'simulation_run', bureau: 'EQUIFAX', scenarios: ['payDown', 'hardInquiry'] },
    });
    const serialized = JSON.stringify(posted.message);
    for (const secret of Object.values(TOKENS)) expect(serialized).not.toContain(secret);
    expect(postedFrom(run.body, 'https://evil.example').target).toBe('http://127.0.0.1:4173');
    expect(postedFrom(run.body, undefined).target).toBe('http://127.0.0.1:4173');
    expect(run.body).not.toContain("'*'");
  });

  it('is framed only by the app or a loopback origin, with no outside resources (the CSP header), also on its error pages', async () => {
    for (const sent of [await request('GET', VALID), await request('GET', { ...VALID, appKey: 'x' })]) {
      const csp = sent.headers['content-security-policy'];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain('frame-ancestors http://127.0.0.1:4173 http://127.0.0.1:* http://localhost:*');
    }
  });
});
