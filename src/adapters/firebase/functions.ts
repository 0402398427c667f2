import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { spendsAppCheckToken } from '../../contract/appCheck';
import { FUNCTIONS_REGION } from '../../domain/constants';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// The Functions SDK (callables, region us-west4: spec 000 §9), loaded with the first call, and App Check with it
// (./appCheck.ts: production refuses a callable without an App Check token).

let functions: Functions | undefined;
function firebaseFunctions(): Functions {
  if (functions) return functions;
  functions = getFunctions(firebaseApp(), FUNCTIONS_REGION);
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectFunctionsEmulator(functions, emulatorHost, EMULATOR_PORTS.functions);
  return functions;
}

/** App Check, activated before the first call; without settings (and outside the emulators) there is none. */
async function appCheckReady(): Promise<void> {
  const { useEmulators, appCheck = { siteKey: undefined, debugToken: undefined } } = adapterConfig();
  if (!useEmulators && !appCheck.siteKey && !appCheck.debugToken) return;
  try {
    const { ensureAppCheck } = await import('./appCheck');
    await ensureAppCheck(firebaseApp(), appCheck, useEmulators);
  } catch {
    // Its chunk did not load: the call goes ahead and the server decides; the next call tries again.
  }
}

export async function callFunction(name: string, data: unknown): Promise<unknown> {
  await appCheckReady();
  // The calls that spend their App Check token send a limited-use one (src/contract/appCheck.ts).
  return (await httpsCallable(firebaseFunctions(), name, { limitedUseAppCheckTokens: spendsAppCheckToken(name) })(data)).data;
}
