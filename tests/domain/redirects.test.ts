import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../src/domain/redirects';

describe('safe redirect path', () => {
  it('keeps a path inside the app with its query and hash', () => {
    expect(safeRedirectPath('/credit/report')).toBe('/credit/report');
    expect(safeRedirectPath('/documents/all?year=2024#top')).toBe('/documents/all?year=2024#top');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('keeps an encoded path that stays inside the app', () => {
    expect(safeRedirectPath('/support/search?q=credit%20score')).toBe('/support/search?q=credit%20score');
    expect(safeRedirectPath('/money?rate=100%25')).toBe('/money?rate=100%25');
  });

  it('falls back for a protocol-relative URL', () => {
    expect(safeRedirectPath('//evil.com')).toBe('/');
    expect(safeRedirectPath('//evil.com/credit')).toBe('/');
  });

  it('falls back for backslash tricks', () => {
    expect(safeRedirectPath('/\\evil.com')).toBe('/');
    expect(safeRedirectPath('\\\\evil.com')).toBe('/');
    expect(safeRedirectPath('/credit\\..\\\\evil.com')).toBe('/');
  });

  it('falls back for absolute URLs and schemes', () => {
    expect(safeRedirectPath('https://x')).toBe('/');
    expect(safeRedirectPath('http://app.example.com/credit')).toBe('/');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/');
    expect(safeRedirectPath('JavaScript:alert(1)')).toBe('/');
    expect(safeRedirectPath('data:text/html,<script>alert(1)</script>')).toBe('/');
  });

  it('falls back for relative paths', () => {
    expect(safeRedirectPath('credit/report')).toBe('/');
    expect(safeRedirectPath('evil.com')).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
  });

  it('falls back for encoded slashes and backslashes that decode to another site', () => {
    expect(safeRedirectPath('/%2F%2Fevil.com')).toBe('/');
    expect(safeRedirectPath('/%2Fevil.com')).toBe('/');
    expect(safeRedirectPath('/%5Cevil.com')).toBe('/');
    expect(safeRedirectPath('/%252F%252Fevil.com')).toBe('/');
    expect(safeRedirectPath('%2F%2Fevil.com')).toBe('/');
  });

  it('falls back for malformed percent-encoding', () => {
    expect(safeRedirectPath('/credit%E0%A4%A')).toBe('/');
  });

  it('falls back for whitespace and control characters', () => {
    expect(safeRedirectPath(' /credit')).toBe('/');
    expect(safeRedirectPath('/credit ')).toBe('/');
    expect(safeRedirectPath('/\t/evil.com')).toBe('/');
    expect(safeRedirectPath('/\n/evil.com')).toBe('/');
    expect(safeRedirectPath('/%09/evil.com')).toBe('/');
    expect(safeRedirectPath('/credit\u0000')).toBe('/');
  });

  it('falls back for anything that is not a string', () => {
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath({ pathname: '/credit' })).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.com', '/dashboard')).toBe('/dashboard');
  });
});
