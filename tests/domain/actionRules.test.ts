// The action rules' reconciliation with the customer's other actions (spec 001 §7 calculateActions): the coach's own
// open action of a kind stands in for the rule's, and a rule's action once completed is never reopened.
import { describe, expect, it, vi } from 'vitest';

// The functions' modules check their deployment settings when they load: these rules run as on the local emulators'
// demo project (nothing here reaches a service).
vi.hoisted(() => {
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

import { RULE_ACTION_IDS, reconcileRuleActions, ruleActions } from '../../functions/src/hub/actionRules';

const NOW = new Date('2026-12-07T12:00:00Z');
const WANTED = ruleActions({ missingDocuments: ['w2'], reviewableItems: 2, currentSavings: 1_000, savingsGoal: 5_000 });

describe('the action rules beside the coach’s actions', () => {
  it('open no action of a kind the coach already asked for, and open the others', () => {
    const writes = reconcileRuleActions(new Map(), WANTED, NOW, new Set(['savings', 'document_upload']));
    expect([...writes.keys()]).toEqual([RULE_ACTION_IDS.reviewDisputes]);
  });

  it('keep an open rule action current even while the coach has one of its kind', () => {
    const stored = new Map([[RULE_ACTION_IDS.savings, { status: 'active', name: 'Save $9,000 more toward your goal' }]]);
    const writes = reconcileRuleActions(stored, WANTED, NOW, new Set(['savings']));
    expect(writes.get(RULE_ACTION_IDS.savings)).toEqual({
      update: { name: 'Save $4,000 more toward your goal', properties: { currentSavings: 1_000, savingsGoal: 5_000 } },
    });
  });

  it('never reopen a completed rule action while its rule holds, whoever completed it', () => {
    for (const status of ['completed_by_user', 'completed_by_agent', 'completed_by_system']) {
      const stored = new Map(Object.values(RULE_ACTION_IDS).map((id) => [id, { status, name: 'Done' }]));
      expect(reconcileRuleActions(stored, WANTED, NOW).size, status).toBe(0);
    }
  });

  it('write nothing the second time on the same facts', () => {
    const first = reconcileRuleActions(new Map(), WANTED, NOW);
    const stored = new Map([...first].map(([id, write]) => [id, { status: 'active', name: ('create' in write ? write.create.name : '') as string }]));
    expect(reconcileRuleActions(stored, WANTED, NOW).size).toBe(0);
  });
});
