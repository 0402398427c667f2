// spec 002 §7 getInitialReport: where the customer's first three-bureau report stands. completeIntake starts the pull
// (spec 002 §4 completion) and the pullInitialReport trigger carries it out on initialReportStatus/{uid}
// (onboarding/creditPull.ts); the credit pages ask here when they have no report to show yet, and listen to the
// status document while the pull is 'processing'. Reading runs the pull's watchdog, as the intake's Disputes step
// does: a pull lost on its way is started again, or after its last attempt reported as 'error'.
import { defineCallable } from '../callable/defineCallable';
import { clientUid } from '../callable/client';
import { recoverStalePull } from '../onboarding/creditPull';
import { requireCreditAccess } from './creditAccess';
import { pulledAtOf, reportKeyOf, storedCreditReport } from './creditOrders';

/**
 * The customer the session reads (the customer, or the one an agent acts for; the credit area's access rules,
 * creditAccess.ts): the pull's status, and the report the credit pages read once one is stored.
 */
export const getInitialReport = defineCallable('getInitialReport', async (caller) => {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const status = await recoverStalePull(uid);
  const report = await storedCreditReport(uid);
  return {
    userId: uid,
    status,
    report: report === null ? null : { id: reportKeyOf(uid, report), pulledAt: pulledAtOf(report) },
  };
});
