// Demo data for the money overview (spec 002 §2 Money overview): the premium demo customer has linked
// Desert Federal Credit Union (checking, savings and a credit card, as the bank-link sandbox offers it) 60 days
// ago, so /money shows real total cash, and the savings forecast runs over the accounts' daily history
// (functions/src/money/savingsHistory.ts). The mortgage goal, income and debts are the customer's own
// (seed/data/customers.ts, the credit report).
import { SANDBOX_INSTITUTIONS } from '../functions/src/money/firestoreBankLinkSandbox';
import { demoAccount } from './accounts';
import { daysBefore, type SeedDocument } from './data/base';

export const PREMIUM_LINKED_INSTITUTION_ID = 'sbx-desert-federal';

export function moneySeed(): SeedDocument[] {
  const uid = demoAccount('premiumCustomer').uid;
  const institution = SANDBOX_INSTITUTIONS.find((candidate) => candidate.id === PREMIUM_LINKED_INSTITUTION_ID);
  if (!institution) throw new Error(`seed/money.ts: the bank-link sandbox has no institution ${PREMIUM_LINKED_INSTITUTION_ID}`);
  const { id, ...stored } = institution;
  return [
    {
      path: `connectedInstitutions/${uid}/items/${id}`,
      data: { ...stored, accounts: stored.accounts.map((account) => ({ ...account })), linkedAt: daysBefore(60) },
    },
  ];
}
