// Deterministic demo data for the local stack, loaded by seed/load.ts: what every part of it shares. Dates are
// fixed relative to SEED_DATE so two runs produce the same documents; Date values become Firestore Timestamps.
import type { ClaimsInput } from '../../src/domain/claims';

export const SEED_DATE = new Date('2026-11-02T15:00:00.000Z');

const DAY_MS = 24 * 60 * 60 * 1_000;
export const daysBefore = (days: number) => new Date(SEED_DATE.getTime() - days * DAY_MS);

export interface SeedAuthUser {
  uid: string;
  email: string;
  password: string;
  emailVerified: boolean;
  displayName: string;
  claims: ClaimsInput;
  /** Reseeding gives the account its seeded password back (an e2e journey changes it). */
  restorePassword?: boolean;
}

export interface SeedDocument {
  /** Slash-separated Firestore document path. */
  path: string;
  data: Record<string, unknown>;
}

/** A Storage object in the app's default bucket. */
export interface SeedFile {
  /** The object's path in the bucket. */
  path: string;
  bytes: Uint8Array;
  contentType: string;
  /** Custom metadata. */
  metadata: Record<string, string>;
}

export interface SeedData {
  users: SeedAuthUser[];
  documents: SeedDocument[];
  /** Written after the documents (a file's Storage trigger may read its document). */
  files: SeedFile[];
}
