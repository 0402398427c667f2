// The callables' refusals (spec 000 §8). Kept apart from the wrapper (defineCallable.ts) so every module below it
// (the agent-session check, the client and access gates, the stores) can refuse without importing the wrapper.
import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { CallableErrorDetails } from '../../../src/contract/common';

/** An HttpsError whose `details` follow the contract (spec 000 §8: domain keys travel as details.key). */
export function callableError(code: FunctionsErrorCode, message: string, details?: CallableErrorDetails): HttpsError {
  return new HttpsError(code, message, details);
}
