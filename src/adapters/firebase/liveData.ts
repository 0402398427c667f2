import type { LiveDataPort, Unsubscribe, UserDocument } from '../../../machines/ports';
import { maintenanceFlagForSite, parseMaintenanceDoc } from '../../domain/maintenance';
import { loadFirestoreLive, readConfigDocument, subscribeConfigDocument } from './configDocuments';
import { toPortError, type AdapterError } from './errors';

// Live data (ARCHITECTURE.md "Data") as subscriptions a callback actor can start and stop:
// `(listener, onError) => unsubscribe`. The user document comes from Firestore onSnapshot (the SDK loads with the
// first subscription, and the user document's parser, ./userDocument.ts, with it); the public config documents see
// configDocuments.ts. Timestamps arrive as Date. The sign-in page's start-up code carries this module: it reads the
// configuration documents with plain checks, no schema library (docs/benchmarks.md §1).

export function subscribeUserDocument(
  uid: string,
  listener: (document: UserDocument | null) => void,
  onError: (error: AdapterError) => void,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | null = null;
  Promise.all([loadFirestoreLive(), import('./userDocument')]).then(
    ([live, { parseUserDocument }]) => {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createLiveDataPort(): LiveDataPort {
  return {
    subscribeUserDocument,
    subscribeMaintenanceFlag(siteType, listener, onError) {
      return subscribeConfigDocument(
        'config/maintenance',
        (data) => {
          // A missing document or field, or one we cannot read, means no maintenance (machines/ports.ts).
          const doc = parseMaintenanceDoc(data ?? {});
          listener(doc ? (maintenanceFlagForSite(doc, siteType) ?? false) : false);
        },
        onError,
      );
    },
    // One fresh read per subscription (remote config's fetch, spec 000 §6): the featureFlags machine takes the answer
    // and subscribes again when the next fetch is due; a live listener would answer from the SDK's cache first.
    subscribeFeatureFlags(listener, onError) {
      let stopped = false;
      readConfigDocument('config/featureFlags').then(
        (data) => {
          if (stopped) return;
          // Flags are booleans, the welcome message a string; each is checked against its type by the flags machine.
          const document: unknown = data ?? {};
          const flags: Record<string, unknown> = {};
          if (isRecord(document)) {
            for (const [name, value] of Object.entries(document)) {
              if (typeof value === 'boolean' || typeof value === 'string') flags[name] = value;
            }
          }
          listener(flags);
        },
        (error: unknown) => {
          if (!stopped) onError(toPortError(error));
        },
      );
      return () => {
        stopped = true;
      };
    },
  };
}
