// A callable called as the page's signed-in user, the way the app's SDK calls it (POST {data} with the user's ID
// token), for the journeys that check what the server answers when the page itself would not send the call (a
// coach's refused action: the server refuses it too). The ID token is read from the Auth SDK's IndexedDB persistence.
import type { Page } from '@playwright/test';
import { FUNCTIONS } from './endpoints';


export interface CallableAnswer {
  status: number;
  body: { result?: unknown; error?: { status: string; message: string; details?: { key?: string } } };
}

export async function callAsPageUser(page: Page, name: string, data: unknown): Promise<CallableAnswer> {
  return page.evaluate(
    async ({ url, data }) => {
      const token = await new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(new Error('no auth persistence'));
        open.onsuccess = () => {
          const read = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          read.onerror = () => reject(new Error('no signed-in user'));
          read.onsuccess = () => {
            const entry = (read.result as { value?: { stsTokenManager?: { accessToken?: string } } }[]).find((row) => row.value?.stsTokenManager?.accessToken);
            if (entry?.value?.stsTokenManager?.accessToken) resolve(entry.value.stsTokenManager.accessToken);
            else reject(new Error('no signed-in user'));
          };
        };
      });
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      return { status: res.status, body: await res.json() };
    },
    { url: `${FUNCTIONS}/${name}`, data },
  );
}
