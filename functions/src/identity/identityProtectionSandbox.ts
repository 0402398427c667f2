import { createHash, randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { identityUserTokenSchema } from '../../../src/contract/identity';
import { BUREAUS, type Bureau } from '../../../src/domain/creditReportRecords';
import { COLLECTIONS } from '../platform/collections';
import { sandboxPageUrl } from '../providers/sandboxPages';
import { storedTime } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import type { IdentityProtectionProvider, IdentitySubject, MonitoredReport } from './identityProtection';

// The embedded identity-protection vendor, behaving like the common vendors' test environments:
// enrolment is idempotent (identityProtection/sandbox/enrolments/{uid}), a user token names the enrolled customer
// for a day (identityProtection/sandbox/tokens/{token}), and the widget page (identityWidgetSandboxPage.ts) shows
// monitoring alerts built deterministically from the customer's data: their credit report's inquiries, new accounts
// and reported addresses (the credit data sandbox's stored report), and their email on a sandbox breach list.

export const IDENTITY_WIDGET_SANDBOX_FUNCTION = 'identityWidgetSandbox';

/** A user token is good for a day; a token with less than an hour left is replaced by a new one. */
export const IDENTITY_TOKEN_TTL_MS = 24 * 60 * 60 * 1_000;
export const IDENTITY_TOKEN_RENEW_MS = 60 * 60 * 1_000;

/** How far back an account counts as newly opened, before the report's latest date. */
const NEW_ACCOUNT_WINDOW_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1_000;

const lockSchema = z.object({ locked: z.boolean(), changedAt: storedTime });
export const storedIdentityEnrolmentSchema = z.object({
  uid: z.string(),
  email: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  enrolledAt: storedTime,
  userToken: z.string(),
  tokenExpiresAt: storedTime,
  locks: z.optional(z.partialRecord(z.enum(BUREAUS), lockSchema)),
});
export type StoredIdentityEnrolment = z.output<typeof storedIdentityEnrolmentSchema>;
const storedIdentityTokenSchema = z.object({ uid: z.string(), expiresAt: storedTime });

export type IdentityAlertKind = 'inquiry' | 'new-account' | 'address' | 'breach';

/** One monitoring alert (the widget's alerts section). Texts are built by the page from the kind and the facts. */
export interface IdentityAlert {
  id: string;
  kind: IdentityAlertKind;
  /** YYYY-MM-DD. */
  date: string;
  severity: 'high' | 'medium' | 'low';
  /** The creditor (inquiry, new account), the address (address) or the breached site (breach). */
  subject: string;
  /** The bureaus that reported it (inquiry, new account, address); none for a breach. */
  bureaus: Bureau[];
}

/** The sandbox's breach lists: one of them is said to hold the customer's email (chosen from a hash, so stable). */
export const SANDBOX_BREACHES = [
  'ShopRight Rewards (2024)',
  'FitTrack App (2023)',
  'CloudNotes (2025)',
  'TravelMiles Club (2022)',
  'GameVault Forums (2024)',
  'QuickPhoto Share (2023)',
] as const;

const hashOf = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest();
const shortId = (...parts: string[]) => hashOf(...parts).toString('hex').slice(0, 16);

/** `me@example.com` → `m•@example.com`: enough to recognise the address, not to read it off the page. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}${'•'.repeat(Math.min(Math.max(at - 1, 1), 6))}${email.slice(at)}`;
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The latest date the report mentions (what "recent" is measured from), or null without dated records. */
function reportDay(report: MonitoredReport | null): string | null {
  if (!report) return null;
  const days = [
    ...report.inquiries.map((inquiry) => inquiry.date),
    ...report.accounts.map((account) => account.reported),
    ...report.personalInfo.map((info) => info.currentAddress?.dateReported ?? null),
  ].filter((day): day is string => typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day));
  return days.length > 0 ? days.reduce((latest, day) => (day > latest ? day : latest)) : null;
}

/** Groups records that are the same event reported by several bureaus. */
function grouped<T extends { bureau: Bureau }>(records: readonly T[], keyOf: (record: T) => string | null) {
  const groups = new Map<string, { first: T; bureaus: Bureau[] }>();
  for (const record of records) {
    const key = keyOf(record);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) {
      if (!group.bureaus.includes(record.bureau)) group.bureaus.push(record.bureau);
    } else groups.set(key, { first: record, bureaus: [record.bureau] });
  }
  return [...groups.entries()].map(([key, group]) => ({ key, ...group, bureaus: BUREAUS.filter((bureau) => group.bureaus.includes(bureau)) }));
}

/**
 * The customer's monitoring alerts, newest first: every hard inquiry, every account opened in the year before the
 * report's latest date, every current address the bureaus report, and one sandbox breach list holding their email.
 * The same customer data gives the same alerts (ids, dates and order included).
 */
export function identityAlerts(input: { uid: string; email: string | null; report: MonitoredReport | null }): IdentityAlert[] {
  const { uid, email, report } = input;
  const alerts: IdentityAlert[] = [];
  const latest = reportDay(report);
  if (report) {
    for (const group of grouped(report.inquiries, (inquiry) => (inquiry.date ? `${inquiry.creditorName}|${inquiry.date}` : null))) {
      alerts.push({ id: `inquiry-${shortId(uid, group.key)}`, kind: 'inquiry', date: group.first.date as string, severity: 'medium', subject: group.first.creditorName, bureaus: group.bureaus });
    }
    const since = latest ? shiftDay(latest, -NEW_ACCOUNT_WINDOW_DAYS) : null;
    const recent = report.accounts.filter((account) => since !== null && account.opened !== null && account.opened >= since);
    for (const group of grouped(recent, (account) => `${account.creditorName}|${account.opened}`)) {
      alerts.push({ id: `account-${shortId(uid, group.key)}`, kind: 'new-account', date: group.first.opened as string, severity: 'high', subject: group.first.creditorName, bureaus: group.bureaus });
    }
    const addresses = report.personalInfo.flatMap((info) =>
      info.currentAddress?.dateReported ? [{ bureau: info.bureau, address: info.currentAddress.address, date: info.currentAddress.dateReported }] : [],
    );
    for (const group of grouped(addresses, (entry) => entry.address.trim().toUpperCase())) {
      alerts.push({ id: `address-${shortId(uid, group.key)}`, kind: 'address', date: group.first.date, severity: 'low', subject: group.first.address, bureaus: group.bureaus });
    }
  }
  if (email) {
    const hash = hashOf('breach', uid, email.toLowerCase());
    const breach = SANDBOX_BREACHES[hash[0]! % SANDBOX_BREACHES.length]!;
    const daysBefore = 20 + (hash.readUInt16BE(1) % 300);
    alerts.push({ id: `breach-${shortId(uid, email.toLowerCase())}`, kind: 'breach', date: shiftDay(latest ?? '2026-01-01', -daysBefore), severity: 'high', subject: breach, bureaus: [] });
  }
  return alerts.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

/** The customer's bureaus' lock states: unlocked until the customer locks one in the widget. */
export function creditLocks(enrolment: StoredIdentityEnrolment): Record<Bureau, { locked: boolean; changedAt: number | null }> {
  const locks = {} as Record<Bureau, { locked: boolean; changedAt: number | null }>;
  for (const bureau of BUREAUS) {
    const lock = enrolment.locks?.[bureau];
    locks[bureau] = { locked: lock?.locked ?? false, changedAt: lock ? millisOf(lock.changedAt) : null };
  }
  return locks;
}

/** The sandbox vendor: enrolments and tokens in Firestore (server-only paths, firestore.rules denies them). */
export class FirestoreIdentityProtectionSandbox implements IdentityProtectionProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly now: () => number = Date.now,
  ) {}

  private enrolmentRef(uid: string) {
    return this.db().doc(`${COLLECTIONS.identityEnrolments}/${uid}`);
  }

  private tokenRef(token: string) {
    return this.db().doc(`${COLLECTIONS.identityTokens}/${token}`);
  }

  widgetUrl(): string {
    return sandboxPageUrl(IDENTITY_WIDGET_SANDBOX_FUNCTION);
  }

  async userToken(subject: IdentitySubject): Promise<string> {
    const now = this.now();
    return this.db().runTransaction(async (transaction) => {
      const ref = this.enrolmentRef(subject.uid);
      const stored = storedIdentityEnrolmentSchema.safeParse((await transaction.get(ref)).data());
      const enrolment = stored.success ? stored.data : null;
      const expiresAt = enrolment ? millisOf(enrolment.tokenExpiresAt) : null;
      if (enrolment && expiresAt !== null && expiresAt - now >= IDENTITY_TOKEN_RENEW_MS) return enrolment.userToken;
      const userToken = randomBytes(24).toString('base64url');
      const tokenExpiresAt = new Date(now + IDENTITY_TOKEN_TTL_MS);
      transaction.set(this.tokenRef(userToken), { uid: subject.uid, expiresAt: tokenExpiresAt });
      transaction.set(
        ref,
        {
          uid: subject.uid,
          email: subject.email,
          firstName: subject.firstName,
          lastName: subject.lastName,
          // Enrolled once: a new token keeps the first enrolment's date and the customer's locks.
          enrolledAt: enrolment?.enrolledAt ?? new Date(now),
          userToken,
          tokenExpiresAt,
        },
        { merge: true },
      );
      return userToken;
    });
  }

  /** The enrolment a token names while it is valid; null for a malformed, unknown or expired token. */
  async enrolmentOf(userToken: string): Promise<StoredIdentityEnrolment | null> {
    if (!identityUserTokenSchema.safeParse(userToken).success) return null;
    const token = storedIdentityTokenSchema.safeParse((await this.tokenRef(userToken).get()).data());
    if (!token.success) return null;
    const expiresAt = millisOf(token.data.expiresAt);
    if (expiresAt === null || expiresAt <= this.now()) return null;
    const enrolment = storedIdentityEnrolmentSchema.safeParse((await this.enrolmentRef(token.data.uid).get()).data());
    return enrolment.success ? enrolment.data : null;
  }

  /** Locks or unlocks the customer's file at a bureau; false (nothing written) for a token that is not valid. */
  async setLock(userToken: string, bureau: Bureau, locked: boolean): Promise<boolean> {
    const enrolment = await this.enrolmentOf(userToken);
    if (!enrolment) return false;
    await this.enrolmentRef(enrolment.uid).set({ locks: { [bureau]: { locked, changedAt: new Date(this.now()) } } }, { merge: true });
    return true;
  }
}
