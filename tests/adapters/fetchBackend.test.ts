import { describe, expect, it } from 'vitest';
import { FetchBackend, localePath } from '../../src/i18n/fetchBackend';

function backendAnswering(answer: () => Promise<Response>) {
  const urls: string[] = [];
  const backend = new FetchBackend();
  backend.init(null, {
    loadPath: '/locales/{{lng}}/{{ns}}.json',
    fetch: async (input) => {
      urls.push(String(input));
      return answer();
    },
  });
  const read = (lng: string, ns: string) =>
    new Promise<{ error: unknown; retry?: boolean; data?: unknown }>((resolve) =>
      backend.read(lng, ns, (error, data) => resolve({ error, data, retry: typeof data === 'boolean' ? data : undefined })),
    );
  return { read, urls };
}

describe('FetchBackend: the translations over fetch', () => {
  it('reads public/locales/{lng}/{ns}.json and hands i18next its texts', async () => {
    const { read, urls } = backendAnswering(async () => new Response(JSON.stringify({ signIn: 'Sign in' }), { status: 200 }));
    await expect(read('es', 'auth')).resolves.toEqual({ error: null, data: { signIn: 'Sign in' }, retry: undefined });
    expect(urls).toEqual(['/locales/es/auth.json']);
  });

  it('asks i18next to retry after a server error or a dropped connection', async () => {
    const serverError = backendAnswering(async () => new Response('oops', { status: 503 }));
    expect((await serverError.read('en', 'common')).retry).toBe(true);
    const offline = backendAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await offline.read('en', 'common');
    expect(result.retry).toBe(true);
    expect(String(result.error)).toContain('Failed to fetch');
  });

  it('does not retry a missing file or a file that is not JSON', async () => {
    expect((await backendAnswering(async () => new Response('', { status: 404 })).read('en', 'nope')).retry).toBe(false);
    expect((await backendAnswering(async () => new Response('<html>', { status: 200 })).read('en', 'common')).retry).toBe(false);
  });

  it('encodes the language and namespace into the path', () => {
    expect(localePath('/locales/{{lng}}/{{ns}}.json', 'en', '../x')).toBe('/locales/en/..%2Fx.json');
  });
});
