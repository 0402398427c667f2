// The demo accounts `npm start` prints and the e2e tests sign in with (README "Demo accounts"). Fixed uids keep the seed
// idempotent.

export const DEMO_PASSWORD = 'Demo-Credit-2026!';

export interface DemoAccount {
  key: DemoAccountKey;
  uid: string;
  email: string;
  password: string;
  emailVerified: boolean;
  description: string;
}

export type DemoAccountKey =
  | 'newCustomer'
  | 'premiumCustomer'
  | 'freeCustomer'
  | 'unverifiedCustomer'
  | 'disputesCustomer'
  | 'coach'
  | 'coachWithActions'
  | 'coachDownload'
  | 'partner'
  | 'developer'
  | 'settingsCustomer'
  | 'paymentSuspended'
  | 'paymentCalifornia'
  | 'paymentCard';

const account = (
  key: DemoAccountKey,
  uid: string,
  email: string,
  description: string,
  emailVerified = true,
): DemoAccount => ({ key, uid, email, password: DEMO_PASSWORD, emailVerified, description });

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account('newCustomer', 'demo-new-customer', 'new.customer@demo.test', 'New customer, nothing signed yet (first gate: contract)'),
  account(
    'premiumCustomer',
    'demo-premium-customer',
    'premium.customer@demo.test',
    'Premium customer (Primary), fully onboarded: goal, intake, credit report, disputes in every stage (with letters), documents, actions',
  ),
  account('freeCustomer', 'demo-free-customer', 'free.customer@demo.test', 'Free-line customer (Freemium), onboarded'),
  account(
    'unverifiedCustomer',
    'demo-unverified-customer',
    'unverified.customer@demo.test',
    'Customer whose email is not verified yet',
    false,
  ),
  account(
    'disputesCustomer',
    'demo-disputes-customer',
    'intake.disputes@demo.test',
    'Customer half-way through intake (financial wellness), at the Disputes step: a credit report with 10 items to decide on',
  ),
  account('coach', 'demo-coach', 'coach@demo.test', 'Coach (agent) for the premium customer, without allowClientActions'),
  account(
    'coachWithActions',
    'demo-coach-actions',
    'coach.actions@demo.test',
    'Coach (agent) for the premium customer, with allowClientActions',
  ),
  account(
    'coachDownload',
    'demo-coach-download',
    'coach.download@demo.test',
    "Coach (agent) for the premium customer, with allowPortalDownload and without allowClientActions: views and downloads the customer's documents, cannot upload, change or delete them",
  ),
  account('partner', 'demo-partner', 'partner@demo.test', 'Partner (mortgage professional)'),
  account(
    'developer',
    'demo-developer',
    'developer@demo.test',
    'Developer (isDeveloper): an onboarded premium customer without a credit report yet, for the developer tools and the two seeded test plans',
  ),
  account(
    'settingsCustomer',
    'demo-settings-customer',
    'settings.customer@demo.test',
    'Premium customer (Primary), onboarded, for the settings pages: full contact with SSN, a mortgage goal, the weak-password flag set; reseeding restores its email and password',
  ),
  // Billing and the payment pipeline (seed/billing.ts).
  account(
    'paymentSuspended',
    'demo-payment-suspended',
    'payment.suspended@demo.test',
    'Premium customer whose subscription is Suspended: one monthly fee past due, an expired Visa on file; sent to /update-payment, pays with a test card and gets back in',
  ),
  account(
    'paymentCalifornia',
    'demo-payment-california',
    'payment.california@demo.test',
    'Premium customer in California (may request cancellation), Active, Visa XXXX1111 on file, next billing date in the future',
  ),
  account(
    'paymentCard',
    'demo-payment-card',
    'payment.card@demo.test',
    'Premium customer, Active, Mastercard XXXX0015 on file and three approved charges in the ledger',
  ),
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no demo account ${key}`);
  return found;
}
