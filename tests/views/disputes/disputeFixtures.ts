import type { InvestigationBureauStatusData, InvestigationItemData } from '../../../machines/disputes/ports';
import type { Bureau } from '../../../src/domain/creditReportRecords';
import { bureauStatusRecord, DISPUTE_BUREAUS, type InvestigationStatus } from '../../../src/domain/disputes';

// Investigation items as getInvestigationDetails answers them, for the disputes views' tests.

export function bureauStatus(bureau: Bureau, overrides: Partial<InvestigationBureauStatusData> = {}): InvestigationBureauStatusData {
  return bureauStatusRecord(bureau, { round: 1, ...overrides });
}

/** The same status at the three bureaus. */
export function atEveryBureau(status: InvestigationStatus, overrides: Partial<InvestigationBureauStatusData> = {}): InvestigationBureauStatusData[] {
  return DISPUTE_BUREAUS.map((bureau) => bureauStatus(bureau, { status, ...overrides }));
}

let next = 0;

export function investigationItem(overrides: Partial<InvestigationItemData> = {}): InvestigationItemData {
  next += 1;
  const id = overrides.id ?? `inv-${next}`;
  return {
    id,
    name: `Creditor ${next}`,
    type: 'COLLECTIONS_TRADELINE',
    entityType: 'account',
    accountBalance: { amount: 1200 },
    accountStatus: 'Collection',
    challengeReason: null,
    challengeReasonOptions: [],
    challengeReasonSelected: false,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`${id}-item`],
    disputeIds: [`${id}-dispute`],
    statuses: atEveryBureau('PENDING_USER_DECISION'),
    inquiryDate: null,
    reportDate: '2026-10-01',
    subtype: null,
    viewed: false,
    ...overrides,
  };
}
