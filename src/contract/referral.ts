import { z } from 'zod/mini';
import { idSchema, shortTextSchema } from './common';

// The your-loan-team dialog (spec 000 §2.4, spec 002 §3 "Broker referral data", §7 getReferralPageData): the broker
// or loan officer who referred the customer, as the CRM holds them. null when the contact has no broker on record
// (the dialog's no-data message).

export const getReferralPageDataRequestSchema = z.strictObject({ contactId: idSchema });

const optionalText = z.nullable(shortTextSchema);

export const brokerReferralSchema = z.object({
  firstName: optionalText,
  lastName: optionalText,
  companyName: optionalText,
  phone: optionalText,
  email: optionalText,
  nmlsId: optionalText,
});
export type BrokerReferral = z.output<typeof brokerReferralSchema>;

export const getReferralPageDataResponseSchema = z.nullable(brokerReferralSchema);
