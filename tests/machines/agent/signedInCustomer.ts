// The customer an agent or a CRM user is signed in as (the demo premium customer, seed/accounts.ts), as the auth
// port reports the session after a custom-token sign-in.
import type { AuthUser } from '../../../machines/ports';

export const SIGNED_IN_CUSTOMER: AuthUser = {
  uid: 'demo-premium-customer',
  email: 'premium.customer@demo.test',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['custom'],
};
