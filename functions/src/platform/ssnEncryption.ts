// The encrypted SSN (spec 000 §3.1 ssnEncrypted), kept in the server-only userSecrets/{uid} (src/contract/userDocument.ts):
// AES-256-GCM under a key only the functions hold, `v1.<iv>.<tag>.<ciphertext>` in base64url. Sealed values are
// authenticated: one altered, or sealed under another key, does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ENCRYPTED_SSN_PATTERN } from '../../../src/contract/userDocument';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/**
 * The key of demo projects (the emulators and the seed): public, so it protects nothing. A deployment sets
 * SSN_ENCRYPTION_KEY (32 bytes, base64); production without one refuses to seal or open (ssnKey).
 */
export const DEMO_SSN_KEY = Buffer.from('credit-readiness-demo-ssn-key-32', 'utf8');

/** The key from SSN_ENCRYPTION_KEY; the demo key outside production when it is unset. */
export function ssnKey(env: { SSN_ENCRYPTION_KEY?: string | undefined }, production: boolean): Buffer {
  const configured = env.SSN_ENCRYPTION_KEY;
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`SSN_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64`);
    return key;
  }
  if (production) throw new Error('SSN_ENCRYPTION_KEY is not set');
  return DEMO_SSN_KEY;
}

/**
 * The SSN's nine digits sealed under `key`, with a fresh nonce; the seed gives its own (`iv`), so the demo data is the
 * same on every load (under the demo key only: a nonce must never repeat under a real key).
 */
export function sealSsn(ssn: string, key: Buffer, iv: Buffer = randomBytes(IV_BYTES)): string {
  const digits = ssn.replace(/\D/g, '');
  if (!/^\d{9}$/.test(digits)) throw new Error('an SSN has nine digits');
  if (iv.length !== IV_BYTES) throw new Error(`the nonce has ${IV_BYTES} bytes`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The nine digits of a sealed SSN; throws when the value is not one sealed under `key`. */
export function openSsn(sealed: string, key: Buffer): string {
  if (!ENCRYPTED_SSN_PATTERN.test(sealed)) throw new Error('not a sealed SSN');
  const [, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
