// The options every callable is deployed with (defineCallable.ts). Kept apart from the wrapper so the rule
// is read (and tested) without loading Firebase.
import { spendsAppCheckToken } from '../../../src/contract/appCheck';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { callerAddress, DEFAULT_TRUSTED_PROXY_RANGES, parseCidrList, type AddressRule, type CallerHops } from './callerAddress';

export interface CallableDeployment {
  /** Production (platform/environment.ts): every outside service real, no sandbox. */
  production: boolean;
  /** The Functions emulator (FUNCTIONS_EMULATOR=true): no front end, tokens decoded without verification. */
  emulator: boolean;
}

/**
 * The most instances one callable scales to: a flood of calls (or a bug in a client's retry loop) is refused by the
 * platform with 429 instead of growing the bill without bound. Sized far above the product's own traffic per function
 * (each instance serves 80 calls at once); CALLABLE_MAX_INSTANCES changes it for a deployment.
 */
export const DEFAULT_CALLABLE_MAX_INSTANCES = 40;

export function maxInstancesOf(setting: string | undefined): number {
  const value = setting === undefined || setting.trim() === '' ? NaN : Number(setting);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CALLABLE_MAX_INSTANCES;
}

export interface CallableDeploymentOptions {
  region: string;
  enforceAppCheck: boolean;
  consumeAppCheckToken: boolean;
  maxInstances: number;
}

/**
 * App Check (a token from reCAPTCHA Enterprise that says the call comes from our app in a real browser) is required
 * of every callable in production: a call without a valid token is refused 'unauthenticated' before the wrapper
 * runs. Outside production it is not required (the emulators have no App Check service; the app sends a debug
 * token there, src/adapters/firebase/appCheck.ts), so scripts and tests can call the emulators directly. The public
 * callables that send mail or create records spend their token (src/contract/appCheck.ts): the wrapper refuses a
 * token already spent.
 */
export function callableOptions(deployment: CallableDeployment, name: string, maxInstancesSetting?: string): CallableDeploymentOptions {
  return {
    region: FUNCTIONS_REGION,
    enforceAppCheck: deployment.production,
    consumeAppCheckToken: deployment.production && spendsAppCheckToken(name),
    maxInstances: maxInstancesOf(maxInstancesSetting),
  };
}

/** A call whose App Check token was spent before (replay protection): only where the token is consumed. */
export function isReplayedAppCheckToken(options: Pick<CallableDeploymentOptions, 'consumeAppCheckToken'>, app: { alreadyConsumed?: boolean } | undefined): boolean {
  return options.consumeAppCheckToken && app?.alreadyConsumed === true;
}

/**
 * The address rule of this deployment (callerAddress.ts): behind Google's front end except in the emulator; our own
 * proxies are the default ranges plus TRUSTED_PROXY_RANGES (comma-separated, e.g. a load balancer's address).
 */
export function addressRule(deployment: CallableDeployment, trustedProxyRanges: string | undefined): AddressRule {
  return {
    behindFrontEnd: !deployment.emulator,
    trustedProxies: [...parseCidrList(DEFAULT_TRUSTED_PROXY_RANGES.join(',')), ...parseCidrList(trustedProxyRanges)],
  };
}

/** The caller's address key for a raw request (only its X-Forwarded-For header and socket are read). */
export function requestAddress(
  request: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string | undefined } | undefined },
  rule: AddressRule,
): string {
  const hops: CallerHops = { forwardedFor: request.headers['x-forwarded-for'], socketAddress: request.socket?.remoteAddress };
  return callerAddress(hops, rule);
}
