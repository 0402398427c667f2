// The debts page (spec 002 §2 /money/debts/*, §3 "Credit balance account (debts)", §4 "Debt payoff", §7
// getGoodStandingAccounts and updateCreditBalance). The server answers the accounts with their
// show flags and the stored extra monthly payment; the payoff plan (order, final dates, colours) is computed from
// them by src/domain/debtPayoff.ts.
import { z } from 'zod/mini';
import { EXTRA_DEBT_PAYMENT_MAX } from '../domain/debtPayoff';
import { idSchema } from './common';

/** getGoodStandingAccounts: the credit display whose accounts are asked for (getCreditDisplay's id). */
export const goodStandingAccountsRequestSchema = z.strictObject({ creditDisplayId: idSchema });

/** One credit balance account: an open revolving or installment tradeline of the customer's current report. */
export const creditBalanceAccountSchema = z.object({
  id: idSchema,
  name: z.string().check(z.maxLength(255)),
  balance: z.number().check(z.gte(0)),
  /** Yearly rate in percent. */
  apr: z.number().check(z.gte(0), z.lte(100)),
  monthlyPayment: z.number().check(z.gte(0)),
  show: z.boolean(),
});
export type CreditBalanceAccount = z.output<typeof creditBalanceAccountSchema>;

export const goodStandingAccountsResponseSchema = z.object({
  creditDisplayId: idSchema,
  accounts: z.array(creditBalanceAccountSchema),
  /** The extra monthly payment the customer last saved, USD (0 when never saved). */
  additionalMonthlyDebtPayment: z.number().check(z.gte(0), z.lte(EXTRA_DEBT_PAYMENT_MAX)),
});
export type GoodStandingAccounts = z.output<typeof goodStandingAccountsResponseSchema>;

/** updateCreditBalance: show or hide one of the customer's own accounts (another customer's id is not-found). */
export const updateCreditBalanceRequestSchema = z.strictObject({ id: idSchema, show: z.boolean() });
export const updateCreditBalanceResponseSchema = z.object({ id: idSchema, show: z.boolean() });

/**
 * updateAdditionalDebtPayment: the extra monthly payment of the payoff plan, whole cents from 0 to the maximum. A
 * negative amount is refused ('debts.extra-payment-negative'), nothing written.
 */
export const updateAdditionalDebtPaymentRequestSchema = z.strictObject({
  additionalMonthlyDebtPayment: z.number().check(z.lte(EXTRA_DEBT_PAYMENT_MAX)),
});
export const updateAdditionalDebtPaymentResponseSchema = z.object({
  additionalMonthlyDebtPayment: z.number().check(z.gte(0), z.lte(EXTRA_DEBT_PAYMENT_MAX)),
});
