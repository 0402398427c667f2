// Provider faults (security review "faults": an outside provider can fail, and nothing dead-ends). Every sandbox is
// wrapped once, here, where it is made (providers/index.ts, billing/gateway.ts, billing/crmRecords.ts): a developer
// can make the calls made on their account's behalf fail the way the vendor fails, or time out at the provider's
// deadline. Real vendors are never wrapped, and sandboxes never run in production (platform/environment.ts refuses
// them), so neither can a fault.
//
// Where a fault is set: the developer overrides (spec 000 §6; setUser, devTools/devOverrides.ts) carry
// providerFaults ({ crm: 'fail', kba: 'timeout', … }) and providerDeadlineMs (the deadline of the providers set to
// time out, so a test or a tester need not wait the vendor's real deadline), kept in devOverrides/{uid}.active;
// the developer tools' Overrides section sets them, Restore clears them. A fault applies to the callables the
// account calls (defineCallable runs each handler in the caller's scope), never to setUser itself, so a fault can
// always be switched off again, and never to triggers (no caller).
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod/mini';
import { FAULT_PROVIDERS, PROVIDER_FAULTS, type FaultProvider, type ProviderFault } from '../../../src/contract/devTools';
import { db } from '../platform/admin';
import { CardGatewayError } from '../billing/cardGateway';
import { KbaVendorError } from '../credit/kba';
import { CrmUnavailableError } from './crm';

/**
 * A vendor without an error type of its own could not answer (down, over its limit, or past its deadline): a retry
 * later may succeed. The callable wrapper answers 'unavailable' (PROVIDER_UNAVAILABLE), never 'internal'.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: FaultProvider,
    /** The vendor's own code (an SMTP reply code, an HTTP status, ETIMEDOUT). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The refusal code a callable answers when the provider is unavailable ('unavailable', '<code>'). */
export const PROVIDER_UNAVAILABLE: Readonly<Record<FaultProvider, string>> = {
  crm: 'crm-unavailable',
  mail: 'mail-unavailable',
  creditData: 'credit-data-unavailable',
  kba: 'kba-vendor-unavailable',
  cardGateway: 'card-gateway-unavailable',
  esign: 'esign-unavailable',
  content: 'content-unavailable',
  bankLink: 'bank-link-unavailable',
  identityProtection: 'identity-protection-unavailable',
};

/**
 * When a call to each vendor is given up, as the real adapters' own timeouts do (Authorize.net's 20 s): below the
 * callables' own 60 s, so a vendor that does not answer is our clear answer, not the callable's timeout.
 */
export const PROVIDER_DEADLINE_MS: Readonly<Record<FaultProvider, number>> = {
  crm: 20_000,
  mail: 20_000,
  creditData: 45_000,
  kba: 20_000,
  cardGateway: 20_000,
  esign: 20_000,
  content: 10_000,
  bankLink: 20_000,
  identityProtection: 20_000,
};

/** What each vendor answers when it fails (its realistic error, the one its real adapter throws). */
const VENDOR_FAILURE: Readonly<Record<FaultProvider, () => Error>> = {
  crm: () => new CrmUnavailableError('REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded. (HTTP 503)', 'REQUEST_LIMIT_EXCEEDED'),
  mail: () => new ProviderUnavailableError('mail', '421', '421 4.3.2 Service not available, closing transmission channel'),
  creditData: () => new ProviderUnavailableError('creditData', '503', 'The bureau gateway answered 503 Service Unavailable.'),
  kba: () => new KbaVendorError('unavailable', 'The identity vendor answered 503 Service Unavailable.'),
  cardGateway: () => new CardGatewayError('E00001', 'An error occurred during processing. Please try again.'),
  esign: () => new ProviderUnavailableError('esign', '503', 'The e-sign service answered 503 Service Unavailable.'),
  content: () => new ProviderUnavailableError('content', '503', 'The content service answered 503 Service Unavailable.'),
  bankLink: () => new ProviderUnavailableError('bankLink', '503', 'The bank-link service answered 503 Service Unavailable.'),
  identityProtection: () =>
    new ProviderUnavailableError('identityProtection', '503', 'The identity-protection service answered 503 Service Unavailable.'),
};

/** What a call past its deadline throws, as each real adapter does when its own timeout fires. */
function deadlineError(provider: FaultProvider, deadlineMs: number): Error {
  const message = `The ${provider} provider did not answer within ${deadlineMs} ms.`;
  switch (provider) {
    case 'crm':
      return new CrmUnavailableError(message, 'TIMEOUT');
    case 'kba':
      return new KbaVendorError('unavailable', message);
    case 'cardGateway':
      // Like Authorize.net's fetch with AbortSignal.timeout: the outcome of a charge is unknown (charge.ts).
      return new DOMException(message, 'TimeoutError');
    default:
      return new ProviderUnavailableError(provider, 'ETIMEDOUT', message);
  }
}

// ------------------------------------------------------------------------------------------- the caller's faults

const storedFaultsSchema = z.object({
  active: z.optional(
    z.object({
      providerFaults: z.optional(z.partialRecord(z.enum(FAULT_PROVIDERS), z.enum(PROVIDER_FAULTS))),
      providerDeadlineMs: z.optional(z.number()),
    }),
  ),
});

interface FaultSettings {
  faults: Partial<Record<FaultProvider, ProviderFault>>;
  deadlineMs: number | null;
}

const NO_FAULTS: FaultSettings = { faults: {}, deadlineMs: null };

interface FaultScope {
  uid: string | null;
  /** Read once per call, the first time a provider is used. */
  settings?: Promise<FaultSettings>;
}

const scopes = new AsyncLocalStorage<FaultScope>();

/** The callables whose own work is switching faults: a fault never applies to them. */
const EXEMPT_CALLABLES: readonly string[] = ['setUser'];

/** Runs a callable's handler on behalf of `uid`: the sandboxes it calls follow that account's faults. */
export function inProviderFaultScope<T>(uid: string | null, callable: string, run: () => Promise<T>): Promise<T> {
  return scopes.run({ uid: EXEMPT_CALLABLES.includes(callable) ? null : uid }, run);
}

async function readSettings(uid: string): Promise<FaultSettings> {
  // devOverrides/{uid} (devTools/devOverrides.ts): only its active overrides' fault fields are read here.
  const snapshot = await db().collection('devOverrides').doc(uid).get();
  const parsed = storedFaultsSchema.safeParse(snapshot.data() ?? {});
  const active = parsed.success ? parsed.data.active : undefined;
  return { faults: active?.providerFaults ?? {}, deadlineMs: active?.providerDeadlineMs ?? null };
}

function currentSettings(): Promise<FaultSettings> {
  const scope = scopes.getStore();
  if (!scope || scope.uid === null) return Promise.resolve(NO_FAULTS);
  scope.settings ??= readSettings(scope.uid).catch(() => NO_FAULTS);
  return scope.settings;
}

// ------------------------------------------------------------------------------------------- the wrapper

async function callWithFaults<T>(provider: FaultProvider, call: () => Promise<T>): Promise<T> {
  const { faults, deadlineMs } = await currentSettings();
  const fault = faults[provider] ?? 'off';
  if (fault === 'fail') throw VENDOR_FAILURE[provider]();
  // Without a fault the sandbox answers as it does (it is in process and never hangs): a deadline there would only
  // turn a slow emulator into a vendor failure.
  if (fault === 'off') return call();
  // A 'timeout' never reaches the sandbox: the vendor holds the call past the callable's own timeout (it never
  // answers), so the provider's deadline ends it (the one configured, e.g. 300 ms in a test), and nothing is done on
  // the vendor's side.
  const deadline = deadlineMs ?? PROVIDER_DEADLINE_MS[provider];
  await new Promise((resolve) => setTimeout(resolve, deadline));
  throw deadlineError(provider, deadline);
}

/**
 * The sandbox `implementation` of `provider`'s port with the caller's faults applied to every method that calls the
 * vendor (each answers a promise). `local`: the port's synchronous methods, which only build a URL from the
 * adapter's settings and call nobody (a widget's address): they answer as they are.
 */
export function withProviderFaults<T extends object>(provider: FaultProvider, implementation: T, local: readonly (keyof T & string)[] = []): T {
  const unwrapped: readonly string[] = local;
  return new Proxy(implementation, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property === 'symbol' || property === 'constructor') return value;
      if (unwrapped.includes(property)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => callWithFaults(provider, () => Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)));
    },
  });
}
