// A dispute item as the server stores it (spec 001 §3 "Investigation (dispute) item"), for the suites that seed or
// feed one: a collection account at Equifax waiting for the customer's decision, no reason chosen, not viewed. A
// case spreads it and changes only the fields it is about (name, balance, bureaus, statuses).
import { bureauStatusRecord } from '../../src/domain/disputes';

export function pendingCollectionItem(id: string) {
  return {
    name: 'MIDLAND CREDIT MANAGEMENT',
    type: 'COLLECTIONS_TRADELINE' as const,
    entityType: 'account' as const,
    accountBalance: { amount: 900 },
    accountStatus: 'Collection',
    challengeReason: null,
    challengeReasonOptions: [],
    challengeReasonSelected: false,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`EQUIFAX-${id}`],
    disputeIds: [],
    statuses: [bureauStatusRecord('EQUIFAX')],
    inquiryDate: null,
    reportDate: '2026-10-01',
    subtype: null,
    viewed: false,
  };
}
