// What every card gateway behind functions/src/billing/cardGateway.ts does, whichever vendor it is (spec 001 §4
// "Payment flow", §8, §9): single-use opaque values good for 15 minutes, the documented charge triggers, a card on
// file that expired, the 120 s duplicate window, a profile it does not have, and the transaction lookup a lost answer
// is reconciled with. One suite, run against the embedded sandbox (cardGateway.test.ts) and against the Authorize.net
// adapter talking to its local fake over HTTP (cardGatewayAuthorizeNet.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { CardGatewayError, type CardGatewayProvider } from '../../functions/src/billing/cardGateway';
import type { CardData } from '../../functions/src/billing/cardGatewaySandbox';
import { GATEWAY_DUPLICATE_WINDOW_MS, OPAQUE_VALUE_TTL_MS } from '../../src/domain/payments';

export const NOW = Date.parse('2026-11-26T12:00:00.000Z');
export const VISA: CardData = { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Ana Lopez', zip: '89509' };
export const BILL_TO = { firstName: 'Ana', lastName: 'Lopez', address: '1 Main St', zip: '89509', country: 'US', email: 'ana@test.example', customerId: '003TEST' };
export const INVOICE = { invoiceNumber: 'INV-1', description: 'Monthly fee' };

export interface GatewayHarness {
  gateway: CardGatewayProvider;
  /** The browser script's part: the card fields in, a single-use opaque value out. */
  tokenize(card: CardData): Promise<{ dataDescriptor: string; dataValue: string }>;
  /** The vendor's clock. */
  clock: { now: number };
  /** A profile id of the vendor's shape that it does not have. */
  unknownProfileId: string;
  close(): Promise<void>;
}

export function describeCardGatewayBehaviour(name: string, makeHarness: (now: number) => Promise<GatewayHarness>): void {
  let open: GatewayHarness[] = [];
  async function harness(now = NOW) {
    const made = await makeHarness(now);
    open.push(made);
    return made;
  }
  afterEach(async () => {
    await Promise.all(open.map((made) => made.close()));
    open = [];
  });

  async function profileFor(made: GatewayHarness, card: CardData = VISA, billTo = BILL_TO) {
    return made.gateway.createCustomerPaymentProfile(await made.tokenize(card), billTo);
  }

  describe(`${name}: opaque values`, () => {
    it('saves the card as a profile once: a second use of the same opaque value is refused (E00114)', async () => {
      const made = await harness();
      const opaque = await made.tokenize(VISA);
      const profile = await made.gateway.createCustomerPaymentProfile(opaque, BILL_TO);
      expect(profile).toMatchObject({ cardType: 'Visa', last4: '1111' });
      await expect(made.gateway.createCustomerPaymentProfile(opaque, BILL_TO)).rejects.toMatchObject({ code: 'E00114' });
    });

    it('refuses an opaque value after 15 minutes, and one it never issued', async () => {
      const made = await harness();
      const opaque = await made.tokenize(VISA);
      made.clock.now = NOW + OPAQUE_VALUE_TTL_MS;
      await expect(made.gateway.createCustomerPaymentProfile(opaque, BILL_TO)).rejects.toThrow(CardGatewayError);
      await expect(
        made.gateway.createCustomerPaymentProfile({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'made-up' }, BILL_TO),
      ).rejects.toMatchObject({ code: 'E00114', text: 'Invalid OTS Token.' });
    });

    it('uses an opaque value just before its 15 minutes are up', async () => {
      const made = await harness();
      const opaque = await made.tokenize(VISA);
      made.clock.now = NOW + OPAQUE_VALUE_TTL_MS - 1;
      await expect(made.gateway.createCustomerPaymentProfile(opaque, BILL_TO)).resolves.toMatchObject({ last4: '1111' });
    });
  });

  describe(`${name}: charges`, () => {
    it('approves a test card with a transaction id the lookup finds', async () => {
      const made = await harness();
      const profile = await profileFor(made);
      const result = await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      expect(result).toMatchObject({ code: '1', reasonCode: '1', text: 'This transaction has been approved.' });
      expect(result.transactionId).toMatch(/^\d+$/);
      expect(await made.gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW)).toEqual([
        expect.objectContaining({ transactionId: result.transactionId, amount: 9_900, code: '1' }),
      ]);
    });

    const triggers: [string, CardData, string, string, RegExp][] = [
      ['ZIP 46282 declines', { ...VISA, zip: '46282' }, '2', '2', /^This transaction has been declined\.$/],
      ['card 4000000000000002 declines', { ...VISA, cardNumber: '4000000000000002' }, '2', '2', /^This transaction has been declined\.$/],
      ['card 4222222222222 is a card type not accepted', { ...VISA, cardNumber: '4222222222222' }, '3', '17', /does not accept this type/],
      ['security code 901 is a card code mismatch', { ...VISA, cardCode: '901' }, '2', '65', /card code mismatch/],
      ['security code 902 is a card code and AVS mismatch', { ...VISA, cardCode: '902' }, '2', '45', /AVS mismatch/],
      ['ZIP 46217 is an AVS mismatch', { ...VISA, zip: '46217' }, '2', '27', /AVS mismatch/],
    ];
    for (const [trigger, card, code, reasonCode, textPattern] of triggers) {
      it(`trigger: ${trigger} (code ${code}, reason ${reasonCode})`, async () => {
        const made = await harness();
        const profile = await profileFor(made, card);
        const result = await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
        expect(result).toMatchObject({ code, reasonCode });
        expect(result.text).toMatch(textPattern);
      });
    }

    it('answers code 3 reason 8 for a card on file that has expired since it was saved', async () => {
      const made = await harness();
      const profile = await profileFor(made, { ...VISA, month: '11', year: '2026' });
      made.clock.now = Date.parse('2026-12-01T00:00:00.000Z');
      expect(await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).toMatchObject({
        code: '3',
        reasonCode: '8',
        text: 'The credit card has expired.',
      });
    });

    it('answers the same card and amount within 120 s with code 3 reason 11 and no transaction, even when the card was saved twice', async () => {
      const made = await harness();
      const first = await profileFor(made);
      const second = await profileFor(made);
      const approved = await made.gateway.chargeCustomerProfile(first.profileId, 9_900, INVOICE);
      expect(approved.code).toBe('1');
      made.clock.now = NOW + GATEWAY_DUPLICATE_WINDOW_MS - 1;
      const duplicate = await made.gateway.chargeCustomerProfile(second.profileId, 9_900, INVOICE);
      expect(duplicate).toEqual({ code: '3', reasonCode: '11', text: 'A duplicate transaction has been submitted.', transactionId: null });
      const charged = [
        ...(await made.gateway.findTransactions(first.profileId, INVOICE.invoiceNumber, 0)),
        ...(await made.gateway.findTransactions(second.profileId, INVOICE.invoiceNumber, 0)),
      ];
      expect(new Set(charged.map((transaction) => transaction.transactionId))).toEqual(new Set([approved.transactionId]));
      // Another amount is not a duplicate; after the window the same amount goes through again.
      expect((await made.gateway.chargeCustomerProfile(first.profileId, 19_900, INVOICE)).code).toBe('1');
      made.clock.now = NOW + GATEWAY_DUPLICATE_WINDOW_MS;
      expect((await made.gateway.chargeCustomerProfile(first.profileId, 9_900, INVOICE)).code).toBe('1');
    });

    it('counts a declined attempt for the duplicate window, like the gateways', async () => {
      const made = await harness();
      const profile = await profileFor(made, { ...VISA, zip: '46282' });
      expect((await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).reasonCode).toBe('2');
      expect((await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).reasonCode).toBe('11');
    });

    it('refuses a profile it does not have (E00040), a definite refusal', async () => {
      const made = await harness();
      await expect(made.gateway.chargeCustomerProfile(made.unknownProfileId, 9_900, INVOICE)).rejects.toMatchObject({ code: 'E00040' });
    });
  });

  describe(`${name}: transaction lookup`, () => {
    it('remembers every charge with a transaction id and finds it by profile and invoice number, oldest first, the same each time', async () => {
      const made = await harness();
      const profile = await profileFor(made);
      const approved = await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      made.clock.now += GATEWAY_DUPLICATE_WINDOW_MS;
      const again = await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      await made.gateway.chargeCustomerProfile(profile.profileId, 19_900, { invoiceNumber: 'INV-2', description: 'Initial consultation' });
      const found = await made.gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW);
      expect(found).toEqual([
        { transactionId: approved.transactionId, code: '1', reasonCode: '1', text: 'This transaction has been approved.', amount: 9_900, invoiceNumber: 'INV-1', submittedAt: NOW },
        expect.objectContaining({ transactionId: again.transactionId, submittedAt: NOW + GATEWAY_DUPLICATE_WINDOW_MS }),
      ]);
      expect(await made.gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW)).toEqual(found);
      // Only from `since` on, only that profile's, and none for an invoice it never charged.
      expect(await made.gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW + 1)).toEqual([found[1]]);
      expect(await made.gateway.findTransactions(made.unknownProfileId, INVOICE.invoiceNumber, 0)).toEqual([]);
      expect(await made.gateway.findTransactions(profile.profileId, 'INV-NONE', 0)).toEqual([]);
    });

    it('finds a declined charge with its reason, and no transaction for a duplicate-window refusal', async () => {
      const made = await harness();
      const profile = await profileFor(made, { ...VISA, zip: '46282' });
      await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      const duplicate = await made.gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      expect(duplicate.reasonCode).toBe('11');
      expect(await made.gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, 0)).toEqual([
        expect.objectContaining({ code: '2', reasonCode: '2', text: 'This transaction has been declined.', amount: 9_900 }),
      ]);
    });

    it('keeps two customers apart: one customer’s charge is not found on another’s profile', async () => {
      const made = await harness();
      const ana = await profileFor(made);
      const ben = await profileFor(made, { ...VISA, cardNumber: '5424000000000015', fullName: 'Ben Ray' }, { ...BILL_TO, firstName: 'Ben', lastName: 'Ray', customerId: '003OTHER' });
      await made.gateway.chargeCustomerProfile(ana.profileId, 9_900, INVOICE);
      expect(ben.profileId).not.toBe(ana.profileId);
      expect(await made.gateway.findTransactions(ben.profileId, INVOICE.invoiceNumber, 0)).toEqual([]);
      expect(await made.gateway.findTransactions(ana.profileId, INVOICE.invoiceNumber, 0)).toHaveLength(1);
    });
  });
}
