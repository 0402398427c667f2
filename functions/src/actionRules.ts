// The rules that derive a customer's actions from their data (spec 002 §3 Action: the devTools
// recalculateActions command). Each rule owns one action, under a fixed id, on actions/{uid}/items:
//   rule-document-upload  document_upload  the coach's checklist (documentChecklist/{uid}/items) has items no
//                                           document answers yet; properties.documents lists their file types
//   rule-review-disputes  investigation    dispute items wait for the customer's decision (src/domain/disputes.ts
//                                           isReviewable: not challenged and no reason given)
//   rule-savings          savings          the goal's current savings are below its savings goal
// While a rule's condition holds its action is active (created if missing, its name kept current while it is
// open); once the condition no longer holds, an open one (active or inactive) is completed by the system. An
// action the customer or the coach completed or archived is left as they left it, and actions no rule owns (the
// coach's own, or the dev tools' setActions) are never touched.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { Action } from '../../src/contract/disputes';
import { isReviewable } from '../../src/domain/disputes';
import { db } from './admin';
import { actionsRef } from './callables/actions';
import { COLLECTIONS } from './collections';
import { checklistRef, storedChecklistItemSchema } from './documentStore';
import { readDisputes } from './disputeStore';
import { parseStored, storedActionSchema, storedUserInfoSchema } from './storedDocuments';
import { toIso } from './timestamps';

export const RULE_ACTION_IDS = {
  documentUpload: 'rule-document-upload',
  reviewDisputes: 'rule-review-disputes',
  savings: 'rule-savings',
} as const;

/** What the rules read about the customer. */
export interface ActionFacts {
  /** File types on the checklist that no document answers yet. */
  missingDocuments: string[];
  /** Dispute items waiting for the customer's decision. */
  reviewableItems: number;
  /** The goal's savings and savings goal (null when the goal has none). */
  currentSavings: number | null;
  savingsGoal: number | null;
}

/** An action a rule wants open now. */
export interface RuleAction {
  id: string;
  name: string;
  type: Action['type'];
  properties: Record<string, unknown>;
}

const dollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`;

/** The actions the rules want open for these facts (pure, so every rule is tested without the emulators). */
export function ruleActions(facts: ActionFacts): Map<string, RuleAction> {
  const wanted = new Map<string, RuleAction>();
  if (facts.missingDocuments.length > 0) {
    const count = facts.missingDocuments.length;
    wanted.set(RULE_ACTION_IDS.documentUpload, {
      id: RULE_ACTION_IDS.documentUpload,
      name: count === 1 ? 'Upload the document on your checklist' : `Upload the ${count} documents on your checklist`,
      type: 'document_upload',
      properties: { documents: facts.missingDocuments, documentCountRequired: count },
    });
  }
  if (facts.reviewableItems > 0) {
    const count = facts.reviewableItems;
    wanted.set(RULE_ACTION_IDS.reviewDisputes, {
      id: RULE_ACTION_IDS.reviewDisputes,
      name: count === 1 ? 'Review the item on your credit report' : `Review the ${count} items on your credit report`,
      type: 'investigation',
      properties: { itemCount: count },
    });
  }
  if (facts.savingsGoal !== null && facts.savingsGoal > 0 && (facts.currentSavings ?? 0) < facts.savingsGoal) {
    const remaining = facts.savingsGoal - (facts.currentSavings ?? 0);
    wanted.set(RULE_ACTION_IDS.savings, {
      id: RULE_ACTION_IDS.savings,
      name: `Save ${dollars(remaining)} more toward your goal`,
      type: 'savings',
      properties: { currentSavings: facts.currentSavings ?? 0, savingsGoal: facts.savingsGoal },
    });
  }
  return wanted;
}

const OPEN_STATUSES: readonly string[] = ['active', 'inactive'];

/**
 * The writes that bring the stored rule actions in line with `wanted`: create what is missing, rename an open one,
 * complete an open one whose rule no longer holds. Keyed by action id; null means "leave it".
 */
export function reconcileRuleActions(
  stored: ReadonlyMap<string, { status: string; name: string }>,
  wanted: ReadonlyMap<string, RuleAction>,
  now: Date,
): Map<string, { create: DocumentData } | { update: DocumentData }> {
  const writes = new Map<string, { create: DocumentData } | { update: DocumentData }>();
  for (const id of Object.values(RULE_ACTION_IDS)) {
    const rule = wanted.get(id);
    const current = stored.get(id);
    if (rule && !current) {
      writes.set(id, {
        create: { name: rule.name, type: rule.type, status: 'active', completedAt: null, updating: false, properties: rule.properties, createdAt: now },
      });
    } else if (rule && current && OPEN_STATUSES.includes(current.status)) {
      if (current.name !== rule.name) writes.set(id, { update: { name: rule.name, properties: rule.properties } });
    } else if (!rule && current && OPEN_STATUSES.includes(current.status)) {
      writes.set(id, { update: { status: 'completed_by_system', completedAt: now, updating: false } });
    }
  }
  return writes;
}

/** What the rules read, from the customer's stored data. */
export async function actionFacts(uid: string): Promise<ActionFacts> {
  const [checklist, disputes, info] = await Promise.all([
    checklistRef(uid).get(),
    readDisputes(uid),
    db().collection(COLLECTIONS.userInfo).doc(uid).get(),
  ]);
  const missingDocuments = checklist.docs
    .map((doc) => parseStored(storedChecklistItemSchema, doc.ref.path, doc.data()))
    .filter((item) => item.documentId === null)
    .map((item) => item.fileType);
  const { goal } = parseStored(storedUserInfoSchema, info.ref.path, info.data() ?? {});
  const properties = (goal?.properties ?? {}) as { currentSavings?: unknown; savingsGoal?: unknown };
  const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    missingDocuments: [...new Set(missingDocuments)],
    reviewableItems: disputes.items.filter(({ item }) => isReviewable(item)).length,
    currentSavings: amount(properties.currentSavings),
    savingsGoal: amount(properties.savingsGoal),
  };
}

/** Every action of the customer, oldest first, as the contract answers them. */
export async function allActions(uid: string): Promise<Action[]> {
  const snapshot = await actionsRef(uid).get();
  return snapshot.docs
    .map((doc) => {
      const action = parseStored(storedActionSchema, doc.ref.path, doc.data());
      const createdAt = doc.get('createdAt') as unknown;
      return {
        sortKey: toIso(createdAt) ?? '',
        action: { id: doc.id, name: action.name, type: action.type, status: action.status, completedAt: toIso(action.completedAt), updating: action.updating },
      };
    })
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.action.id.localeCompare(b.action.id))
    .map(({ action }) => action);
}

/** Applies the rules to the customer's actions (see the top of this file) and answers every action afterwards. */
export async function recalculateActions(uid: string, now: Date = new Date()): Promise<Action[]> {
  const facts = await actionFacts(uid);
  const wanted = ruleActions(facts);
  await db().runTransaction(async (transaction) => {
    const refs = Object.values(RULE_ACTION_IDS).map((id) => actionsRef(uid).doc(id));
    const snapshots = await transaction.getAll(...refs);
    const stored = new Map(
      snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => [snapshot.id, parseStored(storedActionSchema, snapshot.ref.path, snapshot.data())]),
    );
    for (const [id, write] of reconcileRuleActions(stored, wanted, now)) {
      const ref = actionsRef(uid).doc(id);
      if ('create' in write) transaction.set(ref, { ...write.create, createdAt: Timestamp.fromDate(now) });
      else transaction.update(ref, write.update);
    }
  });
  return allActions(uid);
}
