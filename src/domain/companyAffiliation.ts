// The company-affiliated rule (spec 000 §6): a customer is company-affiliated when their contact's
// Broker_Company_Name__c contains the configured lender's name, ignoring case. The developer overrides (setUser,
// functions/src/devTools/devOverrides.ts) make a contact affiliated or not with withCompanyAffiliation.

/** The lender the product runs for, when the deployment names none (functions: LENDER_NAME). */
export const DEFAULT_LENDER_NAME = 'Summit Home Lending';

export function isCompanyAffiliated(brokerCompanyName: string | null | undefined, lenderName: string): boolean {
  const lender = lenderName.trim().toLowerCase();
  return lender !== '' && typeof brokerCompanyName === 'string' && brokerCompanyName.toLowerCase().includes(lender);
}

/**
 * The broker company name that makes the contact affiliated (or not) as asked: the current name when it already
 * answers so; else the lender's name (affiliated), or none (not affiliated).
 */
export function withCompanyAffiliation(current: string | null | undefined, affiliated: boolean, lenderName: string): string | null {
  if (isCompanyAffiliated(current, lenderName) === affiliated) return current ?? null;
  return affiliated ? lenderName : null;
}
