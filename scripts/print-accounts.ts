// Prints the demo accounts as a table for `npm start` and the README.
import { DEMO_ACCOUNTS } from '../seed/accounts';

const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
for (const a of DEMO_ACCOUNTS) {
  process.stdout.write(`    ${a.email.padEnd(width)}  ${a.password}  ${a.description}\n`);
}
