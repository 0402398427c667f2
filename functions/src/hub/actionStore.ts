// Where the customer's actions live (spec 001 §4 "Action completion", §7 calculateActions; spec 002 §3 Action),
// shared by the hub's callables (callables.ts, actionsCallables.ts), the action rules (actionRules.ts), the dispute
// submit, the bank link and the developer tools:
//   actions/{uid}/items/{id}   one action, with viewed/viewedAt once the customer saw it
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { ACTION_STATUSES, ACTION_TYPES } from '../../../src/domain/actions';
import { db } from '../platform/admin';
import { parseStored } from '../platform/storedDocuments';

/** actions/{uid}/items/{id}: the customer's action plan (seed/data/actions.ts writes the demo's). */
export const ACTIONS_COLLECTION = 'actions';

export function actionsRef(uid: string) {
  return db().collection(ACTIONS_COLLECTION).doc(uid).collection('items');
}

/** The action types a dispute submit completes: the review of the report's items (spec 001 §4 Wizard). */
export const DISPUTE_ACTION_TYPES: readonly string[] = ['investigation', 'dispute'];

export function completesWithDisputes(data: unknown): boolean {
  const fields = (data ?? {}) as { type?: unknown; status?: unknown };
  return fields.status === 'active' && typeof fields.type === 'string' && DISPUTE_ACTION_TYPES.includes(fields.type);
}

/** Whether an id can name a document (no path separator, not '.' or '..', not a reserved __id__). */
export function isDocumentId(id: string): boolean {
  return !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

const storedTime = z.catch(z.unknown(), null);
/** actions/{uid}/items/{id} as stored, parsed leniently (fields written before they existed read as their default). */
const storedHubActionSchema = z.object({
  name: z.catch(z.string(), ''),
  type: z.enum(ACTION_TYPES),
  status: z.enum(ACTION_STATUSES),
  completedAt: storedTime,
  updating: z.catch(z.boolean(), false),
  viewed: z.catch(z.boolean(), false),
  createdAt: storedTime,
  rescheduledAs: z.catch(z.optional(z.string()), undefined),
  properties: z.catch(
    z.object({
      documents: z.catch(z.optional(z.array(z.string())), undefined),
      documentCountRequired: z.catch(z.optional(z.number().check(z.int(), z.gte(0))), undefined),
      message: z.catch(z.optional(z.string()), undefined),
      recurrence: z.catch(z.optional(z.literal('quarterly')), undefined),
      topic: z.catch(z.optional(z.literal('savings')), undefined),
    }),
    {},
  ),
});
export type StoredHubAction = z.output<typeof storedHubActionSchema>;

export function parseAction(snapshot: DocumentSnapshot): StoredHubAction {
  return parseStored(storedHubActionSchema, snapshot.ref.path, snapshot.data());
}

/**
 * spec 002 §4: the savings notification action completes when a bank account is connected. Called by the bank link
 * where it records a connection; the system completes every open savings notification of the customer.
 */
export async function completeSavingsNotifications(uid: string, now: Date = new Date()): Promise<number> {
  const open = (await actionsRef(uid).where('type', '==', 'notification').get()).docs.filter((doc) => {
    const action = parseAction(doc);
    return action.properties.topic === 'savings' && (action.status === 'active' || action.status === 'inactive');
  });
  if (open.length === 0) return 0;
  const batch = db().batch();
  for (const doc of open) batch.update(doc.ref, { status: 'completed_by_system', completedAt: Timestamp.fromDate(now), updating: false });
  await batch.commit();
  return open.length;
}

