import { doc, onSnapshot, Timestamp } from 'firebase/firestore';
import { z } from 'zod';
import type { LiveDataPort, LiveUserDocument, Unsubscribe } from '../../../machines/ports';
import { maintenanceDocSchema, maintenanceFlagForSite } from '../../domain/maintenance';
import { toPortError } from './errors';
import { firebaseFirestore } from './firestore';

// Live data through Firestore onSnapshot (ARCHITECTURE.md "Data"), as subscriptions a callback actor can start
// and stop: `(listener, onError) => unsubscribe`. Timestamps become Date here.

function toDate(value: unknown): Date | null {
  if (value instanceof Timestamp) return value.toDate();
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
    .object({ contactId: optionalText.catch(null), productLine: optionalText.catch(null) })
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
    uiLang: parsed.settings?.ui?.lang ?? null,
  };
}

export function subscribeUserDocument(
  uid: string,
  listener: (document: UserDocument | null) => void,
  onError: (error: ReturnType<typeof toPortError>) => void,
): Unsubscribe {
  return onSnapshot(
    doc(firebaseFirestore(), 'users', uid),
    (snapshot) => listener(snapshot.exists() ? parseUserDocument(uid, snapshot.data()) : null),
    (error) => onError(toPortError(error)),
  );
}

const featureFlagsSchema = z.record(z.string(), z.unknown());

export function createLiveDataPort(): LiveDataPort {
  return {
    subscribeUserDocument,
    subscribeMaintenanceFlag(siteType, listener, onError) {
      return onSnapshot(
        doc(firebaseFirestore(), 'config', 'maintenance'),
        (snapshot) => {
          // A missing document or field, or one we cannot read, means no maintenance (machines/ports.ts).
          const parsed = maintenanceDocSchema.safeParse(snapshot.data() ?? {});
          listener(parsed.success ? (maintenanceFlagForSite(parsed.data, siteType) ?? false) : false);
        },
        (error) => onError(toPortError(error)),
      );
    },
    subscribeFeatureFlags(listener, onError) {
      return onSnapshot(
        doc(firebaseFirestore(), 'config', 'featureFlags'),
        (snapshot) => {
          const parsed = featureFlagsSchema.safeParse(snapshot.data() ?? {});
          const flags: Record<string, boolean> = {};
          if (parsed.success) {
            for (const [name, value] of Object.entries(parsed.data)) if (typeof value === 'boolean') flags[name] = value;
          }
          listener(flags);
        },
        (error) => onError(toPortError(error)),
      );
    },
  };
}
