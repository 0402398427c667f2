// The developer tools' shared lists (spec 001 §2, §7 devTools): the contract parses with them and the
// developer tools' machine offers them in this order.

/** What the devTools delete command can clear from the signed-in customer's data. */
export const DEV_DELETE_CATEGORIES = ['actions', 'documents', 'disputes', 'creditReport', 'readinessScore', 'testPlan'] as const;
export type DevDeleteCategory = (typeof DEV_DELETE_CATEGORIES)[number];

/**
 * The outside providers whose sandbox a developer can make fail (functions/src/providers/faults.ts; the developer
 * overrides, docs/developer-tools.md), in the form's order: 'fail' answers the vendor's own error, 'timeout' lets
 * the call run past its deadline, 'off' answers normally.
 */
export const FAULT_PROVIDERS = ['crm', 'mail', 'creditData', 'kba', 'cardGateway', 'esign', 'content', 'bankLink', 'identityProtection'] as const;
export type FaultProvider = (typeof FAULT_PROVIDERS)[number];
export const PROVIDER_FAULTS = ['fail', 'timeout', 'off'] as const;
export type ProviderFault = (typeof PROVIDER_FAULTS)[number];
