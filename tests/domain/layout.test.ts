import { describe, expect, it } from 'vitest';
import { brokerBannerCompany, headerHeightPx } from '../../src/domain/layout';

// spec 000 §2.4, §6: header 72 px, 102 px with the broker banner; the banner for a company-affiliated customer
// (Broker_Company_Name__c contains the configured lender's name, ignoring case), behind its flag.

const lenderName = 'Summit Home Lending';

describe('the broker banner', () => {
  it("names the broker's company for a company-affiliated customer, whatever the case", () => {
    expect(brokerBannerCompany({ flagOn: true, brokerCompanyName: 'SUMMIT HOME LENDING of Reno', lenderName })).toBe('SUMMIT HOME LENDING of Reno');
    expect(brokerBannerCompany({ flagOn: true, brokerCompanyName: 'summit home lending', lenderName })).toBe('summit home lending');
  });

  it('does not show for a broker of another company, without a broker, or with its flag off', () => {
    expect(brokerBannerCompany({ flagOn: true, brokerCompanyName: 'Desert Mortgage Co', lenderName })).toBeNull();
    expect(brokerBannerCompany({ flagOn: true, brokerCompanyName: null, lenderName })).toBeNull();
    expect(brokerBannerCompany({ flagOn: true, brokerCompanyName: undefined, lenderName })).toBeNull();
    expect(brokerBannerCompany({ flagOn: false, brokerCompanyName: 'Summit Home Lending', lenderName })).toBeNull();
  });
});

describe('the header offset', () => {
  it('is 72 px, 102 px with the broker banner, and a banner row more for an agent', () => {
    expect(headerHeightPx({ brokerBanner: false, coachBanner: false })).toBe(72);
    expect(headerHeightPx({ brokerBanner: true, coachBanner: false })).toBe(102);
    expect(headerHeightPx({ brokerBanner: false, coachBanner: true })).toBe(102);
    expect(headerHeightPx({ brokerBanner: true, coachBanner: true })).toBe(132);
  });
});
