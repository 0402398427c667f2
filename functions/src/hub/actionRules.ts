// The rules that derive a customer's actions from their data (spec 001 §7 calculateActions, "score and action
// refresh"; spec 002 §3 Action). Each rule owns one action, under a fixed id, on actions/{uid}/items:
//   rule-document-upload  document_upload  the coach's checklist (documentChecklist/{uid}/items) has items no
//                                           document answers yet (linked, or one of its type and year, as the
//                                           checklist shows it); properties.documents lists their file types
//   rule-review-disputes  investigation    dispute items wait for the customer's decision (src/domain/disputes.ts
//                                           isReviewable: not challenged and no reason given)
//   rule-savings          savings          the goal's current savings are below what it needs (the hub's savings
//                                           meter, src/domain/money.ts savingsMeter: its savings goal, else for a
//                                           purchase a share of the price)
// While a rule's condition holds its action is active (created if missing, its name kept current while it is
// open); once the condition no longer holds, an open one (active or inactive) is completed by the system. An
// action the customer or the coach completed or archived is left as they left it, and actions no rule owns (the
// coach's own, or the dev tools' setActions) are never touched; while the coach's own open action of a rule's type
// stands, the rule does not open a second one beside it.
// The rules run whenever a fact they read changes (recalculateActionsAfter, from every server writer of those facts:
// the goal and savings, intake completion, the credit pull's dispute items, the dispute decisions and submit, the
// bureaus' answers, document uploads, changes and deletes), from the calculateActions callable the hub calls when it
// opens (for what changes outside the app, such as the coach's checklist), and from the dev tools. Running them again
// on the same facts writes nothing. A run that changed an action stamps actions/{uid}.changedAt, which the hub listens
// to (firestore.rules) so its list follows.
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { Action } from '../../../src/contract/disputes';
import { isReviewable } from '../../../src/domain/disputes';
import { checklistYear, requiresYear } from '../../../src/domain/documents';
import { savingsMeter } from '../../../src/domain/money';
import { db } from '../platform/admin';
import { actionsRef, ACTIONS_COLLECTION } from './actionStore';
import { COLLECTIONS } from '../platform/collections';
import { checklistRef, documentsRef, storedChecklistItemSchema, storedDocumentSchema } from '../documents/documentStore';
import { readDisputes } from '../disputes/disputeStore';
import { parseStored, storedActionSchema, storedUserInfoSchema } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

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
  /** The goal's savings and what it needs saved (null when the goal says nothing). */
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
  coveredTypes: ReadonlySet<string> = new Set(),
): Map<string, { create: DocumentData } | { update: DocumentData }> {
  const writes = new Map<string, { create: DocumentData } | { update: DocumentData }>();
  for (const id of Object.values(RULE_ACTION_IDS)) {
    const rule = wanted.get(id);
    const current = stored.get(id);
    if (rule && !current) {
      // The coach's own open action of this type already asks the customer for it.
      if (coveredTypes.has(rule.type)) continue;
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
export async function actionFacts(uid: string, today: Date = new Date()): Promise<ActionFacts> {
  const [checklist, documents, disputes, info] = await Promise.all([
    checklistRef(uid).get(),
    documentsRef(uid).get(),
    readDisputes(uid),
    db().collection(COLLECTIONS.userInfo).doc(uid).get(),
  ]);
  const held = documents.docs.map((doc) => parseStored(storedDocumentSchema, doc.ref.path, doc.data()));
  // Answered as the checklist shows it (getChecklist): linked to a document, or the customer has one of its type
  // (for the tax types, of its year).
  const missingDocuments = checklist.docs
    .map((doc) => parseStored(storedChecklistItemSchema, doc.ref.path, doc.data()))
    .filter((item) => {
      if (item.documentId !== null) return false;
      const year = checklistYear(item.yearModifier, today);
      return !held.some((document) => document.fileType === item.fileType && (!requiresYear(item.fileType) || document.year === year));
    })
    .map((item) => item.fileType);
  const { goal } = parseStored(storedUserInfoSchema, info.ref.path, info.data() ?? {});
  const properties = (goal?.properties ?? {}) as Record<string, unknown>;
  const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const meter = goal
    ? savingsMeter({
        type: goal.type,
        purchasePrice: amount(properties.purchasePrice),
        currentHomePrice: amount(properties.currentHomePrice),
        currentSavings: amount(properties.currentSavings),
        savingsGoal: amount(properties.savingsGoal),
      })
    : null;
  return {
    missingDocuments: [...new Set(missingDocuments)],
    reviewableItems: disputes.items.filter(({ item }) => isReviewable(item)).length,
    currentSavings: amount(properties.currentSavings),
    savingsGoal: meter !== null && meter.target > 0 ? meter.target : null,
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

const RULE_IDS: readonly string[] = Object.values(RULE_ACTION_IDS);

/**
 * Applies the rules to the customer's actions (see the top of this file); answers whether an action changed. In one
 * transaction over the customer's actions, so two runs at once (a submit and the hub opening) write once.
 */
export async function applyActionRules(uid: string, now: Date = new Date()): Promise<boolean> {
  const facts = await actionFacts(uid, now);
  const wanted = ruleActions(facts);
  return db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(actionsRef(uid));
    const stored = new Map<string, { status: string; name: string }>();
    const coveredTypes = new Set<string>();
    for (const doc of snapshot.docs) {
      const action = parseStored(storedActionSchema, doc.ref.path, doc.data());
      if (RULE_IDS.includes(doc.id)) stored.set(doc.id, action);
      else if (OPEN_STATUSES.includes(action.status)) coveredTypes.add(action.type);
    }
    const writes = reconcileRuleActions(stored, wanted, now, coveredTypes);
    for (const [id, write] of writes) {
      const ref = actionsRef(uid).doc(id);
      if ('create' in write) transaction.set(ref, { ...write.create, createdAt: Timestamp.fromDate(now) });
      else transaction.update(ref, write.update);
    }
    if (writes.size > 0) transaction.set(db().collection(ACTIONS_COLLECTION).doc(uid), { changedAt: Timestamp.fromDate(now) }, { merge: true });
    return writes.size > 0;
  });
}

/** Applies the rules (see the top of this file) and answers every action afterwards. */
export async function recalculateActions(uid: string, now: Date = new Date()): Promise<Action[]> {
  await applyActionRules(uid, now);
  return allActions(uid);
}

/**
 * The rules applied after a change to a fact they read has been written. A failure here does not undo nor fail the
 * change the customer made: it is logged, and the next change or the hub's calculateActions applies them again.
 */
export async function recalculateActionsAfter(uid: string, change: string): Promise<void> {
  try {
    await applyActionRules(uid);
  } catch (error) {
    logger.error('actions not recalculated', { uid, change, error: error instanceof Error ? error.message : String(error) });
  }
}
