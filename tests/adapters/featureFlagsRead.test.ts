import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureFirebase } from '../../src/adapters/firebase/firebaseSettings';
import { createLiveDataPort } from '../../src/adapters/firebase/liveData';

// spec 000 §6 (remote config's fetch): each subscription to the feature flags reads the document afresh from the
// server and answers once, so a flag changed between two fetches shows at the next one (never a cached copy).

configureFirebase({
  apiKey: 'demo-api-key',
  projectId: 'demo-credit-readiness',
  authDomain: 'demo-credit-readiness.firebaseapp.com',
  storageBucket: 'demo-credit-readiness.appspot.com',
  useEmulators: true,
  emulatorHost: '127.0.0.1',
  defaultTenantId: 'customer',
});
afterEach(() => vi.unstubAllGlobals());

function serve(fields: () => Record<string, unknown>) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ fields: fields() }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const read = (port: ReturnType<typeof createLiveDataPort>) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    port.subscribeFeatureFlags(resolve, reject);
  });

describe('reading the feature flags', () => {
  it('reads the document from the server on every subscription, with its booleans and the welcome message', async () => {
    let results = false;
    const fetch = serve(() => ({ disputeResults: { booleanValue: results }, welcomeMessage: { stringValue: 'Hola' }, count: { integerValue: '3' } }));
    const port = createLiveDataPort();
    expect(await read(port)).toEqual({ disputeResults: false, welcomeMessage: 'Hola' });
    results = true;
    expect(await read(port)).toEqual({ disputeResults: true, welcomeMessage: 'Hola' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/documents/config/featureFlags');
  });

  it('fails the read when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    await expect(read(createLiveDataPort())).rejects.toEqual({ code: 'unavailable' });
  });
});
