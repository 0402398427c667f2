// The sandbox card gateway's lost-answer test card (spec 001 §8; docs/demo-data.md, billing): the charge is
// made, but the call fails as a timeout does, so our charge keeps its key and answers 'charge-result-being-checked'
// until the reporting API shows the transaction.
import { describe, expect, it } from 'vitest';
import { isDefiniteRefusal } from '../../functions/src/billing/cardGateway';
import { CardGatewaySandbox, LOST_ANSWER_CARD, MemoryCardGatewayStore, SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY, type CardData } from '../../functions/src/billing/cardGatewaySandbox';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const CARD: CardData = { cardNumber: LOST_ANSWER_CARD, month: '12', year: '2030', cardCode: '123', fullName: 'Ana Lopez', zip: '89509' };
const BILL_TO = { firstName: 'Ana', lastName: 'Lopez', address: '1 Main St', zip: '89509', country: 'US', email: 'ana@test.example', customerId: '003TEST' };

async function profileOf(sandbox: CardGatewaySandbox, card: CardData) {
  const token = await sandbox.createToken({ authData: { apiLoginID: SANDBOX_API_LOGIN_ID, clientKey: SANDBOX_CLIENT_KEY }, cardData: card });
  if (!token.opaqueData) throw new Error(`no token: ${JSON.stringify(token.messages)}`);
  return sandbox.createCustomerPaymentProfile(token.opaqueData, BILL_TO);
}

describe('card gateway sandbox: the lost-answer test card 4000000000000119', () => {
  it('is a valid Visa test card that saves as a profile like any other', async () => {
    const sandbox = new CardGatewaySandbox(new MemoryCardGatewayStore(), { latencyMs: 0, now: () => NOW, secret: 'test-secret' });
    expect(await profileOf(sandbox, CARD)).toMatchObject({ cardType: 'Visa', last4: '0119' });
  });

  it('charges, then fails as a timeout (not a refusal), and the reporting API finds the approved transaction', async () => {
    const sandbox = new CardGatewaySandbox(new MemoryCardGatewayStore(), { latencyMs: 0, now: () => NOW, secret: 'test-secret' });
    const { profileId } = await profileOf(sandbox, CARD);
    const failure = await sandbox.chargeCustomerProfile(profileId, 9_900, { invoiceNumber: 'INV-LOST', description: 'Monthly fee' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect([failure instanceof Error || failure instanceof DOMException, (failure as { name?: unknown }).name, isDefiniteRefusal(failure)]).toEqual([
      true,
      'TimeoutError',
      false,
    ]);
    const found = await sandbox.findTransactions(profileId, 'INV-LOST', NOW - 60_000);
    expect(found.map(({ code, reasonCode, amount, invoiceNumber }) => ({ code, reasonCode, amount, invoiceNumber }))).toEqual([
      { code: '1', reasonCode: '1', amount: 9_900, invoiceNumber: 'INV-LOST' },
    ]);
    expect(found[0]?.transactionId).toMatch(/^\d{11}$/);
  });

  it('leaves every other card answering as before', async () => {
    const sandbox = new CardGatewaySandbox(new MemoryCardGatewayStore(), { latencyMs: 0, now: () => NOW, secret: 'test-secret' });
    const { profileId } = await profileOf(sandbox, { ...CARD, cardNumber: '4111111111111111' });
    await expect(sandbox.chargeCustomerProfile(profileId, 9_900, { invoiceNumber: 'INV-OK', description: 'Monthly fee' })).resolves.toMatchObject({
      code: '1',
      reasonCode: '1',
    });
  });
});
