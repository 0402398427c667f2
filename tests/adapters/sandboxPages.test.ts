// The bank-link sandbox page tells the page that frames it, and no other, that accounts were linked (messages from
// other windows are checked for origin on both sides).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as BankLinkSandbox from '../../functions/src/money/bankLinkSandboxPage';

let notifyParentScript: typeof BankLinkSandbox.notifyParentScript;
beforeAll(async () => {
  vi.stubEnv('GCLOUD_PROJECT', 'demo-credit-readiness');
  vi.stubEnv('APP_URL', 'http://127.0.0.1:4173/');
  vi.resetModules();
  ({ notifyParentScript } = await import('../../functions/src/money/bankLinkSandboxPage'));
});
afterAll(() => vi.unstubAllEnvs());

/** Runs the script as a browser would, with the given parent origin, and returns where the message went. */
function targetFor(parentOrigin: string | undefined): { message: unknown; target: string } {
  const posted: { message: unknown; target: string }[] = [];
  const window = {
    location: { ancestorOrigins: parentOrigin ? [parentOrigin] : undefined },
    parent: { postMessage: (message: unknown, target: string) => posted.push({ message, target }) },
  };
  const body = notifyParentScript({ type: 'bank.linked', institutionId: 'inst-1</script>' }).replace(/^<script>|<\/script>$/g, '');
  new Function('window', body)(window);
  expect(posted).toHaveLength(1);
  return posted[0]!;
}

describe('bank-link sandbox page', () => {
  it('posts to the framing page when it is the app or a local port, never to any origin', () => {
    expect(targetFor('http://127.0.0.1:4173').target).toBe('http://127.0.0.1:4173');
    expect(targetFor('http://localhost:5173').target).toBe('http://localhost:5173');
    // Framed elsewhere, or a browser without ancestorOrigins: only the app's origin may receive it.
    expect(targetFor('https://evil.example').target).toBe('http://127.0.0.1:4173');
    expect(targetFor(undefined).target).toBe('http://127.0.0.1:4173');
    expect(notifyParentScript({})).not.toContain("'*'");
  });

  it('keeps the message intact and cannot be broken out of by its content', () => {
    expect(targetFor('http://127.0.0.1:4173').message).toEqual({ type: 'bank.linked', institutionId: 'inst-1</script>' });
    expect(notifyParentScript({ id: '</script><script>alert(1)' })).not.toMatch(/<\/script><script>alert/);
  });
});
