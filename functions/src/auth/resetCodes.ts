import { createHash } from 'node:crypto';
import { WEB_API_KEY } from '../config';

export type ResetCodeLookup = { kind: 'valid'; email: string } | { kind: 'expired' } | { kind: 'invalid' };

function identityToolkitBase(): string {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return emulator ? `http://${emulator}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
}

interface ResetPasswordAnswer {
  email?: unknown;
  requestType?: unknown;
  error?: { message?: unknown };
}

/**
 * Checks a password reset code without consuming it: Identity Toolkit's accounts:resetPassword with only the
 * oobCode answers with the code's email and request type (the Auth emulator does the same).
 */
export async function lookUpResetCode(oobCode: string): Promise<ResetCodeLookup> {
  const response = await fetch(`${identityToolkitBase()}/v1/accounts:resetPassword?key=${encodeURIComponent(WEB_API_KEY)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  const answer = (await response.json()) as ResetPasswordAnswer;
  if (response.ok) {
    if (answer.requestType !== 'PASSWORD_RESET' || typeof answer.email !== 'string') return { kind: 'invalid' };
    return { kind: 'valid', email: answer.email };
  }
  const message = typeof answer.error?.message === 'string' ? answer.error.message : '';
  if (message.startsWith('EXPIRED_OOB_CODE')) return { kind: 'expired' };
  if (message.startsWith('INVALID_OOB_CODE') || message.startsWith('MISSING_OOB_CODE')) return { kind: 'invalid' };
  throw new Error(`identity toolkit answered ${response.status} ${message}`);
}

/**
 * The passwordResets document id of a reset code: its SHA-256, so a reader of the collection (a backup, an export,
 * a support tool) learns nothing that resets a password. The code itself travels only in the mail.
 */
export function resetRecordId(oobCode: string): string {
  return createHash('sha256').update(oobCode).digest('hex');
}
