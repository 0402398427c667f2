// The developer tools' shared lists (spec 001 §2, §7 devTools): the contract parses with them and the
// developer tools' machine offers them in this order.

/** What the devTools delete command can clear from the signed-in customer's data. */
export const DEV_DELETE_CATEGORIES = ['actions', 'documents', 'disputes', 'creditReport', 'readinessScore', 'testPlan'] as const;
export type DevDeleteCategory = (typeof DEV_DELETE_CATEGORIES)[number];
