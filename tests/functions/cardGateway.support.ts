// The card gateway sandbox as the browser meets it (spec 001 §9; functions/src/billing/cardGatewaySandbox.ts): the
// vendor's token endpoint the card fields go to (never to our callables), and the payment-profile request the
// billing form then sends with the opaque value. Shared by the billing suites and the provider-fault suite.
import { FUNCTIONS_EMULATOR, PROJECT_ID, type TestCustomer } from '../support/emulator';
import { FUNCTIONS_REGION } from '../../src/domain/constants';

/** The functions' base address on the emulator (HTTP functions such as the gateway sandbox live under it). */
export const FUNCTIONS_BASE = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/${FUNCTIONS_REGION}`;
export const SANDBOX_AUTH = { apiLoginID: 'sandbox-login', clientKey: 'sandbox-client-key' };
export const VISA = { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Test Customer', zip: '89509' };

export interface OpaqueValue {
  dataDescriptor: string;
  dataValue: string;
}

/** The browser script's call to the vendor's token endpoint: the opaque value for a card (the test Visa by default). */
export async function cardToken(card: Partial<typeof VISA> = {}): Promise<OpaqueValue> {
  const response = await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4173' },
    body: JSON.stringify({ authData: SANDBOX_AUTH, cardData: { ...VISA, ...card } }),
  });
  const body = (await response.json()) as { opaqueData?: OpaqueValue; messages: unknown };
  if (!body.opaqueData) throw new Error(`no opaque value: ${JSON.stringify(body.messages)}`);
  return body.opaqueData;
}

/** updateCustomerPaymentProfile's request as the billing form sends it for a customer at 1 Main St, 89509. */
export function profileRequest(customer: TestCustomer, opaqueValue: OpaqueValue) {
  return {
    siteId: 'APP',
    email: customer.email,
    opaqueValue,
    sfContactId: customer.contactId,
    firstName: 'Test',
    lastName: 'Customer',
    address: '1 Main St',
    zip: '89509',
    country: 'US',
  };
}
