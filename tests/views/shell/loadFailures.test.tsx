import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/query-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldRetryQuery } from '../../../src/adapters/firebase/queryCache';
import { watchLoadFailures, type LoadFailureHandlers } from '../../../src/app/shell/queryErrors';

// spec 000 §8 on the page's QueryClient: once the retries are spent (up to 3, none for no-contact-id,
// invalid-argument, not-found, unimplemented), a failure shows its toast and is reported as its meta says.

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

function setUp(offline = false) {
  // The adapter's retry policy, without the waits between retries.
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay: 0 }, mutations: { retry: false } } });
  clients.push(client);
  const handlers: LoadFailureHandlers & { toasts: string[]; reports: { message: string; extra: Record<string, unknown> }[] } = {
    toasts: [],
    reports: [],
    toast: (key) => handlers.toasts.push(key),
    report: (report) => handlers.reports.push(report),
    browserOffline: () => offline,
  };
  const stop = watchLoadFailures(client, handlers);
  return { client, handlers, stop };
}

async function failQuery(client: QueryClient, code: string, meta?: Record<string, unknown>) {
  const queryFn = vi.fn(async () => {
    throw { code };
  });
  const observer = new QueryObserver(client, { queryKey: ['read', code], queryFn, ...(meta ? { meta } : {}) });
  const done = new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.isError) {
        unsubscribe();
        resolve();
      }
    });
  });
  await done;
  return queryFn;
}

describe('failed reads and mutations', () => {
  it("retry a failure up to 3 times, then show 'errors.general-error' once and report it", async () => {
    const { client, handlers } = setUp();
    const queryFn = await failQuery(client, 'internal', {});
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(handlers.toasts).toEqual(['errors.general-error']);
    expect(handlers.reports).toEqual([{ message: 'query-error', extra: { query: '["read","internal"]', code: 'internal' } }]);
  });

  it.each(['no-contact-id', 'no-customer-contact-id', 'invalid-argument', 'not-found', 'unimplemented'])('do not retry %s', async (code) => {
    const { client } = setUp();
    expect(await failQuery(client, code, {})).toHaveBeenCalledTimes(1);
  });

  it('show no toast when the message is null (the page shows it), and are still reported', async () => {
    const { client, handlers } = setUp();
    await failQuery(client, 'not-found', { errorMessage: null });
    expect(handlers.toasts).toEqual([]);
    expect(handlers.reports).toHaveLength(1);
  });

  it('do not report a load that failed offline, but still tell the user', async () => {
    const { client, handlers } = setUp(true);
    await failQuery(client, 'not-found', {});
    expect(handlers.toasts).toEqual(['errors.general-error']);
    expect(handlers.reports).toEqual([]);
  });

  it("show a mutation's own message and leave it unreported when reporting is disabled", async () => {
    const { client, handlers } = setUp();
    const mutation = new MutationObserver(client, {
      mutationFn: async () => {
        throw { code: 'duplicate-email' };
      },
      meta: { errorMessage: 'errors.settings.email-in-use', reportError: false },
    });
    await expect(mutation.mutate()).rejects.toEqual({ code: 'duplicate-email' });
    expect(handlers.toasts).toEqual(['errors.settings.email-in-use']);
    expect(handlers.reports).toEqual([]);
  });

  it('say nothing once the watch is stopped', async () => {
    const { client, handlers, stop } = setUp();
    stop();
    await failQuery(client, 'not-found', {});
    expect(handlers.toasts).toEqual([]);
    expect(handlers.reports).toEqual([]);
  });
});
