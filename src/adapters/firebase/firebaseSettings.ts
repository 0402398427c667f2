// The settings src/app passes to the Firebase adapter (the adapter does not read the environment itself), kept
// apart from the SDK so the start-up code can read them without loading any of Firebase. The emulator ports are
// the project's convention (firebase.json): auth 9099, firestore 8080, functions 5001, storage 9199.

export const EMULATOR_PORTS = { auth: 9099, firestore: 8080, functions: 5001, storage: 9199 } as const;

/** App Check's settings (./appCheck.ts): reCAPTCHA Enterprise's site key, or a registered debug token. */
export interface AppCheckSettings {
  siteKey: string | undefined;
  debugToken: string | undefined;
}

export interface FirebaseAdapterConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
  storageBucket: string;
  appId?: string;
  useEmulators: boolean;
  emulatorHost: string;
  /** The tenant of the project's default Auth pool: the site's tenant on the customer site (spec 000 §4.1). */
  defaultTenantId: string;
  /** App Check for the callables; none set: no App Check outside the emulators (production then refuses calls). */
  appCheck?: AppCheckSettings;
}

let settings: FirebaseAdapterConfig | undefined;

export function configureFirebase(config: FirebaseAdapterConfig): void {
  settings = config;
}

export function adapterConfig(): FirebaseAdapterConfig {
  if (!settings) throw new Error('configureFirebase() must run before the Firebase adapter is used');
  return settings;
}
