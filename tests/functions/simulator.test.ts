// The score simulator widget end to end under the emulators: the display tokens the app gets from
// getCreditDisplayTokens open the sandbox widget page (the creditSimulatorSandbox HTTP function) on the customer's
// own report, a simulation runs on the server, and a forged token is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreditDisplayTokens } from '../../src/contract/credit';
import { SIMULATOR_SANDBOX_APP_KEY } from '../../src/domain/scoreSimulator';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, signIn, withSeededBackend } from '../support/emulator';

const shown = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]+)<`).exec(html)?.[1];

describe('score simulator sandbox widget', () => {
  withSeededBackend();
  let tokens: CreditDisplayTokens;
  let fields: Record<string, string>;
  let loaded: { status: number; csp: string | null; html: string };

  // The callable's and the page's first calls start their workers (slow on a busy machine): under the hook's timeout.
  beforeAll(async () => {
    tokens = await call(await signIn(demoAccount('premiumCustomer')), 'getCreditDisplayTokens');
    fields = {
      appKey: SIMULATOR_SANDBOX_APP_KEY,
      userToken: tokens.userToken,
      displayToken: tokens.displayToken,
      reportKey: tokens.reportKey,
      sandbox: 'true',
      locale: 'en-US',
      bureau: 'EQUIFAX',
    };
    const response = await fetch(`${tokens.widgetUrl}?${new URLSearchParams(fields).toString()}`);
    loaded = { status: response.status, csp: response.headers.get('content-security-policy'), html: await response.text() };
  });

  it("opens on the customer's report with the app's display tokens, framed only by the app", async () => {
    expect(tokens.widgetUrl).toMatch(/\/creditSimulatorSandbox$/);
    expect(loaded.status).toBe(200);
    expect(loaded.csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:\d+ /);
    const report = (await adminDb().doc(`creditReports/${demoAccount('premiumCustomer').uid}`).get()).data() as {
      reportSummary: { bureauSummary: { bureau: string; creditScore: number }[] };
    };
    const equifax = report.reportSummary.bureauSummary.find((entry) => entry.bureau === 'EQUIFAX')!.creditScore;
    expect(shown(loaded.html, 'current-score')).toBe(String(equifax));
  });

  it('simulates a pay-down on the server and shows the higher estimate', async () => {
    const before = Number(shown(loaded.html, 'current-score'));
    const run = await fetch(tokens.widgetUrl, { method: 'POST', body: new URLSearchParams({ ...fields, payDown: '3000' }) });
    expect(run.status).toBe(200);
    const result = await run.text();
    expect(shown(result, 'score-before')).toBe(String(before));
    expect(Number(shown(result, 'score-after'))).toBeGreaterThan(before);
    expect(result).toContain('"name":"simulation_run"');
  });

  it('refuses a forged user token like an expired session', async () => {
    const forged = await fetch(`${tokens.widgetUrl}?${new URLSearchParams({ ...fields, userToken: 'someone-else' }).toString()}`);
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain('current-score');
  });
});
