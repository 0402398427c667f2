// Error reports and support requests (spec 000 §2.2, §5, §9).
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { COLLECTIONS } from '../platform/collections';
import { SITE_ID } from '../platform/config';

/** One document per reported error (batches of at most 10 plus the overflow line, spec 000 §9). */
export const reportError = defineCallable('reportError', async ({ uid, data }) => {
  const reports = db().collection(COLLECTIONS.errorReports);
  const batch = db().batch();
  for (const item of data) {
    batch.create(reports.doc(), {
      uid,
      siteId: SITE_ID,
      message: item.message,
      // Kept as JSON text: arbitrary client values (nested arrays, for one) are not all storable as fields.
      extra: item.extra === undefined ? null : JSON.stringify(item.extra),
      createdAt: FieldValue.serverTimestamp(),
    });
  }
  await batch.commit();
  return { stored: data.length };
});

/** The support dialog's contact form (spec 000 §2.2, §5: 4-500 characters and a valid email). */
export const createContactRequest = defineCallable('createContactRequest', async ({ uid, data }) => {
  const ref = db().collection(COLLECTIONS.contactRequests).doc();
  await ref.create({
    uid,
    siteId: SITE_ID,
    email: data.email,
    message: data.message,
    status: 'new',
    createdAt: FieldValue.serverTimestamp(),
  });
  return { id: ref.id };
});
