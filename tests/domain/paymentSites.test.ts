// The sites that take payments (spec 001 §5 "the site id must be in a supported list"; spec 000 §1 site ids): the
// customer app and the customer portals, an explicit list; partner sites, the admin console, the marketing site and
// any other id that merely ends in CP are refused.
import { describe, expect, it } from 'vitest';
import { isPaymentSiteId, PAYMENT_SITE_IDS } from '../../src/domain/payments';

describe('isPaymentSiteId', () => {
  it('accepts the customer app and the customer portals', () => {
    for (const siteId of ['APP', 'CCCP', 'NCCCP', 'HLACP', 'UQUALCP']) expect(isPaymentSiteId(siteId), siteId).toBe(true);
    expect([...PAYMENT_SITE_IDS].sort()).toEqual(['APP', 'CCCP', 'HLACP', 'NCCCP', 'UQUALCP']);
  });

  it('refuses partner, admin and marketing sites, an unknown id ending in CP, a lower-case id and nothing', () => {
    for (const siteId of ['ADMIN', 'CC', 'NCC', 'HLA', 'UQUALAPP', 'NAFAPP', 'UQUALMARKETING', 'PARTNER', 'CP', 'APPCP', 'EVILCP', 'app', 'cccp', '']) {
      expect(isPaymentSiteId(siteId), siteId).toBe(false);
    }
    expect(isPaymentSiteId(null)).toBe(false);
    expect(isPaymentSiteId(undefined)).toBe(false);
  });
});
