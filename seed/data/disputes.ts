// The premium customer's dispute items, investigations/{uid}/items/{id} (spec 001 §3).
import { accountId, BUREAUS, isoDay, type Bureau } from '../../src/domain/creditReportRecords';
import { daysBefore, type SeedDocument } from './base';
import { creditPullDate } from './creditReport';

interface InvestigationSeed {
  id: string;
  name: string;
  type: 'COLLECTIONS_TRADELINE' | 'COLLECTIONS_OTHER' | 'PUBLIC_RECORDS' | 'LATE_PAYMENTS' | 'RECENT_INQUIRY';
  entityType: 'account' | 'inquiry' | 'publicRecord';
  amount: number | null;
  accountStatus: string | null;
  bureaus: readonly Bureau[];
  status: string;
  challengeReason: string | null;
  itemIds: string[];
  disputeIds?: string[];
  isSpecialAccount?: boolean;
  inquiryDate?: string;
  subtype?: string;
  viewed?: boolean;
}

const REASON_OPTIONS = ['not_mine', 'paid_in_full', 'incorrect_balance', 'incorrect_status', 'do_not_challenge'];

export function investigationDocuments(uid: string): SeedDocument[] {
  const reportDate = isoDay(creditPullDate());
  const items: InvestigationSeed[] = [
    {
      id: 'inv-midland',
      name: 'MIDLAND CREDIT MANAGEMENT',
      type: 'COLLECTIONS_TRADELINE',
      entityType: 'account',
      amount: 1635,
      accountStatus: 'Collection',
      bureaus: BUREAUS,
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: BUREAUS.map((bureau) => accountId(bureau, 'midland')),
    },
    {
      id: 'inv-synchrony',
      name: 'SYNCB/AMAZON',
      type: 'COLLECTIONS_TRADELINE',
      entityType: 'account',
      amount: 2110,
      accountStatus: 'Charge off',
      bureaus: ['EXPERIAN', 'TRANSUNION'],
      status: 'UNDER_REVIEW_ACTIVE',
      challengeReason: 'incorrect_balance',
      itemIds: ['EXPERIAN', 'TRANSUNION'].map((bureau) => accountId(bureau as Bureau, 'synchrony')),
      disputeIds: ['DSP-EX-20261012-01', 'DSP-TU-20261012-01'],
      viewed: true,
    },
    {
      id: 'inv-portfolio-recovery',
      name: 'PORTFOLIO RECOVERY ASSOCIATES',
      type: 'COLLECTIONS_OTHER',
      entityType: 'account',
      amount: 480,
      accountStatus: 'Collection',
      bureaus: ['EQUIFAX', 'EXPERIAN'],
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: ['EQUIFAX', 'EXPERIAN'].map((bureau) => accountId(bureau as Bureau, 'portfolio-recovery')),
      subtype: 'medical',
    },
    {
      id: 'inv-judgment',
      name: 'CIVIL JUDGMENT - CLARK COUNTY JUSTICE COURT',
      type: 'PUBLIC_RECORDS',
      entityType: 'publicRecord',
      amount: null,
      accountStatus: 'satisfied',
      bureaus: ['EQUIFAX', 'TRANSUNION'],
      status: 'CORRECTED',
      challengeReason: 'incorrect_status',
      itemIds: ['EQUIFAX-pr-judgment', 'TRANSUNION-pr-judgment'],
      disputeIds: ['DSP-EQ-20260901-04', 'DSP-TU-20260901-04'],
      viewed: false,
    },
    {
      id: 'inv-discover-late',
      name: 'DISCOVER BANK',
      type: 'LATE_PAYMENTS',
      entityType: 'account',
      amount: 4820,
      accountStatus: 'Open',
      bureaus: BUREAUS,
      status: 'NOT_CHALLENGED',
      challengeReason: null,
      itemIds: BUREAUS.map((bureau) => accountId(bureau, 'discover')),
      isSpecialAccount: true,
    },
    {
      id: 'inv-verizon-inquiry',
      name: 'VERIZON WIRELESS',
      type: 'RECENT_INQUIRY',
      entityType: 'inquiry',
      amount: null,
      accountStatus: null,
      bureaus: ['EXPERIAN'],
      status: 'PENDING_USER_DECISION',
      challengeReason: null,
      itemIds: ['EXPERIAN-inq-verizon'],
      inquiryDate: isoDay(daysBefore(318)),
    },
    {
      id: 'inv-capital-one-auto-inquiry',
      name: 'CAPITAL ONE AUTO FINANCE',
      type: 'RECENT_INQUIRY',
      entityType: 'inquiry',
      amount: null,
      accountStatus: null,
      bureaus: ['EQUIFAX', 'TRANSUNION'],
      status: 'NOT_CHALLENGED',
      challengeReason: 'do_not_challenge',
      itemIds: ['EQUIFAX-inq-capital-one-auto', 'TRANSUNION-inq-capital-one-auto'],
      inquiryDate: isoDay(daysBefore(80)),
    },
  ];
  return items.map((item) => ({
    path: `investigations/${uid}/items/${item.id}`,
    data: {
      id: item.id,
      name: item.name,
      type: item.type,
      entityType: item.entityType,
      accountBalance: { amount: item.amount },
      accountStatus: item.accountStatus,
      challengeReason: item.challengeReason,
      challengeReasonOptions: REASON_OPTIONS,
      challengeReasonSelected: item.challengeReason !== null,
      isSpecialAccount: item.isSpecialAccount ?? false,
      itemIds: item.itemIds,
      disputeIds: item.disputeIds ?? [],
      statuses: item.bureaus.map((bureau) => ({
        bureau,
        status: item.status,
        lastActivity: item.status === 'PENDING_USER_DECISION' ? null : isoDay(daysBefore(21)),
        nextActivity: item.status.startsWith('UNDER_REVIEW') ? isoDay(daysBefore(-9)) : null,
      })),
      inquiryDate: item.inquiryDate ?? null,
      reportDate,
      subtype: item.subtype ?? null,
      viewed: item.viewed ?? false,
    },
  }));
}
