// The card provider in use (functions/src/providers/cardGateway.ts): CARD_GATEWAY_PROVIDER, 'sandbox' by default
// outside production. The sandbox is never used in production: CARD_GATEWAY_PROVIDER is one of ../environment.ts
// PROVIDER_SETTINGS, so a production deployment without a real gateway does not start.
import { db } from '../admin';
import { environment, SANDBOX } from '../environment';
import type { CardGatewayProvider } from '../providers/cardGateway';
import { CardGatewaySandbox, FirestoreCardGatewayStore } from '../providers/cardGatewaySandbox';

export function cardGatewayProviderName(env: Record<string, string | undefined> = process.env): string {
  return env.CARD_GATEWAY_PROVIDER?.trim() || SANDBOX;
}

/** Whether the sandbox gateway (and its HTTP vendor page) may run here: chosen, and not production. */
export function cardGatewaySandboxInUse(): boolean {
  return !environment.production && cardGatewayProviderName() === SANDBOX;
}

let sandbox: CardGatewaySandbox | undefined;

/** The sandbox vendor itself (its token endpoint); refused in production. */
export function sandboxCardGateway(): CardGatewaySandbox {
  if (!cardGatewaySandboxInUse()) throw new Error('the card gateway sandbox is not allowed here (CARD_GATEWAY_PROVIDER, production)');
  sandbox ??= new CardGatewaySandbox(new FirestoreCardGatewayStore(db));
  return sandbox;
}

const implementations: Record<string, () => CardGatewayProvider> = { [SANDBOX]: sandboxCardGateway };

export function cardGateway(): CardGatewayProvider {
  const name = cardGatewayProviderName();
  const make = implementations[name];
  if (!make) throw new Error(`unknown card gateway provider '${name}' in CARD_GATEWAY_PROVIDER (known: ${Object.keys(implementations).join(', ')})`);
  return make();
}
