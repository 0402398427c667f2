// devTools (spec 001 §7, issue 12 item 11): commands that exist only outside production, for demos and tests.
// advanceDisputes moves the customer's dispute clock (investigations/{uid}.clockOffsetDays) `days` forward and lets
// the bureaus act over that span through the bureau-response provider (../bureauResponses.ts): letters received,
// answers given, removed items reinserted; the report, the bureau's score and the readiness score follow.
import { callableError, defineCallable } from '../callable';
import { clientUid } from '../client';
import { runBureaus } from '../bureauResponses';
import { environment } from '../environment';

/**
 * Refused in production before anything is read ('not-available-in-production'); a coach needs allowClientActions
 * (the contract's clientAction permission, checked by defineCallable).
 */
export const devTools = defineCallable('devTools', async (caller) => {
  if (environment.production) throw callableError('failed-precondition', 'not-available-in-production');
  const uid = await clientUid(caller);
  const request = caller.data;
  // The other commands of issue 14 are being built in functions/src/callables/devTools.ts (this same file).
  if (request.command !== 'advanceDisputes') throw callableError('unimplemented', 'unimplemented');
  const { asOf, events } = await runBureaus(uid, request.days);
  return { command: request.command, asOf, events };
});
