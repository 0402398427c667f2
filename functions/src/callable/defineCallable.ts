import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  callables,
  type CallableAccessOf,
  type CallableName,
  type CallableParsedRequest,
  type CallableResult,
} from '../../../src/contract/callables';
import type { CallableErrorDetails } from '../../../src/contract/common';
import { parseClaims } from '../../../src/domain/claims';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { withCoachConsoleFlag } from '../../../src/domain/permissions';
import { permissionRule, type CallablePermission } from '../../../src/contract/permissions';
import { assertAgentSession } from './agentSessions';
import { guardCallableBody } from './callableBody';
import type { AnonymousCaller, SignedInCaller } from './caller';
import { callableError } from './errors';
import { serverFlags } from '../platform/featureFlags';
import { addressRule, callableOptions, isReplayedAppCheckToken, requestAddress, type CallableDeployment } from './callableOptions';
import { providerSecrets } from '../providers/providerSecrets';
import { CrmUnavailableError } from '../providers/crm';
import { inProviderFaultScope, PROVIDER_UNAVAILABLE, ProviderUnavailableError } from '../providers/faults';
import { DEFAULT_POOL_TENANT_ID, TENANT_ID } from '../platform/config';
import { environment } from '../platform/environment';
import { countCall, haveCallsLeft, isPublicCallable, publicBudgets, userBudgets, withinRateLimits, type Budget } from './rateLimit';

export type CallerOf<N extends CallableName> = CallableAccessOf<N> extends 'signedIn'
  ? SignedInCaller
  : SignedInCaller | AnonymousCaller;
export type CallableContext<N extends CallableName> = CallerOf<N> & {
  data: CallableParsedRequest<N>;
  /** The caller's address as the budgets count it (callerAddress.ts): for a handler's own budgets (reset mails). */
  callerAddress: string;
};
export type CallableHandler<N extends CallableName> = (context: CallableContext<N>) => Promise<CallableResult<N>>;

const ANONYMOUS: AnonymousCaller = { uid: null, claims: null, email: null, emailVerified: false, authTime: null };

/**
 * spec 000 §2.3 gate 2, enforced here as the browser's guard chain enforces it: a signed-in caller whose email is
 * not verified may call only what the session needs on its way to /not-verified (a new account bound to a lead's
 * contact must not read or change that contact, accept authorizations or start a credit pull before proving it
 * owns the email). CRM sessions are exempt (spec 000 §2.3).
 */
export const CALLABLE_BEFORE_EMAIL_VERIFICATION: ReadonlySet<CallableName> = new Set<CallableName>([
  'storeLastSignIn',
  'setUILang',
  'removeMigrationClaim',
]);

function assertEmailVerified(name: CallableName, caller: SignedInCaller): void {
  if (caller.emailVerified || caller.claims.isSalesforceSession === true) return;
  if (CALLABLE_BEFORE_EMAIL_VERIFICATION.has(name)) return;
  throw callableError('permission-denied', 'email-not-verified');
}

const DEPLOYMENT: CallableDeployment = {
  production: environment.production,
  emulator: process.env.FUNCTIONS_EMULATOR === 'true',
};
/** The selected providers' Secret Manager secrets, bound to every callable (providers/providerSecrets.ts). */
const PROVIDER_SECRETS = providerSecrets();
const ADDRESS_RULE = addressRule(DEPLOYMENT, process.env.TRUSTED_PROXY_RANGES);

/** The caller's address: the one Google's front end appended, never one the caller wrote (callerAddress.ts). */
function addressOf(request: CallableRequest<unknown>): string {
  return request.rawRequest ? requestAddress(request.rawRequest, ADDRESS_RULE) : 'unknown';
}

/**
 * A public call's budgets (rateLimit.ts), per caller address and per target, counted together. Over any of them:
 * 'resource-exhausted', and none is counted.
 */
async function assertWithinBudgets(budgets: readonly Budget[]): Promise<void> {
  if (!(await withinRateLimits(budgets))) {
    throw callableError('resource-exhausted', 'rate-limited', { key: ERROR_KEYS.tooManyRequests });
  }
}

/** The contract's declared permission (src/contract/permissions.ts), with the client's own rules. */
async function assertPermitted(permission: CallablePermission, caller: SignedInCaller): Promise<void> {
  const rule = permissionRule(permission);
  // An agent's allowClientActions counts only while the coach console's flag is on (spec 000 §6), so the flags are
  // read for such a session too.
  const claimsClientActions = caller.claims.isAgent === true && caller.claims.allowClientActions === true;
  const flags = rule.readsFlags || claimsClientActions ? await serverFlags() : null;
  const context = { acceptAuthorizationsPermissionCheck: flags?.acceptAuthorizationsPermissionCheck ?? true };
  const claims = flags ? withCoachConsoleFlag(caller.claims, flags.coachConsoleAllowClientActions) : caller.claims;
  if (!rule.allows(claims, context)) {
    throw callableError('permission-denied', 'not-permitted', { key: rule.refusalKey });
  }
}

/** The site tenant a token belongs to: its Firebase Auth tenant, or the default pool's. */
export function tenantOfToken(token: { firebase?: { tenant?: unknown } }): string {
  const tenant = token.firebase?.tenant;
  return typeof tenant === 'string' && tenant !== '' ? tenant : DEFAULT_POOL_TENANT_ID;
}

function resolveCaller(request: CallableRequest<unknown>, access: 'public' | 'signedIn'): SignedInCaller | AnonymousCaller {
  if (!request.auth) {
    if (access === 'public') return ANONYMOUS;
    throw callableError('unauthenticated', 'unauthenticated');
  }
  // spec 000 §4.1, enforced here as the session machine enforces it: a user of another site's tenant is nobody here.
  if (tenantOfToken(request.auth.token) !== TENANT_ID) {
    if (access === 'public') return ANONYMOUS;
    throw callableError('permission-denied', 'tenant-mismatch');
  }
  const parsed = parseClaims(request.auth.token);
  if (!parsed.ok) {
    // spec 000 §5: claims must match the claims schema; the client signs such a session out. Public callables
    // (error reports on the way out, for one) serve it as they serve a signed-out visitor.
    if (access === 'public') return ANONYMOUS;
    throw callableError('permission-denied', 'claims-invalid', { key: ERROR_KEYS.claimsInvalid });
  }
  const token = request.auth.token;
  return {
    uid: request.auth.uid,
    claims: parsed.claims,
    email: typeof token.email === 'string' ? token.email : null,
    emailVerified: token.email_verified === true,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : null,
  };
}

interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}
function describeIssues(issues: readonly IssueLike[]): NonNullable<CallableErrorDetails['issues']> {
  return issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    code: issue.code,
    message: issue.message,
  }));
}

/**
 * Anything that is not already an HttpsError becomes 'internal' with a reference code; the cause stays in the log. A
 * CRM or another vendor that is down, over its request limit or past its deadline is 'unavailable' (try again later),
 * not our failure.
 */
function toHttpsError(name: CallableName, error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  const reference = randomUUID().slice(0, 8);
  if (error instanceof CrmUnavailableError) {
    logger.warn(`${name}: the CRM is unavailable`, { reference, crmCode: error.code, message: error.message });
    return callableError('unavailable', 'crm-unavailable', { reference });
  }
  if (error instanceof ProviderUnavailableError) {
    logger.warn(`${name}: the ${error.provider} provider is unavailable`, { reference, vendorCode: error.code, message: error.message });
    return callableError('unavailable', PROVIDER_UNAVAILABLE[error.provider], { reference });
  }
  logger.error(`${name} failed`, {
    reference,
    error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
  });
  return callableError('internal', 'internal', { reference });
}

/**
 * A v2 callable bound to its contract (ARCHITECTURE.md Backend): refuses the signed-out unless public, a caller
 * of another tenant, an unverified email, an agent session its record no longer allows, and a caller the
 * contract's permission does not allow (src/contract/permissions.ts); parses the
 * request (a malformed one is 'invalid-argument' before the handler runs, so nothing is written), counts the call
 * against its budgets (rateLimit.ts: per caller address and per target for a public callable, per account for a
 * signed-in one; 'resource-exhausted' over any), runs the handler, and parses its result (a mismatch is our bug:
 * 'internal'). In production a call without a valid App Check token never gets this far (callableOptions.ts).
 */
export function defineCallable<N extends CallableName>(name: N, handler: CallableHandler<N>) {
  const contract = callables[name];
  const options = callableOptions(DEPLOYMENT, name, process.env.CALLABLE_MAX_INSTANCES);
  // The body is made safe for the callable protocol's own decoding first (callableBody.ts).
  return guardCallableBody(onCall({ ...options, secrets: PROVIDER_SECRETS }, async (request: CallableRequest<unknown>) => {
    try {
      // One attestation, one call: a spent App Check token is refused before anything is read or written.
      if (isReplayedAppCheckToken(options, request.app)) throw callableError('unauthenticated', 'app-check-token-spent');
      const caller = resolveCaller(request, contract.access);
      if (contract.access === 'signedIn' && caller.uid !== null) {
        assertEmailVerified(name, caller);
        // A coach or CRM user signed in as the customer: only while the session's record allows it.
        await assertAgentSession(caller, name);
        await assertPermitted(contract.permission, caller);
      }
      const parsed = contract.request.safeParse(request.data);
      if (!parsed.success) {
        throw callableError('invalid-argument', 'invalid-argument', { issues: describeIssues(parsed.error.issues) });
      }
      // Counted once the request is well formed: a malformed call is refused without writing anything.
      // A public call is counted whatever its answer (walking contact ids meets not-found after not-found); a
      // signed-in call is checked now and counted once it has succeeded, as a refused call writes nothing.
      const address = addressOf(request);
      const accountBudgets = !isPublicCallable(name) && caller.uid !== null ? userBudgets(name, caller.uid) : [];
      if (isPublicCallable(name)) {
        await assertWithinBudgets(publicBudgets(name, address, parsed.data as CallableParsedRequest<typeof name>));
      } else if (!(await haveCallsLeft(accountBudgets))) {
        throw callableError('resource-exhausted', 'rate-limited', { key: ERROR_KEYS.tooManyRequests });
      }
      // The contract was looked up by N and access checked above, so this context is CallableContext<N>; TypeScript
      // cannot follow a union of contracts back to one N.
      const context = { ...caller, data: parsed.data, callerAddress: address } as unknown as CallableContext<N>;
      // The sandboxes the handler calls follow the caller's provider faults (providers/faults.ts).
      const result = await inProviderFaultScope(caller.uid, name, () => handler(context));
      const response = contract.response.safeParse(result);
      if (!response.success) {
        throw new Error(`response does not match the contract: ${JSON.stringify(describeIssues(response.error.issues))}`);
      }
      await countCall(accountBudgets).catch((error: unknown) => {
        // The call has done its work: a counter that could not be written must not turn it into a failure.
        logger.warn(`${name}: the account's budget was not counted`, { error: error instanceof Error ? error.message : String(error) });
      });
      return response.data;
    } catch (error) {
      throw toHttpsError(name, error);
    }
  }));
}
