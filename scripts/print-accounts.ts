// Prints the demo accounts as a table for `npm start` and the README, then the seeded lead to sign up with.
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { SIGN_UP_LEAD_EMAIL } from '../seed/onboarding';

const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length), SIGN_UP_LEAD_EMAIL.length);
for (const a of DEMO_ACCOUNTS) {
  process.stdout.write(`    ${a.email.padEnd(width)}  ${a.password}  ${a.description}\n`);
}
// Sign-up takes only an email the CRM holds (spec 000 §8): this lead has no account yet.
process.stdout.write(`\n  To sign up (/sign-up), a lead with no account yet:\n    ${SIGN_UP_LEAD_EMAIL}\n`);
