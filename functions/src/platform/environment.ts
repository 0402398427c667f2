// The functions' deployment environment, validated once when the module loads (and so when the functions start:
// the Functions emulator, a deployed instance and `firebase deploy`'s discovery all load index.ts). The rules
// (production, the providers, APP_URL) are in environmentRules.ts.
import { readEnvironment, type FunctionsEnvironment } from './environmentRules';

export * from './environmentRules';

/** This process's environment, checked once at start: importing this module throws when it is not valid. */
export const environment: FunctionsEnvironment = readEnvironment(process.env);
