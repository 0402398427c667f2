import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../src/domain/redirects';

describe('safe redirect path', () => {
  it.each<[string, string[]]>([
    ['a path inside the app with its query and hash', ['/credit/report', '/documents/all?year=2024#top', '/']],
    ['an encoded path that stays inside the app', ['/support/search?q=credit%20score', '/money?rate=100%25']],
  ])('keeps %s', (_behaviour, paths) => {
    for (const path of paths) expect(safeRedirectPath(path)).toBe(path);
  });

  it.each<[string, unknown[]]>([
    ['a protocol-relative URL', ['//evil.com', '//evil.com/credit']],
    ['backslash tricks', ['/\\evil.com', '\\\\evil.com', '/credit\\..\\\\evil.com']],
    ['absolute URLs and schemes', ['https://x', 'http://app.example.com/credit', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>']],
    ['relative paths', ['credit/report', 'evil.com', '']],
    ['encoded slashes and backslashes that decode to another site', ['/%2F%2Fevil.com', '/%2Fevil.com', '/%5Cevil.com', '/%252F%252Fevil.com', '%2F%2Fevil.com']],
    ['malformed percent-encoding', ['/credit%E0%A4%A']],
    ['whitespace and control characters', [' /credit', '/credit ', '/\t/evil.com', '/\n/evil.com', '/%09/evil.com', '/credit\u0000']],
    ['anything that is not a string', [undefined, null, { pathname: '/credit' }]],
  ])('falls back for %s', (_behaviour, unsafe) => {
    for (const value of unsafe) expect(safeRedirectPath(value)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.com', '/dashboard')).toBe('/dashboard');
  });
});
