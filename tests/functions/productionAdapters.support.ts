// The functions served over HTTP from the test process for tests/functions/productionAdapters.test.ts: callables
// (the callable protocol runs for real, as in fuzzCallables.support.ts) and the HTTP functions a vendor page is (the
// e-sign sandbox's signing form, a form post), each at /<...>/<function name>, with the parts of Express's request
// and response the functions use (parsed JSON or form body, query, header(), status(), set(), send(), redirect()).
// Also the Auth emulator's custom-token sign-in and an ID token's claims, as the app's page meets them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireEmulatorHosts } from '../../seed/admin';
import { runAsExpress, type HttpFunction } from './fuzzCallables.support';

function parsedBody(rawBody: Buffer, contentType: string): unknown {
  if (rawBody.length === 0) return {};
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
  return JSON.parse(rawBody.toString('utf8'));
}

/** Serves `functions` (callables and HTTP functions alike) at any path ending in the function's name. */
export async function serveFunctions(functions: Record<string, HttpFunction | undefined>): Promise<{ origin: string; url: (name: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const handler = functions[decodeURIComponent(url.pathname.split('/').at(-1) ?? '')];
      if (!handler) {
        response.statusCode = 404;
        response.end();
        return;
      }
      const rawBody = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = parsedBody(rawBody, String(request.headers['content-type'] ?? ''));
      } catch {
        response.statusCode = 400;
        response.end('Bad Request');
        return;
      }
      runAsExpress(handler, request, response, {
        body,
        rawBody,
        request: { path: url.pathname, query: Object.fromEntries(url.searchParams) },
        response: {
          set(field: string, value: string) {
            response.setHeader(field, value);
            return response;
          },
          redirect(status: number, location: string) {
            response.statusCode = status;
            response.setHeader('location', location);
            response.end();
            return response;
          },
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name) => `${origin}/${encodeURIComponent(name)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The page's sign-in with a custom token (the Auth emulator's signInWithCustomToken): the session's ID token. */
export async function idTokenOfCustomToken(token: string): Promise<string> {
  const { authHost } = requireEmulatorHosts();
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signing in with the custom token failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The claims an ID token carries (its payload; the emulator's tokens are not signed). */
export function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
