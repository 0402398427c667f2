import type { useLocation } from 'react-router-dom';
import { ROUTES, type LegalDocument } from '../../domain/routes';

// spec 000 §2.4: the terms and the privacy policy open as overlays (modal routes): 'terms-conditions' and
// 'privacy-policy' over the home page or over an area's page (src/domain/routes.ts legalOverlayPath).

export const LEGAL_PATHS = { terms: ROUTES.terms, privacy: ROUTES.privacy } as const satisfies Record<LegalDocument, string>;
export type { LegalDocument };

/**
 * Router state of a modal route: the location to keep rendering underneath the overlay. `direct`: the overlay's
 * address was opened as such (no page of the visit underneath), so closing it goes to that page rather than back.
 */
export interface OverlayState {
  backgroundLocation: ReturnType<typeof useLocation>;
  direct?: boolean;
}
