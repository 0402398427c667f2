import type { UserRecord } from 'firebase-admin/auth';
import { auth } from '../platform/admin';

/** Firebase Admin errors carry codes such as 'auth/user-not-found'. */
export function hasAuthCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

export async function userByEmailOrNull(email: string): Promise<UserRecord | null> {
  try {
    return await auth().getUserByEmail(email);
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found')) return null;
    throw error;
  }
}

export async function userByUidOrNull(uid: string): Promise<UserRecord | null> {
  try {
    return await auth().getUser(uid);
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found')) return null;
    throw error;
  }
}
