import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { FUNCTIONS_REGION } from '../../domain/constants';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// The Functions SDK (callables, region us-west4: spec 000 §9), loaded with the first call.

let functions: Functions | undefined;
function firebaseFunctions(): Functions {
  if (functions) return functions;
  functions = getFunctions(firebaseApp(), FUNCTIONS_REGION);
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectFunctionsEmulator(functions, emulatorHost, EMULATOR_PORTS.functions);
  return functions;
}

export async function callFunction(name: string, data: unknown): Promise<unknown> {
  return (await httpsCallable(firebaseFunctions(), name)(data)).data;
}
