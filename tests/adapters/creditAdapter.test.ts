import { beforeEach, describe, expect, it, vi } from 'vitest';
import { combinedReport } from '../support/creditReportFixture';

// The credit callables at the adapter boundary (spec 001 §7): report orders and the identity check keep the
// credit machines' port contract (machines/credit/ports.ts), the reads keep the contract's shapes.

const callFunction = vi.fn<(name: string, data: unknown) => Promise<unknown>>();
vi.mock('../../src/adapters/firebase/functions', () => ({ callFunction }));

const { createCreditActionsPort, createCreditReadPort } = await import('../../src/adapters/firebase/credit');
const { toPortError } = await import('../../src/adapters/firebase/errors');

const callableError = (code: string, message: string, details?: unknown) => Object.assign(new Error(message), { code, details });

beforeEach(() => callFunction.mockReset());

describe('a throttled call', () => {
  it('carries the seconds left from the details into the port error', () => {
    const error = toPortError(callableError('functions/resource-exhausted', 'order-throttled [429]', { key: 'credit.order-throttled', retryAfterSeconds: 11 }));
    expect(error).toEqual({ code: 'order-throttled', callableCode: 'resource-exhausted', key: 'credit.order-throttled', retryAfterSeconds: 11 });
  });

  it('ignores a retryAfterSeconds that is not a number of seconds', () => {
    expect(toPortError(callableError('functions/resource-exhausted', 'order-throttled', { retryAfterSeconds: 'soon' }))).toEqual({ code: 'order-throttled', callableCode: 'resource-exhausted' });
    expect(toPortError(callableError('functions/resource-exhausted', 'order-throttled', { retryAfterSeconds: -3 }))).toEqual({ code: 'order-throttled', callableCode: 'resource-exhausted' });
  });
});

describe('report orders', () => {
  it('refuses a second order inside the throttle window as resource-exhausted with the seconds left', async () => {
    callFunction.mockRejectedValueOnce(callableError('functions/resource-exhausted', 'order-throttled [429]', { key: 'credit.order-throttled', retryAfterSeconds: 9 }));
    await expect(createCreditActionsPort().orderReport()).rejects.toEqual({
      code: 'resource-exhausted',
      callableCode: 'resource-exhausted',
      key: 'credit.order-throttled',
      retryAfterSeconds: 9,
    });
  });

  it('passes other refusals on as the server named them', async () => {
    callFunction.mockRejectedValueOnce(callableError('functions/permission-denied', 'not-permitted [403]', { key: 'coach.toast.not-permitted' }));
    await expect(createCreditActionsPort().orderReport()).rejects.toEqual({ code: 'not-permitted', callableCode: 'permission-denied', key: 'coach.toast.not-permitted' });
  });

  it('refuses an order while an earlier one is still being pulled as aborted', async () => {
    callFunction.mockRejectedValueOnce(callableError('functions/aborted', 'order-in-progress [409]', { key: 'order-in-progress' }));
    await expect(createCreditActionsPort().orderReport()).rejects.toEqual({ code: 'aborted', callableCode: 'aborted', key: 'order-in-progress' });
  });

  it('answers an order that waits for the identity check with its KBA session id', async () => {
    callFunction.mockResolvedValueOnce({ status: 'kba-required', kbaLinkId: 'kba-1' });
    await expect(createCreditActionsPort().orderReport()).resolves.toEqual({ status: 'kba-required', kbaLinkId: 'kba-1' });
    expect(callFunction).toHaveBeenCalledWith('orderReport', null);
  });
});

describe('the identity check', () => {
  it('gives the lock as an ISO date-time, as the KBA machine reads it', async () => {
    callFunction.mockResolvedValueOnce({ status: 'locked', retryAt: '2026-11-27T15:05:00.000Z' });
    const result = await createCreditActionsPort().arrayKBA({ command: 'get-questions', id: 'kba-1' });
    expect(result).toEqual({ status: 'locked', retryAt: '2026-11-27T15:05:00.000Z' });
  });

  it('sends the answers as the contract has them', async () => {
    callFunction.mockResolvedValueOnce({ status: 'passed', creditPullDate: '2026-11-26' });
    const request = { command: 'submit-answers' as const, id: 'kba-1', authToken: 'token-1', answers: { q1: 'a2' } };
    await expect(createCreditActionsPort().arrayKBA(request)).resolves.toEqual({ status: 'passed', creditPullDate: '2026-11-26' });
    expect(callFunction).toHaveBeenCalledWith('arrayKBA', request);
  });

  it('refuses a request outside the contract before calling', async () => {
    await expect(createCreditActionsPort().arrayKBA({ command: 'get-questions', id: '' })).rejects.toEqual({ code: 'invalid-argument' });
    expect(callFunction).not.toHaveBeenCalled();
  });
});

describe('the credit reads', () => {
  it('keep the display tokens and their expiry as the contract gives them', async () => {
    const tokens = {
      reportKey: 'r1',
      displayToken: 'd1',
      userToken: 'u1',
      widgetUrl: 'http://127.0.0.1:5001/demo/us-west4/creditSimulatorSandbox',
      expiresAt: '2026-11-26T01:00:00.000Z',
    };
    callFunction.mockResolvedValueOnce(tokens);
    await expect(createCreditReadPort().getCreditDisplayTokens()).resolves.toEqual(tokens);
  });

  it('asks for the score history without a payload when no KBA session is named', async () => {
    callFunction.mockResolvedValueOnce([{ bureau: 'EQUIFAX', reportdate: '2026-10-01', creditscore: 702 }]);
    await expect(createCreditReadPort().getCreditScoreHistory()).resolves.toEqual([{ bureau: 'EQUIFAX', reportdate: '2026-10-01', creditscore: 702 }]);
    expect(callFunction).toHaveBeenCalledWith('getCreditScoreHistory', null);
  });
});

describe('past reports (spec 002 §7 getReport)', () => {
  it('lists the customer’s pulls with their times as ISO text, the current one marked', async () => {
    const list = {
      userId: 'uid-1',
      reports: [
        { id: 'report-2', pulledAt: '2026-11-02T15:04:00.000Z', current: true },
        { id: 'report-1', pulledAt: '2026-10-01T14:30:00.000Z', current: false },
      ],
    };
    callFunction.mockResolvedValueOnce(list);
    await expect(createCreditReadPort().listCreditReports()).resolves.toEqual(list);
    expect(callFunction).toHaveBeenCalledWith('listCreditReports', null);
  });

  it('asks for a past report by id, user and source, and gives it with its pull time as ISO text', async () => {
    const report = { ...combinedReport(), pulledAt: '2026-10-01T14:30:00.000Z' };
    callFunction.mockResolvedValueOnce(report);
    const request = { id: 'report-1', userId: 'uid-1', source: 'combined' as const };
    const answered = await createCreditReadPort().getReport(request);
    expect(callFunction).toHaveBeenCalledWith('getReport', request);
    expect(answered.pulledAt).toBe('2026-10-01T14:30:00.000Z');
    expect(answered.accounts).toHaveLength(report.accounts.length);
  });

  it('refuses an id that could name another path before calling', async () => {
    await expect(createCreditReadPort().getReport({ id: 'a/b', userId: 'uid-1', source: 'equifax' })).rejects.toEqual({ code: 'invalid-argument' });
    expect(callFunction).not.toHaveBeenCalled();
  });

  it('passes a refused read on as the server named it', async () => {
    callFunction.mockRejectedValueOnce(callableError('functions/not-found', 'no-report', { key: 'no-report' }));
    await expect(createCreditReadPort().getReport({ id: 'report-9', userId: 'uid-2', source: 'combined' })).rejects.toMatchObject({
      code: 'no-report',
      callableCode: 'not-found',
    });
  });
});

describe('the first report (spec 002 §7 getInitialReport)', () => {
  it("asks without a payload and gives the pull's status with the stored report's id and pull time as ISO text", async () => {
    const answer = { userId: 'uid-1', status: 'complete', report: { id: 'first-1', pulledAt: '2026-11-02T15:04:00.000Z' } };
    callFunction.mockResolvedValueOnce(answer);
    await expect(createCreditActionsPort().getInitialReport()).resolves.toEqual(answer);
    expect(callFunction).toHaveBeenCalledWith('getInitialReport', null);
  });

  it('gives a pull under way without a report, and refuses an answer outside the contract', async () => {
    callFunction.mockResolvedValueOnce({ userId: 'uid-1', status: 'processing', report: null });
    await expect(createCreditActionsPort().getInitialReport()).resolves.toEqual({ userId: 'uid-1', status: 'processing', report: null });
    callFunction.mockResolvedValueOnce({ userId: 'uid-1', status: 'pulling', report: null });
    await expect(createCreditActionsPort().getInitialReport()).rejects.toMatchObject({ code: 'invalid-response' });
  });
});
