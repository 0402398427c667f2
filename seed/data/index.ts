// Deterministic demo data for the local stack, by product area (accounts, credit report, disputes, documents,
// actions, readiness score, CRM, config). Pure data: seed/load.ts writes it.
import type { ClaimsInput } from '../../src/domain/claims';
import { demoAccount } from '../accounts';
import { contentSeed } from '../contentLoad';
import { billingSeed } from '../billing';
import { moneySeed } from '../money';
import { onboardingSeed } from '../onboarding';
import { settingsSeed } from '../settings';
import { testPlansSeed } from '../testPlans';
import type { SeedData } from './base';
import { configDocuments } from './config';
import { crmSessions } from './crm';
import { freeCustomer, newCustomerLike, premiumCustomer } from './customers';
import { documentFiles } from './documents';
import { authUser, CONTACT_IDS, PEOPLE } from './people';
import { coach, partner } from './staff';

export { SEED_DATE, type SeedAuthUser, type SeedData, type SeedDocument, type SeedFile } from './base';
export { DEMO_CRM_SESSION } from './crm';

export function buildSeed(): SeedData {
  const premiumContact = CONTACT_IDS.premiumCustomer;
  const agentClaims = (key: 'coach' | 'coachWithActions' | 'coachDownload', allowClientActions: boolean, allowPortalDownload = false): ClaimsInput => ({
    role: 'coach',
    isAgent: true,
    allowClientActions,
    ...(allowPortalDownload ? { allowPortalDownload } : {}),
    agentUid: demoAccount(key).uid,
    customerContactId: premiumContact,
    customerOnboardingComplete: true,
  });
  const onboarding = onboardingSeed();
  const testPlans = testPlansSeed();
  const settings = settingsSeed();
  const billing = billingSeed();
  return {
    users: [
      authUser(demoAccount('newCustomer'), PEOPLE.newCustomer, { role: 'customer', customerContactId: CONTACT_IDS.newCustomer }),
      authUser(demoAccount('premiumCustomer'), PEOPLE.premiumCustomer, {
        role: 'customer',
        customerContactId: premiumContact,
        customerOnboardingComplete: true,
      }),
      authUser(demoAccount('freeCustomer'), PEOPLE.freeCustomer, {
        role: 'customer',
        customerContactId: CONTACT_IDS.freeCustomer,
        customerOnboardingComplete: true,
      }),
      authUser(demoAccount('unverifiedCustomer'), PEOPLE.unverifiedCustomer, {
        role: 'customer',
        customerContactId: CONTACT_IDS.unverifiedCustomer,
      }),
      authUser(demoAccount('coach'), PEOPLE.coach, agentClaims('coach', false)),
      authUser(demoAccount('coachWithActions'), PEOPLE.coachWithActions, agentClaims('coachWithActions', true)),
      // May view and download the customer's documents, not change them (spec 000 §6 allowPortalDownload).
      authUser(demoAccount('coachDownload'), PEOPLE.coachDownload, agentClaims('coachDownload', false, true)),
      // The partner claims (contact id, leads) come from elevatePermissions (spec 000 §4.1).
      authUser(demoAccount('partner'), PEOPLE.partner, { role: 'partner' }),
      ...onboarding.users,
      ...testPlans.users,
      ...settings.users,
      ...billing.users,
    ],
    documents: [
      ...newCustomerLike('newCustomer', CONTACT_IDS.newCustomer),
      ...premiumCustomer(),
      ...freeCustomer(),
      ...newCustomerLike('unverifiedCustomer', CONTACT_IDS.unverifiedCustomer),
      coach('coach'),
      coach('coachWithActions'),
      coach('coachDownload'),
      ...partner(),
      ...crmSessions(),
      ...onboarding.documents,
      ...testPlans.documents,
      ...settings.documents,
      ...billing.documents,
      ...configDocuments(),
      // The learning center's and the support center's articles (seed/content/).
      ...contentSeed(),
      // The premium customer's linked bank for the money overview (seed/money.ts).
      ...moneySeed(),
    ],
    files: documentFiles(demoAccount('premiumCustomer').uid),
  };
}
