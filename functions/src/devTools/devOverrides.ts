// The developer overrides (spec 000 §6 "Overrides for role, developer flag, claims, product line and company flag
// exist only outside prod and restore"; spec 001 §7 setUser). An override changes the account
// itself, so the whole app (the browser's guards and every callable's permission) sees it:
//   role, isDeveloper, claims   the account's custom claims
//   productLine                 users/{uid}.customer.productLine
//   companyAffiliated           the CRM contact's Broker_Company_Name__c made to contain, or not, the lender's name
//                               (platform/config.ts LENDER_NAME; src/domain/companyAffiliation.ts)
//   providerFaults, providerDeadlineMs   kept here only: the sandboxes read them for this account's calls
//                               (providers/faults.ts)
// and sets the claim overridesActive, which marks the overrides in the app and lets the account restore them even
// when an override took its developer flag away. The first override keeps the account's own values in
// devOverrides/{uid} (server only: firestore.rules); later overrides merge with the active ones and are always
// applied to those originals. Restore puts every original back, removes the claim and the record.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { userOverridesSchema, type UserOverrides } from '../../../src/contract/devTools';
import { claimsSchema, type ClaimsInput } from '../../../src/domain/claims';
import { withCompanyAffiliation } from '../../../src/domain/companyAffiliation';
import { auth, db } from '../platform/admin';
import { callableError } from '../callable/errors';
import { setClaims } from '../auth/claims';
import { COLLECTIONS } from '../platform/collections';
import { LENDER_NAME } from '../platform/config';
import { crm } from '../providers';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';

export const DEV_OVERRIDES_COLLECTION = 'devOverrides';

/** devOverrides/{uid}: the account's own values, and the overrides in force. */
export const storedDevOverridesSchema = z.object({
  original: z.object({
    claims: z.record(z.string(), z.unknown()),
    productLine: z.nullable(z.string()),
    contactId: z.nullable(z.string()),
    brokerCompanyName: z.nullable(z.string()),
  }),
  active: userOverridesSchema,
});
export type StoredDevOverrides = z.output<typeof storedDevOverridesSchema>;

function recordRef(uid: string) {
  return db().collection(DEV_OVERRIDES_COLLECTION).doc(uid);
}

function userRef(uid: string) {
  return db().collection(COLLECTIONS.users).doc(uid);
}

async function readRecord(uid: string): Promise<StoredDevOverrides | null> {
  const snapshot = await recordRef(uid).get();
  return snapshot.exists ? parseStored(storedDevOverridesSchema, snapshot.ref.path, snapshot.data()) : null;
}

/** The account's own values, before any override. */
async function originalsOf(uid: string): Promise<StoredDevOverrides['original']> {
  const [account, user] = await Promise.all([auth().getUser(uid), userRef(uid).get()]);
  const stored = parseStored(storedUserSchema, user.ref.path, user.data() ?? {});
  const contactId = stored.customer?.contactId ?? null;
  const contact = contactId ? await crm().getContact(contactId) : null;
  const { overridesActive: _marker, ...claims } = (account.customClaims ?? {}) as Record<string, unknown>;
  return {
    claims,
    productLine: stored.customer?.productLine ?? null,
    contactId: contact ? contactId : null,
    brokerCompanyName: contact?.Broker_Company_Name__c ?? null,
  };
}

/** The overrides merged: a later value wins, the claims and the provider faults merge key by key. */
export function mergeOverrides(active: UserOverrides, next: UserOverrides): UserOverrides {
  const claims = active.claims || next.claims ? { ...active.claims, ...next.claims } : undefined;
  const providerFaults = active.providerFaults || next.providerFaults ? { ...active.providerFaults, ...next.providerFaults } : undefined;
  return { ...active, ...next, ...(claims ? { claims } : {}), ...(providerFaults ? { providerFaults } : {}) };
}

/** The account's claims with the overrides applied to its own ones (and the marker). */
export function overriddenClaims(original: Record<string, unknown>, active: UserOverrides): ClaimsInput {
  const claims: Record<string, unknown> = { ...original };
  if (active.role !== undefined) claims.role = active.role;
  if (active.isDeveloper !== undefined) claims.isDeveloper = active.isDeveloper;
  for (const [name, value] of Object.entries(active.claims ?? {})) claims[name] = value;
  claims.overridesActive = true;
  return claims as ClaimsInput;
}

/** Applies `overrides` on top of those active (the first call keeps the originals) and answers the active set. */
export async function applyOverrides(uid: string, overrides: UserOverrides): Promise<UserOverrides> {
  const record = (await readRecord(uid)) ?? { original: await originalsOf(uid), active: {} };
  const active = mergeOverrides(record.active, overrides);
  // The company flag lives on the CRM contact: an account without one cannot be made (un)affiliated.
  if (active.companyAffiliated !== undefined && record.original.contactId === null) {
    throw callableError('failed-precondition', 'no-customer-contact-id', { key: 'no-customer-contact-id' });
  }
  const claims = overriddenClaims(record.original.claims, active);
  if (!claimsSchema.safeParse(claims).success) throw callableError('invalid-argument', 'overrides-break-claims');
  // The originals first: whatever fails after this, restore can put the account back.
  await recordRef(uid).set({ ...record, active, updatedAt: Timestamp.now() });
  if (active.productLine !== undefined) await userRef(uid).set({ customer: { productLine: active.productLine } }, { merge: true });
  if (active.companyAffiliated !== undefined && record.original.contactId !== null) {
    await crm().updateContact(record.original.contactId, {
      Broker_Company_Name__c: withCompanyAffiliation(record.original.brokerCompanyName, active.companyAffiliated, LENDER_NAME),
    });
  }
  await setClaims(uid, claims);
  return active;
}

/** Puts every original back, removes the marker and the record; answers the active set afterwards ({}). */
export async function restoreOverrides(uid: string): Promise<UserOverrides> {
  const record = await readRecord(uid);
  if (!record) {
    // Nothing kept: only a stray marker to take off.
    const { overridesActive, ...claims } = ((await auth().getUser(uid)).customClaims ?? {}) as Record<string, unknown>;
    if (overridesActive !== undefined) await setClaims(uid, claims as ClaimsInput);
    return {};
  }
  const { original, active } = record;
  if (active.productLine !== undefined) {
    await userRef(uid).set({ customer: { productLine: original.productLine ?? FieldValue.delete() } }, { merge: true });
  }
  if (active.companyAffiliated !== undefined && original.contactId !== null) {
    await crm().updateContact(original.contactId, { Broker_Company_Name__c: original.brokerCompanyName });
  }
  await setClaims(uid, original.claims as ClaimsInput);
  await recordRef(uid).delete();
  return {};
}

/**
 * The account's own claims: the originals kept while overrides are active, else the claims set on the account.
 * What a recomputation of the claims (resyncCustomClaims) must start from, so it never takes an override for the
 * account's own value.
 */
export async function ownClaims(uid: string): Promise<ClaimsInput> {
  const record = await readRecord(uid);
  const claims = record ? record.original.claims : ((await auth().getUser(uid)).customClaims ?? {});
  const parsed = claimsSchema.safeParse(claims);
  return parsed.success ? parsed.data : {};
}

/**
 * Sets recomputed own claims without undoing active overrides: while overrides are active the recomputed claims
 * become the kept originals (restore puts them back) and the account gets them with the overrides applied.
 */
export async function setOwnClaims(uid: string, claims: ClaimsInput): Promise<void> {
  const record = await readRecord(uid);
  if (!record) {
    await setClaims(uid, claims);
    return;
  }
  const { overridesActive: _marker, ...own } = claims as Record<string, unknown>;
  await recordRef(uid).update({ 'original.claims': own, updatedAt: Timestamp.now() });
  await setClaims(uid, overriddenClaims(own, record.active));
}
