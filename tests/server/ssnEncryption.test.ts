import { describe, expect, it } from 'vitest';
import { DEMO_SSN_KEY, openSsn, sealSsn, ssnKey } from '../../functions/src/platform/ssnEncryption';
import { userSecretsDocumentSchema } from '../../src/contract/userDocument';

// spec 000 §3.1 ssnEncrypted: the SSN sealed for the server's userSecrets/{uid}.
const otherKey = Buffer.alloc(32, 1);

describe('the encrypted SSN', () => {
  it('opens to the nine digits it was sealed from, and never shows them', () => {
    const sealed = sealSsn('666-12-3456', DEMO_SSN_KEY);
    expect(sealed).not.toContain('666123456');
    expect(userSecretsDocumentSchema.safeParse({ ssnEncrypted: sealed }).success).toBe(true);
    expect(openSsn(sealed, DEMO_SSN_KEY)).toBe('666123456');
  });

  it('seals the same SSN differently each time', () => {
    expect(sealSsn('666123456', DEMO_SSN_KEY)).not.toBe(sealSsn('666123456', DEMO_SSN_KEY));
  });

  it('does not open under another key, nor once altered', () => {
    const sealed = sealSsn('666123456', DEMO_SSN_KEY);
    expect(() => openSsn(sealed, otherKey)).toThrow();
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => openSsn([version, iv, tag, flipped].join('.'), DEMO_SSN_KEY)).toThrow();
    expect(() => openSsn('666123456', DEMO_SSN_KEY)).toThrow('not a sealed SSN');
  });

  it('refuses what is not an SSN', () => {
    expect(() => sealSsn('12345', DEMO_SSN_KEY)).toThrow();
  });

  it('takes the configured key, the demo key only outside production', () => {
    expect(ssnKey({ SSN_ENCRYPTION_KEY: otherKey.toString('base64') }, true)).toEqual(otherKey);
    expect(ssnKey({}, false)).toEqual(DEMO_SSN_KEY);
    expect(() => ssnKey({}, true)).toThrow('SSN_ENCRYPTION_KEY is not set');
    expect(() => ssnKey({ SSN_ENCRYPTION_KEY: 'c2hvcnQ=' }, true)).toThrow();
  });
});
