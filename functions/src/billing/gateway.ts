// The card provider in use (functions/src/billing/cardGateway.ts): CARD_GATEWAY_PROVIDER, 'sandbox' by default
// outside production, 'authorizenet' for Authorize.net (cardGatewayAuthorizeNet.ts). The sandbox is never
// used in production: CARD_GATEWAY_PROVIDER is one of platform/environment.ts PROVIDER_SETTINGS, so a production deployment
// without a real gateway does not start; and Authorize.net's own test endpoint is refused there too.
import { db } from '../platform/admin';
import { environment, SANDBOX } from '../platform/environment';
import type { CardGatewayProvider } from './cardGateway';
import {
  AUTHORIZE_NET_API_LOGIN_ID,
  AUTHORIZE_NET_PROVIDER,
  AUTHORIZE_NET_SECRETS,
  AUTHORIZE_NET_TRANSACTION_KEY,
  AuthorizeNetCardGateway,
  authorizeNetOptionsFrom,
} from './cardGatewayAuthorizeNet';
import { CardGatewaySandbox, FirestoreCardGatewayStore } from './cardGatewaySandbox';
import { withProviderFaults } from '../providers/faults';

export function cardGatewayProviderName(env: Record<string, string | undefined> = process.env): string {
  return env.CARD_GATEWAY_PROVIDER?.trim() || SANDBOX;
}

/** Whether the sandbox gateway (and its HTTP vendor page) may run here: chosen, and not production. */
export function cardGatewaySandboxInUse(): boolean {
  return !environment.production && cardGatewayProviderName() === SANDBOX;
}

/**
 * The Secret Manager secrets the functions that charge must bind (`secrets: CARD_GATEWAY_SECRETS` in their options)
 * for the chosen gateway to read its credentials: none for the sandbox.
 */
export const CARD_GATEWAY_SECRETS = cardGatewayProviderName() === AUTHORIZE_NET_PROVIDER ? [...AUTHORIZE_NET_SECRETS] : [];

let sandbox: CardGatewaySandbox | undefined;

/** The sandbox vendor itself (its token endpoint); refused in production. */
export function sandboxCardGateway(): CardGatewaySandbox {
  if (!cardGatewaySandboxInUse()) throw new Error('the card gateway sandbox is not allowed here (CARD_GATEWAY_PROVIDER, production)');
  sandbox ??= new CardGatewaySandbox(new FirestoreCardGatewayStore(db));
  return sandbox;
}

/**
 * Authorize.net with this deployment's settings and secrets (the secrets' values are the bound environment variables
 * of the same names). Throws, naming every problem, before anything is sent: a charge refused this way claims nothing.
 */
export function authorizeNetCardGateway(env: Record<string, string | undefined>, production: boolean): AuthorizeNetCardGateway {
  const settings = authorizeNetOptionsFrom(env, production);
  if (!settings.ok) throw new Error(`the Authorize.net card gateway is not configured: ${settings.problems.join('; ')}`);
  return new AuthorizeNetCardGateway(settings.options);
}

/** The gateway names this code has, each with how it is made. */
export const CARD_GATEWAY_IMPLEMENTATIONS: Record<string, () => CardGatewayProvider> = {
  // The sandbox behind the port: a developer's card gateway fault applies (providers/faults.ts); its vendor page does not.
  [SANDBOX]: () => withProviderFaults('cardGateway', sandboxCardGateway()),
  [AUTHORIZE_NET_PROVIDER]: () =>
    authorizeNetCardGateway(
      { ...process.env, AUTHORIZE_NET_API_LOGIN_ID: AUTHORIZE_NET_API_LOGIN_ID.value(), AUTHORIZE_NET_TRANSACTION_KEY: AUTHORIZE_NET_TRANSACTION_KEY.value() },
      environment.production,
    ),
};

export function cardGateway(): CardGatewayProvider {
  const name = cardGatewayProviderName();
  const make = CARD_GATEWAY_IMPLEMENTATIONS[name];
  if (!make) throw new Error(`unknown card gateway provider '${name}' in CARD_GATEWAY_PROVIDER (known: ${Object.keys(CARD_GATEWAY_IMPLEMENTATIONS).join(', ')})`);
  return make();
}
