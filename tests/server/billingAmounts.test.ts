// What a customer owes (spec 001 §3 "Payment data", "Subscription statuses"): the initial consultation
// unless paid, plus a monthly fee when the subscription is past due; the next billing date a month on after paying.
import { describe, expect, it } from 'vitest';
import { addOneMonth, amountDueOf, hasSubscription, initialFeePaidOf, nextPaymentDateAfterPaying } from '../../functions/src/billing/paymentAccount';
import { catalogue, DEFAULT_PRICES } from '../../functions/src/billing/catalogue';

const items = catalogue({});

describe('the amount due', () => {
  it('is the monthly fee for a Suspended or Non-Current subscription whose initial fee is paid', () => {
    for (const status of ['Suspended', 'Non-Current']) {
      expect(amountDueOf({ initialFeePaid: true }, status, items)).toEqual({
        amount: DEFAULT_PRICES.RECURRING_FEE,
        itemId: 'RECURRING_FEE',
        covers: { initialFee: false, recurringFee: true },
      });
    }
  });

  it('is nothing for a subscription in good standing', () => {
    for (const status of ['Active', 'Current', 'Completed']) {
      expect(amountDueOf({}, status, items), status).toMatchObject({ amount: 0, itemId: null });
    }
  });

  it('is the initial consultation before the subscription starts, plus a past-due monthly fee when both are owed', () => {
    expect(amountDueOf({}, 'Pending Onboarding', items)).toMatchObject({ amount: DEFAULT_PRICES.INITIAL_CONSULTATION, itemId: 'INITIAL_CONSULTATION' });
    expect(amountDueOf({ initialFeePaid: false }, 'Suspended', items)).toEqual({
      amount: DEFAULT_PRICES.INITIAL_CONSULTATION + DEFAULT_PRICES.RECURRING_FEE,
      itemId: 'INITIAL_CONSULTATION',
      covers: { initialFee: true, recurringFee: true },
    });
  });

  it('reads the initial fee as paid once a subscription has started, unless the record says otherwise', () => {
    expect(initialFeePaidOf({}, 'Active')).toBe(true);
    expect(initialFeePaidOf({}, null)).toBe(false);
    expect(initialFeePaidOf({ initialFeePaid: false }, 'Active')).toBe(false);
    expect(hasSubscription({}, 'Pending')).toBe(false);
    expect(hasSubscription({ nextPaymentDate: '2026-12-01' }, null)).toBe(true);
  });

  it('takes prices in whole cents from the config, ignoring anything else', () => {
    expect(catalogue({ PRICE_RECURRING_FEE_CENTS: '12900' }).RECURRING_FEE.unitPrice).toBe(12_900);
    expect(catalogue({ PRICE_RECURRING_FEE_CENTS: '129.00' }).RECURRING_FEE.unitPrice).toBe(DEFAULT_PRICES.RECURRING_FEE);
    expect(catalogue({ PRICE_INITIAL_CONSULTATION_CENTS: '-5' }).INITIAL_CONSULTATION.unitPrice).toBe(DEFAULT_PRICES.INITIAL_CONSULTATION);
  });
});

describe('the next billing date', () => {
  it('moves a month on, the 31st becoming the last day of a shorter month', () => {
    expect(addOneMonth('2026-11-01')).toBe('2026-12-01');
    expect(addOneMonth('2026-12-15')).toBe('2027-01-15');
    expect(addOneMonth('2027-01-31')).toBe('2027-02-28');
    expect(nextPaymentDateAfterPaying(null, new Date('2026-11-26T10:00:00Z'))).toBe('2026-12-26');
  });
});
