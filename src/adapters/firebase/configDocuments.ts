import type { Unsubscribe } from '../../../machines/ports';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '../../domain/constants';
import type { AdapterError } from './errors';
import { adapterConfig, EMULATOR_PORTS, type FirebaseAdapterConfig } from './firebaseSettings';

// Public configuration documents (config/maintenance, config/featureFlags) read live. Until a signed-in page has
// loaded the Firestore SDK, they are read over Firestore's REST API and re-read every 10 s (the remote config
// minimum fetch interval, spec 000 §6, and the maintenance re-check, spec 001 §9), so the sign-in page stays
// small; as soon as the SDK is loaded, the same subscription switches to onSnapshot.

type Listener = (data: Record<string, unknown> | null) => void;
type LiveModule = typeof import('./firestoreLive');

let liveModule: LiveModule | null = null;
const upgraders = new Set<(live: LiveModule) => void>();

/** Loads the Firestore SDK (signed-in pages); every open config subscription moves to onSnapshot. */
export async function loadFirestoreLive(): Promise<LiveModule> {
  if (liveModule) return liveModule;
  const live = await import('./firestoreLive');
  liveModule = live;
  for (const upgrade of [...upgraders]) upgrade(live);
  return live;
}

interface RestValue {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number;
  timestampValue?: string;
  stringValue?: string;
  mapValue?: { fields?: Record<string, RestValue> };
  arrayValue?: { values?: RestValue[] };
}

/** Firestore REST typed values to plain data; timestamps become Date (as with the SDK). */
export function fromRestValue(value: RestValue): unknown {
  if (value.booleanValue !== undefined) return value.booleanValue;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.timestampValue !== undefined) return new Date(value.timestampValue);
  if (value.mapValue !== undefined) return fromRestFields(value.mapValue.fields ?? {});
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(fromRestValue);
  return null;
}

export function fromRestFields(fields: Record<string, RestValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromRestValue(value)]));
}

/**
 * The REST address of a configuration document. vite.config.ts builds the same address for index.html's start-up
 * script, which asks for config/maintenance before the start-up code has arrived; the poll's first fetch then takes
 * that response (the spec's "nothing shows until the flag is read", spec 001 §2, without waiting for the code first).
 */
export function configDocumentUrl(
  { projectId, apiKey, useEmulators, emulatorHost }: Pick<FirebaseAdapterConfig, 'projectId' | 'apiKey' | 'useEmulators' | 'emulatorHost'>,
  path: string,
): string {
  const base = useEmulators ? `http://${emulatorHost}:${EMULATOR_PORTS.firestore}` : 'https://firestore.googleapis.com';
  const url = `${base}/v1/projects/${projectId}/databases/(default)/documents/${path}`;
  return useEmulators ? url : `${url}?key=${encodeURIComponent(apiKey)}`;
}

function documentUrl(path: string): string {
  return configDocumentUrl(adapterConfig(), path);
}

/** Where index.html's start-up script leaves the responses of the documents it fetched (src/app/shell/startupPreload.ts). */
export const STARTUP_DOCUMENTS = '__startupDocuments';

/**
 * The response index.html's start-up script fetched for `url` before the app ran (src/app/shell/startupPreload.ts),
 * taken once: the first read of the document uses it, later reads fetch again.
 */
function takeStartupResponse(url: string): Promise<Response> | undefined {
  const documents = (globalThis as Record<string, unknown>)[STARTUP_DOCUMENTS] as Record<string, Promise<Response> | undefined> | undefined;
  const early = documents?.[url];
  if (documents && early) delete documents[url];
  return early;
}

async function readOverRest(path: string): Promise<Record<string, unknown> | null> {
  const url = documentUrl(path);
  const response = await (takeStartupResponse(url) ?? fetch(url));
  if (response.status === 404) return null;
  if (!response.ok) throw { code: response.status === 403 ? 'permission-denied' : 'unavailable' } satisfies AdapterError;
  const body = (await response.json()) as { fields?: Record<string, RestValue> };
  return fromRestFields(body.fields ?? {});
}

/**
 * One read of a configuration document from the server (never a cache): what remote config's fetch is for the feature
 * flags (the featureFlags machine fetches at most every 10 s). A live listener would answer first from the SDK's cache.
 */
export function readConfigDocument(path: string): Promise<Record<string, unknown> | null> {
  return readOverRest(path);
}

export function subscribeConfigDocument(path: string, listener: Listener, onError: (error: AdapterError) => void): Unsubscribe {
  if (liveModule) return liveModule.subscribeDocument(path, listener, onError);

  let stopped = false;
  let stopLive: Unsubscribe | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const data = await readOverRest(path);
      if (!stopped && stopLive === null) listener(data);
    } catch (error) {
      if (!stopped && stopLive === null) onError(error as AdapterError);
    }
    if (!stopped && stopLive === null) timer = setTimeout(() => void poll(), REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS);
  };
  const upgrade = (live: LiveModule) => {
    if (stopped) return;
    clearTimeout(timer);
    upgraders.delete(upgrade);
    stopLive = live.subscribeDocument(path, listener, onError);
  };
  upgraders.add(upgrade);
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
    upgraders.delete(upgrade);
    stopLive?.();
  };
}

/**
 * Whether the config/maintenance document, as its REST body, surely leaves the site up for `siteType` at `now`:
 * index.html's start-up script (src/app/shell/startupPreload.ts) shows the sign-in page before the app has loaded
 * only then. It is serialised into the page, so it uses nothing from outside its body. It answers as
 * parseMaintenanceDoc and maintenanceStatus (src/domain/maintenance.ts) do for the site's own flag (no flag, false,
 * or a window not open now), and false for anything else, which leaves the decision to the app.
 */
export function restMaintenanceLeavesSiteUp(body: unknown, siteType: string, now: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const fields = (body as { fields?: Record<string, Record<string, unknown>> }).fields;
  if (fields === undefined) return true;
  if (typeof fields !== 'object' || fields === null) return false;
  const flag = Object.prototype.hasOwnProperty.call(fields, siteType) ? fields[siteType] : undefined;
  if (flag !== undefined && (typeof flag !== 'object' || flag === null)) return false;
  if (flag === undefined || 'nullValue' in flag || flag.booleanValue === false) return true;
  const window = (flag.mapValue as { fields?: Record<string, Record<string, unknown>> } | undefined)?.fields;
  if (!window || typeof window !== 'object') return false;
  const time = (end: string): number | null | undefined => {
    const value = window[end];
    if (value !== undefined && (typeof value !== 'object' || value === null)) return null;
    if (value === undefined || 'nullValue' in value) return undefined;
    return typeof value.timestampValue === 'string' ? Date.parse(value.timestampValue) : null;
  };
  const start = time('startTime');
  const end = time('endTime');
  if (start === null || end === null || Number.isNaN(start) || Number.isNaN(end)) return false;
  // Closed when it starts later (upcoming, or a window that ends before it starts) or has ended.
  return (start !== undefined && now < start) || (end !== undefined && now >= end);
}
