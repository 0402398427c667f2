import { isCompanyAffiliated } from './companyAffiliation';
import { HEADER_HEIGHT_PX, HEADER_HEIGHT_WITH_BROKER_BANNER_PX } from './constants';

// The shell's header offset (spec 000 §2.4, §6): the header is 72 px, or 102 px with the broker banner; the broker
// banner shows, with the broker info banner flag on, for a company-affiliated customer (their contact's
// Broker_Company_Name__c contains the configured lender's name, ignoring case: src/domain/companyAffiliation.ts).
// An agent's coach banner adds its own height on top.

/** The height of one banner row above the header's bar (the broker banner, the coach banner). */
export const BANNER_ROW_HEIGHT_PX = HEADER_HEIGHT_WITH_BROKER_BANNER_PX - HEADER_HEIGHT_PX;

export interface BrokerBannerFacts {
  /** The brokerInfoBanner feature flag. */
  flagOn: boolean;
  /** The contact's Broker_Company_Name__c (null while unknown or absent). */
  brokerCompanyName: string | null | undefined;
  /** The lender the deployment runs for (config: VITE_LENDER_NAME). */
  lenderName: string;
}

/** The company the broker banner names, or null when no banner shows. */
export function brokerBannerCompany({ flagOn, brokerCompanyName, lenderName }: BrokerBannerFacts): string | null {
  if (!flagOn || !isCompanyAffiliated(brokerCompanyName, lenderName)) return null;
  return brokerCompanyName ?? null;
}

/** The header's height: 72 px, 102 px with the broker banner, plus a row for an agent's coach banner. */
export function headerHeightPx({ brokerBanner, coachBanner }: { brokerBanner: boolean; coachBanner: boolean }): number {
  return (brokerBanner ? HEADER_HEIGHT_WITH_BROKER_BANNER_PX : HEADER_HEIGHT_PX) + (coachBanner ? BANNER_ROW_HEIGHT_PX : 0);
}
