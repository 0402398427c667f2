import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_DB, hasPersistedUser, persistedUserKey } from '../../src/adapters/firebase/persistedUser';

const API_KEY = 'demo-api-key';

/** Writes what Firebase Auth's IndexedDB persistence writes for a signed-in user (the layout of its SDK). */
async function storeAsFirebaseDoes(idb: IDBFactory, key: string): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = idb.open(AUTH_DB.name, AUTH_DB.version);
    request.onupgradeneeded = () => request.result.createObjectStore(AUTH_DB.store, { keyPath: 'fbase_key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(AUTH_DB.store, 'readwrite');
    tx.objectStore(AUTH_DB.store).put({ fbase_key: key, value: { uid: 'u1' } });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

async function databaseNames(idb: IDBFactory): Promise<string[]> {
  return (await idb.databases()).map((info) => info.name ?? '');
}

describe('hasPersistedUser: whether this browser holds a signed-in Firebase user, without the Auth SDK', () => {
  it('answers no in a browser where nobody has signed in, and leaves no database behind', async () => {
    const idb = new IDBFactory();
    await expect(hasPersistedUser(API_KEY, idb)).resolves.toBe(false);
    expect(await databaseNames(idb)).not.toContain(AUTH_DB.name);
  });

  it('answers yes when Firebase has stored this project’s user', async () => {
    const idb = new IDBFactory();
    await storeAsFirebaseDoes(idb, persistedUserKey(API_KEY));
    await expect(hasPersistedUser(API_KEY, idb)).resolves.toBe(true);
  });

  it('answers no after sign-out (the store is there, the user is not) and for another project’s user', async () => {
    const idb = new IDBFactory();
    await storeAsFirebaseDoes(idb, persistedUserKey('another-projects-key'));
    await expect(hasPersistedUser(API_KEY, idb)).resolves.toBe(false);
  });

  it('answers yes, so the SDK loads, when IndexedDB is missing or the database has an unexpected layout', async () => {
    // A browser without IndexedDB (whatever another suite in this worker installed as the global).
    vi.stubGlobal('indexedDB', undefined);
    try {
      await expect(hasPersistedUser(API_KEY)).resolves.toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    const idb = new IDBFactory();
    await new Promise<void>((resolve) => {
      const request = idb.open(AUTH_DB.name, AUTH_DB.version);
      request.onupgradeneeded = () => request.result.createObjectStore('somethingElse');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await expect(hasPersistedUser(API_KEY, idb)).resolves.toBe(true);
  });

  it('uses the key Firebase Auth writes: firebase:authUser:{apiKey}:[DEFAULT]', () => {
    expect(persistedUserKey('abc')).toBe('firebase:authUser:abc:[DEFAULT]');
  });
});
