import { describe, expect, it } from 'vitest';
import { legalOverlayPath, parseLegalOverlayPath, ROUTES } from '../../src/domain/routes';

// spec 000 §2.4 / spec 002 §1: the modal routes 'terms-conditions' and 'privacy-policy' open over /, money, credit,
// documents, identity and learning-center.

describe('legal overlay routes', () => {
  it("uses the spec's names", () => {
    expect(ROUTES.terms).toBe('/terms-conditions');
    expect(ROUTES.privacy).toBe('/privacy-policy');
  });

  it("opens over the page's area when it is one of the six, else over home", () => {
    expect(legalOverlayPath('terms', '/credit/disputes/under-review')).toBe('/credit/terms-conditions');
    expect(legalOverlayPath('privacy', '/documents/all')).toBe('/documents/privacy-policy');
    expect(legalOverlayPath('terms', '/learning-center/budgeting')).toBe('/learning-center/terms-conditions');
    expect(legalOverlayPath('privacy', '/money')).toBe('/money/privacy-policy');
    expect(legalOverlayPath('terms', '/identity')).toBe('/identity/terms-conditions');
    expect(legalOverlayPath('terms', '/')).toBe('/terms-conditions');
    // Support and settings are not among them: over home.
    expect(legalOverlayPath('terms', '/settings/security')).toBe('/terms-conditions');
    expect(legalOverlayPath('privacy', '/support/billing')).toBe('/privacy-policy');
  });

  it('reads an overlay path back, and nothing else', () => {
    expect(parseLegalOverlayPath('/credit/privacy-policy')).toEqual({ document: 'privacy', area: 'credit' });
    expect(parseLegalOverlayPath('/terms-conditions')).toEqual({ document: 'terms', area: null });
    expect(parseLegalOverlayPath('/terms')).toBeNull();
    expect(parseLegalOverlayPath('/settings/terms-conditions')).toBeNull();
  });
});
