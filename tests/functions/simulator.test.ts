// The score simulator widget end to end under the emulators: the display tokens the app gets from
// getCreditDisplayTokens open the sandbox widget page (the creditSimulatorSandbox HTTP function) on the customer's
// own report, a simulation runs on the server, and a token for a report that has since been re-pulled is refused.
import { describe, expect, it } from 'vitest';
import { SIMULATOR_SANDBOX_APP_KEY } from '../../src/domain/scoreSimulator';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, signIn, withSeededBackend } from '../support/emulator';

const shown = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]+)<`).exec(html)?.[1];

describe('score simulator sandbox widget', () => {
  withSeededBackend();

  it("opens on the customer's report with the app's display tokens and simulates a pay-down on the server", async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const tokens = await call(app, 'getCreditDisplayTokens');
    expect(tokens.widgetUrl).toMatch(/\/creditSimulatorSandbox$/);
    const fields = {
      appKey: SIMULATOR_SANDBOX_APP_KEY,
      userToken: tokens.userToken,
      displayToken: tokens.displayToken,
      reportKey: tokens.reportKey,
      sandbox: 'true',
      locale: 'en-US',
      bureau: 'EQUIFAX',
    };
    const loaded = await fetch(`${tokens.widgetUrl}?${new URLSearchParams(fields).toString()}`);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:\d+ /);
    const page = await loaded.text();
    const report = (await adminDb().doc(`creditReports/${demoAccount('premiumCustomer').uid}`).get()).data() as {
      reportSummary: { bureauSummary: { bureau: string; creditScore: number }[] };
    };
    const equifax = report.reportSummary.bureauSummary.find((entry) => entry.bureau === 'EQUIFAX')!.creditScore;
    expect(shown(page, 'current-score')).toBe(String(equifax));

    const run = await fetch(tokens.widgetUrl, { method: 'POST', body: new URLSearchParams({ ...fields, payDown: '3000' }) });
    expect(run.status).toBe(200);
    const result = await run.text();
    expect(shown(result, 'score-before')).toBe(String(equifax));
    expect(Number(shown(result, 'score-after'))).toBeGreaterThan(equifax);
    expect(result).toContain('"name":"simulation_run"');

    // A forged user token is refused like an expired session.
    const forged = await fetch(`${tokens.widgetUrl}?${new URLSearchParams({ ...fields, userToken: 'someone-else' }).toString()}`);
    expect(forged.status).toBe(403);
  });
});
