import { z } from 'zod';
import type { LiveDataPort, LiveUserDocument, Unsubscribe } from '../../../machines/ports';
import { maintenanceDocSchema, maintenanceFlagForSite } from '../../domain/maintenance';
import { loadFirestoreLive, subscribeConfigDocument } from './configDocuments';
import type { AdapterError } from './errors';

// Live data (ARCHITECTURE.md "Data") as subscriptions a callback actor can start and stop:
// `(listener, onError) => unsubscribe`. The user document comes from Firestore onSnapshot (the SDK loads with the
// first subscription); the public config documents see configDocuments.ts. Timestamps arrive as Date.

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const optionalText = z.string().nullish().transform((value) => value ?? null);

// spec 000 §3.1/§3.2: the user document fields the app shows. Parsed leniently: one malformed field must not hide
// the document (spec 000 §5: a mismatch is only logged in dev environments).
const userDocumentSchema = z.object({
  siteId: optionalText.catch(null),
  tenantId: optionalText.catch(null),
  firstName: optionalText.catch(null),
  lastName: optionalText.catch(null),
  email: optionalText.catch(null),
  lastSignIn: z.unknown().transform(toDate),
  setupComplete: z.boolean().nullish().transform((value) => value === true).catch(false),
  customer: z
    .object({
      contactId: optionalText.catch(null),
      productLine: optionalText.catch(null),
      subscriptionStatus: optionalText.catch(null),
      agreedToPIIAt: z.unknown().transform(toDate),
    })
    .nullish()
    .transform((value) => value ?? null)
    .catch(null),
  degradedAccess: z
    .object({ expiration: z.unknown().transform(toDate) })
    .nullish()
    .transform((value) => value ?? null)
    .catch(null),
  settings: z
    .object({ ui: z.object({ lang: z.enum(['en', 'es']).nullish() }).nullish() })
    .nullish()
    .catch(null),
});

/** users/{uid} as the app reads it: the port's fields plus what the shell shows. */
export interface UserDocument extends LiveUserDocument {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  setupComplete: boolean;
  productLine: string | null;
  customerContactId: string | null;
  /** spec 001 §3 subscription status, as the CRM sync writes it on the user. */
  subscriptionStatus: string | null;
  /** When the customer accepted the authorizations (spec 002 authorizations). */
  authorizationsAcceptedAt: Date | null;
  /** spec 000 §3.1 degradedAccess; `expiration` null means it does not expire. */
  degradedAccess: { expiration: Date | null } | null;
  uiLang: 'en' | 'es' | null;
}

export function parseUserDocument(uid: string, data: unknown): UserDocument {
  const parsed = userDocumentSchema.parse(data ?? {});
  return {
    uid,
    siteId: parsed.siteId,
    tenantId: parsed.tenantId,
    lastSignIn: parsed.lastSignIn,
    firstName: parsed.firstName,
    lastName: parsed.lastName,
    email: parsed.email,
    setupComplete: parsed.setupComplete,
    productLine: parsed.customer?.productLine ?? null,
    customerContactId: parsed.customer?.contactId ?? null,
    subscriptionStatus: parsed.customer?.subscriptionStatus ?? null,
    authorizationsAcceptedAt: parsed.customer?.agreedToPIIAt ?? null,
    degradedAccess: parsed.degradedAccess,
    uiLang: parsed.settings?.ui?.lang ?? null,
  };
}

export function subscribeUserDocument(
  uid: string,
  listener: (document: UserDocument | null) => void,
  onError: (error: AdapterError) => void,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | null = null;
  loadFirestoreLive().then(
    (live) => {
      if (stopped) return;
      stop = live.subscribeDocument(`users/${uid}`, (data) => listener(data === null ? null : parseUserDocument(uid, data)), onError);
    },
    () => {
      if (!stopped) onError({ code: 'unavailable' });
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

const featureFlagsSchema = z.record(z.string(), z.unknown());

export function createLiveDataPort(): LiveDataPort {
  return {
    subscribeUserDocument,
    subscribeMaintenanceFlag(siteType, listener, onError) {
      return subscribeConfigDocument(
        'config/maintenance',
        (data) => {
          // A missing document or field, or one we cannot read, means no maintenance (machines/ports.ts).
          const parsed = maintenanceDocSchema.safeParse(data ?? {});
          listener(parsed.success ? (maintenanceFlagForSite(parsed.data, siteType) ?? false) : false);
        },
        onError,
      );
    },
    subscribeFeatureFlags(listener, onError) {
      return subscribeConfigDocument(
        'config/featureFlags',
        (data) => {
          const parsed = featureFlagsSchema.safeParse(data ?? {});
          const flags: Record<string, boolean> = {};
          if (parsed.success) {
            for (const [name, value] of Object.entries(parsed.data)) if (typeof value === 'boolean') flags[name] = value;
          }
          listener(flags);
        },
        onError,
      );
    },
  };
}
