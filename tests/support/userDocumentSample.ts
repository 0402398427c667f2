import type { UserDocument } from '../../machines/ports';

/** A verified, onboarded customer's user document (spec 000 §3.1), for fakes of the live user document. */
export const sampleUserDocument = (uid: string): UserDocument => ({
  uid,
  siteId: 'APP',
  tenantId: 'customer',
  lastSignIn: null,
  firstName: 'Maria',
  lastName: 'Alvarez',
  email: 'maria@example.com',
  setupComplete: true,
  productLine: 'Primary',
  customerContactId: 'c1',
  subscriptionStatus: 'Active',
  authorizationsAcceptedAt: null,
  degradedAccess: null,
  uiLang: null,
  security: { weakPassword: false, passwordResetRequired: false },
  testPlan: null,
});
