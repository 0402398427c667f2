import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_DB, persistedUserKey } from '../../src/adapters/firebase/persistedUser';
import { DEMO_API_KEY, loadAuthPort, settleAdapter } from '../support/authAdapter';

// The Auth SDK as the adapter sees it: a fake auth whose onIdTokenChanged reports the current user and each change.
type Listener = (user: unknown) => void;
const sdk = vi.hoisted(() => {
  const listeners = new Set<Listener>();
  const auth = { currentUser: null as null | Record<string, unknown>, tenantId: null as string | null };
  const firebaseUser = (uid: string) => ({ uid, email: `${uid}@example.com`, emailVerified: true, tenantId: null, providerData: [] });
  return {
    loads: 0,
    auth,
    listeners,
    firebaseUser,
    signIn(uid: string) {
      auth.currentUser = firebaseUser(uid);
      listeners.forEach((listener) => listener(auth.currentUser));
    },
  };
});

// `loads` counts the adapter's uses of the SDK's auth instance: zero means the SDK was never started.
vi.mock('../../src/adapters/firebase/authSdk', () => {
  return {
    firebaseAuth: () => {
      sdk.loads += 1;
      return sdk.auth;
    },
    onIdTokenChanged: (_auth: unknown, listener: Listener) => {
      sdk.listeners.add(listener);
      queueMicrotask(() => listener(sdk.auth.currentUser));
      return () => sdk.listeners.delete(listener);
    },
    signInWithEmailAndPassword: async (_auth: unknown, email: string) => {
      sdk.signIn(email.split('@')[0] ?? email);
      return { user: sdk.auth.currentUser };
    },
    signOut: async () => {
      sdk.auth.currentUser = null;
      sdk.listeners.forEach((listener) => listener(null));
    },
  };
});

let idb: IDBFactory;

async function storeSignedInUser(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = idb.open(AUTH_DB.name, AUTH_DB.version);
    request.onupgradeneeded = () => request.result.createObjectStore(AUTH_DB.store, { keyPath: 'fbase_key' });
    request.onsuccess = () => resolve(request.result);
  });
  await new Promise<void>((resolve) => {
    const tx = db.transaction(AUTH_DB.store, 'readwrite');
    tx.objectStore(AUTH_DB.store).put({ fbase_key: persistedUserKey(DEMO_API_KEY), value: {} });
    tx.oncomplete = () => resolve();
  });
  db.close();
}

function watch(port: Awaited<ReturnType<typeof loadAuthPort>>) {
  const seen: Array<string | null> = [];
  const stop = port.subscribeUser((user) => seen.push(user?.uid ?? null));
  return { seen, stop };
}

describe('AuthPort over Firebase: the Auth SDK loads when needed, not on a signed-out visit', () => {
  beforeEach(() => {
    vi.resetModules();
    sdk.loads = 0;
    sdk.listeners.clear();
    sdk.auth.currentUser = null;
    idb = new IDBFactory();
    vi.stubGlobal('indexedDB', idb);
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports "signed out" at once, without loading the SDK, when this browser holds no signed-in user', async () => {
    const port = await loadAuthPort();
    const { seen, stop } = watch(port);
    await settleAdapter();
    expect(seen).toEqual([null]);
    expect(sdk.loads).toBe(0);
    expect(port.currentUser()).toBeNull();
    stop();
  });

  it('follows the SDK once a sign-in loads it: the signed-in user reaches the watcher', async () => {
    const port = await loadAuthPort();
    const { seen, stop } = watch(port);
    await settleAdapter();
    const user = await port.signInWithEmail('ana@example.com', 'pw');
    await settleAdapter();
    expect(user.uid).toBe('ana');
    expect(sdk.loads).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe('ana');
    expect(port.currentUser()?.uid).toBe('ana');
    await port.signOut();
    expect(seen.at(-1)).toBeNull();
    stop();
  });

  it('loads the SDK at once and waits for it when this browser holds a signed-in user', async () => {
    await storeSignedInUser();
    sdk.auth.currentUser = sdk.firebaseUser('bo');
    const port = await loadAuthPort();
    const { seen, stop } = watch(port);
    await settleAdapter();
    expect(sdk.loads).toBeGreaterThan(0);
    // No premature "signed out": the first report is the stored user.
    expect(seen).toEqual(['bo']);
    stop();
  });

  it('notices a sign-in from another tab when this tab is looked at again', async () => {
    const port = await loadAuthPort();
    const { seen, stop } = watch(port);
    await settleAdapter();
    expect(sdk.loads).toBe(0);
    // Another tab signs in: Firebase stores the user in the shared database.
    await storeSignedInUser();
    sdk.auth.currentUser = sdk.firebaseUser('cy');
    window.dispatchEvent(new Event('focus'));
    await settleAdapter();
    expect(sdk.loads).toBeGreaterThan(0);
    expect(seen).toEqual([null, 'cy']);
    stop();
  });

  it('stops reporting after the watcher is stopped', async () => {
    const port = await loadAuthPort();
    const { seen, stop } = watch(port);
    await settleAdapter();
    stop();
    await port.signInWithEmail('di@example.com', 'pw');
    await settleAdapter();
    expect(seen).toEqual([null]);
  });
});
