import { QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityWidgetSelectors } from '../../../machines/identity/identityWidget.machine';
import type { ArrayUserToken } from '../../../machines/identity/ports';
import { SAMPLE_IDENTITY_TOKEN } from '../../../machines/identity/entries';
import { IDENTITY_TOKEN_QUERY_KEY, provideIdentityWidgetMachine } from '../../../src/app/identity/machines';
import { run, settle } from '../../support/machineTestKit';

// The app's token reads for the identity widget (spec 000 §9: the identity token is cached without expiry): the
// machine as the identity pages run it, over a query client with the app's own defaults (stale after 2 minutes).

const TWO_MINUTES_MS = 2 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** A token service answering token-1, token-2, … and failing the calls numbered in `failing`. */
function tokenService(failing: number[] = []) {
  const getArrayUserToken = vi.fn(async (): Promise<ArrayUserToken> => {
    const call = getArrayUserToken.mock.calls.length;
    if (failing.includes(call)) throw { code: 'unavailable' };
    return { ...SAMPLE_IDENTITY_TOKEN, userToken: `token-${call}` };
  });
  return { identity: async () => ({ getArrayUserToken }), getArrayUserToken };
}

function client() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: TWO_MINUTES_MS, gcTime: 5 * 60 * 1000, retry: 3 } } });
}

/** One visit of an identity page: the machine started with the app's token reads. */
async function visit(service: ReturnType<typeof tokenService>, queries: QueryClient) {
  const running = run(provideIdentityWidgetMachine(service, queries));
  await settle();
  const shown = () => {
    const snapshot = running.actor.getSnapshot();
    return [identityWidgetSelectors.status(snapshot), identityWidgetSelectors.token(snapshot)?.userToken ?? null];
  };
  return { shown, send: running.actor.send.bind(running.actor), stop: () => running.actor.stop() };
}

describe("the identity widget's token reads (spec 000 §9)", () => {
  it('reads the token once and shows it on a later visit, long after the usual two minutes', async () => {
    const service = tokenService();
    const queries = client();
    const first = await visit(service, queries);
    expect(first.shown()).toEqual(['ready', 'token-1']);
    first.stop();
    vi.useFakeTimers({ now: Date.now() + 60 * 60 * 1000, toFake: ['Date'] });
    const later = await visit(service, queries);
    expect([later.shown(), service.getArrayUserToken.mock.calls.length]).toEqual([['ready', 'token-1'], 1]);
    expect(queries.getQueryData(IDENTITY_TOKEN_QUERY_KEY)).toMatchObject({ userToken: 'token-1' });
  });

  it('reads a refused token anew, past the cache, and a later visit shows the renewed one', async () => {
    const service = tokenService();
    const queries = client();
    const first = await visit(service, queries);
    first.send({ type: 'widget.tokenRefused' });
    await settle();
    expect([first.shown(), service.getArrayUserToken.mock.calls.length]).toEqual([['ready', 'token-2'], 2]);
    first.stop();
    const later = await visit(service, queries);
    expect([later.shown(), service.getArrayUserToken.mock.calls.length]).toEqual([['ready', 'token-2'], 2]);
  });

  it('shows a failed read at once, without the usual retries, and Try again asks again', async () => {
    const service = tokenService([1]);
    const page = await visit(service, client());
    expect([page.shown(), service.getArrayUserToken.mock.calls.length]).toEqual([['failed', null], 1]);
    page.send({ type: 'widget.retry' });
    await settle();
    expect([page.shown(), service.getArrayUserToken.mock.calls.length]).toEqual([['ready', 'token-2'], 2]);
  });
});
