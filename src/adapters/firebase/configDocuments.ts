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

async function readOverRest(path: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(documentUrl(path));
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
