// The sandbox CRM's user session and user behind the CRM link-in (spec 000 §2.2).
import type { SeedDocument } from './base';
import { CONTACT_IDS, contactDocument } from './people';

/**
 * A current CRM user session for the CRM link-in (spec 000 §2.2): the link
 * `/?UserId=<userId>&SessionId=<sessionId>&ContactId=<contactId>` signs in on the premium customer's behalf. It
 * expires long after any demo, so the fixed seed stays valid.
 */
export const DEMO_CRM_SESSION = {
  sessionId: '00DDEMO000000001!DEMOCRMSESSION',
  userId: '005DEMOCOACH00001',
  contactId: CONTACT_IDS.premiumCustomer,
  expiresAt: new Date('2099-12-31T23:59:59.000Z'),
} as const;

/**
 * A lead the demo CRM user owns that no app account holds: the CRM link-in to it answers "not yet created an account"
 * with 'View in Admin Console' (spec 000 §2.2, §8). A contact the CRM user may not see gets the invalid-session answer
 * instead, whether or not an account holds it, so the link-in tells nothing about contacts the user cannot see.
 */
export const DEMO_CRM_LEAD_WITHOUT_ACCOUNT = '003NOACCOUNT0001';

export function crmSessions(): SeedDocument[] {
  const { sessionId, userId, expiresAt } = DEMO_CRM_SESSION;
  return [
    { path: `crm/sandbox/sessions/${sessionId}`, data: { userId, expiresAt } },
    // The CRM user behind the demo session: a coach, who sees the contacts they own.
    { path: `crm/sandbox/users/${userId}`, data: { name: 'Demo Coach', profile: 'Coach' } },
    contactDocument(DEMO_CRM_LEAD_WITHOUT_ACCOUNT, { OwnerId: userId, FirstName: 'Lena', LastName: 'Lead', Email: 'lena.lead@demo.test' }),
  ];
}
