// The your-loan-team dialog's data (spec 000 §2.4, spec 002 §3 "Broker referral data", §7 getReferralPageData): the
// broker or loan officer the customer's CRM contact names in Broker_Contact__c. Their name, phone, email and company
// are the broker's own CRM contact; the NMLS id is on the partner's account (users/{uid}.partner.nmlsId, the
// partner onboarding records it), found by the partner's contact id. A customer (or their agent) asks only about
// their own contact: any other contact id is refused, and the call writes nothing either way.
import { z } from 'zod/mini';
import type { BrokerReferral } from '../../../src/contract/referral';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { customerContactIdOf } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { crm } from '../providers';

const storedPartnerSchema = z.object({ partner: z.object({ nmlsId: z.catch(z.nullable(z.string()), null) }) });

async function partnerNmlsId(brokerContactId: string): Promise<string | null> {
  const partners = await db().collection(COLLECTIONS.users).where('partner.contactId', '==', brokerContactId).limit(1).get();
  const parsed = storedPartnerSchema.safeParse(partners.docs[0]?.data());
  return parsed.success ? parsed.data.partner.nmlsId : null;
}

export const getReferralPageData = defineCallable('getReferralPageData', async (caller): Promise<BrokerReferral | null> => {
  if (caller.data.contactId !== customerContactIdOf(caller)) throw callableError('permission-denied', 'contact-mismatch');
  const contact = await crm().getContact(caller.data.contactId);
  const brokerContactId = contact?.Broker_Contact__c ?? null;
  if (!brokerContactId) return null;
  const [broker, nmlsId] = await Promise.all([crm().getContact(brokerContactId), partnerNmlsId(brokerContactId)]);
  if (!broker) return null;
  return {
    firstName: broker.FirstName ?? null,
    lastName: broker.LastName ?? null,
    companyName: broker.Broker_Company_Name__c ?? contact?.Broker_Company_Name__c ?? null,
    phone: broker.MobilePhone ?? null,
    email: broker.Email ?? null,
    nmlsId,
  };
});
