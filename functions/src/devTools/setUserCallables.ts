// setUser (spec 001 §7 "developer use"; spec 000 §6 overrides): the developer overrides of the
// signed-in account (devOverrides.ts). Refused in production and in the restore environment before anything is
// read (platform/environment.ts counts APP_ENV prod and restore, and any non-demo project, as production). The contract's
// developerOverrides permission lets a developer, or an account whose overrides are active, call it.
//
// Agent sessions (isAgent: a coach acting for a customer, or signed in as one; a CRM user's session; any session
// with an agent session record) are refused: the overrides change the account's claims, which in such a session
// describe the customer and the agent's grant, none of which the agent owns. Developers override on their own
// customer account (the seeded developer@demo.test).
import { ERROR_KEYS } from '../../../src/domain/errors';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { applyOverrides, restoreOverrides } from './devOverrides';
import { environment } from '../platform/environment';
import { DEV_TOOLS_REFUSALS } from './callables';

export const setUser = defineCallable('setUser', async (caller) => {
  if (environment.production) throw callableError('failed-precondition', 'not-available-in-production', { key: DEV_TOOLS_REFUSALS.production });
  if (caller.claims.isAgent === true || caller.claims.isSalesforceSession === true || caller.claims.agentSessionId !== undefined) {
    throw callableError('permission-denied', 'not-permitted', { key: ERROR_KEYS.coachNotPermitted });
  }
  const request = caller.data;
  const active = request.command === 'override' ? await applyOverrides(caller.uid, request.overrides) : await restoreOverrides(caller.uid);
  return { active };
});
