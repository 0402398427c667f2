// The developer tools' pure rules: the action rules and how they reconcile with stored
// actions, the overrides' merge and claims, the company-affiliated rule, a single bureau's part of a report, and the
// reason a test-plan step gives an item by its priority.
import { describe, expect, it, vi } from 'vitest';

// The functions' modules check their deployment settings when they load: these rules run as on the local emulators'
// demo project (nothing here reaches a service).
vi.hoisted(() => {
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

import { RULE_ACTION_IDS, reconcileRuleActions, ruleActions, type ActionFacts } from '../../functions/src/hub/actionRules';
import { mergeOverrides, overriddenClaims } from '../../functions/src/devTools/devOverrides';
import { itemAtBureau, mergeBureau } from '../../functions/src/devTools/devToolsReports';
import { setActionId } from '../../functions/src/devTools/devToolsData';
import { reasonFor } from '../../functions/src/devTools/testPlans';
import type { CreditReportRecords } from '../../functions/src/credit/creditData';
import { DEFAULT_LENDER_NAME, isCompanyAffiliated, withCompanyAffiliation } from '../../src/domain/companyAffiliation';
import { bureauStatusRecord, checkReason, DO_NOT_CHALLENGE } from '../../src/domain/disputes';

const NONE: ActionFacts = { missingDocuments: [], reviewableItems: 0, currentSavings: null, savingsGoal: null };
const NOW = new Date('2026-11-20T12:00:00Z');

describe('action rules', () => {
  it('want no action when nothing is missing, waiting or short', () => {
    expect(ruleActions(NONE).size).toBe(0);
    expect(ruleActions({ ...NONE, currentSavings: 20_000, savingsGoal: 20_000 }).size).toBe(0);
  });

  it('want an upload action for the checklist’s missing documents, a review action for waiting items, a savings action below the goal', () => {
    const wanted = ruleActions({ missingDocuments: ['w2', 'pay_stub'], reviewableItems: 3, currentSavings: 2_500, savingsGoal: 10_000 });
    expect(wanted.get(RULE_ACTION_IDS.documentUpload)).toEqual({
      id: RULE_ACTION_IDS.documentUpload,
      name: 'Upload the 2 documents on your checklist',
      type: 'document_upload',
      properties: { documents: ['w2', 'pay_stub'], documentCountRequired: 2 },
    });
    expect(wanted.get(RULE_ACTION_IDS.reviewDisputes)).toMatchObject({ type: 'investigation', name: 'Review the 3 items on your credit report' });
    expect(wanted.get(RULE_ACTION_IDS.savings)).toMatchObject({ type: 'savings', name: 'Save $7,500 more toward your goal' });
  });

  it('create a missing action, rename an open one, complete an open one whose rule stopped holding, and leave closed ones', () => {
    const wanted = ruleActions({ ...NONE, missingDocuments: ['w2'], reviewableItems: 1 });
    const stored = new Map([
      [RULE_ACTION_IDS.reviewDisputes, { status: 'active', name: 'Review the 4 items on your credit report' }],
      [RULE_ACTION_IDS.savings, { status: 'inactive', name: 'Save $1 more toward your goal' }],
    ]);
    const writes = reconcileRuleActions(stored, wanted, NOW);
    expect(writes.get(RULE_ACTION_IDS.documentUpload)).toEqual({
      create: expect.objectContaining({ status: 'active', type: 'document_upload', completedAt: null }),
    });
    expect(writes.get(RULE_ACTION_IDS.reviewDisputes)).toEqual({
      update: { name: 'Review the item on your credit report', properties: { itemCount: 1 } },
    });
    expect(writes.get(RULE_ACTION_IDS.savings)).toEqual({ update: { status: 'completed_by_system', completedAt: NOW, updating: false } });

    const closed = new Map([[RULE_ACTION_IDS.documentUpload, { status: 'completed_by_user', name: 'x' }]]);
    expect(reconcileRuleActions(closed, wanted, NOW).has(RULE_ACTION_IDS.documentUpload)).toBe(false);
    expect(reconcileRuleActions(closed, new Map(), NOW).size).toBe(0);
  });

  it('give set actions stable ids from their position and name', () => {
    expect(setActionId(0, 'Upload pay stubs!')).toBe('dev-01-upload-pay-stubs');
    expect(setActionId(11, '¡¡')).toBe('dev-12');
  });
});

describe('developer overrides', () => {
  it('merge later values over earlier ones, claims key by key', () => {
    expect(mergeOverrides({ role: 'coach', claims: { allowClientActions: true } }, { role: 'admin', claims: { allowPortalDownload: false } })).toEqual({
      role: 'admin',
      claims: { allowClientActions: true, allowPortalDownload: false },
    });
    expect(mergeOverrides({}, { productLine: 'Freemium' })).toEqual({ productLine: 'Freemium' });
  });

  it('apply to the account’s own claims and mark them', () => {
    const original = { role: 'customer', customerContactId: '003X', isDeveloper: true };
    expect(overriddenClaims(original, { role: 'partner', isDeveloper: false, claims: { customerOnboardingComplete: false } })).toEqual({
      role: 'partner',
      customerContactId: '003X',
      isDeveloper: false,
      customerOnboardingComplete: false,
      overridesActive: true,
    });
    expect(original).toEqual({ role: 'customer', customerContactId: '003X', isDeveloper: true });
  });
});

describe('company affiliation', () => {
  it('holds when the broker company contains the lender’s name, ignoring case', () => {
    expect(isCompanyAffiliated('summit home lending - Reno', DEFAULT_LENDER_NAME)).toBe(true);
    expect(isCompanyAffiliated('Valley Mortgage', DEFAULT_LENDER_NAME)).toBe(false);
    expect(isCompanyAffiliated(null, DEFAULT_LENDER_NAME)).toBe(false);
    expect(isCompanyAffiliated('anything', '  ')).toBe(false);
  });

  it('keeps a name that already answers as asked, else names the lender or none', () => {
    expect(withCompanyAffiliation('Summit Home Lending West', true, DEFAULT_LENDER_NAME)).toBe('Summit Home Lending West');
    expect(withCompanyAffiliation('Valley Mortgage', true, DEFAULT_LENDER_NAME)).toBe(DEFAULT_LENDER_NAME);
    expect(withCompanyAffiliation('Valley Mortgage', false, DEFAULT_LENDER_NAME)).toBe('Valley Mortgage');
    expect(withCompanyAffiliation('SUMMIT HOME LENDING', false, DEFAULT_LENDER_NAME)).toBeNull();
  });
});

describe('single-bureau reports', () => {
  const summary = (bureau: string, creditScore: number) => ({ bureau, creditScore, reportDate: '2026-11-20' });
  const report = (entries: [string, number][]): CreditReportRecords =>
    ({
      reportSummary: { bureauSummary: entries.map(([bureau, score]) => summary(bureau, score)) },
      accounts: entries.map(([bureau]) => ({ id: `${bureau}-a`, bureau })),
      inquiries: [],
      publicRecords: [],
      personalInfo: entries.map(([bureau]) => ({ bureau, name: 'X' })),
    }) as unknown as CreditReportRecords;

  it('replace that bureau’s part and keep the others’, in the bureaus’ order', () => {
    const previous = report([['TRANSUNION', 600], ['EQUIFAX', 610]]);
    const pulled = report([['EQUIFAX', 650], ['EXPERIAN', 640], ['TRANSUNION', 660]]);
    const merged = mergeBureau(previous, pulled, 'EXPERIAN');
    expect(merged.reportSummary.bureauSummary).toEqual([summary('EQUIFAX', 610), summary('EXPERIAN', 640), summary('TRANSUNION', 600)]);
    expect(merged.accounts.map((account) => account.bureau)).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    expect(mergeBureau(null, pulled, 'EQUIFAX').reportSummary.bureauSummary).toEqual([summary('EQUIFAX', 650)]);
  });

  it('keep a dispute item at that bureau only, or none when the bureau does not report it', () => {
    const item = { id: 'inv-x', itemIds: ['EQUIFAX-x', 'TRANSUNION-x'], statuses: [bureauStatusRecord('EQUIFAX'), bureauStatusRecord('TRANSUNION')] };
    expect(itemAtBureau(item, 'TRANSUNION')).toEqual({ id: 'inv-x', itemIds: ['TRANSUNION-x'], statuses: [bureauStatusRecord('TRANSUNION')] });
    expect(itemAtBureau(item, 'EXPERIAN')).toBeNull();
  });
});

describe('a test plan step’s reasons', () => {
  it('decline a skipped item and give the others a reason their category accepts', () => {
    expect(reasonFor({ type: 'COLLECTIONS_TRADELINE' }, 'skip')).toEqual({ reason: DO_NOT_CHALLENGE, reasonOptions: [] });
    for (const type of ['COLLECTIONS_TRADELINE', 'COLLECTIONS_OTHER', 'PUBLIC_RECORDS', 'LATE_PAYMENTS', 'RECENT_INQUIRY'] as const) {
      for (const priority of ['high', 'normal'] as const) {
        const { reason, reasonOptions } = reasonFor({ type }, priority);
        expect(reason).not.toBe(DO_NOT_CHALLENGE);
        expect(checkReason(type, reason, reasonOptions)).toEqual({ ok: true });
      }
    }
  });
});
