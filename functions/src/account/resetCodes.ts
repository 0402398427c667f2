import { createHash } from 'node:crypto';
import { z } from 'zod/mini';
import { WEB_API_KEY } from '../platform/config';
import { orMissing } from '../platform/storedDocuments';

export type ResetCodeLookup = { kind: 'valid'; email: string } | { kind: 'expired' } | { kind: 'invalid' };

function identityToolkitBase(): string {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return emulator ? `http://${emulator}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
}

/** Identity Toolkit's answer; a field of another type, or an answer that is not an object, reads as missing. */
const resetPasswordAnswerSchema = z.catch(
  z.object({
    email: orMissing(z.string()),
    requestType: orMissing(z.string()),
    error: orMissing(z.object({ message: orMissing(z.string()) })),
  }),
  {},
);

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
  const answer = resetPasswordAnswerSchema.parse(await response.json());
  if (response.ok) {
    if (answer.requestType !== 'PASSWORD_RESET' || answer.email === undefined) return { kind: 'invalid' };
    return { kind: 'valid', email: answer.email };
  }
  const message = answer.error?.message ?? '';
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
